import { type ComponentType, createElement, type ReactElement } from "react";

/**
 * A route module's page and head as framework mode gives them their arguments. The generated
 * props and meta arguments also hold `params` and `matches`, which React Router builds from the
 * route tree; the pages and heads tested read only `loaderData`, so only that is given, typed by
 * the route's own (the one narrowing of the route's type is here).
 */

/** The page's element with its loader data as its prop. */
export function routePage<P extends { loaderData: unknown }>(
  page: ComponentType<P>,
  loaderData: P["loaderData"],
): ReactElement {
  return createElement(page as ComponentType<Pick<P, "loaderData">>, { loaderData });
}

/** What the route's `meta` makes of its loader data (none: a head that reads none). */
export function routeHead<A extends { loaderData: unknown }, R>(
  meta: (args: A) => R,
  loaderData?: A["loaderData"],
): R {
  return (meta as (args: Partial<Pick<A, "loaderData">>) => R)({ loaderData });
}
