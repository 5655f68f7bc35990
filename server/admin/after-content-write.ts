/**
 * The one place the back-office reports a change to public content (an editor's save, a feature
 * toggle, a team member (de)activated, a deletion), after the write has committed.
 * It drops this instance's cached public content (server/content/cache.ts) and tells the other
 * instances sharing the PostgreSQL database (server/content/change-feed.ts, decision 0171), which
 * drop theirs, so the public site shows the change on the next request everywhere.
 */
import { invalidateContentCache } from "@server/content/cache";

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

/** After a write has committed: drop this instance's caches, then tell the other instances. */
export async function contentChanged(db: object, change: ContentChange): Promise<void> {
  await applyContentChange(db, change);
  await publishers.get(db)?.(change);
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
