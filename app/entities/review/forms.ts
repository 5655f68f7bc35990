import { z } from "zod";

/**
 * The review page's forms (issue #45): one schema each, shared by the page and the server
 * (server/route-kit/review.ts). Every form posts plain fields, so it works without JavaScript.
 */

export const REVIEW_BODY_MAX = 5000;

const bodyOf = (empty: string) =>
  z
    .string()
    .trim()
    .min(1, empty)
    .max(REVIEW_BODY_MAX, `At most ${REVIEW_BODY_MAX.toLocaleString("en")} characters.`);

/** A time in the media, in seconds, as a form field: a number from 0. */
const seconds = (message: string) =>
  z
    .string()
    .trim()
    .min(1, message)
    .transform((value) => Number(value))
    .refine((value) => Number.isFinite(value) && value >= 0, { message });

export const reviewPasswordSchema = z.object({
  password: z.string().min(1, "Enter the password.").max(128, "At most 128 characters."),
});

export const reviewerSchema = z.object({
  name: z.string().trim().min(1, "Give your name.").max(200, "At most 200 characters."),
  email: z
    .string()
    .trim()
    .max(320, "At most 320 characters.")
    .pipe(z.email("Enter a valid e-mail address.")),
});

export const reviewCommentSchema = z
  .object({
    versionId: z.uuid("Choose a version."),
    atSeconds: seconds("Give the time of the comment in seconds."),
    endSeconds: z
      .string()
      .trim()
      .transform((value) => (value === "" ? null : Number(value)))
      .refine((value) => value === null || (Number.isFinite(value) && value >= 0), {
        message: "Give the end of the range in seconds, or leave it empty.",
      }),
    body: bodyOf("Write a comment."),
    /** The drawing as JSON (parseDrawing reads it); empty for none. */
    drawing: z.string().default(""),
  })
  .refine((input) => input.endSeconds === null || input.endSeconds > input.atSeconds, {
    message: "The end of the range comes after its start.",
    path: ["endSeconds"],
  });

export const reviewReplySchema = z.object({
  commentId: z.uuid("Choose a comment."),
  body: bodyOf("Write a reply."),
});

export const reviewResolveSchema = z.object({ commentId: z.uuid("Choose a comment.") });
