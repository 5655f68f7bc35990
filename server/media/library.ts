import { type AuditActor, recordAudit } from "@server/audit/log";
import type { Database } from "@server/db/client";
import { mediaItems } from "@server/db/schema";
import { inTransaction } from "@server/kit/transaction";
import type { StorageDriver } from "@server/storage";
import { desc, eq } from "drizzle-orm";
import type { MediaProbe } from "./probe";

/**
 * The Media library's rows (issue #44): an item is made when its upload starts, filled in by the
 * probe when the upload ends, moved along by its transcode job, and deleted with every file it
 * has. Each state change is one statement; what queues a job does it in the same transaction.
 */

export type MediaItemRow = typeof mediaItems.$inferSelect;

/** What the transcode job's handler needs of the runtime. */
export interface MediaServices {
  database: { db: Database };
  storage: StorageDriver;
}

/** The master's key in bucket media-masters: the item's id and the container's extension. */
export function masterKeyFor(id: string, extension: string): string {
  return `${id}/master${extension}`;
}

/** An item's renditions, poster and storyboard: `{id}/{file}` in bucket media-renditions. */
export function renditionKey(id: string, file: string): string {
  return `${id}/${file}`;
}

/**
 * The item of an upload just made, on the audit log as made by `actor`; `id` when the upload was
 * named for it (on S3 its master's key holds the id, decision 0498), else a new one.
 */
export async function createUploadingItem(
  db: Database,
  actor: AuditActor,
  input: { id?: string; uploadId: string; originalName: string; size: number },
): Promise<MediaItemRow> {
  const title = input.originalName.replace(/\.[^.]+$/, "").trim() || "Untitled video";
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(mediaItems)
      .values({
        ...(input.id ? { id: input.id } : {}),
        uploadId: input.uploadId,
        originalName: input.originalName,
        title: title.slice(0, 200),
        size: input.size,
        createdBy: actor.id,
      })
      .returning();
    if (!row) throw new Error("the media item was not created");
    await recordAudit(tx, {
      action: "create",
      actor,
      entityType: "media_item",
      entityId: row.id,
      entityName: row.title,
    });
    return row;
  });
}

export async function itemByUpload(db: Database, uploadId: string): Promise<MediaItemRow | null> {
  const [row] = await db.select().from(mediaItems).where(eq(mediaItems.uploadId, uploadId));
  return row ?? null;
}

export async function itemById(db: Database, id: string): Promise<MediaItemRow | null> {
  const [row] = await db.select().from(mediaItems).where(eq(mediaItems.id, id));
  return row ?? null;
}

export async function listItems(db: Database): Promise<MediaItemRow[]> {
  return db.select().from(mediaItems).orderBy(desc(mediaItems.createdAt)).limit(200);
}

/** The probe's reading of an arrived master, and the master's place and hash. */
export function probedColumns(probe: MediaProbe) {
  return {
    durationSeconds: probe.durationSeconds,
    width: probe.width,
    height: probe.height,
    frameRateNum: probe.frameRate.num,
    frameRateDen: probe.frameRate.den,
    startTimecode: probe.startTimecode,
    rotation: probe.rotation,
    hdrTransfer: probe.hdrTransfer,
    audioChannels: probe.audio?.channels ?? null,
    audioLayout: probe.audio?.layout ?? null,
    videoCodec: probe.videoCodec,
  };
}

/** Removes every file an item has: its master and everything made from it. */
export async function removeItemFiles(storage: StorageDriver, row: MediaItemRow): Promise<void> {
  if (row.masterKey) await storage.delete("media-masters", row.masterKey);
  const keys: string[] = [];
  for await (const { key } of storage.list("media-renditions", row.id)) keys.push(key);
  for (const key of keys) await storage.delete("media-renditions", key);
}

/** Deletes an item, its master and every rendition (audited). False when it was gone. */
export async function deleteItem(
  services: MediaServices,
  actor: AuditActor,
  id: string,
): Promise<boolean> {
  const row = await inTransaction(services.database.db, async (tx) => {
    const [deleted] = await tx.delete(mediaItems).where(eq(mediaItems.id, id)).returning();
    if (!deleted) return null;
    await recordAudit(tx, {
      action: "delete",
      actor,
      entityType: "media_item",
      entityId: id,
      entityName: deleted.title,
    });
    return deleted;
  });
  if (!row) return false;
  await removeItemFiles(services.storage, row);
  return true;
}
