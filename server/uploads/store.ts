import { randomBytes } from "node:crypto";
import type { Database, Executor } from "@server/db/client";
import { uploads } from "@server/db/schema";
import type { StorageDriver } from "@server/storage";
import { checkWordBinary, checkWordZip } from "@server/uploads/word-files";
import { and, eq, inArray, isNull, lt } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import { PUBLIC_BUCKETS, type UploadBucket } from "~/lib/values";

/**
 * Files visitors and staff upload. Each one is checked by its content (magic bytes), never only
 * by its name; stored under a random key (the visitor's file name is kept for display only);
 * recorded in `uploads` with no owner until a submission claims it. Unclaimed files are deleted
 * after a day (`deleteOrphanUploads`).
 */

export type UploadPurpose = "contact-attachment" | "resume" | "image";

interface Kind {
  extensions: string[];
  /** The type a stored file is served with. */
  contentType: string;
}

const IMAGE_KINDS: Record<string, Kind> = {
  png: { extensions: ["png"], contentType: "image/png" },
  jpg: { extensions: ["jpg", "jpeg"], contentType: "image/jpeg" },
  gif: { extensions: ["gif"], contentType: "image/gif" },
  webp: { extensions: ["webp"], contentType: "image/webp" },
  avif: { extensions: ["avif"], contentType: "image/avif" },
};
const PDF: Kind = { extensions: ["pdf"], contentType: "application/pdf" };
// .doc files are OLE compound files; file-type reports any of them as "cfb" (word-files.ts checks).
const DOC: Kind = { extensions: ["doc"], contentType: "application/msword" };
const DOCX: Kind = {
  extensions: ["docx"],
  contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};
const MACROS_MESSAGE = "Word documents with macros are not accepted: please send a PDF instead.";
const TXT: Kind = { extensions: ["txt"], contentType: "text/plain; charset=utf-8" };

interface Rule {
  bucket: UploadBucket;
  /** Key prefix inside the bucket. */
  prefix: string;
  maxBytes: number;
  /** Detected type (file-type's ext, or "txt") → kind. */
  kinds: Record<string, Kind>;
  /** Shown when the content is not one of the kinds. */
  typeMessage: string;
}

const MB = 1024 * 1024;

export const UPLOAD_RULES: Record<UploadPurpose, Rule> = {
  "contact-attachment": {
    bucket: "contact-uploads",
    prefix: "inquiries",
    maxBytes: 10 * MB,
    kinds: { ...IMAGE_KINDS, pdf: PDF, cfb: DOC, docx: DOCX, txt: TXT },
    typeMessage: "Only images, PDF, Word documents (.doc, .docx) and text files are accepted.",
  },
  resume: {
    bucket: "job-applications",
    prefix: "resumes",
    maxBytes: 5 * MB,
    kinds: { pdf: PDF, cfb: DOC, docx: DOCX },
    typeMessage: "Resume must be a PDF or Word document (.pdf, .doc, .docx).",
  },
  image: {
    bucket: "portfolio-images",
    prefix: "images",
    maxBytes: 10 * MB,
    kinds: IMAGE_KINDS,
    typeMessage: "Only image files are accepted.",
  },
};

export class UploadRejectedError extends Error {
  constructor(
    message: string,
    readonly reason: "type" | "size" | "empty",
  ) {
    super(message);
    this.name = "UploadRejectedError";
  }
}

export interface StoredUpload {
  id: string;
  bucket: UploadBucket;
  key: string;
  originalName: string;
  contentType: string;
  size: number;
  /** Public URL for public buckets; null for private ones (reached through signed links). */
  url: string | null;
}

/** Plain text: valid UTF-8 with no control bytes other than tab, CR, LF and form feed. */
function isPlainText(bytes: Uint8Array): boolean {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  for (const byte of bytes) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) {
      return false;
    }
    if (byte === 0x7f) return false;
  }
  return true;
}

function extensionOf(name: string): string {
  const match = /\.([A-Za-z0-9]{1,8})$/.exec(name.trim());
  return match?.[1]?.toLowerCase() ?? "";
}

/**
 * The kind of a file judged by its bytes, and agreeing with its name's extension (so a
 * renamed executable, or a PDF named .png, is refused). Throws UploadRejectedError.
 */
export async function detectKind(
  purpose: UploadPurpose,
  originalName: string,
  bytes: Uint8Array,
): Promise<{ ext: string; kind: Kind }> {
  const rule = UPLOAD_RULES[purpose];
  if (bytes.byteLength === 0) throw new UploadRejectedError("The file is empty.", "empty");
  if (bytes.byteLength > rule.maxBytes) {
    throw new UploadRejectedError(
      `The file is larger than ${Math.round(rule.maxBytes / MB)} MB.`,
      "size",
    );
  }
  const detected = (await fileTypeFromBuffer(bytes))?.ext ?? (isPlainText(bytes) ? "txt" : "");
  const kind = rule.kinds[detected];
  const ext = extensionOf(originalName);
  if (!kind?.extensions.includes(ext)) {
    throw new UploadRejectedError(rule.typeMessage, "type");
  }
  const word = kind === DOC ? checkWordBinary(bytes) : kind === DOCX ? checkWordZip(bytes) : null;
  if (word === "macros") throw new UploadRejectedError(MACROS_MESSAGE, "type");
  if (word === "other") throw new UploadRejectedError(rule.typeMessage, "type");
  return { ext, kind };
}

/** `{prefix}/{timestamp}_{random}.{ext}`: unguessable, unique, and never the visitor's name. */
export function makeUploadKey(prefix: string, ext: string, now = Date.now()): string {
  return `${prefix}/${now}_${randomBytes(8).toString("hex")}.${ext}`;
}

/** A display name safe to keep: no path, no control characters, at most 200 characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return (cleaned || "file").slice(0, 200);
}

/** Checks, stores and records one file (no owner yet). Throws UploadRejectedError. */
export async function storeUpload(
  services: { db: Database; storage: StorageDriver },
  purpose: UploadPurpose,
  file: { name: string; bytes: Uint8Array },
): Promise<StoredUpload> {
  const rule = UPLOAD_RULES[purpose];
  const originalName = cleanFileName(file.name);
  const { ext, kind } = await detectKind(purpose, originalName, file.bytes);
  const key = makeUploadKey(rule.prefix, ext);
  await services.storage.put(rule.bucket, key, file.bytes, {
    contentType: kind.contentType,
    size: file.bytes.byteLength,
  });
  try {
    const [row] = await services.db
      .insert(uploads)
      .values({
        bucket: rule.bucket,
        key,
        originalName,
        contentType: kind.contentType,
        size: file.bytes.byteLength,
      })
      .returning({ id: uploads.id });
    if (!row) throw new Error("upload row not written");
    return {
      id: row.id,
      bucket: rule.bucket,
      key,
      originalName,
      contentType: kind.contentType,
      size: file.bytes.byteLength,
      url: PUBLIC_BUCKETS.includes(rule.bucket)
        ? services.storage.publicUrl(rule.bucket, key)
        : null,
    };
  } catch (error) {
    // No row, no file: never leave bytes nobody can find.
    await services.storage.delete(rule.bucket, key).catch(() => {});
    throw error;
  }
}

/** Unclaimed uploads of a bucket by id (the ones a submission may claim). */
export function findUnclaimedUploads(db: Executor, bucket: UploadBucket, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(uploads)
    .where(and(eq(uploads.bucket, bucket), inArray(uploads.id, ids), isNull(uploads.ownerId)));
}

/** A stored file's record: its visitor's name and its type; null when none was kept. */
export async function findUploadByKey(
  db: Executor,
  bucket: UploadBucket,
  key: string,
): Promise<{ originalName: string; contentType: string } | null> {
  const [row] = await db
    .select({ originalName: uploads.originalName, contentType: uploads.contentType })
    .from(uploads)
    .where(and(eq(uploads.bucket, bucket), eq(uploads.key, key)))
    .limit(1);
  return row ?? null;
}

/**
 * Gives unclaimed uploads to their owner row, inside the owner's transaction. Returns the claimed
 * rows; an id that is unknown, of another bucket or already claimed is not claimed.
 */
export function claimUploads(
  tx: Executor,
  bucket: UploadBucket,
  ids: string[],
  owner: { table: string; id: string },
) {
  if (ids.length === 0) return Promise.resolve([]);
  return tx
    .update(uploads)
    .set({ ownerTable: owner.table, ownerId: owner.id })
    .where(and(eq(uploads.bucket, bucket), inArray(uploads.id, ids), isNull(uploads.ownerId)))
    .returning();
}

/** Unclaimed uploads are read and deleted this many at a time. */
const SWEEP_BATCH = 500;

/**
 * Deletes every upload no submission claimed within `maxAgeMs` (a day by default), batch after
 * batch until none is left, so the sweep never falls behind however many there are.
 */
export async function deleteOrphanUploads(
  services: { db: Database; storage: StorageDriver },
  options: { maxAgeMs?: number; now?: Date } = {},
): Promise<number> {
  const cutoff = new Date((options.now ?? new Date()).getTime() - (options.maxAgeMs ?? 86_400_000));
  let deleted = 0;
  for (;;) {
    const batch = await deleteOrphanBatch(services, cutoff);
    deleted += batch.deleted;
    if (batch.seen < SWEEP_BATCH) return deleted;
  }
}

async function deleteOrphanBatch(
  services: { db: Database; storage: StorageDriver },
  cutoff: Date,
): Promise<{ seen: number; deleted: number }> {
  const orphans = await services.db
    .select()
    .from(uploads)
    .where(and(isNull(uploads.ownerId), lt(uploads.createdAt, cutoff)))
    .limit(SWEEP_BATCH);
  let deleted = 0;
  for (const orphan of orphans) {
    // Delete the row only if still unclaimed, then the bytes.
    const [gone] = await services.db
      .delete(uploads)
      .where(and(eq(uploads.id, orphan.id), isNull(uploads.ownerId)))
      .returning({ id: uploads.id });
    if (!gone) continue;
    await services.storage.delete(orphan.bucket as UploadBucket, orphan.key).catch(() => {});
    deleted += 1;
  }
  return { seen: orphans.length, deleted };
}
