import { isCalendarDate } from "~/lib/forms/common";
import { z } from "~/lib/forms/zod";
import { isSafeUrl } from "~/lib/safe-url";

/**
 * Field rules shared by the back-office editors (portfolio, testimonials, team). Values come from
 * FormData, so an empty input is an empty string and an unticked checkbox is absent.
 */

export const MUST_BE_URL = "Must be a valid URL";

/** An http(s) URL, or null when empty. */
export const optionalHttpUrl = (message = MUST_BE_URL) =>
  z
    .string()
    .trim()
    .max(2000, message)
    .optional()
    .refine((value) => !value || isSafeUrl(value), message)
    .transform((value) => (value ? value : null));

/**
 * An image address: an http(s) URL or a path on this site (uploads are served from /files/...),
 * or null when empty.
 */
export const optionalImageUrl = (message = "Must be a valid URL or a path on this site") =>
  z
    .string()
    .trim()
    .max(2000, message)
    .optional()
    .refine((value) => !value || isSafeUrl(value, { sitePath: true }), message)
    .transform((value) => (value ? value : null));

/** Said when a chosen video is not one of the Media library's (issue #44). */
export const MUST_BE_MEDIA_VIDEO = "Choose a video from the Media library";

/** A Media library video's id, or null when none is chosen (the Video URL plays, if any). */
export const optionalMediaVideo = z
  .string()
  .trim()
  .optional()
  .refine((value) => !value || z.uuid().safeParse(value).success, MUST_BE_MEDIA_VIDEO)
  .transform((value) => (value ? value : null));

/** A checkbox: present ("on") when ticked. */
export const checkbox = z
  .union([z.literal("on"), z.literal("true"), z.literal("")])
  .optional()
  .transform((value) => value === "on" || value === "true");

/**
 * SPEC section 5: "Tags are comma-separated, trimmed and split, or an empty list if blank".
 * Empty pieces ("a,,b", a trailing comma) are dropped and repeats kept once (decision 0081).
 */
export function parseTags(value: string | null | undefined): string[] {
  if (!value) return [];
  const tags = value
    .split(",")
    .map((tag) => tag.trim())
    .filter(Boolean);
  return [...new Set(tags)];
}

export const MAX_TAGS = 20;
export const tagList = z
  .string()
  .optional()
  .transform((value) => parseTags(value))
  .refine((tags) => tags.length <= MAX_TAGS, `Please use at most ${MAX_TAGS} tags.`)
  .refine((tags) => tags.every((tag) => tag.length <= 50), "Each tag must be under 50 characters.");

/** An ISO date or null; `message` for anything else. */
export const optionalIsoDate = (message: string) =>
  z
    .string()
    .trim()
    .optional()
    .refine((value) => !value || isCalendarDate(value), message)
    .transform((value) => (value ? value : null));
