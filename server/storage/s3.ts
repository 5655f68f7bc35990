import { Readable } from "node:stream";
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { UPLOAD_BUCKETS } from "~/lib/values";
import {
  assertSizeMatches,
  assertValidContentType,
  assertValidExpiry,
  assertValidKey,
  assertValidLocation,
  type ByteRange,
  contentDispositionFor,
  isPublicBucket,
  isUploadBucket,
  isValidKey,
  type ListedObject,
  PrivateBucketError,
  type S3StorageDriver,
  type SignedUrlOptions,
  type StorageBody,
  type StoredObject,
  type UploadBucket,
} from "./types";

export interface S3StorageOptions {
  /** An S3-compatible server; AWS itself when unset. */
  endpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** Prepended to every bucket name, e.g. "studio-" for "studio-job-applications". */
  bucketPrefix: string;
  /** Where public files are read (a CDN or the public endpoint); the endpoint when unset. */
  publicUrl?: string;
  /** Milliseconds since the epoch, used as the signing date of presigned URLs. */
  now?: () => number;
}

/**
 * A stream is uploaded in parts of this size (@aws-sdk/lib-storage's multipart upload): a video
 * master of many GB never sits in memory, only a few parts at a time.
 */
export const STREAM_PART_BYTES = 8 * 1024 * 1024;

/** What reaches an S3 server: its address and credentials, without a bucket prefix. */
export type S3Connection = Pick<
  S3StorageOptions,
  "endpoint" | "region" | "accessKeyId" | "secretAccessKey" | "forcePathStyle"
>;

/** The S3 client of the app's S3 settings (also the backup store's, server/backup/store.ts). */
export function createS3Client(options: S3Connection): S3Client {
  return new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: {
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
    },
    // Checksums only where S3 requires them: the SDK's default CRC32 headers and aws-chunked
    // bodies are refused or stored verbatim by many S3-compatible servers (s3rver included).
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

/** Creates the bucket unless it exists (another instance may create it first: that is fine). */
export async function ensureBucket(client: S3Client, name: string): Promise<void> {
  try {
    await client.send(new HeadBucketCommand({ Bucket: name }));
  } catch (error) {
    if (!["NotFound", "NoSuchBucket"].includes(errorName(error))) throw error;
    try {
      await client.send(new CreateBucketCommand({ Bucket: name }));
    } catch (createError) {
      if (errorName(createError) !== "BucketAlreadyOwnedByYou") throw createError;
    }
  }
}

/**
 * Every object of a bucket (under `prefix`), 1000 keys a page; S3 lists only completed uploads.
 * ListObjects (v1) with the last key as marker: every S3-compatible server pages it the same way,
 * while s3rver's V2 continuation tokens need DES, which Node 24's OpenSSL no longer offers.
 */
export async function* listBucket(
  client: S3Client,
  bucket: string,
  prefix?: string,
): AsyncGenerator<{ key: string; size: number; modified: Date }> {
  let marker: string | undefined;
  for (;;) {
    const page = await client.send(
      new ListObjectsCommand({ Bucket: bucket, Prefix: prefix, Marker: marker }),
    );
    const contents = page.Contents ?? [];
    for (const object of contents) {
      if (object.Key) {
        yield {
          key: object.Key,
          size: object.Size ?? 0,
          modified: object.LastModified ?? new Date(0),
        };
      }
    }
    marker = contents.at(-1)?.Key;
    if (!page.IsTruncated || !marker) return;
  }
}

export class S3Storage implements S3StorageDriver {
  readonly kind = "s3";
  readonly #client: S3Client;
  readonly #bucketPrefix: string;
  readonly #publicBase: string;
  readonly #now: () => number;

  constructor(options: S3StorageOptions) {
    this.#client = createS3Client(options);
    this.#bucketPrefix = options.bucketPrefix;
    this.#publicBase = (
      options.publicUrl ??
      options.endpoint ??
      `https://s3.${options.region}.amazonaws.com`
    ).replace(/\/+$/, "");
    this.#now = options.now ?? Date.now;
  }

  async put(
    bucket: UploadBucket,
    key: string,
    body: StorageBody,
    options: { contentType: string; size?: number },
  ): Promise<{ size: number }> {
    assertValidLocation(bucket, key);
    assertValidContentType(options.contentType);
    const params = {
      Bucket: this.bucketName(bucket),
      Key: key,
      ContentType: options.contentType,
      // S3 serves objects with the headers stored here (it cannot send nosniff itself).
      ContentDisposition: contentDispositionFor(bucket, key, options.contentType),
    };
    if (body instanceof Uint8Array) {
      assertSizeMatches(options.size, body.byteLength);
      await this.#client.send(
        new PutObjectCommand({ ...params, Body: body, ContentLength: body.byteLength }),
      );
      return { size: body.byteLength };
    }
    // Counted on the way through: a stream whose length differs from the declared one is
    // removed again rather than kept.
    let size = 0;
    const counted = Readable.from(
      (async function* () {
        for await (const chunk of body as AsyncIterable<Uint8Array>) {
          size += chunk.byteLength;
          yield chunk;
        }
      })(),
    );
    await new Upload({
      client: this.#client,
      params: { ...params, Body: counted },
      partSize: STREAM_PART_BYTES,
      queueSize: 2,
    }).done();
    try {
      assertSizeMatches(options.size, size);
    } catch (error) {
      await this.delete(bucket, key);
      throw error;
    }
    return { size };
  }

  async get(
    bucket: UploadBucket,
    key: string,
    options: { range?: ByteRange } = {},
  ): Promise<StoredObject | null> {
    assertValidLocation(bucket, key);
    const { range } = options;
    try {
      const response = await this.#client.send(
        new GetObjectCommand({
          Bucket: this.bucketName(bucket),
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      if (!(response.Body instanceof Readable)) throw new Error("S3 returned no Node stream");
      // A range's answer says the whole size after the slash: `bytes 0-99/1234`.
      const whole = /\/(\d+)$/.exec(response.ContentRange ?? "")?.[1];
      return {
        stream: response.Body,
        size: whole ? Number(whole) : (response.ContentLength ?? 0),
        contentType: response.ContentType ?? "application/octet-stream",
      };
    } catch (error) {
      if (errorName(error) === "NoSuchKey") return null;
      throw error;
    }
  }

  async head(bucket: UploadBucket, key: string) {
    assertValidLocation(bucket, key);
    try {
      const response = await this.#client.send(
        new HeadObjectCommand({ Bucket: this.bucketName(bucket), Key: key }),
      );
      return {
        size: response.ContentLength ?? 0,
        contentType: response.ContentType ?? "application/octet-stream",
      };
    } catch (error) {
      // HEAD has no body, so S3's "missing" arrives as NotFound rather than NoSuchKey.
      if (errorName(error) === "NotFound" || errorName(error) === "NoSuchKey") return null;
      throw error;
    }
  }

  /** Every complete upload of the bucket (listBucket pages through it). */
  async *list(bucket: UploadBucket, folder?: string): AsyncIterable<ListedObject> {
    if (!isUploadBucket(bucket)) throw new Error(`Unknown storage bucket: ${String(bucket)}`);
    if (folder !== undefined) assertValidKey(folder);
    const prefix = folder === undefined ? undefined : `${folder}/`;
    for await (const object of listBucket(this.#client, this.bucketName(bucket), prefix)) {
      if (isValidKey(object.key)) yield { key: object.key, size: object.size };
    }
  }

  async delete(bucket: UploadBucket, key: string): Promise<void> {
    assertValidLocation(bucket, key);
    // S3 answers 204 whether or not the object existed.
    await this.#client.send(new DeleteObjectCommand({ Bucket: this.bucketName(bucket), Key: key }));
  }

  publicUrl(bucket: UploadBucket, key: string): string {
    assertValidLocation(bucket, key);
    if (!isPublicBucket(bucket)) throw new PrivateBucketError(bucket);
    return `${this.#publicBase}/${this.bucketName(bucket)}/${key}`;
  }

  async signedUrl(
    bucket: UploadBucket,
    key: string,
    { expiresInSeconds, contentDisposition }: SignedUrlOptions,
  ): Promise<string> {
    assertValidLocation(bucket, key);
    assertValidExpiry(expiresInSeconds);
    // response-content-disposition is part of the presigned query: S3 serves it as the header.
    return getSignedUrl(
      this.#client,
      new GetObjectCommand({
        Bucket: this.bucketName(bucket),
        Key: key,
        ResponseContentDisposition: contentDisposition,
      }),
      { expiresIn: expiresInSeconds, signingDate: new Date(this.#now()) },
    );
  }

  async ensureBuckets(): Promise<void> {
    for (const bucket of UPLOAD_BUCKETS) await ensureBucket(this.#client, this.bucketName(bucket));
  }

  bucketName(bucket: UploadBucket): string {
    return `${this.#bucketPrefix}${bucket}`;
  }
}

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : "";
}
