import type { Database } from "@server/db/client";
import { scheduledJobs } from "@server/db/schema";
import type { Logger } from "@server/logger";
import { eq, sql } from "drizzle-orm";

/**
 * Jobs that run once a day across every instance (decision 0291). Each instance checks every
 * hour; the check takes a transaction-level advisory lock named after the job (an instance that
 * does not get it skips), re-reads when the job last ran inside the lock, and runs it only when
 * that was a day ago or more, recording the run in the same transaction. So two instances
 * checking at once run the job once.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const CHECK_EVERY_MS = 60 * 60 * 1000;

export type DailyOutcome = "ran" | "not-due" | "busy";

export async function runDailyOnce(
  db: Database,
  name: string,
  work: (tx: Database) => Promise<void>,
  now: Date = new Date(),
): Promise<DailyOutcome> {
  return db.transaction(async (tx) => {
    const executor = tx as unknown as Database;
    const [lock] = (
      (await executor.execute(
        sql`select pg_try_advisory_xact_lock(727031, hashtext(${name})) as locked`,
      )) as unknown as { rows: { locked: boolean }[] }
    ).rows;
    if (!lock?.locked) return "busy";
    const [last] = await executor
      .select({ lastRunAt: scheduledJobs.lastRunAt })
      .from(scheduledJobs)
      .where(eq(scheduledJobs.name, name));
    if (last && now.getTime() - last.lastRunAt.getTime() < DAY_MS) return "not-due";
    await work(executor);
    await executor
      .insert(scheduledJobs)
      .values({ name, lastRunAt: now })
      .onConflictDoUpdate({ target: scheduledJobs.name, set: { lastRunAt: now } });
    return "ran";
  });
}

/** Checks each job now and then every hour; returns the stop. */
export function startDailyJobs(
  db: Database,
  logger: Logger,
  jobs: Record<string, (tx: Database) => Promise<void>>,
): () => void {
  const check = async () => {
    for (const [name, work] of Object.entries(jobs)) {
      await runDailyOnce(db, name, work).catch((error: unknown) =>
        logger.error({ err: error, job: name }, "a daily job failed"),
      );
    }
  };
  void check();
  const timer = setInterval(() => void check(), CHECK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
