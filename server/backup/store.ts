import { createReadStream } from "node:fs";
import { mkdir, mkdtemp, readdir, rename, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  type S3Client,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type { Config } from "@server/config";
import { expiringLinks } from "@server/security/expiring-links";
import { createS3Client, ensureBucket, listBucket } from "@server/storage";

/**
 * Where backup archives are kept (issue #21, decision 0245): the directory BACKUP_DIR, or the S3
 * bucket BACKUP_S3_BUCKET (same S3_* settings as file storage, same client setup). Archives are
 * addressed by file name only (`backup-YYYYMMDDTHHMMSSZ-abcdef.tar.gz`), which sorts by time.
 */

/** The only names the store reads, serves or deletes: nothing else in BACKUP_DIR is touched. */
export const ARCHIVE_NAME = /^backup-\d{8}T\d{6}Z-[0-9a-f]{6}\.tar\.gz$/;
/** Local download links go through this resource route (app/routes/admin/backup-file.ts). */
export const BACKUP_FILE_PATH = "/admin/backup-files";

export interface StoredArchive {
  name: string;
  size: number;
  /** When the store received it: orders archives named in the same second. */
  modified: Date;
}

/** Newest first: by the time in the name, then by when the store received it. */
function newestFirst(a: StoredArchive, b: StoredArchive): number {
  const byName = b.name.slice(7, 23).localeCompare(a.name.slice(7, 23));
  return byName || b.modified.getTime() - a.modified.getTime() || b.name.localeCompare(a.name);
}

interface BackupStoreBase {
  /** Where writeBackupArchive writes; `put` then moves the file into the store. */
  workDirectory(): Promise<{ directory: string; cleanup(): Promise<void> }>;
  /** Moves a written archive into the store; returns where it is (a path or s3://bucket/name). */
  put(localPath: string): Promise<{ name: string; location: string; size: number }>;
  /** Every archive, newest first. */
  list(): Promise<StoredArchive[]>;
  delete(name: string): Promise<void>;
  /** Whether this store holds the archive. */
  has(name: string): Promise<boolean>;
  /** The archive's bytes, or null when this store does not hold it. */
  open(name: string): Promise<{ stream: Readable; size: number } | null>;
  /** A link that downloads the archive until it expires (relative for the directory store). */
  downloadUrl(name: string, expiresInSeconds: number): Promise<string>;
  location(name: string): string;
}

/** The directory store also checks the links it signs (the S3 store's are checked by S3). */
export type BackupStore = DirectoryBackupStore | S3BackupStore;
export interface DirectoryBackupStore extends BackupStoreBase {
  readonly kind: "directory";
  verifyLink(name: string, query: URLSearchParams): boolean;
}
export interface S3BackupStore extends BackupStoreBase {
  readonly kind: "s3";
}

export class BackupStoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupStoreError";
  }
}

function assertName(name: string): void {
  if (!ARCHIVE_NAME.test(name)) throw new BackupStoreError(`Not a backup archive name: ${name}`);
}

// Signed links of the directory store: like local storage's /files links (expiringLinks), with a
// key of their own (a leaked file link signs no backup download).

export interface LinkSigner {
  sign(name: string, expiresInSeconds: number): string;
  verify(name: string, query: URLSearchParams): boolean;
}

export function createLinkSigner(key: string, now: () => number = Date.now): LinkSigner {
  const links = expiringLinks(key, now);
  return {
    sign(name, expiresInSeconds) {
      assertName(name);
      return `${BACKUP_FILE_PATH}/${name}?${links.sign(`backup:${name}`, expiresInSeconds)}`;
    },
    verify: (name, query) => ARCHIVE_NAME.test(name) && links.verify(`backup:${name}`, query),
  };
}

// ---------------------------------------------------------------------------------------------

class DirectoryStore implements DirectoryBackupStore {
  readonly kind = "directory";
  constructor(
    readonly directory: string,
    readonly signer: LinkSigner,
  ) {}

  async workDirectory() {
    // The archive is written in place: its writer renames a temp file, so no copy is needed.
    await mkdir(this.directory, { recursive: true, mode: 0o700 });
    return { directory: this.directory, cleanup: async () => {} };
  }

  async put(localPath: string) {
    const name = path.basename(localPath);
    assertName(name);
    const target = path.join(this.directory, name);
    if (path.resolve(localPath) !== target) await rename(localPath, target);
    return { name, location: target, size: (await stat(target)).size };
  }

  async list() {
    let names: string[];
    try {
      names = await readdir(this.directory);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
    const archives: StoredArchive[] = [];
    for (const name of names.filter((n) => ARCHIVE_NAME.test(n))) {
      const info = await stat(path.join(this.directory, name)).catch(() => null);
      if (info?.isFile()) archives.push({ name, size: info.size, modified: info.mtime });
    }
    return archives.sort(newestFirst);
  }

  async delete(name: string) {
    assertName(name);
    await rm(path.join(this.directory, name), { force: true });
  }

  async has(name: string) {
    if (!ARCHIVE_NAME.test(name)) return false;
    const info = await stat(path.join(this.directory, name)).catch(() => null);
    return info?.isFile() === true;
  }

  async open(name: string) {
    if (!ARCHIVE_NAME.test(name)) return null;
    const file = path.join(this.directory, name);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    return { stream: createReadStream(file), size: info.size };
  }

  async downloadUrl(name: string, expiresInSeconds: number) {
    return this.signer.sign(name, expiresInSeconds);
  }

  verifyLink(name: string, query: URLSearchParams) {
    return this.signer.verify(name, query);
  }

  location(name: string) {
    return path.join(this.directory, name);
  }
}

/** S3's answers for an object (or bucket) that is not there. */
const isMissing = (error: unknown) =>
  ["NoSuchKey", "NotFound", "NoSuchBucket"].includes((error as Error).name);

class S3Store implements S3BackupStore {
  readonly kind = "s3";
  #bucketReady: Promise<void> | undefined;
  constructor(
    readonly client: S3Client,
    readonly bucket: string,
  ) {}

  /** Creates the bucket on first use; a failure is tried again at the next use. */
  #ensureBucket(): Promise<void> {
    this.#bucketReady ??= ensureBucket(this.client, this.bucket).catch((error) => {
      this.#bucketReady = undefined;
      throw error;
    });
    return this.#bucketReady;
  }

  async workDirectory() {
    const directory = await mkdtemp(path.join(os.tmpdir(), "studio-backup-"));
    return { directory, cleanup: () => rm(directory, { recursive: true, force: true }) };
  }

  async put(localPath: string) {
    const name = path.basename(localPath);
    assertName(name);
    await this.#ensureBucket();
    const { size } = await stat(localPath);
    // A file stream with its length: the archive is never held in memory.
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: name,
        Body: createReadStream(localPath),
        ContentLength: size,
        ContentType: "application/gzip",
        ContentDisposition: `attachment; filename="${name}"`,
      }),
    );
    await rm(localPath, { force: true });
    return { name, location: this.location(name), size };
  }

  async list() {
    await this.#ensureBucket();
    const archives: StoredArchive[] = [];
    for await (const { key, size, modified } of listBucket(this.client, this.bucket, "backup-")) {
      if (ARCHIVE_NAME.test(key)) archives.push({ name: key, size, modified });
    }
    return archives.sort(newestFirst);
  }

  async delete(name: string) {
    assertName(name);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: name }));
  }

  async has(name: string) {
    if (!ARCHIVE_NAME.test(name)) return false;
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: name }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async open(name: string) {
    if (!ARCHIVE_NAME.test(name)) return null;
    try {
      const response = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: name }),
      );
      return { stream: response.Body as Readable, size: response.ContentLength ?? 0 };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async downloadUrl(name: string, expiresInSeconds: number) {
    assertName(name);
    return getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.bucket, Key: name }), {
      expiresIn: expiresInSeconds,
    });
  }

  location(name: string) {
    return `s3://${this.bucket}/${name}`;
  }
}

/** The configured store: BACKUP_S3_BUCKET when set, else the directory BACKUP_DIR. */
export function createBackupStore(
  config: Pick<
    Config,
    | "BACKUP_DIR"
    | "BACKUP_S3_BUCKET"
    | "S3_ENDPOINT"
    | "S3_REGION"
    | "S3_ACCESS_KEY_ID"
    | "S3_SECRET_ACCESS_KEY"
    | "S3_FORCE_PATH_STYLE"
  >,
  options: { linkKey: string; now?: () => number },
): BackupStore {
  if (config.BACKUP_S3_BUCKET) {
    if (!(config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY)) {
      throw new Error("BACKUP_S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY");
    }
    const client = createS3Client({
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
    return new S3Store(client, config.BACKUP_S3_BUCKET);
  }
  return new DirectoryStore(config.BACKUP_DIR, createLinkSigner(options.linkKey, options.now));
}

/** Rotation: keeps the newest `keep` archives of the store, deletes the rest; names both. */
export async function rotateArchives(
  store: BackupStore,
  keep: number,
): Promise<{ kept: string[]; expired: string[] }> {
  const names = (await store.list()).map((archive) => archive.name);
  const expired = names.slice(keep);
  for (const name of expired) await store.delete(name);
  return { kept: names.slice(0, keep), expired };
}
