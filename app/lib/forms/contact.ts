import { BUDGETS, SERVICES, TIMELINES } from "~/lib/values";
import { email, HONEYPOT_FIELD, honeypot, optionalChoice, requiredText } from "./common";
import { MAX_ATTACHMENTS, MAX_ATTACHMENTS_MESSAGE } from "./limits";
import { DESCRIPTION_REQUIRED, EMAIL_INVALID, NAME_REQUIRED } from "./rules";
import { z } from "./zod";

/** The limits live in a zod-free module so the browser can read them without loading zod. */
export { ATTACHMENT_ACCEPT, MAX_ATTACHMENTS, MAX_ATTACHMENTS_MESSAGE } from "./limits";

/** The Project Inquiry form of /contact (SPEC sections 3 and 5). */
export const contactInquirySchema = z.object({
  name: requiredText(NAME_REQUIRED),
  email: email(EMAIL_INVALID),
  service: optionalChoice(SERVICES),
  budget: optionalChoice(BUDGETS),
  timeline: optionalChoice(TIMELINES),
  description: requiredText(DESCRIPTION_REQUIRED, 5000),
  /** Ids of files already uploaded (with JavaScript, files upload on selection). */
  attachments: z
    .array(z.uuid("Invalid attachment"))
    .max(MAX_ATTACHMENTS, MAX_ATTACHMENTS_MESSAGE)
    .default([]),
  [HONEYPOT_FIELD]: honeypot,
});
export type ContactInquiryInput = z.output<typeof contactInquirySchema>;
