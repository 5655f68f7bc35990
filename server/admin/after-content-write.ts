/**
 * The one place the back-office reports a change to public content (an editor's save, a feature
 * toggle, a team member (de)activated, a deletion), after the write has committed.
 * It drops this instance's cached public content (server/content/cache.ts), so the public site
 * shows the change on the next request; other instances follow within the cache's short TTL.
 */
import { invalidateContentCache } from "../content/cache";

export type ContentEntity = "case-studies" | "testimonials" | "team" | "portfolio" | "blog";

export interface ContentChange {
  entity: ContentEntity;
  id: string;
  action: "created" | "updated" | "deleted";
}

const listeners = new Set<(change: ContentChange) => void | Promise<void>>();

/** Subscribes to content changes (tests, and the cache once wired); returns the unsubscribe. */
export function onContentChanged(
  listener: (change: ContentChange) => void | Promise<void>,
): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function contentChanged(db: object, change: ContentChange): Promise<void> {
  invalidateContentCache(db);
  await Promise.all([...listeners].map((listener) => listener(change)));
}
