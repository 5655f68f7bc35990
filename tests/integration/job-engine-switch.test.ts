import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "@server/config";
import { createLogger } from "@server/logger";
import { createRuntime } from "@server/runtime";
import { orphanSweepJob } from "@server/uploads/sweep-job";
import { expect, it } from "vitest";

/**
 * JOBS_WORK=off (decision 0492): the runtime's engine enqueues but runs nothing here. Its
 * schedules are made only by a working instance, so their absence shows the switch reached the
 * engine without waiting for a poll that does not come. (JOBS_WORK on: job-engine.test.ts.)
 */
it("a runtime with JOBS_WORK=off enqueues jobs and keeps no schedule", async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "job-switch-"));
  const config = loadConfig({
    DATA_DIR: dataDir,
    STORAGE_DRIVER: "local",
    SEED_DEMO: "false",
    BACKUP_INTERVAL_HOURS: "0",
    JOBS_WORK: "off",
  });
  const runtime = await createRuntime(config, { logger: createLogger("silent") });
  try {
    expect(await runtime.jobs.boss.getSchedules(orphanSweepJob.name)).toEqual([]);
    const id = await runtime.jobs.send(orphanSweepJob, {});
    if (!id) throw new Error("the sweep was not queued");
    const job = await runtime.jobs.boss.getJobById(orphanSweepJob.name, id);
    expect(job?.state).toBe("created");
  } finally {
    await runtime.close();
    await rm(dataDir, { recursive: true, force: true });
  }
});
