import { checkbox } from "~/lib/forms/admin-fields";
import { optionalText, requiredText } from "~/lib/forms/common";
import { z } from "~/lib/forms/zod";
import { CONTENT_STATUSES } from "~/lib/values";

export const TESTIMONIAL_FORM_MESSAGES = {
  quote: "Quote is required",
  author: "Author is required",
  rating: "Rating must be between 1 and 5",
  status: "Please choose a status",
} as const;

/** The testimonial editor (SPEC section 3: quote, author, role, company, rating 1 to 5). */
export const testimonialSchema = z.object({
  quote: requiredText(TESTIMONIAL_FORM_MESSAGES.quote, 2000),
  author: requiredText(TESTIMONIAL_FORM_MESSAGES.author),
  role: optionalText(200),
  company: optionalText(200),
  rating: z.coerce
    .number({ error: TESTIMONIAL_FORM_MESSAGES.rating })
    .int(TESTIMONIAL_FORM_MESSAGES.rating)
    .min(1, TESTIMONIAL_FORM_MESSAGES.rating)
    .max(5, TESTIMONIAL_FORM_MESSAGES.rating),
  status: z
    .enum(CONTENT_STATUSES, { error: TESTIMONIAL_FORM_MESSAGES.status })
    .default("published"),
  isFeatured: checkbox,
});
export type TestimonialInput = z.output<typeof testimonialSchema>;
