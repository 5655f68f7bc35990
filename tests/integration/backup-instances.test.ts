import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import { slotAfter } from "@server/backup/schedule";
import { backupRuns } from "@server/db/schema";
import { asc, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AdminServer, hasBuild, startAdminServer } from "../support/admin-server";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { type S3Peer, startS3Peer } from "../support/s3rver";
import { metricSample, waitFor } from "../support/wait";

/**
 * Scheduled backups with two production servers (`node server.js`, the build) on one PostgreSQL
 * database, keeping archives in one S3 bucket (s3rver): each scheduled run happens once (one
 * job due an interval after the last run, whose id is that moment, decision 0493). The schedule
 * is 0.005 h (18 s). /healthz and /metrics report the last run.
 */

const AUTH_SECRET = "backup-instances-share-this-secret-of-32-chars";
const INTERVAL_HOURS = 0.005;
const INTERVAL_MS = INTERVAL_HOURS * 3_600_000;
const BUCKET = "studio-backups";

describe.runIf(hasBuild() && process.env.TEST_DATABASE_URL)(
  "scheduled backups, two instances",
  () => {
    let database: TestDatabase;
    let s3: S3Peer;
    let a: AdminServer;
    let b: AdminServer;

    beforeAll(async () => {
      database = await createTestDatabase("postgres");
      s3 = await startS3Peer("backup-instances");
      const env = {
        AUTH_SECRET,
        STORAGE_DRIVER: "s3",
        ...s3.env,
        S3_BUCKET_PREFIX: "bi-",
        BACKUP_S3_BUCKET: BUCKET,
        BACKUP_INTERVAL_HOURS: String(INTERVAL_HOURS),
        BACKUP_KEEP: "5",
        JOBS_WORK: "on",
      };
      // A prepares the database (migrations, test accounts); B starts on it as it is.
      a = await startAdminServer({ databaseUrl: database.url, env });
      b = await startAdminServer({ databaseUrl: database.url, env, reuseDataDir: a.dataDir });
    }, 300_000);

    afterAll(async () => {
      await Promise.all([a?.dispose(), b?.dispose()]);
      await s3?.close();
      await database?.destroy();
    });

    /** The scheduled runs queued and not yet run (pg-boss's own table). */
    const queuedRuns = async () => {
      const result = await database.db.execute(
        sql`select start_after from pgboss.job where name = 'scheduled-backup' and state = 'created'`,
      );
      return (result as unknown as { rows: { start_after: Date }[] }).rows;
    };
    const scheduledRuns = () =>
      database.db.select().from(backupRuns).orderBy(asc(backupRuns.startedAt));
    const archives = async () => {
      const listed = await s3.client().send(new ListObjectsV2Command({ Bucket: BUCKET }));
      return (listed.Contents ?? []).map((object) => object.Key);
    };

    it("takes each scheduled run once, however many instances check", async () => {
      for (let round = 1; round <= 2; round++) {
        await waitFor(
          async () => {
            const runs = await scheduledRuns();
            return runs.filter((run) => run.status === "succeeded").length >= round;
          },
          `scheduled run ${round}`,
          60_000,
        );
        // The next run is queued once (both instances queued it: one id), an interval on.
        const next = await waitFor(async () => {
          const queued = await queuedRuns();
          return queued.length > 0 ? queued : null;
        }, "the next run to be queued");
        expect(next).toHaveLength(1);
        const runs = await scheduledRuns();
        expect(new Date(next[0]?.start_after ?? 0)).toEqual(
          slotAfter(runs.at(-1)?.startedAt ?? new Date(), INTERVAL_MS),
        );
        expect(runs.map((run) => run.trigger)).toEqual(Array(round).fill("scheduled"));
        expect(runs.every((run) => run.status === "succeeded")).toBe(true);
      }
      const [first, second] = await scheduledRuns();
      // The second run came at the next slot, an interval after the first's (each run starts
      // within a poll, 5 s, of its slot).
      expect(
        (second?.startedAt.getTime() ?? 0) - (first?.startedAt.getTime() ?? 0),
      ).toBeGreaterThanOrEqual(INTERVAL_MS - 5_500);
      expect((await archives()).sort()).toEqual([first?.archiveName, second?.archiveName].sort());
    }, 150_000);

    it("reports the last run on /healthz and its age on /metrics", async () => {
      for (const server of [a, b]) {
        const health = (await (await fetch(`${server.baseURL}/healthz`)).json()) as {
          backup: { schedule: unknown; lastRun: { outcome: string; startedAt: string } | null };
        };
        expect(health.backup.schedule).toEqual({ intervalHours: INTERVAL_HOURS });
        expect(health.backup.lastRun?.outcome).toBe("succeeded");
        const text = await (await fetch(`${server.baseURL}/metrics`)).text();
        const age = metricSample(text, "backup_last_success_age_seconds");
        const expected = (Date.now() - Date.parse(health.backup.lastRun?.startedAt ?? "")) / 1000;
        expect(age).toBeGreaterThanOrEqual(0);
        expect(Math.abs(age - expected)).toBeLessThan(5);
      }
    });
  },
);
