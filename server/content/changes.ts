/**
 * The one place the back-office reports a change to public content (an editor's save, a feature
 * toggle, a team member (de)activated, a deletion), after the write has committed.
 * It drops this instance's cached public content (server/content/cache.ts) and tells the other
 * instances sharing the PostgreSQL database (server/content/change-feed.ts, decision 0171), which
 * drop theirs, so the public site shows the change on the next request everywhere.
 */
import { invalidateContentCache } from "@server/content/cache";
import type { Database } from "@server/db/client";

export type ContentEntity = "case-studies" | "testimonials" | "team" | "portfolio" | "blog";

export type ContentChange =
  | {
      entity: ContentEntity;
      id: string;
      action: "created" | "updated" | "deleted";
    }
  /**
   * Changes may have been missed (this instance lost its notification connection and has just
   * listened again): everything cached from public content must go.
   */
  | { entity: "all"; id: null; action: "missed" };

type Listener = (change: ContentChange) => void | Promise<void>;

const listeners = new Set<Listener>();
/** Per database handle: how a change reaches the other instances (PostgreSQL only). */
const publishers = new WeakMap<object, (change: ContentChange) => Promise<void>>();

/**
 * Subscribes to content changes, this instance's and the other instances' (tests, caches);
 * returns the unsubscribe.
 */
export function onContentChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The changes reported on a transaction of `inTransaction`, waiting for its commit. */
const pending = new WeakMap<object, ContentChange[]>();

/**
 * After a write has committed: drop this instance's caches, then tell the other instances. Called
 * with a transaction of `inTransaction`, the change waits until that transaction has committed
 * (dropped earlier, a cache could be filled again from the rows the transaction is replacing).
 */
export async function contentChanged(db: object, change: ContentChange): Promise<void> {
  const queue = pending.get(db);
  if (queue) {
    queue.push(change);
    return;
  }
  await applyContentChange(db, change);
  await publishers.get(db)?.(change);
}

/**
 * Runs `work` in one transaction of `db` (the audit log's: a write and its audit row commit
 * together) and reports the content changes it made once the transaction has committed.
 */
export async function inTransaction<T>(
  db: Database,
  work: (tx: Database) => Promise<T>,
): Promise<T> {
  const changes: ContentChange[] = [];
  const result = await db.transaction(async (tx) => {
    // A transaction is used as the database its work is given (queries take either).
    const executor = tx as unknown as Database;
    pending.set(executor, changes);
    return work(executor);
  });
  for (const change of changes) await contentChanged(db, change);
  return result;
}

/** Drops the caches of one change, made here or reported by another instance. */
export async function applyContentChange(db: object, change: ContentChange): Promise<void> {
  invalidateContentCache(db);
  await Promise.all([...listeners].map((listener) => listener(change)));
}

/** Sends this handle's changes to the other instances too (the change feed); returns the undo. */
export function publishContentChanges(
  db: object,
  publish: (change: ContentChange) => Promise<void>,
): () => void {
  publishers.set(db, publish);
  return () => {
    if (publishers.get(db) === publish) publishers.delete(db);
  };
}
