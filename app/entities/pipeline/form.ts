import { optionalDate, requiredText } from "~/lib/forms/common";
import { z } from "~/lib/forms/zod";

/**
 * The forms of an inquiry's or an application's page (issue #30): Follow-up, Note, Reply and
 * Your rating. Owner and Status are choices the server checks against its own lists.
 */

export const PIPELINE_FORM_MESSAGES = {
  note: "Please write a note",
  subject: "Please enter a subject",
  message: "Please write a message",
  followUp: "Please enter a valid date",
  rating: "Please choose a rating from 1 to 5",
} as const;

export const followUpSchema = z.object({
  /** Empty clears the follow-up. */
  followUp: optionalDate(PIPELINE_FORM_MESSAGES.followUp),
});

export const noteSchema = z.object({
  note: requiredText(PIPELINE_FORM_MESSAGES.note, 5000),
});

export const replySchema = z.object({
  subject: requiredText(PIPELINE_FORM_MESSAGES.subject, 200),
  message: requiredText(PIPELINE_FORM_MESSAGES.message, 10000),
});

export const ratingSchema = z.object({
  rating: z.coerce
    .number({ error: PIPELINE_FORM_MESSAGES.rating })
    .int(PIPELINE_FORM_MESSAGES.rating)
    .min(1, PIPELINE_FORM_MESSAGES.rating)
    .max(5, PIPELINE_FORM_MESSAGES.rating),
});

/** The reply template editor of /admin/templates. */
export const templateSchema = z.object({
  name: requiredText("Please enter a name", 80),
  subject: z.string().trim().max(200),
  body: requiredText("Please write the template's text", 10000),
});
