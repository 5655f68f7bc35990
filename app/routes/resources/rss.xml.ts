import { listFeedPosts, renderBlogFeed } from "@server/content/rss";
import { getRuntimeFrom } from "@server/context";
import { PUBLIC_FEED_CACHE } from "@server/http/cache";
import { textResponse } from "@server/http/text-response";
import type { Route } from "./+types/rss.xml";

/** GET /blog/rss.xml: RSS 2.0 of the 20 latest published posts, newest first. */
export async function loader({ context }: Route.LoaderArgs): Promise<Response> {
  const { database, config, logger } = getRuntimeFrom(context);
  try {
    const posts = await listFeedPosts(database.db);
    return new Response(renderBlogFeed(posts, config.SITE_URL), {
      headers: {
        "Content-Type": "application/rss+xml; charset=utf-8",
        "Cache-Control": PUBLIC_FEED_CACHE,
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    logger.error({ err: error }, "rss: load failed");
    return textResponse(503, "The feed is unavailable right now.", { "Retry-After": "30" });
  }
}
