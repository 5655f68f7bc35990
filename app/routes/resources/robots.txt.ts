import { getRuntimeFrom } from "@server/context";
import { PUBLIC_FEED_CACHE } from "@server/http/cache";
import { renderRobots } from "~/lib/sitemap";
import type { Route } from "./+types/robots.txt";

export function loader({ context }: Route.LoaderArgs) {
  return new Response(renderRobots(getRuntimeFrom(context).config.SITE_URL), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": PUBLIC_FEED_CACHE },
  });
}
