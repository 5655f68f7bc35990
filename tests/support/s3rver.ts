import { createRequire } from "node:module";

// s3rver (the S3-compatible peer of the storage and two-instance tests) ships no types; only
// the part the tests use is declared.
export interface S3rverServer {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}

export const S3rver = createRequire(import.meta.url)("s3rver") as new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
}) => S3rverServer;
