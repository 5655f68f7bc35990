import { useEffect, useRef, useState } from "react";
import type { ShouldRevalidateFunctionArgs } from "react-router";
import { withRetry } from "~/lib/content/retry";

/**
 * What the three list pages (/case-studies, /portfolio, /blog) share beyond their components:
 * browser-side loads, revalidation and failed images.
 */

let browserLoads = 0;

/**
 * A browser-side load (a client navigation, a retry): the page's copy and head come at once from
 * `shell` (the copy module, imported on demand), and the page renders with placeholders; the list
 * follows when the server answers, retried with backoff (SPEC section 9). The first page view uses
 * the server's HTML and data.
 */
export async function browserLoad<Page extends { state: string }, Shell extends object>(
  serverLoader: () => Promise<{ page: Page | Promise<Page> }>,
  shell: Promise<Shell>,
): Promise<Shell & { page: Promise<Page>; load: number }> {
  const page = withRetry(async () => (await serverLoader()).page, {
    isFailure: (result) => result.state === "error",
  });
  return { ...(await shell), page, load: ++browserLoads };
}

/** Search and filter live in the query and filter in the browser: no reload when only they change. */
export function revalidateUnlessQueryOnly({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  const queryOnly =
    !formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search;
  return queryOnly ? false : defaultShouldRevalidate;
}

/** A failed image is hidden (SPEC section 4), including one that failed before hydration. */
export function useHideOnError() {
  const ref = useRef<HTMLImageElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0) setFailed(true);
  }, []);
  return { ref, failed, onError: () => setFailed(true) };
}
