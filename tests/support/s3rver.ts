import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";

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
  /** Stops the server and removes its objects. */
  close(): Promise<void>;
}

/** An s3rver on a free loopback port, keeping its objects in a temp folder of its own. */
export async function startS3Peer(label: string): Promise<S3Peer> {
  const directory = await mkdtemp(path.join(os.tmpdir(), `${label}-s3rver-`));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
