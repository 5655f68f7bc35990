import { createHash, type Hash, randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Config } from "@server/config";
import { STREAM_PART_BYTES, type StorageDriver } from "@server/storage";
import { FileStore } from "@tus/file-store";
import { S3Store } from "@tus/s3-store";
import type { DataStore, ServerOptions, Upload } from "@tus/server";
import { MEDIA_EXTENSIONS } from "~/entities/media/view";
import { masterKeyFor } from "./library";

/**
 * Where tus keeps an upload's bytes while they arrive (issue #44, decision 0498), by storage
 * driver: with local disk a file in `DATA_DIR/media/uploads` (@tus/file-store); with S3 a
 * multipart upload straight into bucket media-masters at the master's own key (@tus/s3-store),
 * so any instance can take the next part and the finished upload is the master, not a copy.
 * Either way the arrived bytes are read once into a file on this instance's disk for ffprobe,
 * hashed on the way, and never held in memory.
 */

export type UploadStoreConfig = Pick<
  Config,
  | "DATA_DIR"
  | "STORAGE_DRIVER"
  | "S3_ENDPOINT"
  | "S3_REGION"
  | "S3_ACCESS_KEY_ID"
  | "S3_SECRET_ACCESS_KEY"
  | "S3_FORCE_PATH_STYLE"
  | "S3_BUCKET_PREFIX"
>;

/**
 * An upload not finished within a week is given up (decision 0547): tus answers it as gone, and
 * the sweep removes its bytes (on S3, aborts the multipart upload, which is billed while open).
 */
export const UPLOAD_EXPIRY_MS = 7 * 24 * 60 * 60_000;

export type MasterExtension = (typeof MEDIA_EXTENSIONS)[number];

/** The library's container of a file name (`.mp4`…), or null for any other. */
export function extensionOf(name: string): MasterExtension | null {
  const extension = path.extname(name).toLowerCase();
  return (MEDIA_EXTENSIONS as readonly string[]).includes(extension)
    ? (extension as MasterExtension)
    : null;
}

/** An upload whose last byte is in, as a file ffprobe can read. */
export interface ArrivedUpload {
  file: string;
  /**
   * Puts the master at `masterKey` in bucket media-masters: streamed there from the file (disk),
   * or already there (S3). Its size and SHA-256.
   */
  store(masterKey: string, contentType: string): Promise<{ size: number; sha256: string }>;
  /** Removes what the upload left behind (the stored master stays: the caller's to keep). */
  discard(): Promise<void>;
}

export interface UploadStore {
  datastore: DataStore;
  /** tus's naming of uploads and their URLs, where the store names them itself. */
  naming: Pick<ServerOptions, "namingFunction" | "generateUrl" | "getFileIdFromRequest">;
  /** The item an upload was named for (S3: its master's key holds the id); null: a new id. */
  itemIdOf(uploadId: string): string | null;
  arrived(upload: Upload, storage: StorageDriver): Promise<ArrivedUpload>;
  /** Removes everything an upload without its item made (the item was deleted meanwhile). */
  abandon(upload: Upload, storage: StorageDriver): Promise<void>;
  /** Removes an upload that never finished: its bytes so far and tus's record of it. */
  giveUp(uploadId: string, storage: StorageDriver): Promise<void>;
}

/** Passes `source` through while `hash` reads it. */
function hashing(source: AsyncIterable<unknown>, hash: Hash): Readable {
  return Readable.from(
    (async function* () {
      for await (const chunk of source) {
        hash.update(chunk as Buffer);
        yield chunk as Buffer;
      }
    })(),
  );
}

export function createUploadStore(config: UploadStoreConfig): UploadStore {
  const directory = path.join(config.DATA_DIR, "media", "uploads");
  return config.STORAGE_DRIVER === "s3"
    ? s3UploadStore(config, directory)
    : diskUploadStore(directory);
}

function diskUploadStore(directory: string): UploadStore {
  const removeFiles = (file: string) =>
    Promise.all([rm(file, { force: true }), rm(`${file}.json`, { force: true })]);
  return {
    datastore: new FileStore({ directory, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS }),
    naming: {},
    itemIdOf: () => null,
    async arrived(upload, storage) {
      const file = path.join(directory, upload.id);
      return {
        file,
        async store(masterKey, contentType) {
          const hash = createHash("sha256");
          const stored = await storage.put(
            "media-masters",
            masterKey,
            hashing(createReadStream(file), hash),
            { contentType, size: upload.size },
          );
          return { size: stored.size, sha256: hash.digest("hex") };
        },
        async discard() {
          await removeFiles(file);
        },
      };
    },
    async abandon(upload) {
      await removeFiles(path.join(directory, upload.id));
    },
    async giveUp(uploadId) {
      await removeFiles(path.join(directory, uploadId));
    },
  };
}

/** An S3 upload's id: the master's key, `{item id}/master{.ext}`. */
const S3_UPLOAD_ID =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/master\.(mp4|mov|mkv|webm)$/;

type MetadataCache = NonNullable<ConstructorParameters<typeof S3Store>[0]["cache"]>;

/**
 * tus's cache of each S3 upload's record on this instance (its own default is the same Map):
 * held here so that an upload given up leaves it too, and is not answered from memory.
 */
function metadataCache(): MetadataCache {
  const entries = new Map<string, Parameters<MetadataCache["set"]>[1]>();
  return {
    get: async (key) => entries.get(key),
    set: async (key, value) => {
      entries.set(key, value);
    },
    delete: async (key) => {
      entries.delete(key);
    },
  };
}

function s3UploadStore(config: UploadStoreConfig, directory: string): UploadStore {
  if (!(config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY)) {
    throw new Error("The S3 storage driver needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY");
  }
  const cache = metadataCache();
  const datastore = new S3Store({
    cache,
    // The storage driver's part size: a few parts in flight, each on this instance's disk.
    partSize: STREAM_PART_BYTES,
    maxConcurrentPartUploads: 2,
    expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS,
    // The sweep finds expired uploads by listing them: no object tags (not every S3 has them).
    useTags: false,
    s3ClientConfig: {
      bucket: `${config.S3_BUCKET_PREFIX}media-masters`,
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      credentials: {
        accessKeyId: config.S3_ACCESS_KEY_ID,
        secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      },
      // As the storage driver's client (server/storage/s3.ts): checksums only where required.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    },
  });
  return {
    datastore,
    naming: {
      // Named for the item it will be: the finished upload is its master, where it stays.
      namingFunction: (_req, metadata) =>
        masterKeyFor(randomUUID(), extensionOf(metadata?.filename ?? "") ?? ".mp4"),
      // The key has a slash; its URL segment is the key in base64url, read back strictly.
      generateUrl: (_req, { path: base, id }) => `${base}/${Buffer.from(id).toString("base64url")}`,
      getFileIdFromRequest(_req, segment) {
        if (!segment || !/^[A-Za-z0-9_-]+$/.test(segment)) return undefined;
        const id = Buffer.from(segment, "base64url").toString("utf8");
        return S3_UPLOAD_ID.test(id) ? id : undefined;
      },
    },
    itemIdOf: (uploadId) => S3_UPLOAD_ID.exec(uploadId)?.[1] ?? null,
    async arrived(upload, storage) {
      await mkdir(directory, { recursive: true, mode: 0o700 });
      const file = path.join(directory, `${randomUUID()}${path.extname(upload.id)}`);
      const removeFile = () => rm(file, { force: true });
      // One read of the stored master: hashed on its way to the file ffprobe reads.
      const hash = createHash("sha256");
      let size = 0;
      try {
        const stored = await storage.get("media-masters", upload.id);
        if (!stored) throw new Error("the finished upload is missing from storage");
        await pipeline(
          hashing(stored.stream, hash),
          async function* (source) {
            for await (const chunk of source) {
              size += (chunk as Buffer).byteLength;
              yield chunk;
            }
          },
          createWriteStream(file, { flags: "wx", mode: 0o600 }),
        );
      } catch (error) {
        await removeFile();
        await storage.delete("media-masters", `${upload.id}.info`).catch(() => {});
        throw error;
      }
      const sha256 = hash.digest("hex");
      return {
        file,
        async store(masterKey) {
          if (masterKey !== upload.id) throw new Error("an S3 upload is stored at its own key");
          if (size !== upload.size) {
            throw new Error(`Upload size mismatch: expected ${upload.size} bytes, stored ${size}`);
          }
          return { size, sha256 };
        },
        async discard() {
          await removeFile();
          // tus's own record of the upload, beside the master.
          await storage.delete("media-masters", `${upload.id}.info`);
        },
      };
    },
    async abandon(upload, storage) {
      await storage.delete("media-masters", upload.id);
      await storage.delete("media-masters", `${upload.id}.info`);
    },
    async giveUp(uploadId, storage) {
      // tus aborts the multipart upload (billed while open), then deletes its objects in one
      // request, which not every S3 service takes (s3rver does not): they go one by one after.
      await datastore.remove(uploadId).catch(() => {});
      for (const key of [uploadId, `${uploadId}.info`, `${uploadId}.part`]) {
        await storage.delete("media-masters", key);
      }
      await cache.delete(uploadId);
    },
  };
}
