import { z } from "zod";
import { PROJECT_STATUSES } from "~/lib/values";

/** The review room's staff forms (issue #45): one schema each, shared by page and server. */

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .transform((value) => (value === "" ? null : value));

export const projectSchema = z.object({
  title: z.string().trim().min(1, "Give the project a title.").max(200, "At most 200 characters."),
  clientName: z
    .string()
    .trim()
    .min(1, "Give the client's name.")
    .max(200, "At most 200 characters."),
  clientEmail: z
    .string()
    .trim()
    .max(320, "At most 320 characters.")
    .refine((value) => value === "" || z.email().safeParse(value).success, {
      message: "Enter a valid e-mail address.",
    })
    .transform((value) => (value === "" ? null : value)),
  clientCompany: optionalText(200, "At most 200 characters."),
});

export const projectStatusSchema = z.object({
  status: z.enum(PROJECT_STATUSES, { message: "Choose a status." }),
});

export const deliverableSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, "Give the deliverable a title.")
    .max(200, "At most 200 characters."),
});

export const versionSchema = z.object({
  deliverableId: z.uuid("Choose a deliverable."),
  mediaItemId: z.uuid("Choose a video from the Media library."),
});

export const shareLinkSchema = z.object({
  deliverableId: z
    .string()
    .trim()
    .refine((value) => value === "" || z.uuid().safeParse(value).success, {
      message: "Choose a deliverable.",
    })
    .transform((value) => (value === "" ? null : value)),
  password: optionalText(128, "At most 128 characters."),
  /** A day (yyyy-mm-dd): the link works until the end of it. */
  expiresOn: z
    .string()
    .trim()
    .refine((value) => value === "" || /^\d{4}-\d{2}-\d{2}$/.test(value), {
      message: "Enter a date.",
    })
    .transform((value) => (value === "" ? null : value)),
  allowDownload: z
    .string()
    .optional()
    .transform((value) => value === "on"),
});
