import { rmSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import type { S3Client } from "@aws-sdk/client-s3";
import { createS3Client, type S3Connection } from "@server/storage";

// s3rver (the S3-compatible peer of the storage, backup and two-instance tests) ships no types;
// only the part the tests use is declared.
interface S3rverServer {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
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
