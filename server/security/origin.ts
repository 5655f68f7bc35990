import { textResponse } from "@server/http/text-response";
import { ADMIN_RESPONSE_HEADERS } from "@server/security/admin-access";

/**
 * Cross-site request check for mutating resource routes (React Router checks route actions itself,
 * resource routes are ours to guard). A request is refused when the browser says it comes from
 * another site: an Origin header that is neither the configured site nor the request's own origin,
 * or Sec-Fetch-Site "cross-site". A request with neither header (curl, a test client) passes:
 * it carries no ambient browser credentials an attacker could borrow.
 */
export function isCrossSiteRequest(request: Request, siteUrl: string): boolean {
  const origin = request.headers.get("origin");
  if (origin && origin !== "null") {
    const allowed = new Set([new URL(siteUrl).origin, new URL(request.url).origin]);
    return !allowed.has(origin);
  }
  if (origin === "null") return true;
  return request.headers.get("sec-fetch-site") === "cross-site";
}

export const CROSS_SITE_REFUSED = "Forbidden: cross-site requests are refused.";

/** Methods that change nothing: never refused for where they come from. */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The one guard of every back-office write (issue #47 item 14): a request under /admin that is
 * not a GET, HEAD or OPTIONS and that the browser says comes from another site
 * (`isCrossSiteRequest`: a foreign Origin, or `Sec-Fetch-Site: cross-site`) is answered 403,
 * before any route's middleware, action or resource handler runs. Route actions, their client
 * data requests (`.data`) and resource routes alike: the root middleware asks it.
 */
export function crossSiteWriteRefusal(request: Request, siteUrl: string): Response | null {
  if (SAFE_METHODS.has(request.method)) return null;
  if (!/^\/admin(?:[/.]|$)/.test(new URL(request.url).pathname)) return null;
  return isCrossSiteRequest(request, siteUrl)
    ? textResponse(403, CROSS_SITE_REFUSED, ADMIN_RESPONSE_HEADERS)
    : null;
}
