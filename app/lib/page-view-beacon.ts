import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/** The resource route that counts a client-side navigation (issue #33). */
export const PAGE_VIEW_BEACON = "/visit";

/**
 * Reports each client-side route change of the public site to the server's page-view count
 * (issue #33): the first page arrived as a document and the server counted it, so only later
 * locations are sent. Called by the public frame's lazily loaded navigation handler (the consent
 * module, which also sends analytics' page views on route changes), so it costs the first load's
 * JavaScript nothing; it runs whatever the consent, as it stores nothing. `navigator.sendBeacon` posts form fields (no cookie or storage of its own is
 * involved, and the page never waits for it). A change of the hash alone is no new page.
 */
export function usePageViewBeacon(): void {
  const { pathname, search, key } = useLocation();
  const first = useRef(key);
  // biome-ignore lint/correctness/useExhaustiveDependencies: one beacon per new page on purpose
  useEffect(() => {
    if (key === first.current) return;
    navigator.sendBeacon?.(PAGE_VIEW_BEACON, new URLSearchParams({ page: `${pathname}${search}` }));
  }, [pathname, search]);
}
