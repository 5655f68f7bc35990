import { useEffect, useRef, useState } from "react";
import type { browserLoad } from "~/lib/listings/browser-load";

/**
 * What the three list pages (/case-studies, /portfolio, /blog) share beyond their components:
 * browser-side loads, revalidation and failed images. Their loader is server/route-kit/list-page.ts.
 */

/**
 * A list page's `clientLoader` (a client navigation, a retry): the page at once with
 * placeholders, then the list, retried with backoff (lib/listings/browser-load.ts, imported on
 * demand). The first request starts while the code for it loads.
 *
 * Another page, search or filter of the list being shown (only the query changes; not a retry)
 * waits for the server instead: the list in view stays, with the search box and its focus, until the new page
 * replaces it (decision 0220).
 */
export async function loadInBrowser<
  Name extends Parameters<typeof browserLoad>[0],
  Page extends { state: string },
  Data extends { page: Page | Promise<Page> },
>(name: Name, request: Request, serverLoader: () => Promise<Data>) {
  const next = new URL(request.url);
  const { pathname, search } = window.location;
  if (next.pathname === pathname && next.search !== search) return serverLoader();
  const first = serverLoader();
  first.catch(() => {}); // answered by browserLoad; no unhandled rejection meanwhile
  const { browserLoad } = await import("~/lib/listings/browser-load");
  return browserLoad(name, first, serverLoader);
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
