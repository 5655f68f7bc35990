/**
 * A worker process for the kill -9 test: opens the database of CRASH_DATABASE_URL (PostgreSQL)
 * or CRASH_PGLITE_DIR (the embedded database, on disk), starts a job engine that works
 * `crashJob` and hangs in it. The test kills it with SIGKILL; nothing here cleans up.
 * Run: node --import tsx tests/support/crash-worker.ts
 */
import { type DatabaseHandle, openDatabase } from "@server/db/client";
import { createJobEngine } from "@server/jobs/engine";
import { createLogger } from "@server/logger";
import { crashJob } from "./crash-job";

const url = process.env.CRASH_DATABASE_URL;
const directory = process.env.CRASH_PGLITE_DIR;
const startedFile = process.env.CRASH_STARTED_FILE;
if (!startedFile || !(url || directory)) {
  throw new Error("CRASH_STARTED_FILE and CRASH_DATABASE_URL or CRASH_PGLITE_DIR are needed");
}
const database: DatabaseHandle = url
  ? await openDatabase({ driver: "postgres", url, poolSize: 2 })
  : await openDatabase({ driver: "pglite", directory });
const engine = createJobEngine({
  database,
  logger: createLogger("warn"),
  types: [crashJob],
  services: () => ({ database, startedFile, hang: true }),
  work: true,
});
await engine.start();
