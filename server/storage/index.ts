import path from "node:path";
import type { Config } from "@server/config";
import { LocalStorage } from "./local";
import { S3Storage } from "./s3";
import type { StorageDriver, UploadBucket } from "./types";

export { LocalStorage, type LocalStorageOptions } from "./local";
export {
  createS3Client,
  ensureBucket,
  listBucket,
  type S3Connection,
  S3Storage,
  type S3StorageOptions,
  STREAM_PART_BYTES,
} from "./s3";
export * from "./types";

export interface CreateStorageOptions {
  /** Signs local links to private files: a server secret of 16 characters or more. */
  secret: string;
  /** Milliseconds since the epoch; tests inject a clock to step past expiries. */
  now?: () => number;
}

/**
 * The storage driver chosen by STORAGE_DRIVER: local disk under `DATA_DIR/storage`, or S3.
 * With S3, call `ensureBuckets()` once at start.
 */
export function createStorage(config: Config, options: CreateStorageOptions): StorageDriver {
  if (config.STORAGE_DRIVER === "local") {
    return new LocalStorage({
      directory: path.join(config.DATA_DIR, "storage"),
      secret: options.secret,
      now: options.now,
    });
  }
  if (!(config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY)) {
    throw new Error("The S3 storage driver needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY");
  }
  return new S3Storage({
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    bucketPrefix: config.S3_BUCKET_PREFIX,
    publicUrl: config.S3_PUBLIC_URL,
    now: options.now,
  });
}

/**
 * The CSP source of the signed links of a bucket, for the back-office's `frame-src` (decision
 * 0312): `'self'` for the local driver (its links are /files on this site), else the origin of
 * the presigned S3 URLs: the endpoint (path style) or `{prefix}{bucket}.` before its host
 * (virtual-hosted style), AWS's regional host when no endpoint is set, as the SDK builds them.
 */
export function signedUrlSource(
  config: Pick<
    Config,
    "STORAGE_DRIVER" | "S3_ENDPOINT" | "S3_REGION" | "S3_FORCE_PATH_STYLE" | "S3_BUCKET_PREFIX"
  >,
  bucket: UploadBucket,
): string {
  if (config.STORAGE_DRIVER === "local") return "'self'";
  const endpoint = new URL(config.S3_ENDPOINT ?? `https://s3.${config.S3_REGION}.amazonaws.com`);
  const host = config.S3_FORCE_PATH_STYLE
    ? endpoint.host
    : `${config.S3_BUCKET_PREFIX}${bucket}.${endpoint.host}`;
  return `${endpoint.protocol}//${host}`;
}
