import type { AuditActor } from "@server/audit/log";
import type { Database } from "@server/db/client";
import { mediaItems } from "@server/db/schema";
import type { JobSender } from "@server/jobs/engine";
import { inTransaction } from "@server/kit/transaction";
import type { Logger } from "@server/logger";
import type { StorageDriver } from "@server/storage";
import { Server, type Upload } from "@tus/server";
import { eq } from "drizzle-orm";
import { MEDIA_ITEM_HEADER } from "~/entities/media/upload-answer";
import type { MEDIA_EXTENSIONS } from "~/entities/media/view";
import { formatBytes } from "~/lib/format-bytes";
import {
  createUploadingItem,
  deleteUnfinishedItems,
  itemByUpload,
  masterKeyFor,
  probedColumns,
} from "./library";
import { MediaProbeError, probeMedia } from "./probe";
import { queueTranscode } from "./transcode-job";
import {
  type ArrivedUpload,
  createUploadStore,
  extensionOf,
  UPLOAD_EXPIRY_MS,
  type UploadStore,
  type UploadStoreConfig,
} from "./upload-store";

/**
 * Resumable uploads of video masters (issue #44, decision 0496): the tus protocol through
 * @tus/server. An upload declares its length when it is made; one over MEDIA_MAX_BYTES is refused
 * then (413), before a byte is stored, and tus never writes past the declared length. Bytes are
 * streamed, never held in memory, into the store of the storage driver (upload-store.ts: a file
 * on this instance's disk, or S3 at the master's key, decision 0498); a dropped connection keeps
 * what arrived, and the upload resumes from the offset tus reports, after a restart too. When the
 * last byte is in, ffprobe reads the file: a file without a video stream is refused with its
 * reason and removed; a video becomes the master in bucket media-masters with its SHA-256, and
 * its transcode job is queued.
 */

export const MEDIA_UPLOADS_PATH = "/admin/media/uploads";

export const MEDIA_UPLOAD_MESSAGES = {
  noLength: "Say the file's size when the upload starts.",
  noPartLength: "Send the length of each part of the upload.",
  notVideo: (name: string) => `${name} is not a video file: upload MP4, MOV, MKV or WebM.`,
  tooLarge: (limit: number) => `Videos can be at most ${formatBytes(limit, 1000)}.`,
  failed: "The upload could not be finished. Try again.",
} as const;

export interface MediaUploadServices {
  config: UploadStoreConfig & { MEDIA_MAX_BYTES: number; FFPROBE_PATH: string };
  database: { db: Database };
  storage: StorageDriver;
  jobs: JobSender;
  logger: Logger;
}

export interface MediaUploads {
  /** Answers one tus request (POST, HEAD, PATCH, DELETE) made by `actor`. */
  handle(request: Request, actor: AuditActor): Promise<Response>;
  /** Gives up the uploads older than UPLOAD_EXPIRY_MS at `now`: their items, then their bytes. */
  sweepExpired(now?: Date): Promise<{ uploads: number; items: number }>;
}

/** What each of the library's containers is stored as. */
const MASTER_TYPES: Record<(typeof MEDIA_EXTENSIONS)[number], string> = {
  ".mp4": "video/mp4",
  ".mov": "video/quicktime",
  ".mkv": "video/x-matroska",
  ".webm": "video/webm",
};

/** A refusal tus answers with: its status and the message staff read. */
function refusal(status: number, message: string) {
  return { status_code: status, body: message };
}

export function createMediaUploads(
  config: MediaUploadServices["config"],
  services: () => MediaUploadServices,
): MediaUploads {
  const store = createUploadStore(config);
  // Who made each request being answered: the route knows, tus's hooks are handed the request.
  const actors = new WeakMap<Request, AuditActor>();
  const server = new Server({
    path: MEDIA_UPLOADS_PATH,
    datastore: store.datastore,
    ...store.naming,
    maxSize: config.MEDIA_MAX_BYTES,
    relativeLocation: true,
    // Bytes are counted against the declared length as they arrive (tus's own check).
    async onUploadCreate(req, upload) {
      const name = (upload.metadata?.filename ?? "").trim().slice(0, 255);
      if (upload.sizeIsDeferred || upload.size === undefined) {
        throw refusal(400, MEDIA_UPLOAD_MESSAGES.noLength);
      }
      const extension = extensionOf(name);
      if (!name || !extension) {
        throw refusal(415, MEDIA_UPLOAD_MESSAGES.notVideo(name || "This file"));
      }
      const actor = actors.get(req as unknown as Request) ?? { id: null, email: null, ip: null };
      await createUploadingItem(services().database.db, actor, {
        id: store.itemIdOf(upload.id) ?? undefined,
        uploadId: upload.id,
        originalName: name,
        size: upload.size,
      });
      // Only what we read of it is kept; the type is ours (the S3 store stores the master with it).
      return { metadata: { filename: name, contentType: MASTER_TYPES[extension] } };
    },
    async onUploadFinish(_req, upload) {
      const outcome = await finishUpload(services(), store, upload);
      return "refused" in outcome
        ? { status_code: 422, body: outcome.refused }
        : { headers: { [MEDIA_ITEM_HEADER]: outcome.queued } };
    },
  });
  return {
    async handle(request, actor) {
      // Bytes are refused before they are read when they would not fit: tus compares the
      // declared length with what is left (413), which a body of unknown length escapes.
      if (
        request.method === "PATCH" &&
        request.body &&
        request.headers.get("content-length") === null
      ) {
        return new Response(MEDIA_UPLOAD_MESSAGES.noPartLength, { status: 411 });
      }
      const kept = keepingWhatArrived(request);
      actors.set(kept, actor);
      return server.handleWeb(kept);
    },
    async sweepExpired(now = new Date()) {
      const { database, storage, logger } = services();
      const before = new Date(now.getTime() - UPLOAD_EXPIRY_MS);
      // Our rows name their uploads: each is removed by its id (S3: the multipart upload is
      // aborted), which needs no listing of the bucket.
      const given = await deleteUnfinishedItems(database.db, before);
      let uploads = 0;
      for (const uploadId of given) {
        try {
          await store.giveUp(uploadId, storage);
          uploads++;
        } catch (error) {
          logger.warn({ err: error, uploadId }, "an expired upload could not be removed");
        }
      }
      // An upload with no row (its creation failed half-way) by tus's own listing, where the
      // store can list: not every S3 service answers ListMultipartUploads.
      try {
        uploads += await server.cleanUpExpiredUploads();
      } catch (error) {
        logger.warn({ err: error }, "expired uploads could not be listed");
      }
      return { uploads, items: given.length };
    },
  };
}

/**
 * The request with a body that ends where the connection broke instead of failing: tus then
 * keeps every byte that arrived (on S3 the part under way too, not only the parts before it), as
 * its own Node handler does for a dropped request. The client resumes from the offset either way.
 */
function keepingWhatArrived(request: Request): Request {
  if (!request.body) return request;
  const reader = request.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch {
        controller.close();
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return new Request(request, { body, duplex: "half" } as RequestInit);
}

/**
 * The arrived master: probed, hashed into storage, its job queued (the item's id); or refused and
 * removed.
 */
async function finishUpload(
  services: MediaUploadServices,
  store: UploadStore,
  upload: Upload,
): Promise<{ queued: string } | { refused: string }> {
  const { database, storage, jobs, logger } = services;
  const row = await itemByUpload(database.db, upload.id);
  if (!row) {
    await store.abandon(upload, storage);
    return { refused: MEDIA_UPLOAD_MESSAGES.failed };
  }
  const extension = extensionOf(row.originalName) ?? ".mp4";
  const masterKey = masterKeyFor(row.id, extension);
  let arrived: ArrivedUpload | undefined;
  try {
    arrived = await store.arrived(upload, storage);
    const probe = await probeMedia(arrived.file, { ffprobePath: services.config.FFPROBE_PATH });
    const master = await arrived.store(masterKey, MASTER_TYPES[extension]);
    const queuedAt = new Date();
    await inTransaction(database.db, async (tx) => {
      await tx
        .update(mediaItems)
        .set({
          ...probedColumns(probe),
          state: "queued",
          size: master.size,
          masterKey,
          sha256: master.sha256,
          uploadId: null,
          updatedAt: queuedAt,
        })
        .where(eq(mediaItems.id, row.id));
      await queueTranscode(tx, jobs, { id: row.id, updatedAt: queuedAt });
    });
    await arrived.discard();
    return { queued: row.id };
  } catch (error) {
    await database.db.delete(mediaItems).where(eq(mediaItems.id, row.id));
    await arrived?.discard();
    await storage.delete("media-masters", masterKey);
    if (error instanceof MediaProbeError) return { refused: error.message };
    logger.error({ err: error, item: row.id }, "media upload: the master could not be stored");
    return { refused: MEDIA_UPLOAD_MESSAGES.failed };
  }
}
