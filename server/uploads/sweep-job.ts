import type { Config } from "@server/config";
import type { DatabaseHandle } from "@server/db/client";
import { defineJob } from "@server/jobs/engine";
import type { Logger } from "@server/logger";
import type { StorageDriver } from "@server/storage";
import { diskState } from "@server/storage/disk-space";
import { deleteOrphanUploads } from "./store";

const DAY_MS = 24 * 60 * 60_000;
const HOUR_MS = 60 * 60_000;

interface SweepServices {
  config: Config;
  database: Pick<DatabaseHandle, "db">;
  storage: StorageDriver;
  logger: Logger;
}

/**
 * Uploads that no submission claimed are deleted after a day, or after an hour when the disk is
 * low (decision 0141). A job every ten minutes, one across all instances (a pg-boss schedule
 * makes one job a period); deleting what is already gone is a no-op, so a rerun is harmless.
 */
export const orphanSweepJob = defineJob<object, SweepServices>({
  name: "sweep-unclaimed-uploads",
  queue: { policy: "singleton", retryLimit: 0, expireInSeconds: 10 * 60 },
  schedule: { cron: "*/10 * * * *", timeZone: "UTC" },
  async run(_data, { config, database, storage, logger }) {
    const disk = await diskState(config);
    const maxAgeMs = disk === "ok" ? DAY_MS : HOUR_MS;
    const deleted = await deleteOrphanUploads({ db: database.db, storage }, { maxAgeMs });
    if (deleted > 0) logger.info({ deleted, disk }, "deleted unclaimed uploads");
  },
});
