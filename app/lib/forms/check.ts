import type { z } from "zod";
import { HONEYPOT_FIELD } from "~/lib/forms/honeypot";
import type { FieldErrors } from "~/lib/forms/result";

/**
 * The one check of a submitted form against its zod schema, on the server (server/route-kit/forms.ts) and in
 * the back-office editors before sending. Browser-safe and zod-free at run time (types only), so
 * importing it costs the public pages nothing.
 */

export type FormCheck<Output> =
  | { data: Output; fieldErrors?: never; values?: never }
  | { data?: never; fieldErrors: FieldErrors; values: Record<string, string> };

/** zod's issues as messages per field name (the first path segment; "form" for the whole). */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= [];
    if (!errors[key].includes(issue.message)) errors[key].push(issue.message);
  }
  return errors;
}

/**
 * The text values of a submitted form, to refill it after an error: files and the spam trap left
 * out, the first value of a repeated name (as `fieldsOf` reads it).
 */
export function textValuesOf(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form) {
    if (typeof value === "string" && name !== HONEYPOT_FIELD && !(name in values)) {
      values[name] = value;
    }
  }
  return values;
}

/**
 * Checks `input` (by default the form's text values) with `schema`: the parsed data, or the
 * messages per field and what was typed, to show the form again.
 */
export function checkForm<Schema extends z.ZodType>(
  schema: Schema,
  form: FormData,
  input: unknown = textValuesOf(form),
): FormCheck<z.output<Schema>> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { data: parsed.data };
  return { fieldErrors: fieldErrorsOf(parsed.error), values: textValuesOf(form) };
}
