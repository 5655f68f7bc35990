import { loadConfig } from "@server/config";
import type { DatabaseHandle } from "@server/db/client";
import { createLogger } from "@server/logger";
import { createTranscodeReports } from "@server/media/metrics";
import { type TranscodeServices, transcodeMediaJob } from "@server/media/transcode-job";
import { createStorage } from "@server/storage";

/**
 * What the kill -9 test of a transcode (tests/integration/media-transcode-crash.test.ts) and the
 * worker process it kills (transcode-worker.ts) share: the product's transcode job with its
 * dead-worker timing shortened (pg-boss's shortest heartbeat, 10 s, and no wait before the
 * retry), and the services it runs on (local storage under the test's DATA_DIR).
 */

export const quickRecoveryTranscodeJob = {
  ...transcodeMediaJob,
  queue: { ...transcodeMediaJob.queue, heartbeatSeconds: 10, retryDelay: 0 },
  pollSeconds: 0.5,
};

export const CRASH_STORAGE_SECRET = "a-transcode-crash-test-secret-of-32-characters";

export function transcodeServices(dataDir: string, database: DatabaseHandle): TranscodeServices {
  const config = loadConfig({ DATA_DIR: dataDir, STORAGE_DRIVER: "local" });
  return {
    config,
    database,
    storage: createStorage(config, { secret: CRASH_STORAGE_SECRET }),
    logger: createLogger("warn"),
    media: { transcodes: createTranscodeReports() },
  };
}
