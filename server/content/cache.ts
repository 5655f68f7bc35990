import { cachesOf } from "@server/caches";

/**
 * Public content reads through the runtime's content cache (decision 0030; server/caches.ts).
 *
 * Public pages read the same few rows on every request, and those rows change only when an admin
 * saves something. So each read function of server/content keeps its result in the `content`
 * cache of the runtime that opened `db`, for a short time, and every admin write reports
 * `contentChanged` (server/content/changes.ts), which drops it here and on the other instances.
 * Cached values are shared between requests: callers must treat them as read-only.
 */

/**
 * Returns the cached value of `key`, or runs `load` and caches it for the TTL. `key` must describe
 * every argument of the read (e.g. `case-studies:featured`). Uncached on a handle of no runtime.
 */
export function cachedRead<T>(db: object, key: string, load: () => PromiseLike<T>): Promise<T> {
  const cache = cachesOf(db)?.content;
  if (cache) return cache.read(key, load);
  return new Promise<T>((resolve) => resolve(load()));
}

/**
 * A page of a public list (/blog, /case-studies, /portfolio): kept like any read, except a
 * search, which is read each time. Visitors choose searches without limit, and kept they would
 * push the lists' real pages out (issue #47 item 6; the page cache serves them unkept too).
 */
export function cachedListPage<T>(
  db: object,
  key: string,
  search: string,
  load: () => PromiseLike<T>,
): Promise<T> {
  if (search === "") return cachedRead(db, key, load);
  return new Promise<T>((resolve) => resolve(load()));
}

/** Reads of the content cache answered from memory (hits) or the database (misses). */
export function contentCacheStats(db: object): { hits: number; misses: number; entries: number } {
  return cachesOf(db)?.content.stats() ?? { hits: 0, misses: 0, entries: 0 };
}
