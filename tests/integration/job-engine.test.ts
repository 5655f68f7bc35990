import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { restoreBackupArchive } from "@server/backup/archive";
import { runBackup } from "@server/backup/run";
import { loadConfig } from "@server/config";
import { keepDraft } from "@server/content/workflow/drafts";
import { openDatabase } from "@server/db/client";
import { blogPosts, uploads } from "@server/db/schema";
import {
  createJobEngine,
  defineJob,
  type JobEngine,
  type JobType,
  jobIdFor,
} from "@server/jobs/engine";
import { createLogger } from "@server/logger";
import { deliverMailJob, enqueueNotification } from "@server/mail";
import { createRuntime } from "@server/runtime";
import { createStorage } from "@server/storage";
import { orphanSweepJob } from "@server/uploads/sweep-job";
import { count } from "drizzle-orm";
import { TestClock } from "pg-boss";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testDrivers } from "../support/database";
import { waitFor } from "../support/wait";

/**
 * The job engine (issue #49, decision 0490) on both databases: pg-boss's locking, not ours, is
 * what makes a job run once; these tests hold it to that through the engine's own API.
 */

const logger = createLogger("silent");

interface Runs {
  byId: Map<string, number>;
  failFirst: Set<string>;
}

const runs: Runs = { byId: new Map(), failFirst: new Set() };

const countJob = defineJob<{ key: string }, Runs>({
  name: "test-count",
  queue: { retryLimit: 2, retryDelay: 1, retryBackoff: true, expireInSeconds: 30 },
  concurrency: 2,
  pollSeconds: 0.5,
  async run(data, services) {
    const seen = services.byId.get(data.key) ?? 0;
    services.byId.set(data.key, seen + 1);
    if (services.failFirst.delete(data.key)) throw new Error(`first try of ${data.key} fails`);
  },
});

// biome-ignore lint/suspicious/noExplicitAny: a list of job types of different data.
function engineOn(database: TestDatabase, work: boolean, types: JobType<any, Runs>[] = [countJob]) {
  return createJobEngine({ database, logger, types, services: () => runs, work });
}

describe.each(testDrivers)("the job engine on %s", (driver) => {
  let database: TestDatabase | undefined;
  const engines: JobEngine[] = [];

  afterEach(async () => {
    for (const engine of engines.splice(0)) await engine.stop();
    await database?.destroy();
    database = undefined;
    runs.byId.clear();
    runs.failFirst.clear();
  });

  async function started(work: boolean): Promise<JobEngine> {
    database ??= await createTestDatabase(driver);
    const engine = engineOn(database, work);
    engines.push(engine);
    await engine.start();
    return engine;
  }

  it("runs each committed job once while two workers race for them", async () => {
    const first = await started(true);
    await started(true);
    const keys = Array.from({ length: 24 }, (_, i) => `job-${i}`);
    for (const key of keys) await first.send(countJob, { key });
    await waitFor(async () => runs.byId.size === keys.length, "every job to run", 60_000);
    // Both workers poll every half second; give a double run the time to show itself.
    const completed = await waitFor(async () => {
      const done = await first.boss.findJobs(countJob.name, { limit: 100 });
      return done.every((job) => job.state === "completed") ? done : null;
    }, "every job completed");
    expect(completed).toHaveLength(keys.length);
    expect([...runs.byId.values()].every((count) => count === 1)).toBe(true);
  });

  it("never runs a job whose enqueueing transaction rolled back", async () => {
    const engine = await started(true);
    const db = database?.db;
    if (!db) throw new Error("no database");
    await expect(
      db.transaction(async (tx) => {
        await engine.send(countJob, { key: "rolled-back" }, { tx });
        throw new Error("the submission fails after the job was queued");
      }),
    ).rejects.toThrow("the submission fails");
    await db.transaction(async (tx) => {
      await engine.send(countJob, { key: "committed" }, { tx });
    });
    await waitFor(async () => runs.byId.get("committed") === 1, "the committed job to run");
    const stored = await engine.boss.findJobs<{ key: string }>(countJob.name);
    expect(stored.map((job) => job.data.key)).toEqual(["committed"]);
    expect(runs.byId.has("rolled-back")).toBe(false);
  });

  it("retries a failed job and completes it", async () => {
    runs.failFirst.add("flaky");
    const engine = await started(true);
    const id = await engine.send(countJob, { key: "flaky" });
    if (!id) throw new Error("the job was not queued");
    const job = await waitFor(async () => {
      const found = await engine.boss.getJobById(countJob.name, id);
      return found?.state === "completed" ? found : null;
    }, "the retried job to complete");
    expect(job.retryCount).toBe(1);
    expect(runs.byId.get("flaky")).toBe(2);
  });

  it("enqueues without running when the instance does not work", async () => {
    const engine = await started(false);
    const id = await engine.send(countJob, { key: "waiting" });
    if (!id) throw new Error("the job was not queued");
    const job = await engine.boss.getJobById(countJob.name, id);
    expect(job?.state).toBe("created");
    // A working instance started later picks it up: a waiting job outlives the one that queued it.
    await started(true);
    await waitFor(async () => runs.byId.get("waiting") === 1, "the waiting job to run");
  });
});

describe("the runtime's job engine", () => {
  it("starts with the runtime, keeps the sweep's schedule, runs its job and stops with it", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "job-engine-"));
    const config = loadConfig({
      DATA_DIR: dataDir,
      STORAGE_DRIVER: "local",
      SEED_DEMO: "false",
      BACKUP_INTERVAL_HOURS: "0",
    });
    const runtime = await createRuntime(config, { logger });
    try {
      const schedules = await runtime.jobs.boss.getSchedules(orphanSweepJob.name);
      expect(schedules.map((schedule) => schedule.cron)).toEqual(["*/10 * * * *"]);
      const db = runtime.database.db;
      await db.insert(uploads).values({
        bucket: "contact-uploads",
        key: "inquiries/unclaimed.txt",
        originalName: "old.txt",
        contentType: "text/plain; charset=utf-8",
        size: 1,
        createdAt: new Date(Date.now() - 2 * 86_400_000),
      });
      const id = await runtime.jobs.send(orphanSweepJob, {});
      if (!id) throw new Error("the sweep was not queued");
      await waitFor(async () => {
        const job = await runtime.jobs.boss.getJobById(orphanSweepJob.name, id);
        return job?.state === "completed";
      }, "the sweep job to complete");
      const [left] = await db.select({ n: count() }).from(uploads);
      expect(left?.n).toBe(0);
    } finally {
      await runtime.close();
      await rm(dataDir, { recursive: true, force: true });
    }
    // Closed: the engine no longer takes work.
    await expect(runtime.jobs.send(orphanSweepJob, {})).rejects.toThrow();
  });
});

/**
 * pg-boss's TestClock, attached to a PostgreSQL pool, runs its own statement on a connection the
 * pool is handing out, and node-postgres warns about the overlap. It is the test clock's, not
 * ours (the server never runs one): the warnings that arrive during this test are taken back
 * from tests/support/no-overlapping-queries.ts, and only those.
 */
async function withoutTestClockWarnings(work: () => Promise<void>): Promise<void> {
  const seen = (globalThis as { [key: symbol]: string[] | undefined })[
    Symbol.for("studio.tests.overlappingQueries")
  ];
  const before = seen?.length ?? 0;
  try {
    await work();
  } finally {
    await new Promise((resolve) => setImmediate(resolve));
    seen?.splice(before);
  }
}

describe.each(testDrivers)("schedules on %s", (driver) => {
  it("fire once per period across two instances, under a clock the test moves", async () => {
    const database = await createTestDatabase(driver);
    const clock = new TestClock("2026-03-02T15:59:30Z");
    const fired: string[] = [];
    const everyFive = defineJob<object, Runs>({
      name: "test-every-five-minutes",
      queue: { policy: "singleton", retryLimit: 0 },
      pollSeconds: 1,
      schedule: { cron: "*/5 * * * *", timeZone: "America/Los_Angeles" },
      async run(_data, _services, job) {
        fired.push(job.id);
      },
    });
    const engines = [0, 1].map(() =>
      createJobEngine({
        database,
        logger,
        types: [everyFive],
        services: () => runs,
        work: true,
        clock,
      }),
    );
    await withoutTestClockWarnings(async () => {
      try {
        for (const engine of engines) await engine.start();
        // From 15:59:30 to 16:14:30 in steps of ten seconds (the instances' cron checks and polls
        // run at each): the periods of 16:00, 16:05 and 16:10.
        for (let step = 0; step < 90; step++) await clock.tick(10_000);
        await waitFor(async () => fired.length >= 3, "the three periods' runs");
        // Twenty seconds more of polls: a second run of any period would show now.
        for (let step = 0; step < 2; step++) await clock.tick(10_000);
        expect(fired).toHaveLength(3);
        expect(new Set(fired).size).toBe(3);
      } finally {
        for (const engine of engines) await engine.stop();
        await database.destroy();
      }
    });
  }, 120_000);
});

describe.runIf(process.env.TEST_DATABASE_URL)("the job engine across a restore", () => {
  it("keeps each schedule once, sends no done mail again, and rebuilds a scheduled draft's job", async () => {
    const database = await createTestDatabase("postgres", { template: "demo" });
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "job-restore-"));
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      STORAGE_DRIVER: "local",
      SEED_DEMO: "false",
      BACKUP_INTERVAL_HOURS: "24",
    });
    const mailFiles = async () =>
      (await readdir(path.join(dataDir, "mail")).catch(() => [])).length;
    const publishAt = new Date(Date.now() + 7 * 86_400_000);
    let archivePath = "";
    let draftId = "";
    const first = await createRuntime(config, { logger });
    try {
      const db = first.database.db;
      await enqueueNotification(db, first.jobs, {
        kind: "test",
        recipient: "a@studio.test",
        subject: "Sent before the backup",
        text: "Hello",
      });
      await waitFor(async () => (await mailFiles()) === 1, "the mail to be sent");
      const [post] = await db.select({ id: blogPosts.id }).from(blogPosts).limit(1);
      draftId = post?.id ?? "";
      const actor = { id: null, email: "editor@studio.test", ip: null };
      await keepDraft(db, { entity: "blog_post", id: draftId }, {}, actor, new Date(), publishAt);
      archivePath = (await runBackup(first.backups.services, { trigger: "cli" })).location;
    } finally {
      await first.close();
    }
    // The restore replaces the app's tables; pg-boss's schema stays as the instance left it.
    const target = await openDatabase({ driver: "postgres", url: database.url ?? "" });
    try {
      await restoreBackupArchive(
        archivePath,
        { database: target, storage: createStorage(config, { secret: "s".repeat(32) }) },
        { archiveKey: first.keys.backupArchives, replace: true },
      );
    } finally {
      await target.close();
    }
    const second = await createRuntime(config, { logger });
    try {
      const schedules = await second.jobs.boss.getSchedules();
      const names = schedules.map((schedule) => schedule.name).sort();
      expect(names).toEqual([...new Set(names)]);
      expect(names).toContain("follow-up-digests");
      // The draft kept in the archive has its job again, due at its time.
      const publishing = await second.jobs.boss.findJobs("publish-scheduled", {
        id: jobIdFor("publish-scheduled", "blog_post", draftId, publishAt.toISOString()),
      });
      expect(publishing.map((job) => job.startAfter)).toEqual([publishAt]);
      // Nothing waits to deliver, and the mail sent before the backup is not sent again.
      const waiting = await second.jobs.boss.findJobs(deliverMailJob.name, { queued: true });
      expect(waiting).toEqual([]);
      expect(await mailFiles()).toBe(1);
    } finally {
      await second.close();
      await database.destroy();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
