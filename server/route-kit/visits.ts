import { clientIpContext } from "@server/security/client-ip";
import type { VisitCounter } from "@server/visits/page-views";
import { isPublicPage } from "@server/visits/public-pages";
import { isCountedPath, isCountedVisitor, type Visitor } from "@server/visits/view-rules";
import type { RouterContextProvider } from "react-router";

/**
 * Page views as routes see them (issue #33, decision 0380): the visitor of a request, the beacon's
 * same-site check, and the navigation it reports. The counting itself is visits/page-views.ts's.
 */

/** The visitor of a route's request: the client address Express resolved and the user agent. */
export function visitorOf(request: globalThis.Request, context: Readonly<RouterContextProvider>) {
  return {
    ip: context.get(clientIpContext) ?? "",
    userAgent: request.headers.get("user-agent") ?? "",
  } satisfies Visitor;
}

/**
 * Whether a beacon comes from the site's own pages: an `Origin` of this site, or without one a
 * `Sec-Fetch-Site` of `same-origin` or `same-site` (every current browser sends one of the two
 * with `sendBeacon`). A request with neither (a script, curl) is refused, unlike the other
 * resource routes' check (`isCrossSiteRequest`), which lets it pass.
 */
export function isSameSiteBeacon(request: globalThis.Request, siteUrl: string): boolean {
  const origin = request.headers.get("origin");
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite !== null && fetchSite !== "same-origin" && fetchSite !== "same-site") return false;
  if (origin !== null) {
    return origin === new URL(siteUrl).origin || origin === new URL(request.url).origin;
  }
  return fetchSite !== null;
}

/**
 * A client-side navigation reported by the browser's beacon (`POST /visit`, field `page`: the
 * new path and query). The referrer is this site, so it carries no source; its own `utm_*` do.
 * Counted only to a real public page (`isPublicPage`: the sitemap's paths, from the content
 * cache); a made-up path is never a view.
 */
export async function countNavigation(
  counter: VisitCounter,
  request: globalThis.Request,
  context: Readonly<RouterContextProvider>,
  page: string,
): Promise<boolean> {
  const visitor = visitorOf(request, context);
  if (!isCountedVisitor(visitor.userAgent, request.headers.get("cookie") ?? undefined)) {
    return false;
  }
  const query = page.indexOf("?");
  const path = query === -1 ? page : page.slice(0, query);
  if (!isCountedPath(path) || !(await isPublicPage(counter.db, path))) return false;
  counter.count({ ...visitor, at: counter.options.now(), path, url: page, referrer: null });
  return true;
}
