import type { Executor } from "@server/db/client";
import { redirects } from "@server/db/schema";
import { eq } from "drizzle-orm";

/**
 * The public side of redirects (issue #31, decision 0370): one indexed read, no cache, so every
 * instance sees a change at once. Chains are collapsed when written
 * (server/content/redirects/editor.ts): one hop is the end. The answer to the request is
 * server/route-kit/missing-page.ts.
 */

/** Where a path moved (a path or an address), null when it is gone, undefined when no redirect. */
export async function redirectTarget(
  db: Executor,
  path: string,
): Promise<string | null | undefined> {
  const [found] = await db
    .select({ toTarget: redirects.toTarget })
    .from(redirects)
    .where(eq(redirects.fromPath, path))
    .limit(1);
  return found?.toTarget;
}
