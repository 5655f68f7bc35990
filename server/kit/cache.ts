/**
 * The cache kit (decision 0463): named caches that one owner (the runtime) creates and drops
 * together. No state lives in this module; every cache and listener belongs to the kit made by
 * `createCacheKit`, and goes with it.
 *
 * - `ReadCache`: promised reads by key for a time to live, bounded in count. Concurrent misses
 *   share one load, a failed load is not kept, and `clear()` removes entries at once, so a read
 *   that started before a change is never served after it.
 * - `createCacheKit`: the named caches (anything with `clear()`) and the one way to drop them: a
 *   change made here (`changed`: drop, tell the listeners, then publish it to the other instances)
 *   or heard from another instance (`heard`: drop and tell the listeners only).
 */

/** Anything the kit drops on a change. */
export interface Droppable {
  clear(): void;
}

export interface ReadCacheOptions {
  /** How long a value is kept (ms); 0 keeps nothing. */
  ttlMs: number;
  /** Keys may come from visitors (slugs), so the count is bounded. */
  maxEntries: number;
}

interface Entry {
  value: Promise<unknown>;
  storedAt: number;
}

export class ReadCache implements Droppable {
  readonly options: ReadCacheOptions;
  private readonly entries = new Map<string, Entry>();
  /** Since the cache was made; never reset by `clear()` (read by /metrics). */
  private hits = 0;
  private misses = 0;

  constructor(options: ReadCacheOptions) {
    this.options = options;
  }

  /**
   * The kept value of `key`, or `load`'s, kept for the TTL. `now` is the caller's clock (the
   * Dashboard's); a value from a later time than `now` counts as stale. Values are shared between
   * callers: treat them as read-only.
   */
  read<T>(key: string, load: () => PromiseLike<T>, now = Date.now()): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && this.fresh(hit, now)) {
      this.hits += 1;
      return hit.value as Promise<T>;
    }
    this.misses += 1;
    // Drizzle queries are thenables that run when awaited; a synchronous throw becomes a rejection.
    const value = new Promise<T>((resolve) => resolve(load()));
    if (this.options.ttlMs <= 0) return value;
    this.entries.delete(key);
    if (this.entries.size >= this.options.maxEntries) this.prune(now);
    const entry: Entry = { value, storedAt: now };
    this.entries.set(key, entry);
    // Errors are not kept: the next read loads again.
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }

  stats(): { hits: number; misses: number; entries: number } {
    return { hits: this.hits, misses: this.misses, entries: this.entries.size };
  }

  private fresh(entry: Entry, now: number): boolean {
    const age = now - entry.storedAt;
    return age >= 0 && age < this.options.ttlMs;
  }

  /** Drops stale entries, then the oldest ones, until there is room. */
  private prune(now: number): void {
    for (const [key, entry] of this.entries) if (!this.fresh(entry, now)) this.entries.delete(key);
    for (const key of this.entries.keys()) {
      if (this.entries.size < this.options.maxEntries) break;
      this.entries.delete(key);
    }
  }
}

type Listener<C> = (change: C) => void | Promise<void>;

export interface CacheKit<C> {
  /** After a write has committed here: drop the caches it concerns, tell the listeners, then the others. */
  changed(change: C): Promise<void>;
  /** A change another instance made (or may have made): drop the caches it concerns, tell the listeners. */
  heard(change: C): Promise<void>;
  /** Subscribes to every change, this instance's and the others'; returns the unsubscribe. */
  onChanged(listener: Listener<C>): () => void;
  /** How this instance's changes reach the others (the change feed); returns the undo. */
  publishTo(publish: (change: C) => Promise<void>): () => void;
  /** Releases the listeners and the publisher (the runtime's close). */
  close(): void;
}

/**
 * `droppedBy` says which changes drop which cache (every change drops every cache without it): a
 * change that cannot alter what a cache holds leaves it warm.
 */
export function createCacheKit<C, N extends Record<string, Droppable>>(
  named: N,
  droppedBy?: { [K in keyof N]: (change: C) => boolean },
): N & CacheKit<C> {
  const listeners = new Set<Listener<C>>();
  let publish: ((change: C) => Promise<void>) | null = null;

  const heard = async (change: C) => {
    for (const [name, cache] of Object.entries(named) as [keyof N, Droppable][]) {
      if (droppedBy?.[name](change) ?? true) cache.clear();
    }
    await Promise.all([...listeners].map((listener) => listener(change)));
  };
  const kit: CacheKit<C> = {
    async changed(change) {
      await heard(change);
      await publish?.(change);
    },
    heard,
    onChanged(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    publishTo(next) {
      publish = next;
      return () => {
        if (publish === next) publish = null;
      };
    },
    close() {
      listeners.clear();
      publish = null;
    },
  };
  return { ...named, ...kit };
}
