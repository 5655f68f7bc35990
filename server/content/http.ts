import { PUBLIC_PAGE_CACHE } from "@server/http/cache";
import type { HeadersArgs } from "react-router";

/**
 * HTTP details shared by the content routes. A page that rendered from the database may be kept by
 * shared caches (PUBLIC_PAGE_CACHE); a degraded page (database down) must not be.
 */
export const DEGRADED_CACHE = "no-store";

export function cacheHeaders(degraded: boolean): HeadersInit {
  return { "Cache-Control": degraded ? DEGRADED_CACHE : PUBLIC_PAGE_CACHE };
}

/**
 * The `headers` export of the content routes: the Cache-Control the loader (or the response it
 * threw) chose; no-store when neither chose one (an unexpected error).
 */
export function contentHeaders({ loaderHeaders, errorHeaders }: HeadersArgs): HeadersInit {
  return {
    "Cache-Control":
      errorHeaders?.get("Cache-Control") ?? loaderHeaders.get("Cache-Control") ?? DEGRADED_CACHE,
  };
}
