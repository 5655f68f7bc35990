import { redirectTarget } from "@server/content/redirects/read";
import { getRuntimeFrom } from "@server/context";
import { PUBLIC_PAGE_CACHE } from "@server/http/cache";
import { pagePath } from "@server/route-kit/page-meta";
import { type RouterContextProvider, redirect } from "react-router";

/**
 * A request no page answered (the site's 404 route, a missing case study or blog post) asks the
 * redirects (decision 0370) only then, so a live page never pays for it and always wins over a
 * redirect.
 */

export type Missing = "gone" | "not-found";

/**
 * For a request no page answered: throws a 301 to where the page moved (the request's query
 * kept when the target has none), or says whether the path is gone (410) or simply not found.
 * A failed lookup is logged and answered as not found.
 */
export async function movedOrGone(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<Missing> {
  const { database, logger } = getRuntimeFrom(context);
  const path = pagePath(request);
  let target: string | null | undefined;
  try {
    target = await redirectTarget(database.db, path);
  } catch (error) {
    logger.error({ err: error, path }, "redirect lookup failed");
    return "not-found";
  }
  if (target === undefined) return "not-found";
  if (target === null) return "gone";
  const url = new URL(request.url);
  // A data request's query is React Router's own, not the visitor's.
  const search = url.pathname.endsWith(".data") || /[?#]/.test(target) ? "" : url.search;
  throw redirect(`${target}${search}`, {
    status: 301,
    headers: { "Cache-Control": PUBLIC_PAGE_CACHE },
  });
}

/** The status a missing page answers with. */
export const missingStatus = (missing: Missing): 404 | 410 => (missing === "gone" ? 410 : 404);
