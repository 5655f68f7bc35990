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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

export interface Page<T> {
  rows: T[];
  total: number;
  page: number;
  pageCount: number;
}

export function pageOf<T>(rows: T[], total: number, page: number): Page<T> {
  return { rows, total, page, pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)) };
}
