import type pg from "pg";
import { type BackupServices, runBackup } from "./run";
import { BackupAlreadyRunningError, lastRunOf } from "./runs";

/**
 * Scheduled backups (decision 0245). Every instance checks now and then whether a run is due;
 * on PostgreSQL the check takes a session advisory lock on a dedicated connection first
 * (pg_try_advisory_lock: an instance that does not get it skips this check) and re-reads
 * due-ness from backup_runs inside the lock, so however many instances check, each run happens
 * once. The embedded database has one process, so no lock is needed there.
 */

/** A fixed key of pg_advisory_lock for the schedule (the migrations use 727_001). */
export const SCHEDULE_LOCK_KEY = 727_021;
const HOUR_MS = 60 * 60_000;

export type CheckOutcome = "ran" | "failed" | "not-due" | "busy";

export interface BackupSchedule {
  start(): void;
  stop(): Promise<void>;
  /** One due check (what the timer does); exposed for tests. */
  check(): Promise<CheckOutcome>;
  /** Due checks completed by this process (the metric; tests wait on it). */
  checks(): number;
  readonly intervalMs: number;
  readonly checkEveryMs: number;
}

/** Every minute, or a tenth of a short interval (at least a second), so tests can use seconds. */
export function checkPeriodMs(intervalMs: number): number {
  return Math.min(60_000, Math.max(1_000, Math.floor(intervalMs / 10)));
}

/** Due when the schedule never ran, or its newest run started an interval ago or more. */
export function isDue(lastStartedAt: Date | null, intervalMs: number, now: Date): boolean {
  return !lastStartedAt || now.getTime() - lastStartedAt.getTime() >= intervalMs;
}

export function createBackupSchedule(
  services: BackupServices & { pool?: pg.Pool },
  options: { intervalHours: number; now?: () => Date },
): BackupSchedule {
  const intervalMs = Math.round(options.intervalHours * HOUR_MS);
  const checkEveryMs = checkPeriodMs(intervalMs);
  const now = options.now ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<CheckOutcome> | undefined;
  let count = 0;

  const dueAndRun = async (): Promise<CheckOutcome> => {
    const last = await lastRunOf(services.database.db, "scheduled");
    if (!isDue(last?.startedAt ?? null, intervalMs, now())) return "not-due";
    try {
      await runBackup(services, { trigger: "scheduled" });
      return "ran";
    } catch (error) {
      // A manual run in progress: the next check tries again. A failure is on the row already.
      return error instanceof BackupAlreadyRunningError ? "busy" : "failed";
    }
  };

  const lockedCheck = async (): Promise<CheckOutcome> => {
    const pool = services.pool;
    if (!pool) return dueAndRun();
    const client = await pool.connect();
    let locked = false;
    try {
      const result = await client.query<{ locked: boolean }>(
        "select pg_try_advisory_lock($1) as locked",
        [SCHEDULE_LOCK_KEY],
      );
      locked = result.rows[0]?.locked === true;
      if (!locked) return "busy";
      return await dueAndRun();
    } finally {
      if (locked) {
        await client.query("select pg_advisory_unlock($1)", [SCHEDULE_LOCK_KEY]).catch(() => {});
      }
      client.release();
    }
  };

  const check = (): Promise<CheckOutcome> => {
    inFlight ??= lockedCheck()
      .catch((err: unknown) => {
        services.logger.error({ err }, "backup schedule: the due check failed");
        return "failed" as const;
      })
      .finally(() => {
        count++;
        inFlight = undefined;
      });
    return inFlight;
  };

  return {
    intervalMs,
    checkEveryMs,
    start() {
      if (intervalMs <= 0 || timer) return;
      // The first check after one period, not at start: a restart loop must not mean a backup each.
      timer = setInterval(() => void check(), checkEveryMs).unref();
    },
    async stop() {
      // A run in progress is not waited for (shutdown has a 2 s budget): its row goes stale and
      // the next start marks it failed.
      clearInterval(timer);
      timer = undefined;
    },
    check,
    checks: () => count,
  };
}
