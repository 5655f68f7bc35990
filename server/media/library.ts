import { type AuditActor, recordAudit } from "@server/audit/log";
import { contentChanged } from "@server/content/changes";
import type { Database, Executor } from "@server/db/client";
import {
  caseStudies,
  deliverableVersions,
  mediaItems,
  portfolioItems,
  settings,
} from "@server/db/schema";
import { inTransaction } from "@server/kit/transaction";
import type { StorageDriver, UploadBucket } from "@server/storage";
import { and, asc, desc, eq, isNotNull, lt, sql } from "drizzle-orm";
import { galleryEntryOf, HOME_REEL_SETTING } from "./playback";
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

/** The ready videos as an editor's choices (a portfolio item's or a case study's video). */
export async function readyVideoOptions(db: Database): Promise<{ value: string; label: string }[]> {
  const rows = await db
    .select({ value: mediaItems.id, label: mediaItems.title })
    .from(mediaItems)
    .where(eq(mediaItems.state, "ready"))
    .orderBy(asc(mediaItems.title));
  return rows;
}

/**
 * Where each item is used, by item id: the portfolio items and case studies that play it, as
 * their video or in a case study's gallery (each title once per item).
 */
export async function usesOfItems(db: Database): Promise<Map<string, string[]>> {
  const rows = await db
    .select({ id: portfolioItems.videoMediaId, title: portfolioItems.title })
    .from(portfolioItems)
    .where(isNotNull(portfolioItems.videoMediaId))
    .unionAll(
      db
        .select({ id: caseStudies.videoMediaId, title: caseStudies.title })
        .from(caseStudies)
        .where(isNotNull(caseStudies.videoMediaId)),
    );
  const galleries = await db
    .select({ title: caseStudies.title, gallery: caseStudies.mediaGallery })
    .from(caseStudies)
    .where(sql`${caseStudies.mediaGallery} @? '$[*].media_id'`);
  const inGalleries = galleries.flatMap(({ title, gallery }) =>
    gallery.map((entry) => ({ id: entry?.media_id ?? null, title })),
  );
  const uses = new Map<string, string[]>();
  for (const row of [...rows, ...inGalleries]) {
    const titles = row.id ? (uses.get(row.id) ?? []) : [];
    if (row.id && !titles.includes(row.title)) uses.set(row.id, [...titles, row.title]);
  }
  return uses;
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

/**
 * Removes every file an item has: its master with the captions kept beside it under `{id}/`
 * (decision 0499), and everything made from them. Without `masterKey` (a failed transcode's
 * cleanup) the sources stay and only what was made goes.
 */
export async function removeItemFiles(storage: StorageDriver, row: MediaItemRow): Promise<void> {
  if (row.masterKey) {
    await storage.delete("media-masters", row.masterKey);
    await removeFolder(storage, "media-masters", row.id);
  }
  await removeFolder(storage, "media-renditions", row.id);
}

async function removeFolder(storage: StorageDriver, bucket: UploadBucket, folder: string) {
  const keys: string[] = [];
  for await (const { key } of storage.list(bucket, folder)) keys.push(key);
  for (const key of keys) await storage.delete(bucket, key);
}

/** Deletes an item, its master and every rendition (audited). False when it was gone. */
/** The system's own changes in the audit log (no person made them). */
const SYSTEM: AuditActor = { id: null, email: null, ip: null };

/**
 * The items whose upload started before `before` and never finished: deleted, each in the audit
 * log. Their uploads' ids, whose bytes the caller removes.
 */
export async function deleteUnfinishedItems(db: Database, before: Date): Promise<string[]> {
  return inTransaction(db, async (tx) => {
    const gone = await tx
      .delete(mediaItems)
      .where(and(eq(mediaItems.state, "uploading"), lt(mediaItems.createdAt, before)))
      .returning({ id: mediaItems.id, title: mediaItems.title, uploadId: mediaItems.uploadId });
    for (const item of gone) {
      await recordAudit(tx, {
        action: "delete",
        actor: SYSTEM,
        entityType: "media_item",
        entityId: item.id,
        entityName: `${item.title} (upload not finished)`,
      });
    }
    return gone.flatMap((item) => (item.uploadId ? [item.uploadId] : []));
  });
}

/**
 * What still names a deleted item without a foreign key lets go of it: a gallery entry keeps its
 * Video URL (an entry with none is dropped, in the gallery's order), the home reel falls back to
 * the built-in one. Portfolio items and case studies' own video are set null by their keys.
 */
async function forgetUses(tx: Executor, id: string): Promise<void> {
  await tx
    .update(caseStudies)
    .set({
      mediaGallery: sql`coalesce((
        select jsonb_agg(case when e->>'media_id' = ${id} then e - 'media_id' else e end order by n)
        from jsonb_array_elements(${caseStudies.mediaGallery}) with ordinality as g(e, n)
        where not (e->>'media_id' = ${id} and coalesce(e->>'url', '') = '')
      ), '[]'::jsonb)`,
    })
    .where(sql`${caseStudies.mediaGallery} @> ${galleryEntryOf(sql`${id}::text`)}`);
  await tx
    .delete(settings)
    .where(
      and(eq(settings.name, HOME_REEL_SETTING), sql`${settings.value} = to_jsonb(${id}::text)`),
    );
}

export async function deleteItem(
  services: MediaServices,
  actor: AuditActor,
  id: string,
): Promise<"deleted" | "missing" | "in-review"> {
  const row = await inTransaction(services.database.db, async (tx) => {
    // A version of a project's deliverable is the file a client reviews (and may have approved,
    // by its hash): it stays while the version does (the foreign key refuses it too).
    const [version] = await tx
      .select({ id: deliverableVersions.id })
      .from(deliverableVersions)
      .where(eq(deliverableVersions.mediaItemId, id))
      .limit(1);
    if (version) return "in-review" as const;
    const [deleted] = await tx.delete(mediaItems).where(eq(mediaItems.id, id)).returning();
    if (!deleted) return null;
    await recordAudit(tx, {
      action: "delete",
      actor,
      entityType: "media_item",
      entityId: id,
      entityName: deleted.title,
    });
    await forgetUses(tx, id);
    // The pages that played it play their Video URL again.
    await contentChanged(tx, { entity: "media", id, action: "deleted" });
    return deleted;
  });
  if (row === "in-review" || row === null) return row ?? "missing";
  await removeItemFiles(services.storage, row);
  return "deleted";
}
