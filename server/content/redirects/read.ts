import { getRuntimeFrom } from "@server/context";
import { redirects } from "@server/db/schema";
import { PUBLIC_PAGE_CACHE } from "@server/http/cache";
import { pagePath } from "@server/route-kit/page-meta";
import { eq } from "drizzle-orm";
import { type RouterContextProvider, redirect } from "react-router";

/**
 * The public side of redirects (issue #31, decision 0370). Asked only where no page answers (the
 * site's 404 route, a missing case study or blog post), so a live page never pays for it and
 * always wins over a redirect; one indexed read, no cache, so every instance sees a change at
 * once. Chains are collapsed when written (server/content/redirects/editor.ts): one hop is the end.
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
  let found: { toTarget: string | null } | undefined;
  try {
    [found] = await database.db
      .select({ toTarget: redirects.toTarget })
      .from(redirects)
      .where(eq(redirects.fromPath, path))
      .limit(1);
  } catch (error) {
    logger.error({ err: error, path }, "redirect lookup failed");
    return "not-found";
  }
  if (!found) return "not-found";
  if (found.toTarget === null) return "gone";
  const url = new URL(request.url);
  // A data request's query is React Router's own, not the visitor's.
  const search = url.pathname.endsWith(".data") || /[?#]/.test(found.toTarget) ? "" : url.search;
  throw redirect(`${found.toTarget}${search}`, {
    status: 301,
    headers: { "Cache-Control": PUBLIC_PAGE_CACHE },
  });
}

/** The status a missing page answers with. */
export const missingStatus = (missing: Missing): 404 | 410 => (missing === "gone" ? 410 : 404);
