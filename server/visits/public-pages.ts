import { cachedRead } from "@server/content/cache";
import { loadSitemapChild, planSitemap } from "@server/content/sitemap";
import type { Executor } from "@server/db/client";

/**
 * The paths of the public site's real pages, for the visit beacon (issue 47 item 5, decision
 * 0450): a navigation is counted only to a page that exists. They are the sitemap's URLs: the
 * static pages of the route table (STATIC_SITEMAP_ENTRIES, which a test keeps equal to the
 * public routes of app/routes.ts) and every published case study and post (plus the fixed
 * fallback studies no row replaces), read through the content cache. The set is built at most
 * once per content-cache lifetime (10 s, and after every content change), so a beacon pays a map
 * lookup, never a query.
 */
export function publicPagePaths(db: Executor): Promise<ReadonlySet<string>> {
  return cachedRead(db, "visits:public-pages", async () => {
    const plan = await planSitemap(db);
    if (plan.kind === "urlset") return new Set(plan.entries.map((entry) => entry.path));
    const children = await Promise.all(plan.children.map((c) => loadSitemapChild(db, c.name)));
    return new Set(children.flatMap((entries) => entries ?? []).map((entry) => entry.path));
  });
}

/** Whether `path` (no query) is one of the public site's pages. */
export async function isPublicPage(db: Executor, path: string): Promise<boolean> {
  return (await publicPagePaths(db)).has(path);
}
