import { rmSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import type { S3Client } from "@aws-sdk/client-s3";
import { createS3Client, type S3Connection } from "@server/storage";

// s3rver (the S3-compatible peer of the storage, backup, two-instance and media upload tests)
// ships no types; only the part the tests use is declared.
interface S3rverServer {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
  /** Koa's middleware list, composed when the server starts. */
  middleware: KoaMiddleware[];
  store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string };
}

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | undefined>;
  status: number;
  body: unknown;
}
type KoaMiddleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void> | void;

const S3Error = createRequire(import.meta.url)("s3rver/lib/models/error") as new (
  code: string,
  message?: string,
) => Error;

/**
 * Two calls of S3's multipart API that s3rver lacks and @tus/s3-store makes (the media uploads on
 * S3, decision 0498): ListParts (`GET /bucket/key?uploadId=`) and AbortMultipartUpload
 * (`DELETE /bucket/key?uploadId=`), answered from the part files s3rver's own UploadPart writes
 * (`{bucket}/._S3rver_uploads/{uploadId}/{n}` and `{n}.md5`), as S3 answers them: the parts in
 * order with their sizes and ETags, NoSuchUpload once the upload is completed or aborted.
 */
function withMultipartListing(server: S3rverServer): void {
  const handler: KoaMiddleware = async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    const [, bucket = "", ...key] = ctx.path.split("/");
    const listing = ctx.method === "GET" && !ctx.query.partNumber;
    if (!uploadId || !key.length || !(listing || ctx.method === "DELETE")) return next();
    const folder = path.join(server.store.getResourcePath(bucket, undefined, "uploads"), uploadId);
    const names = await readdir(folder).catch(() => null);
    if (!names) throw new S3Error("NoSuchUpload", "The specified upload does not exist.");
    if (ctx.method === "DELETE") {
      await rm(folder, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    const numbers = names
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .sort((a, b) => a - b);
    const Part = [];
    for (const number of numbers) {
      const file = path.join(folder, String(number));
      const [info, md5] = await Promise.all([stat(file), readFile(`${file}.md5`, "utf8")]);
      Part.push({
        PartNumber: number,
        LastModified: info.mtime.toISOString(),
        ETag: `"${md5}"`,
        Size: info.size,
      });
    }
    ctx.body = {
      ListPartsResult: {
        Bucket: bucket,
        Key: decodeURIComponent(key.join("/")),
        UploadId: uploadId,
        PartNumberMarker: 0,
        NextPartNumberMarker: numbers.at(-1) ?? 0,
        MaxParts: 10000,
        IsTruncated: false,
        Part,
      },
    };
  };
  // Before the router (which refuses both), after the XML encoder and the error handler.
  server.middleware.splice(server.middleware.length - 1, 0, handler);
}

const S3rver = createRequire(import.meta.url)("s3rver") as new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
}) => S3rverServer;

export interface S3Peer {
  /** http://127.0.0.1:<port>, for S3_ENDPOINT (credentials: S3RVER / S3RVER). */
  endpoint: string;
  /** The settings that reach this peer: S3_ENDPOINT and its credentials. */
  env: { S3_ENDPOINT: string; S3_ACCESS_KEY_ID: string; S3_SECRET_ACCESS_KEY: string };
  /** The options of an S3 client or S3Storage that reach this peer. */
  connection: S3Connection;
  /** A client of this peer, for a test that looks into its buckets. */
  client(): S3Client;
  /** Stops the server; its objects go when the test process exits. */
  close(): Promise<void>;
}

/** An s3rver on a free loopback port, keeping its objects in a temp folder of its own. */
export async function startS3Peer(label: string): Promise<S3Peer> {
  const directory = await mkdtemp(path.join(os.tmpdir(), `${label}-s3rver-`));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory });
  withMultipartListing(server);
  const { port } = await server.run();
  // Not removed at close: a request cut off by the stop (an instance killed mid-upload) may still
  // be writing its file, and s3rver does not handle that write failing.
  process.once("exit", () => rmSync(directory, { recursive: true, force: true }));
  const endpoint = `http://127.0.0.1:${port}`;
  const connection: S3Connection = {
    endpoint,
    region: "us-east-1",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    forcePathStyle: true,
  };
  return {
    endpoint,
    env: { S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: "S3RVER", S3_SECRET_ACCESS_KEY: "S3RVER" },
    connection,
    client: () => createS3Client(connection),
    async close() {
      await server.close();
    },
  };
}
