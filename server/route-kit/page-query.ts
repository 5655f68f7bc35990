import { GENERAL_APPLICATION_TITLE, OPEN_POSITIONS } from "~/copy/careers";
import { LIST_FILTERS, listQuery, listQueryValues, readListQuery } from "~/lib/listings/query";

/**
 * What each public page reads of its URL's query, read as its loader reads it (decision 0265).
 * Every other page reads none of it. The page cache keys a page on these values only, so any
 * other query (`?utm_source=…`, a cache-buster) is served the page's one shared copy: a page that
 * starts reading a parameter must be listed here.
 */

/** `?apply=<title>` on /careers: the application form for that role (null: not a role's title). */
export function readApplyFor(params: URLSearchParams): string | null {
  const requested = params.get("apply");
  const titles: string[] = [...OPEN_POSITIONS.map((p) => p.title), GENERAL_APPLICATION_TITLE];
  return requested && titles.includes(requested) ? requested : null;
}

type QueryReader = (params: URLSearchParams) => Record<string, string | null>;

const PAGE_QUERIES = new Map<string, QueryReader>([
  ...Object.entries(LIST_FILTERS).map(([path, filter]): [string, QueryReader] => [
    path,
    (params) => listQueryValues(readListQuery(params, filter), filter),
  ]),
  ["/careers", (params) => ({ apply: readApplyFor(params) })],
]);

/**
 * The page cache's key of a request: its path, and of its query only what the page reads, in a
 * fixed order and normalised (`/blog?page=1&utm_source=x` is `/blog`; `/?q=1` is `/`).
 */
export function pageCacheKey(path: string, search: string): string {
  const read = PAGE_QUERIES.get(path);
  return read ? `${path}${listQuery(read(new URLSearchParams(search)))}` : path;
}
