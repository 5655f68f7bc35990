/**
 * Search and filters live in the URL query (`?q=…&tag=…`), so a filtered list is shareable and
 * works without JavaScript (GET forms). 'all' or an empty value means no filter.
 */

export const ALL = "all";

/**
 * The one filter of each public list. A list reads nothing else of its URL but the search (`q`),
 * this filter and the page (`page`): its links carry only these, and the page cache keys the
 * list on them (decision 0265).
 */
export const LIST_FILTERS = {
  "/case-studies": "tag",
  "/portfolio": "type",
  "/blog": "category",
} as const;

/** What a list page's URL asks for: the search box, its one filter, the page number. */
export interface ListQuery {
  search: string;
  filter: string | null;
  page: number;
}

/** A list's query as its loader reads it. */
export function readListQuery(params: URLSearchParams, filter: string): ListQuery {
  return { search: readSearch(params), filter: readFilter(params, filter), page: readPage(params) };
}

/** A list's query as URL values (page 1 and empty values left out: give them to `listQuery`). */
export function listQueryValues(
  { search, filter, page }: ListQuery,
  filterName: string,
): Record<string, string | null> {
  return { q: search, [filterName]: filter, page: page > 1 ? String(page) : null };
}

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

/** Public lists show this many items a page (`?page=N`, decision 0220). */
export const LIST_PAGE_SIZE = 12;
/** Far beyond any real list; keeps OFFSET bounded whatever the URL says. */
const MAX_LIST_PAGE = 10_000;

/** The page of a list (`page`), 1 when absent or not a positive whole number. */
export function readPage(params: URLSearchParams): number {
  const value = params.get("page") ?? "";
  if (!/^\d{1,6}$/.test(value)) return 1;
  return Math.min(Math.max(Number(value), 1), MAX_LIST_PAGE);
}

/** Where a page of a public list stands: what the count and the page links read. */
export interface Paging {
  /** Items matching the search and filter, over every page. */
  total: number;
  page: number;
  pageCount: number;
}

/** The paging of a page of a list, without its items. */
export const pagingOf = ({ total, page, pageCount }: Paging): Paging => ({
  total,
  page,
  pageCount,
});

/** The paging of a list that could not be read: page 1 of nothing. */
export const NO_PAGING: Paging = { total: 0, page: 1, pageCount: 1 };

/** One page of a public list, as the server answers it. */
export interface ListPage<T> extends Paging {
  items: T[];
}

export function pageCountOf(total: number): number {
  return Math.max(1, Math.ceil(total / LIST_PAGE_SIZE));
}
