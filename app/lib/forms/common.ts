import { z } from "./zod";

/**
 * Pieces shared by the public forms. Field values come from FormData, where an empty input is
 * an empty string: `optionalText` turns it into null (SPEC: "Empty optional values are sent as
 * null"), and every text has a length cap so no field can carry a novel.
 */

export const requiredText = (message: string, max = 200) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `Please keep this under ${max} characters.`);

export const optionalText = (max = 2000) =>
  z
    .string()
    .trim()
    .max(max, `Please keep this under ${max} characters.`)
    .optional()
    .transform((value) => (value ? value : null));

export const email = (message: string) =>
  z.string({ error: message }).trim().max(254, message).pipe(z.email(message));

/** One of `values`, or null when empty. */
export const optionalChoice = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.enum(values), z.literal("")])
    .optional()
    .transform((value) => (value ? value : null));

/** A real calendar date as YYYY-MM-DD (Date.parse would roll 2027-02-30 over to March). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1900 &&
    year <= 2999 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

/** An ISO date (YYYY-MM-DD, as `<input type="date">` sends it), or null when empty. */
export const optionalDate = (message = "Please enter a valid date") =>
  z
    .string()
    .trim()
    .optional()
    .refine((value) => !value || isCalendarDate(value), message)
    .transform((value) => (value ? value : null));

export { HONEYPOT_FIELD } from "./honeypot";
export const honeypot = z.string().optional();
