import { BUDGETS, SERVICES, TIMELINES } from "../values";
import { email, HONEYPOT_FIELD, honeypot, optionalChoice, requiredText } from "./common";
import { z } from "./zod";

/** SPEC section 9: at most 5 attachments. */
export const MAX_ATTACHMENTS = 5;
export const MAX_ATTACHMENTS_MESSAGE = "Maximum 5 files allowed";
/** What the file picker offers (the server checks the content, not this list). */
export const ATTACHMENT_ACCEPT = "image/*,.pdf,.doc,.docx,.txt";

/** The Project Inquiry form of /contact (SPEC sections 3 and 5). */
export const contactInquirySchema = z.object({
  name: requiredText("Name is required"),
  email: email("Valid email is required"),
  service: optionalChoice(SERVICES),
  budget: optionalChoice(BUDGETS),
  timeline: optionalChoice(TIMELINES),
  description: requiredText("Project overview is required", 5000),
  /** Ids of files already uploaded (with JavaScript, files upload on selection). */
  attachments: z
    .array(z.uuid("Invalid attachment"))
    .max(MAX_ATTACHMENTS, MAX_ATTACHMENTS_MESSAGE)
    .default([]),
  [HONEYPOT_FIELD]: honeypot,
});
export type ContactInquiryInput = z.output<typeof contactInquirySchema>;
