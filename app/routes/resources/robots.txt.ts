import { getRuntimeFrom } from "@server/context";
import { PUBLIC_FEED_CACHE } from "@server/http/cache";
import { textResponse } from "@server/http/text-response";
import { renderRobots } from "~/lib/sitemap";
import type { Route } from "./+types/robots.txt";

export function loader({ context }: Route.LoaderArgs) {
  return textResponse(200, renderRobots(getRuntimeFrom(context).config.SITE_URL), {
    "Cache-Control": PUBLIC_FEED_CACHE,
  });
}
