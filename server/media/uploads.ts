import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import type { AuditActor } from "@server/audit/log";
import type { Database } from "@server/db/client";
import { mediaItems } from "@server/db/schema";
import type { JobSender } from "@server/jobs/engine";
import { inTransaction } from "@server/kit/transaction";
import type { Logger } from "@server/logger";
import type { StorageDriver } from "@server/storage";
import { FileStore } from "@tus/file-store";
import { Server, type Upload } from "@tus/server";
import { eq } from "drizzle-orm";
import { MEDIA_EXTENSIONS } from "~/entities/media/view";
import { createUploadingItem, itemByUpload, masterKeyFor, probedColumns } from "./library";
import { MediaProbeError, probeMedia } from "./probe";
import { queueTranscode } from "./transcode-job";

/**
 * Resumable uploads of video masters (issue #44, decision 0496): the tus protocol through
 * @tus/server. An upload declares its length when it is made; one over MEDIA_MAX_BYTES is refused
 * then (413), before a byte is stored, and tus never writes past the declared length. Bytes go to
 * a file on this instance's disk (DATA_DIR/media/uploads), streamed, never held in memory; a
 * dropped connection or a restart resumes from the offset tus reports. When the last byte is in,
 * ffprobe reads the file: a file without a video stream is refused with its reason and removed;
 * a video is copied into bucket media-masters with its SHA-256 and its transcode job is queued.
 */

export const MEDIA_UPLOADS_PATH = "/admin/media/uploads";

export const MEDIA_UPLOAD_MESSAGES = {
  noLength: "Say the file's size when the upload starts.",
  notVideo: (name: string) => `${name} is not a video file: upload MP4, MOV, MKV or WebM.`,
  tooLarge: (limit: number) => `Videos can be at most ${formatBytes(limit)}.`,
  failed: "The upload could not be finished. Try again.",
} as const;

export interface MediaUploadServices {
  config: { DATA_DIR: string; MEDIA_MAX_BYTES: number; FFPROBE_PATH: string };
  database: { db: Database };
  storage: StorageDriver;
  jobs: JobSender;
  logger: Logger;
}

export interface MediaUploads {
  /** Answers one tus request (POST, HEAD, PATCH, DELETE) made by `actor`. */
  handle(request: Request, actor: AuditActor): Promise<Response>;
}

/** What each of the library's containers is stored as. */
const MASTER_TYPES: Record<(typeof MEDIA_EXTENSIONS)[number], string> = {
  ".mp4": "video/mp4",
  ".mov": "video/quicktime",
  ".mkv": "video/x-matroska",
  ".webm": "video/webm",
};

function extensionOf(name: string): (typeof MEDIA_EXTENSIONS)[number] | null {
  const extension = path.extname(name).toLowerCase();
  return (MEDIA_EXTENSIONS as readonly string[]).includes(extension)
    ? (extension as (typeof MEDIA_EXTENSIONS)[number])
    : null;
}

/** A refusal tus answers with: its status and the message staff read. */
function refusal(status: number, message: string) {
  return { status_code: status, body: message };
}

export function createMediaUploads(
  config: MediaUploadServices["config"],
  services: () => MediaUploadServices,
): MediaUploads {
  const directory = path.join(config.DATA_DIR, "media", "uploads");
  // Who made each request being answered: the route knows, tus's hooks are handed the request.
  const actors = new WeakMap<Request, AuditActor>();
  const server = new Server({
    path: MEDIA_UPLOADS_PATH,
    datastore: new FileStore({ directory }),
    maxSize: config.MEDIA_MAX_BYTES,
    relativeLocation: true,
    // Bytes are counted against the declared length as they arrive (tus's own check).
    async onUploadCreate(req, upload) {
      const name = (upload.metadata?.filename ?? "").trim().slice(0, 255);
      if (upload.sizeIsDeferred || upload.size === undefined) {
        throw refusal(400, MEDIA_UPLOAD_MESSAGES.noLength);
      }
      if (!name || !extensionOf(name)) {
        throw refusal(415, MEDIA_UPLOAD_MESSAGES.notVideo(name || "This file"));
      }
      const actor = actors.get(req as unknown as Request) ?? { id: null, email: null, ip: null };
      await createUploadingItem(services().database.db, actor, {
        uploadId: upload.id,
        originalName: name,
        size: upload.size,
      });
      return {};
    },
    async onUploadFinish(_req, upload) {
      const outcome = await finishUpload(services(), directory, upload);
      return outcome === "queued" ? {} : { status_code: 422, body: outcome.refused };
    },
  });
  return {
    async handle(request, actor) {
      actors.set(request, actor);
      return server.handleWeb(request);
    },
  };
}

/** The arrived master: probed, hashed into storage, its job queued; or refused and removed. */
async function finishUpload(
  services: MediaUploadServices,
  directory: string,
  upload: Upload,
): Promise<"queued" | { refused: string }> {
  const { database, storage, jobs, logger } = services;
  const file = path.join(directory, upload.id);
  const row = await itemByUpload(database.db, upload.id);
  const removeUpload = () =>
    Promise.all([rm(file, { force: true }), rm(`${file}.json`, { force: true })]);
  if (!row) {
    await removeUpload();
    return { refused: MEDIA_UPLOAD_MESSAGES.failed };
  }
  try {
    const probe = await probeMedia(file, { ffprobePath: services.config.FFPROBE_PATH });
    const extension = extensionOf(row.originalName) ?? ".mp4";
    const masterKey = masterKeyFor(row.id, extension);
    const hash = createHash("sha256");
    const hashed = Readable.from(
      (async function* () {
        for await (const chunk of createReadStream(file)) {
          hash.update(chunk as Buffer);
          yield chunk as Buffer;
        }
      })(),
    );
    const stored = await storage.put("media-masters", masterKey, hashed, {
      contentType: MASTER_TYPES[extension],
      size: upload.size,
    });
    const queuedAt = new Date();
    await inTransaction(database.db, async (tx) => {
      await tx
        .update(mediaItems)
        .set({
          ...probedColumns(probe),
          state: "queued",
          size: stored.size,
          masterKey,
          sha256: hash.digest("hex"),
          uploadId: null,
          updatedAt: queuedAt,
        })
        .where(eq(mediaItems.id, row.id));
      await queueTranscode(tx, jobs, { id: row.id, updatedAt: queuedAt });
    });
    await removeUpload();
    return "queued";
  } catch (error) {
    await database.db.delete(mediaItems).where(eq(mediaItems.id, row.id));
    await removeUpload();
    if (error instanceof MediaProbeError) return { refused: error.message };
    logger.error({ err: error, item: row.id }, "media upload: the master could not be stored");
    return { refused: MEDIA_UPLOAD_MESSAGES.failed };
  }
}

/** 20 GB, 500 MB: a size as people say it (decimal units, as disks are sold). */
export function formatBytes(bytes: number): string {
  const units = ["bytes", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}
