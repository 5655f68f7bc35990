import { createHmac, randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import {
  type FileHandle,
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { type ExpiringLinks, expiringLinks } from "@server/security/expiring-links";
import {
  assertSizeMatches,
  assertValidContentType,
  assertValidExpiry,
  assertValidKey,
  assertValidLocation,
  type ByteRange,
  isPublicBucket,
  isUploadBucket,
  isValidKey,
  type ListedObject,
  type LocalStorageDriver,
  PrivateBucketError,
  type SignedUrlOptions,
  type StorageBody,
  type StoredObject,
  type UploadBucket,
} from "./types";

export interface LocalStorageOptions {
  /** The storage root: files live in `{directory}/{bucket}/{key}`. */
  directory: string;
  /** Signs the links to private files. */
  secret: string;
  /** Milliseconds since the epoch; injectable so tests can move past an expiry. */
  now?: () => number;
}

interface Metadata {
  contentType: string;
  size: number;
}

/**
 * Files on the local disk. The content type lives in a sidecar under `{directory}/.meta`, written
 * after the file: an object exists once its sidecar does, so readers never see half a write.
 */
export class LocalStorage implements LocalStorageDriver {
  readonly kind = "local";
  readonly #directory: string;
  readonly #links: ExpiringLinks;

  constructor({ directory, secret, now = Date.now }: LocalStorageOptions) {
    if (secret.length < 16) {
      throw new Error("The storage signing secret must have 16 characters or more");
    }
    this.#directory = path.resolve(directory);
    // A key of its own, so a signed link can never pass for a token made elsewhere with the secret.
    this.#links = expiringLinks(
      createHmac("sha256", secret).update("storage-signed-urls").digest(),
      now,
    );
  }

  async put(
    bucket: UploadBucket,
    key: string,
    body: StorageBody,
    options: { contentType: string; size?: number },
  ): Promise<{ size: number }> {
    assertValidLocation(bucket, key);
    assertValidContentType(options.contentType);
    const size = await writeAtomically(this.#filePath(bucket, key), body, options.size);
    const metadata: Metadata = { contentType: options.contentType, size };
    await writeAtomically(this.#metaPath(bucket, key), Buffer.from(JSON.stringify(metadata)));
    return { size };
  }

  async get(
    bucket: UploadBucket,
    key: string,
    options: { range?: ByteRange } = {},
  ): Promise<StoredObject | null> {
    assertValidLocation(bucket, key);
    const metadata = await readMetadata(this.#metaPath(bucket, key));
    if (!metadata) return null;
    let handle: FileHandle;
    try {
      handle = await open(this.#filePath(bucket, key), "r");
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    // Size from the open handle: the file cannot change between measuring and reading.
    const stats = await handle.stat().catch(async (error) => {
      await handle.close();
      throw error;
    });
    if (!stats.isFile()) {
      await handle.close();
      return null;
    }
    return {
      stream: handle.createReadStream(options.range ?? {}),
      size: stats.size,
      contentType: metadata.contentType,
    };
  }

  /**
   * Walks the sidecars, not the files: an object exists once its sidecar does (see put), so a file
   * still being written is never listed. Temp files start with a dot, which no key segment does.
   */
  async *list(bucket: UploadBucket, folder?: string): AsyncIterable<ListedObject> {
    if (!isUploadBucket(bucket)) throw new Error(`Unknown storage bucket: ${String(bucket)}`);
    if (folder !== undefined) assertValidKey(folder);
    const root = path.join(this.#directory, ".meta", bucket);
    const walk = async function* (relative: string[]): AsyncGenerator<ListedObject> {
      let entries: import("node:fs").Dirent[];
      try {
        entries = await readdir(path.join(root, ...relative), { withFileTypes: true });
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      for (const entry of entries) {
        if (entry.isDirectory()) {
          yield* walk([...relative, entry.name]);
        } else if (entry.isFile() && entry.name.endsWith(".json")) {
          const key = [...relative, entry.name.slice(0, -".json".length)].join("/");
          if (!isValidKey(key)) continue;
          // Deleted between the listing and this read: not an object any more.
          const metadata = await readMetadata(path.join(root, ...relative, entry.name));
          if (metadata) yield { key, size: metadata.size };
        }
      }
    };
    yield* walk(folder === undefined ? [] : folder.split("/"));
  }

  async head(bucket: UploadBucket, key: string) {
    assertValidLocation(bucket, key);
    const metadata = await readMetadata(this.#metaPath(bucket, key));
    return metadata ? { size: metadata.size, contentType: metadata.contentType } : null;
  }

  async delete(bucket: UploadBucket, key: string): Promise<void> {
    assertValidLocation(bucket, key);
    // The sidecar first: once it is gone the object reads as missing.
    await rm(this.#metaPath(bucket, key), { force: true });
    await rm(this.#filePath(bucket, key), { force: true });
  }

  publicUrl(bucket: UploadBucket, key: string): string {
    assertValidLocation(bucket, key);
    if (!isPublicBucket(bucket)) throw new PrivateBucketError(bucket);
    return `/files/${bucket}/${key}`;
  }

  async signedUrl(
    bucket: UploadBucket,
    key: string,
    { expiresInSeconds, contentDisposition }: SignedUrlOptions,
  ): Promise<string> {
    assertValidLocation(bucket, key);
    assertValidExpiry(expiresInSeconds);
    const signed = this.#links.sign(linkSubject(bucket, key, contentDisposition), expiresInSeconds);
    const disposition = contentDisposition
      ? `${new URLSearchParams({ disposition: contentDisposition })}&`
      : "";
    return `/files/${bucket}/${key}?${disposition}${signed}`;
  }

  verifySignature(bucket: UploadBucket, key: string, query: URLSearchParams): boolean {
    const subject = linkSubject(bucket, key, query.get("disposition"));
    return isValidKey(key) && this.#links.verify(subject, query);
  }

  #filePath(bucket: UploadBucket, key: string): string {
    return path.join(this.#directory, bucket, ...key.split("/"));
  }

  // Bucket names never start with a dot, so ".meta" cannot clash with a bucket.
  #metaPath(bucket: UploadBucket, key: string): string {
    return path.join(this.#directory, ".meta", bucket, ...`${key}.json`.split("/"));
  }
}

/** What a link signs: the file, and how it is served when the link says so. */
function linkSubject(bucket: UploadBucket, key: string, disposition?: string | null): string {
  return disposition ? `${bucket}/${key}\n${disposition}` : `${bucket}/${key}`;
}

/**
 * Streams the body into a temp file next to the target, flushes it, then renames it over the
 * target, so a crash never leaves a partial file under a real key. Returns the size written.
 */
async function writeAtomically(
  target: string,
  body: StorageBody,
  expectedSize?: number,
): Promise<number> {
  await mkdir(path.dirname(target), { recursive: true });
  // Keys never start a segment with a dot, so a temp name cannot be a stored key.
  const temp = path.join(
    path.dirname(target),
    `.${path.basename(target)}.${randomBytes(6).toString("hex")}.tmp`,
  );
  try {
    if (body instanceof Uint8Array) {
      await writeFile(temp, body, { flag: "wx", mode: 0o600, flush: true });
    } else {
      await pipeline(body, createWriteStream(temp, { flags: "wx", mode: 0o600, flush: true }));
    }
    const { size } = await stat(temp);
    assertSizeMatches(expectedSize, size);
    await rename(temp, target);
    return size;
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

async function readMetadata(file: string): Promise<Metadata | null> {
  try {
    return JSON.parse(await readFile(file, "utf8")) as Metadata;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === "ENOENT" || code === "ENOTDIR";
}
