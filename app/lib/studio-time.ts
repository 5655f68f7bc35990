/**
 * The studio's time zone (STUDIO_TIME_ZONE, issues #31 and 47) and its wall-clock times: the one
 * module that holds the zone. Every date shown, every "today" and every day boundary (analytics
 * days, the audit log's dates, follow-ups) reads it here; a `datetime-local` value
 * ("2026-12-01T09:00") is read as that zone's time, and an instant shown as one. Browser-safe;
 * Intl does the zone rules (daylight saving included).
 *
 * The server sets the zone from its configuration when the runtime is made (`setStudioTimeZone`);
 * the document carries it to the browser on `<html data-time-zone>` (app/root.tsx), read here
 * before anything renders, so the server's HTML and the browser's hydration format alike.
 */

export const DEFAULT_STUDIO_TIME_ZONE = "America/Los_Angeles";

let zone = initialZone();

// The document's zone is the server's, checked at start: the browser takes it as it is (checking
// it again here put the check's code on every public page, past the JavaScript budget).
function initialZone(): string {
  const inDocument =
    typeof document === "undefined" ? undefined : document.documentElement.dataset.timeZone;
  return inDocument || DEFAULT_STUDIO_TIME_ZONE;
}

/** The studio's IANA time zone. */
export function studioTimeZone(): string {
  return zone;
}

/** Sets the studio's time zone (the server, from STUDIO_TIME_ZONE). */
export function setStudioTimeZone(timeZone: string): void {
  if (!isTimeZone(timeZone)) throw new Error(`not an IANA time zone: ${timeZone}`);
  zone = timeZone;
}

const formats = new Map<string, Intl.DateTimeFormat>();

// Building an Intl.DateTimeFormat is slow; one per locale (one per use here) and zone is kept.
function zoneFormat(
  locale: string,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = locale + timeZone;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formats.set(key, format);
  }
  return format;
}

/** The studio's calendar day of an instant, `2026-12-01` (today by default). */
export function studioDay(instant: Date | number = Date.now(), timeZone = zone): string {
  return zoneFormat("en-CA", timeZone, {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(instant);
}

/** An instant as the back-office shows it: "Dec 1, 2026, 9:00 AM PT" (the zone's short name). */
export function formatStudioDateTime(value: Date | string, timeZone = zone): string {
  return zoneFormat("en-US", timeZone, {
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "shortGeneric",
  }).format(new Date(value));
}

/**
 * An IANA zone name of the Area/Location form ("America/Los_Angeles", "Etc/GMT+8"), or "UTC",
 * that Intl knows. Not an offset ("+05:00", which Intl takes but PostgreSQL reads with the
 * opposite sign) nor an abbreviation ("PST": PostgreSQL reads it as a fixed offset, no DST).
 */
export function isTimeZone(value: string): boolean {
  if (value !== "UTC" && !/^[A-Z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)+$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The zone's wall clock at `instant`, as the fields of a UTC date (milliseconds). */
function wallClock(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  return Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
}

/** "2026-12-01T09:00" in `timeZone` as an instant; null when it is not such a value. */
export function parseZonedDateTime(value: string, timeZone = zone): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const [y, mo, d, h, mi] = match.slice(1).map(Number) as [number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  const check = new Date(asUtc);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59) return null;
  // The zone's offset at the guess, then again at the result (a day of a clock change).
  let instant = asUtc - (wallClock(asUtc, timeZone) - asUtc);
  instant = asUtc - (wallClock(instant, timeZone) - instant);
  return new Date(instant);
}

/** The `datetime-local` value of `instant` in `timeZone`. */
export function toZonedInput(instant: Date | string | null | undefined, timeZone = zone): string {
  if (!instant) return "";
  return new Date(wallClock(new Date(instant).getTime(), timeZone)).toISOString().slice(0, 16);
}
