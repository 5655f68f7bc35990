/**
 * Cache-Control policies. Public pages carry no per-user data, so shared caches (a CDN in front of
 * several instances) may keep them briefly and serve stale while revalidating; admin responses
 * and anything per-user are never stored.
 */
export const PUBLIC_PAGE_CACHE = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";
export const PUBLIC_FEED_CACHE = "public, max-age=300, s-maxage=300, stale-while-revalidate=3600";
export const PRIVATE_NO_STORE = "private, no-store";
