import { listSitemapEntries } from "@server/content/sitemap";
import { getRuntimeFrom } from "@server/context";
import type { Executor } from "@server/db/client";
import { PUBLIC_FEED_CACHE } from "@server/http/cache";
import { renderSitemap, type SitemapEntry, STATIC_SITEMAP_ENTRIES } from "~/lib/sitemap";
import type { Route } from "./+types/sitemap.xml";

/** Where the sitemap's entries come from: the static pages, then every published content page. */
const SITEMAP_SOURCES: ((
  db: Executor,
) => Promise<readonly SitemapEntry[]> | readonly SitemapEntry[])[] = [
  () => STATIC_SITEMAP_ENTRIES,
  listSitemapEntries,
];

/** One entry per path; a later source (the content, with its dates) completes an earlier one. */
function mergeByPath(entries: readonly SitemapEntry[]): SitemapEntry[] {
  const byPath = new Map<string, SitemapEntry>();
  for (const entry of entries) {
    const earlier = byPath.get(entry.path);
    byPath.set(entry.path, earlier ? { ...earlier, ...entry } : entry);
  }
  return [...byPath.values()];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { config, database } = getRuntimeFrom(context);
  const entries = (await Promise.all(SITEMAP_SOURCES.map((source) => source(database.db)))).flat();
  return new Response(renderSitemap(config.SITE_URL, mergeByPath(entries)), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": PUBLIC_FEED_CACHE,
    },
  });
}
