/**
 * A worker process for the kill -9 test of a transcode: opens the PostgreSQL database of
 * TRANSCODE_DATABASE_URL and starts a job engine that works the transcode job over the local
 * storage of TRANSCODE_DATA_DIR. The test kills it with SIGKILL mid-encode; nothing here cleans up.
 * Run: node --import tsx tests/support/transcode-worker.ts
 */
import { openDatabase } from "@server/db/client";
import { createJobEngine } from "@server/jobs/engine";
import { createLogger } from "@server/logger";
import { quickRecoveryTranscodeJob, transcodeServices } from "./transcode-crash";

const url = process.env.TRANSCODE_DATABASE_URL;
const dataDir = process.env.TRANSCODE_DATA_DIR;
if (!url || !dataDir) throw new Error("TRANSCODE_DATABASE_URL and TRANSCODE_DATA_DIR are needed");
const database = await openDatabase({ driver: "postgres", url, poolSize: 2 });
const services = transcodeServices(dataDir, database);
const engine = createJobEngine({
  database,
  logger: createLogger("warn"),
  types: [quickRecoveryTranscodeJob],
  services: () => services,
  work: true,
});
await engine.start();
