import type { Executor } from "@server/db/client";
import { uploads } from "@server/db/schema";
import type { ReadForm } from "@server/http/form-data";
import type { StorageDriver } from "@server/storage";
import { storeUpload, UPLOAD_RULES } from "@server/uploads/store";
import { and, eq, inArray, isNull, notInArray, or } from "drizzle-orm";

/**
 * Images staff upload in the editors (portfolio, blog, case studies, team). They go to the public
 * bucket `portfolio-images` (SPEC: "stored under a random name keeping the file extension; its
 * public URL becomes the image URL"), checked by content like every upload. A stored file has no
 * owner until the row that uses it is saved (`claimImages`); unclaimed files are swept after a day.
 */

const IMAGE_RULE = UPLOAD_RULES.image;

export const IMAGE_UPLOAD_MESSAGES = {
  uploaded: "Image uploaded successfully",
  failed: "Failed to upload image",
} as const;

/** Stores one image (checked by its bytes) and returns its public URL. Throws UploadRejectedError. */
export async function uploadImage(
  runtime: { database: { db: Executor }; storage: StorageDriver },
  file: File,
): Promise<{ id: string; url: string }> {
  const stored = await storeUpload({ db: runtime.database.db, storage: runtime.storage }, "image", {
    name: file.name,
    bytes: new Uint8Array(await file.arrayBuffer()),
  });
  // `image` uploads live in a public bucket, so the URL is always there.
  return { id: stored.id, url: stored.url ?? "" };
}

/**
 * The URL an image field ends up with: a file chosen in `${name}File` (the no-JavaScript path)
 * wins and is stored now; otherwise the URL typed or filled in by the upload script, or null.
 * Throws UploadRejectedError, whose message belongs under the field.
 */
export async function resolveImageUrl(
  runtime: { database: { db: Executor }; storage: StorageDriver },
  form: ReadForm,
  name: string,
): Promise<string | null> {
  const [file] = form.files(`${name}File`);
  if (file) return (await uploadImage(runtime, file)).url;
  const value = form.fields.get(name);
  const text = typeof value === "string" ? value.trim() : "";
  return text === "" ? null : text;
}

/** `images/{timestamp}_{random}.{ext}` at the end of a URL (local `/files/…` or an S3 URL). */
const UPLOADED_KEY = new RegExp(`(?:^|/)(${IMAGE_RULE.prefix}/\\d+_[0-9a-f]+\\.[a-z0-9]+)$`);

export function uploadedImageKey(url: string | null | undefined): string | null {
  if (!url) return null;
  const path = url.split(/[?#]/)[0] ?? "";
  return UPLOADED_KEY.exec(path)?.[1] ?? null;
}

/**
 * Makes the uploaded files `urls` point at belong to the row (so the sweep keeps them) and lets go
 * of the files the row used before and no longer does (the sweep removes those later). Call it in
 * the transaction that saves the row. Files owned by another row are left alone.
 */
export async function claimImages(
  db: Executor,
  owner: { table: string; id: string },
  urls: readonly (string | null | undefined)[],
): Promise<void> {
  const keys = [...new Set(urls.map(uploadedImageKey).filter((key) => key !== null))];
  const mine = and(eq(uploads.ownerTable, owner.table), eq(uploads.ownerId, owner.id));
  await db
    .update(uploads)
    .set({ ownerTable: null, ownerId: null })
    .where(
      and(
        eq(uploads.bucket, IMAGE_RULE.bucket),
        mine,
        keys.length ? notInArray(uploads.key, keys) : undefined,
      ),
    );
  if (keys.length === 0) return;
  await db
    .update(uploads)
    .set({ ownerTable: owner.table, ownerId: owner.id })
    .where(
      and(
        eq(uploads.bucket, IMAGE_RULE.bucket),
        inArray(uploads.key, keys),
        or(isNull(uploads.ownerTable), mine),
      ),
    );
}
