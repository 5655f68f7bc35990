import { planSitemap } from "@server/content/sitemap";
import { getRuntimeFrom } from "@server/context";
import { PUBLIC_FEED_CACHE } from "@server/http/cache";
import { renderSitemap, renderSitemapIndex } from "~/lib/sitemap";
import type { Route } from "./+types/sitemap.xml";

/**
 * GET /sitemap.xml: every public URL in one urlset while there are at most 10,000, else a
 * sitemapindex of the child sitemaps under /sitemaps/ (decision 0230).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { config, database } = getRuntimeFrom(context);
  const plan = await planSitemap(database.db);
  const body =
    plan.kind === "urlset"
      ? renderSitemap(config.SITE_URL, plan.entries)
      : renderSitemapIndex(config.SITE_URL, plan.children);
  return new Response(body, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": PUBLIC_FEED_CACHE,
    },
  });
}
