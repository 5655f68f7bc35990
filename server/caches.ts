import { PageCache } from "@server/http/page-cache";
import { createCacheKit, ReadCache } from "@server/kit/cache";

/**
 * The runtime's caches (decision 0463), one kit per runtime, dropped through one path: a change
 * (`contentChanged`, server/content/changes.ts) on this instance, and the change feed
 * (server/content/change-feed.ts) on every other instance sharing the PostgreSQL database. A
 * content change drops the content and the pages, a pipeline step the Dashboard, a missed change
 * all three:
 * - `content`: public content reads (decision 0030), by key, for CONTENT_CACHE_TTL_MS;
 * - `dashboard`: the inquiries' Dashboard figures (issue #30), by day, for DASHBOARD_TTL_MS;
 * - `pages`: anonymous visitors' whole pages (decision 0180).
 * The TTLs stay as the safety net for a change never heard.
 *
 * The runtime binds its kit to the database handle it opened (`createRuntimeCaches`), so code
 * given that handle finds its runtime's caches (`cachesOf`) without any module holding them. A
 * transaction reads uncached, and its changes wait for its commit (server/kit/transaction.ts); a
 * handle of no runtime (a script's) reads uncached.
 */

/** What a change names (the listeners and the other instances are told). */
export type ContentEntity =
  | "case-studies"
  | "testimonials"
  | "team"
  | "portfolio"
  | "blog"
  // A video of the Media library became ready or went (the pages that play it).
  | "media";

export type ContentChange =
  | {
      entity: ContentEntity;
      id: string;
      action: "created" | "updated" | "deleted";
    }
  /** A step of the pipeline of one inquiry or application (its id): the Dashboard's figures. */
  | { entity: "pipeline"; id: string; action: "activity" }
  /**
   * Changes may have been missed (this instance lost its notification connection and has just
   * listened again): everything cached must go.
   */
  | { entity: "all"; id: null; action: "missed" };

export const CONTENT_CACHE_TTL_MS = 10_000;
/** How long one instance shows the same figures: a dashboard, not a live counter. */
export const DASHBOARD_TTL_MS = 30_000;

export type Caches = ReturnType<typeof createCaches>;

const isPublic = (change: ContentChange) => change.entity !== "pipeline";
/** A submission or a pipeline step never alters a public page, nor an editor's save the figures. */
const DROPPED_BY = {
  content: isPublic,
  pages: isPublic,
  dashboard: (change: ContentChange) => change.entity === "pipeline" || change.entity === "all",
};

function createCaches() {
  return createCacheKit<
    ContentChange,
    { content: ReadCache; dashboard: ReadCache; pages: PageCache }
  >(
    {
      content: new ReadCache({ ttlMs: CONTENT_CACHE_TTL_MS, maxEntries: 500 }),
      // One day's figures: a new day replaces them.
      dashboard: new ReadCache({ ttlMs: DASHBOARD_TTL_MS, maxEntries: 1 }),
      pages: new PageCache(),
    },
    DROPPED_BY,
  );
}

/** A property of the database handle, so two runtimes (or tests) never share a cache. */
const CACHES = Symbol("runtime caches");
type Bound = { [CACHES]?: Caches };

/** The runtime's caches, bound to the database handle `db` that the runtime opened. */
export function createRuntimeCaches(db: object): Caches {
  const caches = createCaches();
  Object.defineProperty(db, CACHES, { value: caches, configurable: true });
  return caches;
}

/** The caches of the runtime that opened `db`; none for a handle without a runtime. */
export function cachesOf(db: object): Caches | undefined {
  return (db as Bound)[CACHES];
}
