/**
 * Wall-clock times in the studio's time zone (STUDIO_TIME_ZONE, issue #31): a `datetime-local`
 * value ("2026-12-01T09:00") read as that zone's time, and an instant shown as one. Browser-safe;
 * Intl does the zone rules (daylight saving included).
 */

export function isTimeZone(value: string): boolean {
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
export function parseZonedDateTime(value: string, timeZone: string): Date | null {
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
export function toZonedInput(instant: Date | string | null | undefined, timeZone: string): string {
  if (!instant) return "";
  return new Date(wallClock(new Date(instant).getTime(), timeZone)).toISOString().slice(0, 16);
}
