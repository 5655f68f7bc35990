import { loadSitemapChild } from "@server/content/sitemap";
import { getRuntimeFrom } from "@server/context";
import { PUBLIC_FEED_CACHE } from "@server/http/cache";
import { textResponse } from "@server/http/text-response";
import { renderSitemap } from "~/lib/sitemap";
import type { Route } from "./+types/sitemap-child.xml";

/**
 * GET /sitemaps/{name}: one child sitemap of the index (`pages.xml`, `case-studies-N.xml`,
 * `blog-N.xml`), at most 10,000 URLs; 404 for any other name or a page past the last.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { config, database } = getRuntimeFrom(context);
  const entries = await loadSitemapChild(database.db, params.name);
  if (!entries) {
    return textResponse(404, "No such sitemap.");
  }
  return new Response(renderSitemap(config.SITE_URL, entries), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": PUBLIC_FEED_CACHE,
    },
  });
}
