import { email } from "~/lib/forms/common";
import { z } from "~/lib/forms/zod";
import { CONSENT_CHOICES } from "~/lib/values";

/** The forms of /admin/privacy (issue #32): a person's requests and the retention periods. */

export const PRIVACY_FORM_MESSAGES = {
  email: "Please enter a valid email address",
  confirm: "Tick the box to confirm the erasure",
  months: "Enter a whole number of months from 1 to 120",
} as const;

/** "Email" + "Find", and the address that "Export" and "Erase" act on. */
export const personSchema = z.object({
  email: email(PRIVACY_FORM_MESSAGES.email).transform((value) => value.toLowerCase()),
});

/** "Erase": the address and the ticked confirmation. */
export const eraseSchema = personSchema.extend({
  confirm: z.literal("yes", { error: PRIVACY_FORM_MESSAGES.confirm }),
});

const months = z.coerce
  .number({ error: PRIVACY_FORM_MESSAGES.months })
  .int(PRIVACY_FORM_MESSAGES.months)
  .min(1, PRIVACY_FORM_MESSAGES.months)
  .max(120, PRIVACY_FORM_MESSAGES.months);

/** The retention periods, in months. */
export const retentionSchema = z.object({
  inquiry_months: months,
  application_months: months,
  review_months: months,
});
export type RetentionInput = z.output<typeof retentionSchema>;

/**
 * The defaults of issue #32: inquiries 24 months after closing, applications 12 after a decision;
 * and the review room's reviewers and their comments 24 months after a project is finished
 * (decision 0538).
 */
export const RETENTION_DEFAULTS = {
  inquiryMonths: 24,
  applicationMonths: 12,
  reviewMonths: 24,
} as const;

const flag = z.enum(["true", "false"]).transform((value) => value === "true");

/** A record of consent as the banner posts it to /consent (random visitor id, no person). */
export const consentRecordSchema = z.object({
  visitor_id: z.uuid(),
  choice: z.enum(CONSENT_CHOICES),
  analytics: flag,
  marketing: flag,
  gpc: flag,
  version: z.string().regex(/^[0-9a-f]{8}$/),
});
export type ConsentRecordInput = z.output<typeof consentRecordSchema>;
