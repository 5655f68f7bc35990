/**
 * Search and filters live in the URL query (`?q=…&tag=…`), so a filtered list is shareable and
 * works without JavaScript (GET forms). 'all' or an empty value means no filter.
 */

export const ALL = "all";

/** The free-text search of a list, trimmed (`q`). */
export function readSearch(params: URLSearchParams): string {
  return (params.get("q") ?? "").trim().slice(0, 200);
}

/** A filter value (`tag`, `type`, `category`); null when absent or 'all'. */
export function readFilter(params: URLSearchParams, name: string): string | null {
  const value = (params.get(name) ?? "").trim();
  return value === "" || value === ALL ? null : value;
}

/** Case-insensitive substring match of `search` in any of the fields (an empty search matches). */
export function matchesSearch(
  search: string,
  fields: ReadonlyArray<string | null | undefined>,
): boolean {
  const needle = search.trim().toLocaleLowerCase("en-US");
  if (needle === "") return true;
  return fields.some((field) => field?.toLocaleLowerCase("en-US").includes(needle) ?? false);
}

/** The query string for a list URL, without empty or 'all' values. */
export function listQuery(values: Record<string, string | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    const trimmed = value?.trim();
    if (trimmed && trimmed !== ALL) params.set(name, trimmed);
  }
  const query = params.toString();
  return query ? `?${query}` : "";
}

export function sameText(a: string, b: string): boolean {
  return a.trim().toLocaleLowerCase("en-US") === b.trim().toLocaleLowerCase("en-US");
}
