import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/** The route labels of the metrics (issue #21, decision 0210): bounded, never the raw URL. */

/** Route labels remembered per path; a full memo is emptied (random paths must not grow it). */
const ROUTE_MEMO_MAX = 1_000;

/**
 * The route label of a path: the React Router route pattern it matches (`/blog/:slug`, `/*` for
 * the not-found page), with `.data` for React Router's data requests. Never the URL itself: any
 * visitor picks URLs, and each label value is a new time series.
 */
export function createRouteLabeller(routes: ServerBuild["routes"]): (pathname: string) => string {
  const patterns = new Map<string, string>();
  const byParent = new Map<string | undefined, RouteObject[]>();
  const children = (parentId: string | undefined) => {
    let list = byParent.get(parentId);
    if (!list) {
      list = [];
      byParent.set(parentId, list);
    }
    return list;
  };
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const object: RouteObject = route.index
      ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
      : { id: route.id, path: route.path, caseSensitive: route.caseSensitive };
    children(route.parentId).push(object);
  }
  const link = (list: RouteObject[], parentPattern: string): void => {
    for (const route of list) {
      const own = route.path ? `${parentPattern.replace(/\/$/, "")}/${route.path}` : parentPattern;
      patterns.set(route.id ?? "", own || "/");
      const below = byParent.get(route.id);
      if (below && !route.index) (route as { children?: RouteObject[] }).children = below;
      if (below) link(below, own);
    }
  };
  const roots = byParent.get(undefined) ?? [];
  link(roots, "");

  const memo = new Map<string, string>();
  const label = (pathname: string): string => {
    const data = pathname.endsWith(".data");
    const path = data ? pathname.slice(0, -".data".length).replace(/^\/_root$/, "/") : pathname;
    const matches = matchRoutes(roots, path);
    const last = matches?.[matches.length - 1];
    const pattern = (last && patterns.get(last.route.id ?? "")) ?? "unmatched";
    return data ? `${pattern}.data` : pattern;
  };
  return (pathname) => {
    let value = memo.get(pathname);
    if (value === undefined) {
      if (memo.size >= ROUTE_MEMO_MAX) memo.clear();
      value = label(pathname);
      memo.set(pathname, value);
    }
    return value;
  };
}
