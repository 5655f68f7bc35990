import {
  type FormLimits,
  FormReadError,
  fieldsOf,
  type ReadForm,
  readForm,
} from "@server/http/form-data";
import { UPLOAD_RULES } from "@server/uploads/store";
import type { z } from "zod";
import { checkForm, type FormCheck } from "~/lib/forms/check";

export type { FormLimits, ReadForm } from "@server/http/form-data";
export { FormReadError } from "@server/http/form-data";

/**
 * The form kit on the server (decision 0200): every form action reads its post with `readPost`
 * (multipart-aware, limits enforced while the body streams in), answers a refused read with that
 * refusal's 4xx status and message, and checks the fields with `checkPost` against the form's zod
 * schema, which gives the data or the messages per field with what was typed. The browser side is
 * `app/lib/forms/check.ts` (the same check) and `app/components/forms/fields.tsx` (drawing).
 */

const IMAGE_MEGABYTES = Math.round(UPLOAD_RULES.image.maxBytes / (1024 * 1024));
const NO_FILES = "This form takes no files.";

/** The limits of the forms that share them; the public forms size theirs by their route's rule. */
export const FORM_LIMITS = {
  /** A few short fields, no files: sign-in, unlock, moderation, categories. */
  short: {
    maxFiles: 0,
    maxFileSize: 64 * 1024,
    maxTotalSize: 256 * 1024,
    fileTooLargeMessage: NO_FILES,
    tooManyFilesMessage: NO_FILES,
  },
  /** An editor (portfolio, testimonial, team, blog) and the image upload: a few images at most. */
  editor: {
    maxFiles: 12,
    maxFileSize: UPLOAD_RULES.image.maxBytes,
    fileTooLargeMessage: `Images must be smaller than ${IMAGE_MEGABYTES} MB.`,
    tooManyFilesMessage: "At most 12 images can be sent at once.",
  },
  /**
   * The case study (decision 0101): every empty file input of the cover and the gallery rows
   * counts as a part, and a no-JavaScript save carries its images; with JavaScript each image is
   * uploaded on its own.
   */
  caseStudy: {
    maxFiles: 64,
    maxFileSize: UPLOAD_RULES.image.maxBytes,
    maxParts: 600,
    maxTotalSize: 30 * 1024 * 1024,
    fileTooLargeMessage: `Images must be smaller than ${IMAGE_MEGABYTES} MB.`,
    tooManyFilesMessage: "The form carries too many files at once.",
  },
} satisfies Record<string, FormLimits>;

export type PostRead<Refused> =
  | { form: ReadForm; refused?: never }
  | { form?: never; refused: Refused };

/**
 * Reads a form post within `limits`. A body that is not a form, malformed or too large is refused
 * (FormReadError: 400, 413 or 415 with a message for the user) and comes back as `refuse(error)`,
 * the caller's answer in its own shape; anything else (a bug) is thrown.
 */
export async function readPost<Refused>(
  request: Request,
  limits: FormLimits,
  refuse: (refusal: FormReadError) => Refused,
): Promise<PostRead<Refused>> {
  try {
    return { form: await readForm(request, limits) };
  } catch (error) {
    if (!(error instanceof FormReadError)) throw error;
    return { refused: refuse(error) };
  }
}

/**
 * Checks a read post with `schema`: the text fields (the first value of each name, or every value
 * of the names in `arrays`), `extra` on top (values the action worked out itself).
 */
export function checkPost<Schema extends z.ZodType>(
  form: ReadForm,
  schema: Schema,
  options: { arrays?: string[]; extra?: Record<string, unknown> } = {},
): FormCheck<z.output<Schema>> {
  const input = { ...fieldsOf(form.fields, options.arrays), ...options.extra };
  return checkForm(schema, form.fields, input);
}
