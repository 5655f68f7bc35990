import { type Column, type SQL, sql } from "drizzle-orm";
import { listSearch } from "~/lib/list-return";

/** Shared parsing of back-office list URLs (?q=&status=&page=): bad values fall back, never throw. */

export const PAGE_SIZE = 25;
/** Far beyond any real list; keeps OFFSET bounded whatever the URL says. */
const MAX_PAGE = 10_000;
const MAX_SEARCH_LENGTH = 200;

export function parsePage(value: string | null): number {
  if (!value || !/^\d{1,6}$/.test(value)) return 1;
  return Math.min(Math.max(Number(value), 1), MAX_PAGE);
}

/** Search text: one line (a line break would match across fields), trimmed, bounded. */
export function parseSearch(value: string | null): string {
  return (value ?? "")
    .replace(/[\r\n]+/g, " ")
    .trim()
    .slice(0, MAX_SEARCH_LENGTH);
}

export function parseOneOf<T extends string>(value: string | null, allowed: readonly T[]): T | "" {
  return value && (allowed as readonly string[]).includes(value) ? (value as T) : "";
}

/** A LIKE pattern matching `text` anywhere, with the user's own % _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Case-insensitive `text` in any of `columns` (null ones skipped): one ILIKE over the fields joined
 * by a line break, which search text never holds (see parseSearch), so it matches across no two.
 */
export function containsAny(q: string, columns: Column[]): SQL {
  return sql`concat_ws(chr(10), ${sql.join(columns, sql`, `)}) ilike ${containsPattern(q)}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

export interface Page<T> {
  rows: T[];
  total: number;
  page: number;
  pageCount: number;
  /** More rows match than `total`: a long list pages only its newest (see `countUpTo`). */
  capped?: boolean;
}

export function pageOf<T>(rows: T[], total: number, page: number, capped = false): Page<T> {
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return { rows, total, page, pageCount, ...(capped ? { capped } : {}) };
}

/** The query of a content list in the back-office: search text and page (decision 0225). */
export interface ListQuery {
  q: string;
  page: number;
}

export function parseListQuery(params: URLSearchParams): ListQuery {
  return { q: parseSearch(params.get("q")), page: parsePage(params.get("page")) };
}

/**
 * One page of a list: its rows at the page's offset and the total, read together. A page past the
 * end (its last row deleted, or an old link) shows the last page instead of an empty one.
 */
export async function readPage<T>(
  page: number,
  read: { rows: (offset: number) => Promise<T[]>; total: () => Promise<number> },
): Promise<Page<T>> {
  const [rows, total] = await Promise.all([read.rows((page - 1) * PAGE_SIZE), read.total()]);
  const result = pageOf(rows, total, page);
  if (rows.length > 0 || page <= result.pageCount) return result;
  const last = result.pageCount;
  return pageOf(await read.rows((last - 1) * PAGE_SIZE), total, last);
}

/** The list at `path` with its search, filter and page from `params`: where its actions return. */
export function listReturnPath(path: string, params: URLSearchParams): string {
  return `${path}${listSearch(params)}`;
}
