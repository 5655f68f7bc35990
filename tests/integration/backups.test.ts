import { readFile, rm } from "node:fs/promises";
import { gunzipSync } from "node:zlib";
import { ARCHIVE_FORMAT } from "@server/backup/archive";
import { BackupFailedError, type BackupServices, runBackup, startBackup } from "@server/backup/run";
import {
  BackupAlreadyRunningError,
  pruneRuns,
  RUN_HISTORY,
  STALE_RUN_MS,
} from "@server/backup/runs";
import {
  backupSchedule,
  queueNextBackup,
  scheduledBackupJob,
  slotAfter,
} from "@server/backup/schedule";
import { backupDownloadLink, serveSignedArchive } from "@server/backup/screen";
import { type BackupStore, createLinkSigner } from "@server/backup/store";
import { backupRuns, notifications } from "@server/db/schema";
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  type LoaderFunctionArgs,
  StaticRouterProvider,
  useLoaderData,
} from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { backupRetentionDays, backupRetentionSentence } from "~/copy/legal";
import * as backupsRoute from "~/routes/admin/backups";
import { loader as privacyLoader } from "~/routes/site/privacy";
import { TEST_ADMIN, TEST_VIEWER } from "../support/admin-data";
import { callRoute, contextFor, routeArgs, SITE, seededRuntime } from "../support/admin-runtime";
import { testDrivers } from "../support/database";
import { runJobNow } from "../support/jobs";
import { routePage } from "../support/route-page";

/** Who the audit log names for the downloads these tests make. */
const TEST_ACTOR = { id: null, email: "admin@admin-tests.test", ip: "203.0.113.7" };

/**
 * Backup operations (issue #21, decision 0245) on a real runtime (database, local storage,
 * BACKUP_DIR in a temp DATA_DIR), on PGlite and on PostgreSQL when TEST_DATABASE_URL is set.
 */

const KEY = "a-backup-link-key-of-some-length";

/** The page as framework mode renders it: its loader data handed over as a prop. */
function BackupsPage() {
  return routePage(backupsRoute.default, useLoaderData<typeof backupsRoute.loader>());
}

describe("signed backup links", () => {
  const name = "backup-20260101T000000Z-abcdef.tar.gz";
  let clock = 1_800_000_000_000;
  const signer = createLinkSigner(KEY, () => clock);
  const query = (link: string) => new URL(link, "http://x").searchParams;

  it("accepts its own link until it expires, and nothing tampered", () => {
    const link = signer.sign(name, 60);
    expect(link.startsWith(`/admin/backup-files/${name}?`)).toBe(true);
    expect(signer.verify(name, query(link))).toBe(true);
    // Another archive's name, another signature, another expiry, another key: refused.
    expect(signer.verify("backup-20260101T000000Z-abcde0.tar.gz", query(link))).toBe(false);
    const forged = query(link);
    forged.set(
      "signature",
      forged.get("signature")?.replace(/^./, (c) => (c === "a" ? "b" : "a")) ?? "",
    );
    expect(signer.verify(name, forged)).toBe(false);
    const later = query(link);
    later.set("expires", String(Number(later.get("expires")) + 3600));
    expect(signer.verify(name, later)).toBe(false);
    expect(createLinkSigner(`${KEY}!`, () => clock).verify(name, query(link))).toBe(false);
    clock += 61_000;
    expect(signer.verify(name, query(link))).toBe(false);
  });
});

describe("the schedule's arithmetic", () => {
  it("falls on slots from 3:00 in the studio's zone, a day's divisors from each day's 3:00", () => {
    const hours = 3_600_000;
    // 2026-01-02 in Los Angeles (UTC-8): 3:00 there is 11:00 UTC.
    const at = (iso: string) => new Date(iso);
    expect(slotAfter(at("2026-01-02T10:59:00Z"), 24 * hours)).toEqual(at("2026-01-02T11:00:00Z"));
    expect(slotAfter(at("2026-01-02T11:00:00Z"), 24 * hours)).toEqual(at("2026-01-03T11:00:00Z"));
    expect(slotAfter(at("2026-01-02T12:00:00Z"), 6 * hours)).toEqual(at("2026-01-02T17:00:00Z"));
    // Summer time (UTC-7): still 3:00 there, now 10:00 UTC.
    expect(slotAfter(at("2026-07-01T09:00:00Z"), 24 * hours)).toEqual(at("2026-07-01T10:00:00Z"));
    // 36 hours does not divide a day: its slots run on from one fixed 3:00, 36 hours apart.
    const first = slotAfter(at("2026-01-02T12:00:00Z"), 36 * hours);
    expect(slotAfter(first, 36 * hours).getTime() - first.getTime()).toBe(36 * hours);
  });

  it("puts BACKUP_KEEP x BACKUP_INTERVAL_HOURS on the privacy page", () => {
    expect(backupRetentionDays(7, 24)).toBe(7);
    expect(backupRetentionDays(7, 12)).toBe(4);
    expect(backupRetentionDays(7, 0)).toBe(0);
    expect(backupRetentionSentence(7)).toContain("for up to 7 days");
    expect(backupRetentionSentence(1)).toContain("for up to 1 day,");
  });
});

describe.each(testDrivers)("backup runs (%s)", (driver) => {
  const ctx = seededRuntime(driver);
  const services = (): BackupServices => ctx.runtime.backups.services;

  afterEach(async () => {
    await ctx.runtime.database.db.delete(backupRuns);
    await ctx.runtime.database.db.delete(notifications);
    for (const archive of await ctx.runtime.backups.store.list()) {
      await ctx.runtime.backups.store.delete(archive.name);
    }
  });

  it("records a run, keeps the archive in BACKUP_DIR, and refuses a second one meanwhile", async () => {
    const { run, done } = await startBackup(services(), { trigger: "manual", startedBy: "a@b.c" });
    expect(run.status).toBe("running");
    // Any process asking now (same database) is refused, with a message meant for people.
    await expect(runBackup(services(), { trigger: "cli" })).rejects.toThrow(
      BackupAlreadyRunningError,
    );
    await expect(runBackup(services(), { trigger: "cli" })).rejects.toThrow(/already running/);
    const result = await done;
    expect(result.location).toBe(`${ctx.runtime.config.BACKUP_DIR}/${result.name}`);
    const bytes = await readFile(result.location);
    expect(result.size).toBe(bytes.length);
    // A tar.gz of the tables and files, with the manifest of our archive format.
    const tarball = gunzipSync(bytes).toString("latin1");
    expect(tarball).toContain("manifest.json");
    expect(tarball).toContain("db/contact_submissions.jsonl");
    expect(tarball).toContain(`"${ARCHIVE_FORMAT}"`);
    const [row] = await ctx.runtime.database.db
      .select()
      .from(backupRuns)
      .where(eq(backupRuns.id, run.id));
    expect(row).toMatchObject({
      status: "succeeded",
      trigger: "manual",
      archiveName: result.name,
      size: result.size,
      startedBy: "a@b.c",
    });
    expect(row?.finishedAt).toBeInstanceOf(Date);
    // Once it is over, the next one may start.
    await expect(runBackup(services(), { trigger: "cli" })).resolves.toMatchObject({
      size: expect.any(Number),
    });
  });

  it("takes over a running row whose process stopped beating", async () => {
    const [stale] = await ctx.runtime.database.db
      .insert(backupRuns)
      .values({ trigger: "scheduled", heartbeatAt: new Date(Date.now() - STALE_RUN_MS - 1000) })
      .returning();
    await runBackup(services(), { trigger: "cli" });
    const [row] = await ctx.runtime.database.db
      .select()
      .from(backupRuns)
      .where(eq(backupRuns.id, stale?.id ?? ""));
    expect(row?.status).toBe("failed");
    expect(row?.error).toMatch(/Interrupted/);
  });

  it("rotation keeps the newest BACKUP_KEEP archives", async () => {
    const keep2 = { ...services(), keep: 2 };
    const names: string[] = [];
    for (let i = 0; i < 4; i++) names.push((await runBackup(keep2, { trigger: "cli" })).name);
    const kept = (await ctx.runtime.backups.store.list()).map((a) => a.name);
    expect(kept).toEqual([names[3], names[2]]);
  });

  it("prunes finished runs past the listed history, keeping the last success and held archives", async () => {
    const db = ctx.runtime.database.db;
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    const finished = (days: number, status: "succeeded" | "failed", archiveName?: string) => ({
      trigger: "scheduled",
      status,
      startedAt: daysAgo(days),
      finishedAt: daysAgo(days),
      heartbeatAt: daysAgo(days),
      archiveName: archiveName ?? null,
    });
    const inserted = await db
      .insert(backupRuns)
      .values([
        { ...finished(400, "failed"), status: "running", heartbeatAt: new Date() },
        finished(300, "succeeded", "held.tar.gz"),
        finished(250, "succeeded", "gone.tar.gz"),
        finished(200, "succeeded", "last-success.tar.gz"),
        ...Array.from({ length: RUN_HISTORY + 5 }, (_, i) => finished(i + 1, "failed")),
      ])
      .returning();
    const ids = inserted.map((run) => run.id);
    const [running, held, , lastSuccess] = ids;
    const newestFailures = ids.slice(4, 4 + RUN_HISTORY);

    expect(await pruneRuns(db, ["held.tar.gz"])).toBe(6);
    const left = (await db.select({ id: backupRuns.id }).from(backupRuns)).map((run) => run.id);
    expect(left.sort()).toEqual([running, held, lastSuccess, ...newestFailures].sort());

    // A backup prunes after its rotation: the new success replaces the old one, whose archive
    // is not in the store, like the other held one; one failure falls out of the history.
    await db.delete(backupRuns).where(eq(backupRuns.id, running ?? ""));
    const result = await runBackup(services(), { trigger: "cli" });
    const after = await db.select().from(backupRuns);
    expect(after).toHaveLength(RUN_HISTORY);
    expect(after.filter((run) => run.status === "succeeded").map((run) => run.archiveName)).toEqual(
      [result.name],
    );
  });

  it("runs when due, once, and mails the admins once per failure streak", async () => {
    const hourly = {
      backups: { services: services(), schedule: backupSchedule(1) },
      jobs: ctx.runtime.jobs,
    };
    const slot = new Date().toISOString();
    await runJobNow(scheduledBackupJob, { dueAt: slot }, hourly);
    // Run again (a retry, another instance's job): not due, no second run.
    await runJobNow(scheduledBackupJob, { dueAt: slot }, hourly);
    const runs = await ctx.runtime.database.db.select().from(backupRuns);
    expect(runs.map((run) => run.trigger)).toEqual(["scheduled"]);
    // The next one is queued once, an interval after the run's start.
    const next = await ctx.runtime.jobs.boss.findJobs(scheduledBackupJob.name);
    expect(next.map((job) => job.startAfter)).toEqual([
      slotAfter(runs[0]?.startedAt ?? new Date(), 3_600_000),
    ]);

    const broken: BackupStore = {
      ...ctx.runtime.backups.store,
      kind: "directory",
      workDirectory: () => ctx.runtime.backups.store.workDirectory(),
      put: async (localPath: string) => {
        await rm(localPath, { force: true });
        throw new Error("disk full");
      },
    } as BackupStore;
    const failing = { ...services(), store: broken };
    const failureMails = async () =>
      (
        await ctx.runtime.database.db
          .select()
          .from(notifications)
          .where(eq(notifications.kind, "backup-failed"))
      ).map((mail) => mail.recipient);

    await expect(runBackup(failing, { trigger: "scheduled" })).rejects.toThrow(BackupFailedError);
    await expect(runBackup(failing, { trigger: "scheduled" })).rejects.toThrow(/disk full/);
    // Two failures in a row: one mail to each admin (and none to a non-admin user).
    expect(await failureMails()).toEqual([TEST_ADMIN.email]);
    expect(await failureMails()).not.toContain(TEST_VIEWER.email);
    await runBackup(services(), { trigger: "cli" });
    await expect(runBackup(failing, { trigger: "scheduled" })).rejects.toThrow(/disk full/);
    // A new streak after a success: mailed again.
    expect(await failureMails()).toEqual([TEST_ADMIN.email, TEST_ADMIN.email]);
    const [failed] = await ctx.runtime.database.db
      .select()
      .from(backupRuns)
      .where(eq(backupRuns.status, "failed"));
    expect(failed?.error).toBe("disk full");
  });

  it("takes one run when two instances' jobs run at the same moment, and queues the next once", async () => {
    const hourly = {
      backups: { services: services(), schedule: backupSchedule(1) },
      jobs: ctx.runtime.jobs,
    };
    const slot = new Date().toISOString();
    for (let round = 0; round < 3; round++) {
      await ctx.runtime.database.db.delete(backupRuns);
      await ctx.runtime.jobs.boss.deleteAllJobs(scheduledBackupJob.name);
      const outcomes = await Promise.allSettled([
        runJobNow(scheduledBackupJob, { dueAt: slot }, hourly),
        runJobNow(scheduledBackupJob, { dueAt: slot }, hourly),
      ]);
      // The one that found the other running fails, for pg-boss to retry a minute later.
      for (const outcome of outcomes) {
        if (outcome.status === "rejected") {
          expect(outcome.reason).toBeInstanceOf(BackupAlreadyRunningError);
        }
      }
      expect(await ctx.runtime.database.db.select().from(backupRuns)).toHaveLength(1);
      await Promise.all([
        queueNextBackup(services(), hourly.backups.schedule, ctx.runtime.jobs),
        queueNextBackup(services(), hourly.backups.schedule, ctx.runtime.jobs),
      ]);
      expect(await ctx.runtime.jobs.boss.findJobs(scheduledBackupJob.name)).toHaveLength(1);
    }
  });

  it("downloads through a signed link; a missing archive is a 404 message, never a 500", async () => {
    const result = await runBackup(services(), { trigger: "cli" });
    const link = await backupDownloadLink(ctx.runtime, result.runId, TEST_ACTOR);
    if (!("url" in link)) throw new Error("no link");
    const { request } = routeArgs(ctx.runtime, link.url);
    const response = await serveSignedArchive(ctx.runtime, result.name, request);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toContain(result.name);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(await readFile(result.location));

    const tampered = routeArgs(
      ctx.runtime,
      link.url.replace(/signature=(.)/, (_, c: string) => `signature=${c === "0" ? "1" : "0"}`),
    );
    expect((await serveSignedArchive(ctx.runtime, result.name, tampered.request)).status).toBe(403);
    ctx.advance(61_000);
    const expired = await serveSignedArchive(ctx.runtime, result.name, request);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toMatch(/expired or is invalid/);

    // The row survives, the archive does not (rotated, or the rows came from another store).
    await ctx.runtime.backups.store.delete(result.name);
    expect(await backupDownloadLink(ctx.runtime, result.runId, TEST_ACTOR)).toMatchObject({
      status: 404,
      message: expect.stringMatching(/not in the backup store/),
    });
    expect(await backupDownloadLink(ctx.runtime, "not-a-uuid", TEST_ACTOR)).toMatchObject({
      status: 404,
    });
  });

  it("says on the privacy page how long backups may hold deleted data", async () => {
    const { page } = await callRoute(privacyLoader, ctx.runtime, "/privacy");
    const keeping = page.sections.find((s) => s.heading === "How long we keep it");
    // BACKUP_KEEP 7 x BACKUP_INTERVAL_HOURS 24 (the embedded database's defaults).
    expect(keeping?.paragraphs.at(-1)).toContain("for up to 7 days");
  });

  it("shows a running backup's progress accessibly, and each run's outcome and size", async () => {
    const db = ctx.runtime.database.db;
    await db.insert(backupRuns).values([
      {
        trigger: "scheduled",
        status: "succeeded",
        startedAt: new Date(Date.now() - 3_600_000),
        finishedAt: new Date(),
        archiveName: "backup-20260101T000000Z-abcdef.tar.gz",
        size: 3_500_000,
      },
      {
        trigger: "cli",
        status: "failed",
        startedAt: new Date(Date.now() - 1_800_000),
        error: "disk full",
      },
      {
        trigger: "manual",
        startedBy: TEST_ADMIN.email,
        progressPhase: "files",
        progressDone: 3,
        progressTotal: 12,
      },
    ]);
    const context = contextFor(ctx.runtime);
    const handler = createStaticHandler([
      {
        id: "page",
        path: "/admin/backups",
        loader: (args: LoaderFunctionArgs) => backupsRoute.loader({ ...args, context }),
        Component: BackupsPage,
      },
    ]);
    const result = await handler.query(
      new Request(`${SITE}/admin/backups`, { headers: { cookie: ctx.cookies.admin } }),
      { requestContext: context },
    );
    if (result instanceof Response) throw new Error(`unexpected response ${result.status}`);
    const html = renderToString(
      createElement(StaticRouterProvider, {
        router: createStaticRouter(handler.dataRoutes, result),
        context: result,
      }),
    );
    expect(html).toMatch(
      /role="status" aria-live="polite"[^>]*>Backup in progress: Copying the stored files \(3 of 12\)/,
    );
    expect(html).toMatch(/<progress aria-label="Backup progress"[^>]*max="12"[^>]*value="3"/);
    // "Back up now" is not offered while a run is in progress.
    expect(html).toMatch(/<button type="submit"[^>]*disabled=""[^>]*>.*Back up now/);
    expect(html).toContain("Succeeded");
    expect(html).toContain("3.3 MB");
    expect(html).toContain("Archive removed");
    expect(html).toContain("disk full");
  });
});
