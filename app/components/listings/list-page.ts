import { useEffect, useRef, useState } from "react";
import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * What the three list pages (/case-studies, /portfolio, /blog) share beyond their components:
 * revalidation and failed images. Their browser-side loads are lib/listings/browser-load.ts.
 */

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
