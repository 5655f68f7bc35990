import type { Database } from "@server/db/client";

/**
 * Transactions whose follow-up work waits for their commit. A change reported inside one (a
 * cache to drop, server/caches.ts) must not run before the commit: run earlier, a cache could be
 * filled again from the rows the transaction is replacing.
 */

type AfterCommit = (db: object) => Promise<void>;

/** Where a transaction of `inTransaction` keeps its follow-up work (a property of the tx itself). */
const QUEUE = Symbol("after-commit queue");
type Queued = { [QUEUE]?: AfterCommit[] };

/**
 * Runs `work` with the database `executor` belongs to: now, or, when `executor` is a transaction
 * of `inTransaction`, once that transaction has committed (and not at all if it rolls back).
 */
export async function afterCommit(executor: object, work: AfterCommit): Promise<void> {
  const queue = (executor as Queued)[QUEUE];
  if (queue) queue.push(work);
  else await work(executor);
}

/**
 * Runs `work` in one transaction of `db` (the audit log's: a write and its audit row commit
 * together), then the `afterCommit` work it queued.
 */
export async function inTransaction<T>(
  db: Database,
  work: (tx: Database) => Promise<T>,
): Promise<T> {
  const queue: AfterCommit[] = [];
  const result = await db.transaction(async (tx) => {
    // A transaction is used as the database its work is given (queries take either).
    const executor = tx as unknown as Database;
    Object.defineProperty(executor, QUEUE, { value: queue });
    return work(executor);
  });
  // Nested in another transaction of `inTransaction`, the work waits for the outer commit too.
  for (const next of queue) await afterCommit(db, next);
  return result;
}
