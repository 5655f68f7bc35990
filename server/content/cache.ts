/**
 * The in-process cache of public content reads (decision 0030).
 *
 * Public pages read the same few rows on every request, and those rows change only when an admin
 * saves something. So each read function of server/content keeps its result here, per database
 * handle, for a short time (CONTENT_CACHE_TTL_MS), and every admin write calls
 * `invalidateContentCache(db)` so this instance shows the change at once. On PostgreSQL the other
 * instances hear of it by NOTIFY and drop theirs too (change-feed.ts, decision 0171); the short
 * TTL stays as the safety net.
 *
 * - Entries are keyed per database handle (a WeakMap), so tests and several runtimes never share.
 * - Concurrent misses share one query (the promise is cached), and a failed read is not cached.
 * - An invalidation removes entries at once, so a read that started before a write is never
 *   served after it.
 * - Cached values are shared between requests: callers must treat them as read-only.
 */

export const CONTENT_CACHE_TTL_MS = 10_000;
/** Per handle. Keys include visitor-chosen slugs, so the map must not grow without bound. */
const MAX_ENTRIES = 500;

interface Entry {
  value: Promise<unknown>;
  expiresAt: number;
}

interface HandleCache {
  /** The global generation this handle's entries belong to. */
  generation: number;
  entries: Map<string, Entry>;
  /** Since the handle's first read; never reset by invalidations (read by /metrics). */
  hits: number;
  misses: number;
}

const caches = new WeakMap<object, HandleCache>();
/** Bumped by `invalidateContentCache()` without a handle: every handle drops its entries. */
let globalGeneration = 0;
let ttlMs = CONTENT_CACHE_TTL_MS;

function cacheFor(db: object): HandleCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = { generation: globalGeneration, entries: new Map(), hits: 0, misses: 0 };
    caches.set(db, cache);
  } else if (cache.generation !== globalGeneration) {
    cache.entries.clear();
    cache.generation = globalGeneration;
  }
  return cache;
}

/**
 * Returns the cached value of `key` for this database handle, or runs `load` and caches it for the
 * TTL. `key` must describe every argument of the read (e.g. `case-studies:featured`).
 */
export function cachedRead<T>(db: object, key: string, load: () => PromiseLike<T>): Promise<T> {
  const cache = cacheFor(db);
  const { entries } = cache;
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && hit.expiresAt > now) {
    cache.hits += 1;
    return hit.value as Promise<T>;
  }
  cache.misses += 1;

  // Drizzle queries are thenables that run when awaited; a synchronous throw becomes a rejection.
  const value = new Promise<T>((resolve) => resolve(load()));
  if (ttlMs <= 0) return value;
  if (entries.size >= MAX_ENTRIES) prune(entries, now);
  const entry: Entry = { value, expiresAt: now + ttlMs };
  entries.set(key, entry);
  // Errors are not cached: the next request asks the database again. (An invalidation while the
  // query runs removes the entry at once, so a slow read never outlives a write.)
  value.catch(() => {
    if (entries.get(key) === entry) entries.delete(key);
  });
  return value;
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

/** Drops expired entries, then the oldest ones, until there is room. */
function prune(entries: Map<string, Entry>, now: number): void {
  for (const [key, entry] of entries) if (entry.expiresAt <= now) entries.delete(key);
  for (const key of entries.keys()) {
    if (entries.size < MAX_ENTRIES) break;
    entries.delete(key);
  }
}

/** Reads of this database handle's cache answered from memory (hits) or the database (misses). */
export function contentCacheStats(db: object): { hits: number; misses: number; entries: number } {
  const cache = caches.get(db);
  return { hits: cache?.hits ?? 0, misses: cache?.misses ?? 0, entries: cache?.entries.size ?? 0 };
}

/**
 * Drops cached public content. Call it after every write to case studies, testimonials,
 * portfolio items, blog posts, categories, tags or team members (in the admin actions, after the
 * transaction commits). With a database handle (`runtime.database.db`) it clears that handle's
 * entries; without one it clears every handle's.
 */
export function invalidateContentCache(db?: object): void {
  if (db === undefined) globalGeneration += 1;
  else caches.get(db)?.entries.clear();
}

/** For tests: change the time to live (ms); 0 disables caching. Returns the previous value. */
export function setContentCacheTtl(ms: number): number {
  const previous = ttlMs;
  ttlMs = ms;
  return previous;
}
