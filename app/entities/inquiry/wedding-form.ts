import {
  email,
  HONEYPOT_FIELD,
  honeypot,
  optionalChoice,
  optionalDate,
  optionalText,
  requiredText,
} from "~/lib/forms/common";
import { EMAIL_INVALID, NAME_REQUIRED, WEDDING_DATE_INVALID } from "~/lib/forms/rules";
import { z } from "~/lib/forms/zod";
import { WEDDING_BUDGETS } from "~/lib/values";

/** The wedding inquiry form of /weddings. */
export const weddingInquirySchema = z.object({
  name: requiredText(NAME_REQUIRED),
  email: email(EMAIL_INVALID),
  wedding_date: optionalDate(WEDDING_DATE_INVALID),
  location: optionalText(200),
  budget: optionalChoice(WEDDING_BUDGETS),
  vision: optionalText(5000),
  [HONEYPOT_FIELD]: honeypot,
});
export type WeddingInquiryInput = z.output<typeof weddingInquirySchema>;
