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
