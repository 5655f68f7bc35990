import type { Executor } from "@server/db/client";
import { uploads } from "@server/db/schema";
import { and, eq } from "drizzle-orm";

/**
 * Detaches the files a deleted row owned: they become unreferenced uploads, which the upload
 * cleaner removes later (schema.ts), so a deletion never waits on storage.
 */
export async function releaseUploadsOf(db: Executor, ownerTable: string, ownerId: string) {
  await db
    .update(uploads)
    .set({ ownerTable: null, ownerId: null })
    .where(and(eq(uploads.ownerTable, ownerTable), eq(uploads.ownerId, ownerId)));
}
