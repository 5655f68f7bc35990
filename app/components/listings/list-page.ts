import { useEffect, useRef, useState } from "react";
import type { ShouldRevalidateFunctionArgs } from "react-router";
import type { browserLoad } from "~/lib/listings/browser-load";

/**
 * What the three list pages (/case-studies, /portfolio, /blog) share beyond their components:
 * browser-side loads, revalidation and failed images. Their loader is server/pages/list-page.ts.
 */

/**
 * A list page's `clientLoader` (a client navigation, a retry): the page at once with
 * placeholders, then the list, retried with backoff (lib/listings/browser-load.ts, imported on
 * demand). The first request starts while the code for it loads.
 */
export async function loadInBrowser<
  Name extends Parameters<typeof browserLoad>[0],
  Page extends { state: string },
>(name: Name, serverLoader: () => Promise<{ page: Page | Promise<Page> }>) {
  const first = serverLoader();
  first.catch(() => {}); // answered by browserLoad; no unhandled rejection meanwhile
  const { browserLoad } = await import("~/lib/listings/browser-load");
  return browserLoad(name, first, serverLoader);
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
