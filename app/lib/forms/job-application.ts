import { REMOTE_PREFERENCES } from "../values";
import {
  email,
  HONEYPOT_FIELD,
  honeypot,
  optionalDate,
  optionalText,
  requiredText,
} from "./common";
import { z } from "./zod";

/** The limits live in a zod-free module so the browser can read them without loading zod. */
export { RESUME_ACCEPT, RESUME_EXTENSIONS, RESUME_MAX_BYTES } from "./limits";

const optionalUrl = z
  .string()
  .trim()
  .max(500, "Must be a valid URL")
  .optional()
  .refine((value) => {
    if (!value) return true;
    try {
      const url = new URL(value);
      return url.protocol === "https:" || url.protocol === "http:";
    } catch {
      return false;
    }
  }, "Must be a valid URL")
  .transform((value) => (value ? value : null));

/** The application dialog of /careers, with SPEC's messages. */
export const jobApplicationSchema = z.object({
  name: requiredText("Name is required"),
  email: email("Valid email is required"),
  phone: optionalText(50),
  position_title: requiredText("Position is required"),
  cover_letter: optionalText(10000),
  portfolio_url: optionalUrl,
  linkedin_url: optionalUrl,
  experience_years: z
    .union([z.literal(""), z.coerce.number({ error: "Experience must be 0 or more years" })])
    .optional()
    .transform((value) => (value === "" || value === undefined ? null : value))
    .refine(
      (value) => value === null || (Number.isInteger(value) && value >= 0),
      "Experience must be 0 or more years",
    )
    .refine((value) => value === null || value <= 80, "Please enter your years of experience"),
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
