/**
 * Formatting shared by the content pages. Browser-safe and deterministic: dates are read in the
 * studio's time zone, so the server's HTML and the browser's hydration always agree. Built on
 * Intl rather than date-fns' `format` to keep ~11 KB of locale code out of the page's JavaScript;
 * a unit test checks the output against date-fns for the two SPEC patterns.
 */

import { studioTimeZone } from "~/lib/studio-time";

/** Card dates (SPEC section 9): `MMM d, yyyy`, e.g. "Oct 21, 2026". */
export const CARD_DATE = "MMM d, yyyy";
/** The post page's date: `MMMM d, yyyy`, e.g. "October 21, 2026". */
export const POST_DATE = "MMMM d, yyyy";
export type DatePattern = typeof CARD_DATE | typeof POST_DATE;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(pattern: DatePattern, timeZone: string): Intl.DateTimeFormat {
  const key = `${pattern}|${timeZone}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: pattern === CARD_DATE ? "short" : "long",
      day: "numeric",
    });
    formatters.set(key, found);
  }
  return found;
}

/**
 * The one day formatter (public pages and back-office), with one of the SPEC patterns (cards'
 * by default). A `YYYY-MM-DD` string is a calendar day (no time zone); an instant (Date or ISO
 * string with a time) is read as the day it was in the studio's time zone (`studioTimeZone`).
 * No value gives null.
 */
export function formatDay(value: Date | string, pattern?: DatePattern): string;
export function formatDay(
  value: Date | string | null | undefined,
  pattern?: DatePattern,
): string | null;
export function formatDay(
  value: Date | string | null | undefined,
  pattern: DatePattern = CARD_DATE,
): string | null {
  if (value === null || value === undefined || value === "") return null;
  const text = String(value);
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    return formatter(pattern, "UTC").format(new Date(`${text}T00:00:00Z`));
  }
  return formatter(pattern, studioTimeZone()).format(new Date(value));
}

export function readTimeLabel(minutes: number): string {
  return `${Math.max(1, Math.round(minutes))} min read`;
}

/** A category color safe to put in markup: a hex color, else the accent. */
export function safeColor(color: string | null | undefined): string {
  return color && /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(color) ? color : "#ff5a1f";
}

/** A pay range as the careers page states it: "$75,000–$95,000 a year", "$28.50–$34.00 an hour". */
export function formatPayRange(range: {
  min: number;
  max: number;
  currency: string;
  unit: "YEAR" | "HOUR";
}): string {
  const cents = !Number.isInteger(range.min) || !Number.isInteger(range.max);
  const money = new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: range.currency,
    minimumFractionDigits: cents ? 2 : 0,
    maximumFractionDigits: cents ? 2 : 0,
  });
  return `${money.format(range.min)}–${money.format(range.max)} ${range.unit === "YEAR" ? "a year" : "an hour"}`;
}
