import type { Executor } from "@server/db/client";
import { isUniqueViolation } from "@server/db/errors";
import { type BackupRun, backupRuns } from "@server/db/schema";
import { and, desc, eq, isNull, lt, ne, notInArray, or, type SQL } from "drizzle-orm";
import type { BackupTrigger } from "~/lib/values";

/**
 * The `backup_runs` table (decision 0245): one row per run. A `running` row is also the lock that
 * refuses a second run on the same database, whichever process or instance asks (a partial
 * unique index allows one). Its process moves `heartbeat_at` while it works; a running row left
 * still for STALE_RUN_MS belonged to a process that died, and is marked failed by the next start.
 */

export const STALE_RUN_MS = 60_000;
export const HEARTBEAT_MS = 10_000;
/** How many runs the Backups screen lists, and how many finished rows pruning keeps. */
export const RUN_HISTORY = 50;

export class BackupAlreadyRunningError extends Error {
  constructor(readonly since: Date) {
    super(
      `A backup is already running (started ${since.toISOString()}); wait for it to finish, then try again.`,
    );
    this.name = "BackupAlreadyRunningError";
  }
}

/** Inserts the run's row, or throws BackupAlreadyRunningError when another run holds the lock. */
export async function startRun(
  db: Executor,
  input: { trigger: BackupTrigger; startedBy?: string | null },
): Promise<BackupRun> {
  for (let attempt = 0; ; attempt++) {
    try {
      const [row] = await db
        .insert(backupRuns)
        .values({ trigger: input.trigger, startedBy: input.startedBy ?? null })
        .returning();
      if (!row) throw new Error("The backup run was not recorded");
      return row;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const running = await currentRun(db);
      if (attempt === 0 && running && (await abandonIfStale(db, running))) continue;
      throw new BackupAlreadyRunningError(running?.startedAt ?? new Date());
    }
  }
}

/** The running row, if any. */
export async function currentRun(db: Executor): Promise<BackupRun | null> {
  const [row] = await db.select().from(backupRuns).where(eq(backupRuns.status, "running")).limit(1);
  return row ?? null;
}

/** Marks a running row failed when its heartbeat stopped; true when it did. */
async function abandonIfStale(db: Executor, run: BackupRun): Promise<boolean> {
  const updated = await db
    .update(backupRuns)
    .set({
      status: "failed",
      finishedAt: new Date(),
      error: "Interrupted: the process running this backup stopped before it finished.",
    })
    .where(
      and(
        eq(backupRuns.id, run.id),
        eq(backupRuns.status, "running"),
        lt(backupRuns.heartbeatAt, new Date(Date.now() - STALE_RUN_MS)),
      ),
    )
    .returning({ id: backupRuns.id });
  return updated.length > 0;
}

export async function recordProgress(
  db: Executor,
  id: string,
  progress: { phase: string; done: number; total: number } | null,
): Promise<void> {
  await db
    .update(backupRuns)
    .set({
      heartbeatAt: new Date(),
      ...(progress
        ? {
            progressPhase: progress.phase,
            progressDone: Math.round(progress.done),
            progressTotal: Math.round(progress.total),
          }
        : {}),
    })
    .where(and(eq(backupRuns.id, id), eq(backupRuns.status, "running")));
}

export async function finishRun(
  db: Executor,
  id: string,
  outcome:
    | { status: "succeeded"; archiveName: string; size: number }
    | { status: "failed"; error: string },
): Promise<void> {
  await db
    .update(backupRuns)
    .set({
      finishedAt: new Date(),
      heartbeatAt: new Date(),
      ...(outcome.status === "succeeded"
        ? { status: "succeeded", archiveName: outcome.archiveName, size: outcome.size }
        : { status: "failed", error: outcome.error.slice(0, 2000) }),
    })
    .where(eq(backupRuns.id, id));
}

/** The newest runs first. */
export async function listRuns(db: Executor, limit = RUN_HISTORY): Promise<BackupRun[]> {
  return db.select().from(backupRuns).orderBy(desc(backupRuns.startedAt)).limit(limit);
}

/**
 * Deletes the rows of finished runs past the newest RUN_HISTORY, so the table stays as small as
 * the screen that lists it. Kept whatever their age: the newest success (the age of the last good
 * backup, the end of a failure streak) and every run whose archive the store still holds (its
 * download link). Returns how many rows went.
 */
export async function pruneRuns(db: Executor, archivesKept: readonly string[]): Promise<number> {
  const [recent, lastSuccess] = await Promise.all([
    listRuns(db, RUN_HISTORY),
    lastSucceededRun(db),
  ]);
  const keptIds = [...recent.map((run) => run.id), ...(lastSuccess ? [lastSuccess.id] : [])];
  const deleted = await db
    .delete(backupRuns)
    .where(
      and(
        ne(backupRuns.status, "running"),
        notInArray(backupRuns.id, keptIds),
        archivesKept.length
          ? or(
              isNull(backupRuns.archiveName),
              notInArray(backupRuns.archiveName, [...archivesKept]),
            )
          : undefined,
      ),
    )
    .returning({ id: backupRuns.id });
  return deleted.length;
}

export async function findRun(db: Executor, id: string): Promise<BackupRun | null> {
  const [row] = await db.select().from(backupRuns).where(eq(backupRuns.id, id)).limit(1);
  return row ?? null;
}

/** The newest run matching `condition`. */
async function newestRun(db: Executor, condition: SQL): Promise<BackupRun | null> {
  const [row] = await db
    .select()
    .from(backupRuns)
    .where(condition)
    .orderBy(desc(backupRuns.startedAt))
    .limit(1);
  return row ?? null;
}

/** The newest finished run (succeeded or failed), for /healthz. */
export function lastFinishedRun(db: Executor): Promise<BackupRun | null> {
  return newestRun(db, ne(backupRuns.status, "running"));
}

export function lastSucceededRun(db: Executor): Promise<BackupRun | null> {
  return newestRun(db, eq(backupRuns.status, "succeeded"));
}

/** The newest run of a trigger (the schedule's due check reads its own runs). */
export function lastRunOf(db: Executor, trigger: BackupTrigger): Promise<BackupRun | null> {
  return newestRun(db, eq(backupRuns.trigger, trigger));
}

/** Is the finished run `id` the first failure after a success (or the first run ever)? */
export async function startsFailureStreak(db: Executor, id: string): Promise<boolean> {
  const run = await findRun(db, id);
  if (run?.status !== "failed") return false;
  const [previous] = await db
    .select({ status: backupRuns.status })
    .from(backupRuns)
    .where(and(ne(backupRuns.status, "running"), lt(backupRuns.startedAt, run.startedAt)))
    .orderBy(desc(backupRuns.startedAt))
    .limit(1);
  return previous?.status !== "failed";
}

/** /healthz's view of backups: the schedule and the newest finished run. */
export async function backupHealth(runtime: {
  database: { db: Executor };
  backups: { schedule: { intervalMs: number } };
}): Promise<{
  schedule: { intervalHours: number } | "off";
  lastRun: { startedAt: string; finishedAt: string | null; outcome: string } | null;
  running: boolean;
}> {
  const { intervalMs } = runtime.backups.schedule;
  const [last, running] = await Promise.all([
    lastFinishedRun(runtime.database.db),
    currentRun(runtime.database.db),
  ]);
  return {
    schedule: intervalMs > 0 ? { intervalHours: intervalMs / 3_600_000 } : "off",
    lastRun: last
      ? {
          startedAt: last.startedAt.toISOString(),
          finishedAt: last.finishedAt?.toISOString() ?? null,
          outcome: last.status,
        }
      : null,
    running: running !== null,
  };
}
