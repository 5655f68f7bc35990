import { email, HONEYPOT_FIELD, honeypot, optionalChoice, requiredText } from "~/lib/forms/common";
import { MAX_ATTACHMENTS, MAX_ATTACHMENTS_MESSAGE } from "~/lib/forms/limits";
import { DESCRIPTION_REQUIRED, EMAIL_INVALID, NAME_REQUIRED } from "~/lib/forms/rules";
import { z } from "~/lib/forms/zod";
import { BUDGETS, SERVICES, TIMELINES } from "~/lib/values";

/** The limits live in a zod-free module so the browser can read them without loading zod. */
export { ATTACHMENT_ACCEPT, MAX_ATTACHMENTS, MAX_ATTACHMENTS_MESSAGE } from "~/lib/forms/limits";

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
