import { createRouteLabeller } from "@server/observability/route-labels";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { ServerBuild } from "react-router";

/**
 * One address per page (decision 0267). The router matches paths case-insensitively and ignores
 * a trailing slash, so `/ABOUT`, `/about/` and `/Blog` answered 200 as pages of their own. Every
 * such duplicate gets a permanent redirect to the canonical path, query kept: one slash between
 * segments, none at the end (except `/`), and the fixed segments of the matched route as the route
 * writes them (lowercase). A route's parameters (a slug, an id) keep the case they were asked in:
 * slugs and ids are lowercase by their own rule, so a mixed-case one is simply not found (404),
 * never a duplicate.
 */

/**
 * The canonical form of `path`, given the route pattern it matches (`/blog/:slug`, `/*`,
 * `unmatched`: the labels of `createRouteLabeller`).
 */
export function canonicalPath(path: string, patternOf: (path: string) => string): string {
  const trimmed = path.replace(/\/{2,}/g, "/").replace(/(.)\/+$/, "$1");
  const pattern = patternOf(trimmed);
  if (!pattern.startsWith("/")) return trimmed; // no route: nothing to spell
  const fixed = pattern.split("/");
  const asked = trimmed.split("/");
  return asked
    .map((segment, index) => {
      const own = fixed[index];
      // A parameter, a splat (`files/:bucket/*`) and what follows it: as asked.
      if (own === undefined || own === "*" || own.startsWith(":")) return segment;
      return own;
    })
    .join("/");
}

/**
 * Express middleware: a permanent redirect of a duplicate URL to its canonical path (301 for GET
 * and HEAD, which every client and crawler follows; 308 for other methods, which keeps the method
 * and the body). React Router's data requests (`.data`) are left alone: no one links to them.
 */
export function canonicalPaths(build: () => Promise<Pick<ServerBuild, "routes">>): RequestHandler {
  let patternOf: ((path: string) => string) | undefined;
  const loaded = build().then((loadedBuild) => {
    patternOf = createRouteLabeller(loadedBuild.routes);
  });
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.path.endsWith(".data")) return next();
    if (!patternOf) {
      try {
        await loaded;
      } catch (error) {
        return next(error);
      }
    }
    const canonical = canonicalPath(req.path, patternOf ?? (() => "unmatched"));
    if (canonical === req.path) return next();
    const query = req.originalUrl.indexOf("?");
    const search = query === -1 ? "" : req.originalUrl.slice(query);
    const status = req.method === "GET" || req.method === "HEAD" ? 301 : 308;
    res.redirect(status, `${canonical}${search}`);
  };
}
