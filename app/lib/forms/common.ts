import { DATE_INVALID, EMAIL_MAX, EMAIL_PATTERN, isCalendarDate, tooLong } from "~/lib/forms/rules";
import { z } from "~/lib/forms/zod";

export { isCalendarDate } from "~/lib/forms/rules";

/**
 * Pieces shared by the public forms. Field values come from FormData, where an empty input is
 * an empty string: `optionalText` turns it into null (SPEC: "Empty optional values are sent as
 * null"), and every text has a length cap so no field can carry a novel.
 */

export const requiredText = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, tooLong(max));

export const optionalText = (max = 2000) =>
  z
    .string()
    .trim()
    .max(max, tooLong(max))
    .optional()
    .transform((value) => (value ? value : null));

export const email = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(EMAIL_MAX, message)
    .pipe(z.email({ pattern: EMAIL_PATTERN, error: message }));

/** One of `values`, or null when empty. */
export const optionalChoice = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.enum(values), z.literal("")])
    .optional()
    .transform((value) => (value ? value : null));

/** An ISO date (YYYY-MM-DD, as `<input type="date">` sends it), or null when empty. */
export const optionalDate = (message = DATE_INVALID) =>
  z
    .string()
    .trim()
    .optional()
    .refine((value) => !value || isCalendarDate(value), message)
    .transform((value) => (value ? value : null));

export { HONEYPOT_FIELD } from "~/lib/forms/honeypot";
export const honeypot = z.string().optional();
