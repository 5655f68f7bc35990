import type { FieldErrors } from "~/lib/forms/result";
import { isSafeUrl } from "~/lib/safe-url";
/**
 * What the browser checks before sending a public form (decision 0160), without zod: the same
 * messages, patterns and limits the zod schemas beside this module use on the server, which stays
 * the authority. `tests/unit/form-rules.test.ts` feeds both the same values and fails when their
 * messages differ, so the two cannot drift.
 */

export const NAME_REQUIRED = "Name is required";
export const EMAIL_INVALID = "Valid email is required";
export const POSITION_REQUIRED = "Position is required";
export const URL_INVALID = "Must be a valid URL";
export const EXPERIENCE_INVALID = "Experience must be 0 or more years";
export const EXPERIENCE_TOO_HIGH = "Please enter your years of experience";
export const DESCRIPTION_REQUIRED = "Project overview is required";
export const DATE_INVALID = "Please enter a valid date";
export const WEDDING_DATE_INVALID = "Please enter a valid wedding date";
export const tooLong = (max: number) => `Please keep this under ${max} characters.`;

export const EMAIL_MAX = 254;
export const URL_MAX = 500;
export const EXPERIENCE_MAX = 80;
/** zod's default e-mail pattern, given to the schema explicitly so both read this one. */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

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

/** One check of a field's value: its message, or undefined when the value passes. */
export type Check = (value: string) => string | undefined;
/** The checks of each field, in order; the first message found is the field's. */
export type FormRules = Record<string, readonly Check[]>;

const required =
  (message: string): Check =>
  (value) =>
    value.trim() ? undefined : message;
const max =
  (limit: number): Check =>
  (value) =>
    value.trim().length > limit ? tooLong(limit) : undefined;
const email: Check = (value) => {
  const text = value.trim();
  return text.length <= EMAIL_MAX && EMAIL_PATTERN.test(text) ? undefined : EMAIL_INVALID;
};
const url: Check = (value) => {
  const text = value.trim();
  if (!text) return undefined;
  return text.length <= URL_MAX && isSafeUrl(text) ? undefined : URL_INVALID;
};
const date =
  (message: string): Check =>
  (value) => {
    const text = value.trim();
    return !text || isCalendarDate(text) ? undefined : message;
  };
/** Whole years, 0 or more (an empty field is no answer). */
const years: Check = (value) => {
  if (value === "") return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) return EXPERIENCE_INVALID;
  return number > EXPERIENCE_MAX ? EXPERIENCE_TOO_HIGH : undefined;
};

/** The Project Inquiry of /contact (the selects and attachments are left to the server). */
export const CONTACT_RULES: FormRules = {
  name: [required(NAME_REQUIRED), max(200)],
  email: [email],
  description: [required(DESCRIPTION_REQUIRED), max(5000)],
};

/** The job application (SPEC section 5). */
export const APPLICATION_RULES: FormRules = {
  name: [required(NAME_REQUIRED), max(200)],
  email: [email],
  phone: [max(50)],
  position_title: [required(POSITION_REQUIRED), max(200)],
  cover_letter: [max(10000)],
  portfolio_url: [url],
  linkedin_url: [url],
  experience_years: [years],
  salary_expectation: [max(200)],
  availability_date: [date(DATE_INVALID)],
  location_preference: [max(200)],
  additional_info: [max(5000)],
};

/** The wedding inquiry of /weddings. */
export const WEDDING_RULES: FormRules = {
  name: [required(NAME_REQUIRED), max(200)],
  email: [email],
  wedding_date: [date(WEDDING_DATE_INVALID)],
  location: [max(200)],
  vision: [max(5000)],
};

/** The message of one field's value, if any. */
export function checkValue(checks: readonly Check[], value: string): string | undefined {
  for (const check of checks) {
    const message = check(value);
    if (message) return message;
  }
  return undefined;
}

/** Every field's message (only the fields that fail), read from the form's values. */
export function checkValues(rules: FormRules, read: (name: string) => string): FieldErrors {
  const errors: FieldErrors = {};
  for (const [name, checks] of Object.entries(rules)) {
    const message = checkValue(checks, read(name));
    if (message) errors[name] = [message];
  }
  return errors;
}
