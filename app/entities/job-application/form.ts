import {
  email,
  HONEYPOT_FIELD,
  honeypot,
  optionalDate,
  optionalText,
  requiredText,
} from "~/lib/forms/common";
import {
  EMAIL_INVALID,
  EXPERIENCE_INVALID,
  EXPERIENCE_MAX,
  EXPERIENCE_TOO_HIGH,
  NAME_REQUIRED,
  POSITION_REQUIRED,
  URL_INVALID,
  URL_MAX,
} from "~/lib/forms/rules";
import { z } from "~/lib/forms/zod";
import { isSafeUrl } from "~/lib/safe-url";
import { REMOTE_PREFERENCES } from "~/lib/values";

/** The limits live in a zod-free module so the browser can read them without loading zod. */
export { RESUME_ACCEPT, RESUME_EXTENSIONS, RESUME_MAX_BYTES } from "~/lib/forms/limits";

const optionalUrl = z
  .string()
  .trim()
  .max(URL_MAX, URL_INVALID)
  .optional()
  .refine((value) => !value || isSafeUrl(value), URL_INVALID)
  .transform((value) => (value ? value : null));

/** The application dialog of /careers, with SPEC's messages (checked in the browser by ./rules). */
export const jobApplicationSchema = z.object({
  name: requiredText(NAME_REQUIRED),
  email: email(EMAIL_INVALID),
  phone: optionalText(50),
  position_title: requiredText(POSITION_REQUIRED),
  cover_letter: optionalText(10000),
  portfolio_url: optionalUrl,
  linkedin_url: optionalUrl,
  experience_years: z
    // The union's own error: without it, text that is no number answered zod's 'Invalid input'.
    .union([z.literal(""), z.coerce.number({ error: EXPERIENCE_INVALID })], {
      error: EXPERIENCE_INVALID,
    })
    .optional()
    .transform((value) => (value === "" || value === undefined ? null : value))
    .refine(
      (value) => value === null || (Number.isInteger(value) && value >= 0),
      EXPERIENCE_INVALID,
    )
    .refine((value) => value === null || value <= EXPERIENCE_MAX, EXPERIENCE_TOO_HIGH),
  salary_expectation: optionalText(200),
  availability_date: optionalDate(),
  location_preference: optionalText(200),
  remote_preference: z
    .union([z.enum(REMOTE_PREFERENCES), z.literal("")])
    .optional()
    .transform((value) => (value ? value : "flexible")),
  additional_info: optionalText(5000),
  [HONEYPOT_FIELD]: honeypot,
});
export type JobApplicationInput = z.output<typeof jobApplicationSchema>;
