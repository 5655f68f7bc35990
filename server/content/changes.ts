/**
 * The one place a change that cached copies depend on is reported, after the write has committed:
 * an editor's save, a feature toggle, a team member (de)activated, a deletion, or a step of an
 * inquiry's or an application's pipeline (the Dashboard's figures). It drops the caches of the
 * runtime that opened the database (server/caches.ts) and tells the other instances sharing the
 * PostgreSQL database (server/content/change-feed.ts, decision 0171), which drop theirs.
 */
import { type ContentChange, cachesOf } from "@server/caches";
import { afterCommit } from "@server/kit/transaction";

/**
 * Drops the caches, here and on the other instances. Given a transaction of `inTransaction`
 * (server/kit/transaction.ts), the change waits until that transaction has committed.
 */
export function contentChanged(db: object, change: ContentChange): Promise<void> {
  return afterCommit(db, async (committed) => {
    await cachesOf(committed)?.changed(change);
  });
}
