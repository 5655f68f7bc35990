import { WEDDING_BUDGETS } from "../values";
import {
  email,
  HONEYPOT_FIELD,
  honeypot,
  optionalChoice,
  optionalDate,
  optionalText,
  requiredText,
} from "./common";
import { z } from "./zod";

/** The wedding inquiry form of /weddings. */
export const weddingInquirySchema = z.object({
  name: requiredText("Name is required"),
  email: email("Valid email is required"),
  wedding_date: optionalDate("Please enter a valid wedding date"),
  location: optionalText(200),
  budget: optionalChoice(WEDDING_BUDGETS),
  vision: optionalText(5000),
  [HONEYPOT_FIELD]: honeypot,
});
export type WeddingInquiryInput = z.output<typeof weddingInquirySchema>;
