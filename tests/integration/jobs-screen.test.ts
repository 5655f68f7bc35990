import { auditEvents } from "@server/db/schema";
import {
  createJobEngine,
  defineJob,
  FINISHED_JOBS_KEPT_DAYS,
  type JobEngine,
} from "@server/jobs/engine";
import { changeJob, loadJobsScreen, queueCounts } from "@server/jobs/screen";
import { jobMetricsSource, registerJobMetrics } from "@server/observability/job-metrics";
import type { Runtime } from "@server/runtime";
import { and, eq } from "drizzle-orm";
import { Registry } from "prom-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as jobsRoute from "~/routes/admin/jobs";
import { TEST_ADMIN } from "../support/admin-data";
import {
  callRoute,
  createTestRuntime,
  postTo,
  type TestRuntime,
  toastOf,
} from "../support/admin-runtime";
import { testDrivers } from "../support/database";
import { settle, statusOf } from "../support/route-answers";
import { waitFor } from "../support/wait";

/**
 * The Jobs screen's reads and writes (issue #49 items 3, decision 0491) on a working engine, on
 * both databases: each queue's counts, failures with their error and attempts, Retry sending a
 * failed job back (and it runs), Cancel stopping a waiting job, each with its audit row; the
 * route's action and its policy (admins only).
 */

const ACTOR = { id: null, email: "admin@admin-tests.test", ip: "203.0.113.7" };

/** Keys whose next run throws; a run takes its key out, so a retry of it completes. */
const failNext = new Set<string>();
const ran: string[] = [];

const printJob = defineJob<{ key: string }, unknown>({
  name: "test-print",
  queue: { retryLimit: 0, expireInSeconds: 30 },
  pollSeconds: 0.5,
  async run(data) {
    ran.push(data.key);
    if (failNext.delete(data.key)) throw new Error(`the printer is on fire (${data.key})`);
  },
});
/** Runs until the test opens its gate: a job the test can catch while it is running. */
let openGate: () => void = () => {};
const holdJob = defineJob<object, unknown>({
  name: "test-hold",
  queue: { retryLimit: 0, expireInSeconds: 30 },
  pollSeconds: 0.5,
  async run() {
    await new Promise<void>((resolve) => {
      openGate = resolve;
    });
    ran.push("held");
  },
});
/** Keeps its own retention: a type's queue options win over the engine's defaults. */
const shortLivedJob = defineJob<object, unknown>({
  name: "test-short-lived",
  queue: { deleteAfterSeconds: 60 },
  schedule: { cron: "0 8 * * *", timeZone: "America/Los_Angeles" },
  async run() {},
});

describe.each(testDrivers)("the Jobs screen on %s", (driver) => {
  let t: TestRuntime;
  let engine: JobEngine;
  let runtime: Runtime;

  beforeAll(async () => {
    ran.length = 0;
    failNext.clear();
    t = await createTestRuntime(driver);
    engine = createJobEngine({
      database: t.database,
      logger: t.runtime.logger,
      types: [printJob, shortLivedJob, holdJob],
      services: () => ({}),
      work: true,
    });
    await engine.start();
    runtime = Object.assign(t.runtime, { jobs: engine });
  }, 60_000);
  afterAll(async () => {
    await engine?.stop();
    await t?.close();
  });

  const stateOf = async (id: string) => (await engine.boss.getJobById(printJob.name, id))?.state;
  const settled = (id: string, state: string) =>
    waitFor(async () => (await stateOf(id)) === state, `job ${id} to be ${state}`);
  async function sent(key: string, options: { startAfter?: Date } = {}): Promise<string> {
    const id = await engine.send(printJob, { key }, options);
    if (!id) throw new Error("the job was not queued");
    return id;
  }
  const auditRows = (id: string) =>
    runtime.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, "job"), eq(auditEvents.entityId, id)));

  it("keeps finished jobs 14 days unless the type says otherwise", async () => {
    expect((await engine.boss.getQueue(printJob.name))?.deleteAfterSeconds).toBe(
      FINISHED_JOBS_KEPT_DAYS * 86_400,
    );
    expect(FINISHED_JOBS_KEPT_DAYS).toBe(14);
    expect((await engine.boss.getQueue(shortLivedJob.name))?.deleteAfterSeconds).toBe(60);
    // A queue made before this rule (pg-boss's 7 days) takes it at the next start.
    await engine.boss.updateQueue(printJob.name, { deleteAfterSeconds: 7 * 86_400 });
    const next = createJobEngine({
      database: t.database,
      logger: t.runtime.logger,
      types: [printJob],
      services: () => ({}),
      work: false,
    });
    await next.start();
    await next.stop();
    expect((await engine.boss.getQueue(printJob.name))?.deleteAfterSeconds).toBe(14 * 86_400);
  });

  it("counts each queue, lists a failure with its error and attempts, and the schedule's next run", async () => {
    const done = await sent("done");
    failNext.add("broken");
    const broken = await sent("broken");
    const later = await sent("later", { startAfter: new Date(Date.now() + 3_600_000) });
    await settled(done, "completed");
    await settled(broken, "failed");

    const [print, short] = await queueCounts(engine);
    expect(print).toEqual({ queue: printJob.name, waiting: 1, running: 0, failed: 1, done: 1 });
    expect(short).toEqual({
      queue: shortLivedJob.name,
      waiting: 0,
      running: 0,
      failed: 0,
      done: 0,
    });

    const screen = await loadJobsScreen(engine);
    const failure = screen.failures.find((row) => row.id === broken);
    expect(failure).toMatchObject({
      queue: printJob.name,
      state: "failed",
      error: "the printer is on fire (broken)",
      attempts: 1,
      maxAttempts: 1,
    });
    expect(screen.pending.map((row) => [row.id, row.state])).toContainEqual([later, "waiting"]);
    expect(screen.pending.map((row) => row.id)).not.toContain(done);
    const [schedule] = screen.schedules;
    expect(schedule).toMatchObject({
      queue: shortLivedJob.name,
      cron: "0 8 * * *",
      timeZone: "America/Los_Angeles",
    });
    // 8:00 in Los Angeles is 15:00 or 16:00 UTC, within the next day.
    const next = new Date(schedule?.nextRun ?? "");
    expect([15, 16]).toContain(next.getUTCHours());
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(86_400_000);
    expect(next.getTime()).toBeGreaterThan(Date.now());
  });

  it("Retry sends a failed job back to its queue, it runs, and the audit log says who", async () => {
    failNext.add("retried");
    const id = await sent("retried");
    await settled(id, "failed");
    const services = { jobs: engine, db: runtime.database.db };
    expect(await changeJob(services, ACTOR, "retry", { queue: printJob.name, id })).toBe("changed");
    await settled(id, "completed");
    expect(ran.filter((key) => key === "retried")).toHaveLength(2);
    // A job no longer failed is not retried again; a job of another queue is not ours to touch.
    expect(await changeJob(services, ACTOR, "retry", { queue: printJob.name, id })).toBe(
      "unchanged",
    );
    expect(await changeJob(services, ACTOR, "retry", { queue: "pgboss-other", id })).toBe(
      "invalid",
    );
    expect(await changeJob(services, ACTOR, "retry", { queue: printJob.name, id: "1" })).toBe(
      "invalid",
    );
    const rows = await auditRows(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: "retry",
      actorEmail: ACTOR.email,
      ip: ACTOR.ip,
      entityName: printJob.name,
    });
  });

  it("Cancel stops a waiting job: it never runs; audited", async () => {
    const id = await sent("cancelled", { startAfter: new Date(Date.now() + 1_500) });
    const services = { jobs: engine, db: runtime.database.db };
    expect(await changeJob(services, ACTOR, "cancel", { queue: printJob.name, id })).toBe(
      "changed",
    );
    expect(await stateOf(id)).toBe("cancelled");
    // Past its start time, with the worker polling every half second, it stays cancelled.
    const control = await sent("after-cancelled", { startAfter: new Date(Date.now() + 1_500) });
    await settled(control, "completed");
    expect(ran).not.toContain("cancelled");
    expect(await changeJob(services, ACTOR, "cancel", { queue: printJob.name, id })).toBe(
      "unchanged",
    );
    expect((await auditRows(id)).map((row) => row.action)).toEqual(["cancel"]);
  });

  it("Cancel marks a running job cancelled; its handler finishes and the job stays cancelled", async () => {
    const id = await engine.send(holdJob, {});
    if (!id) throw new Error("the job was not queued");
    const state = async () => (await engine.boss.getJobById(holdJob.name, id))?.state;
    await waitFor(async () => (await state()) === "active", "the held job to run");
    const services = { jobs: engine, db: runtime.database.db };
    expect(await changeJob(services, ACTOR, "cancel", { queue: holdJob.name, id })).toBe("changed");
    openGate();
    await waitFor(async () => ran.includes("held"), "the held handler to finish");
    // The handler's completion does not bring it back.
    const counted = await waitFor(async () => {
      const [, , hold] = await queueCounts(engine);
      return hold?.running === 0 ? hold : null;
    }, "the held job to leave the running count");
    expect(counted.done).toBe(0);
    expect(await state()).toBe("cancelled");
    expect(t.logs.filter((line) => line.level >= 50).map((line) => line.msg)).toEqual([]);
  });

  it("the page's action retries with a toast; an editor gets 403 and changes nothing", async () => {
    failNext.add("from-the-page");
    const id = await sent("from-the-page");
    await settled(id, "failed");
    const form = (intent: string) => new URLSearchParams({ intent, queue: printJob.name, id });

    const refused = await settle(
      postTo(t, jobsRoute.action, "/admin/jobs", form("retry"), { cookie: t.cookies.editor }),
    );
    expect(statusOf(refused)).toBe(403);
    expect(await stateOf(id)).toBe("failed");
    expect(
      statusOf(
        await settle(
          callRoute(jobsRoute.loader, runtime, "/admin/jobs", {
            cookie: t.cookies.editor,
          }),
        ),
      ),
    ).toBe(403);

    const response = (await postTo(t, jobsRoute.action, "/admin/jobs", form("retry"))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin/jobs");
    expect(await toastOf(runtime, response)).toBe("Success: Job sent back to its queue.");
    await settled(id, "completed");
    const [row] = await auditRows(id);
    expect(row?.actorEmail).toBe(TEST_ADMIN.email);

    const again = (await postTo(t, jobsRoute.action, "/admin/jobs", form("retry"))) as Response;
    expect(await toastOf(runtime, again)).toMatch(/^Error: This job is no longer failed/);
    const odd = (await postTo(t, jobsRoute.action, "/admin/jobs", form("delete"))) as Response;
    expect(await toastOf(runtime, odd)).toMatch(/^Error: That request could not be understood/);

    const page = await callRoute(jobsRoute.loader, runtime, "/admin/jobs", {
      cookie: t.cookies.admin,
    });
    expect(page.loadError).toBeNull();
    expect(page.data?.queues.map((queue) => queue.queue)).toEqual([
      printJob.name,
      shortLivedJob.name,
      holdJob.name,
    ]);
  });

  it("counts this process's runs in /metrics: completed, failed, their durations; queue depths", async () => {
    const registry = new Registry();
    registerJobMetrics(registry, jobMetricsSource(engine), { warn: () => {} });
    const queue = `queue="${printJob.name}"`;
    const before = await registry.metrics();
    expect(before).toContain(`jobs_completed_total{${queue}} 0`);
    expect(before).toContain(`jobs_failed_total{queue="${shortLivedJob.name}"} 0`);

    const ok = await sent("metrics-ok");
    failNext.add("metrics-broken");
    const broken = await sent("metrics-broken");
    await sent("metrics-later", { startAfter: new Date(Date.now() + 3_600_000) });
    await settled(ok, "completed");
    await settled(broken, "failed");
    // The run is reported once its handler returned; pg-boss settles the job right after.
    const text = await waitFor(async () => {
      const scraped = await registry.metrics();
      return scraped.includes(`jobs_failed_total{${queue}} 1`) ? scraped : null;
    }, "the failed run to be counted");
    expect(text).toContain(`jobs_completed_total{${queue}} 1`);
    expect(text).toContain(`job_duration_seconds_count{${queue}} 2`);
    expect(text).toMatch(new RegExp(`job_duration_seconds_bucket\\{le="\\+Inf",${queue}\\} 2`));
    // Every instance's waiting and running jobs, as the screen counts them.
    const [counts] = await queueCounts(engine);
    expect(counts?.waiting).toBeGreaterThan(0);
    expect(text).toContain(`jobs_waiting{${queue}} ${counts?.waiting}`);
    expect(text).toContain(`jobs_running{${queue}} 0`);
  });
});
