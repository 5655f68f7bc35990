/**
 * The part of a back-office list's URL an action returns to: its search, status filter and page
 * (nothing else), e.g. "?q=reel&page=3", or "" for the bare list. The list's Delete button carries
 * it to the confirmation step and the server's redirects keep it (decision 0225).
 */
const LIST_PARAMS = ["q", "status", "page"] as const;

export function listSearch(params: URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const key of LIST_PARAMS) {
    const value = params.get(key);
    if (value) kept.set(key, value);
  }
  const search = kept.toString();
  return search ? `?${search}` : "";
}
