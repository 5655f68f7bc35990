import type { Flash } from "~/lib/flash";

/** The one shape of error messages per field name (every form, public and back-office). */
export type FieldErrors = Record<string, string[] | undefined>;

/**
 * What the contact page's "Book a call now" needs (issue #30): the visitor's name and e-mail for
 * the scheduler's prefill, and the signed, short-lived reference to the inquiry just sent. Only
 * ever in the answer to the visitor's own POST, which no cache keeps.
 */
export interface BookingHandoff {
  name: string;
  email: string;
  reference: string;
}

/** What a public form's action answers: the page shows it (with or without JavaScript). */
export type FormResult =
  | {
      status: "success";
      title?: string;
      message: string;
      /** After a project inquiry: the scheduler's prefill and the inquiry's signed reference. */
      booking?: BookingHandoff;
    }
  | {
      status: "error";
      /** A toast-style title where SPEC gives one ('Submission Failed', 'File Too Large'…). */
      title?: string;
      message: string;
      /** Messages per field name, for the inputs' error text. */
      fieldErrors?: FieldErrors;
      /** What the visitor typed, to refill the form after a no-JavaScript post. */
      values?: Record<string, string>;
      /** Attachments already stored (contact form), kept across a failed post. */
      attachments?: { id: string; name: string }[];
      /** The field to clear (the resume input after a refused file). */
      clear?: string;
    };

/** What a back-office editor page gets back when the save did not happen (useActionData). */
export interface EditorActionData {
  fieldErrors: FieldErrors;
  /** What was sent, to refill the form (with or without JavaScript). */
  values: Record<string, string>;
  /** A toast about it (a failed save, a refused upload). */
  toast: Flash | null;
}

export const CONTACT_SUCCESS = "Thank you! We'll get back to you within 24 hours.";
export const CONTACT_FAILURE = "Something went wrong. Please try again or email us directly.";
export const CHECK_FIELDS = "Please check the highlighted fields.";

export const APPLICATION_SUCCESS = {
  title: "Application Submitted",
  message: "Thank you for your application! We'll be in touch soon.",
};
export const APPLICATION_UPLOAD_FAILED = {
  title: "Upload Failed",
  message: "Failed to upload resume. Please try again.",
};
export const APPLICATION_TOO_LARGE = {
  title: "File Too Large",
  message: "Resume must be smaller than 5MB.",
};
export const APPLICATION_FAILED = {
  title: "Submission Failed",
  message: "Failed to submit application. Please try again.",
};

export const WEDDING_SUCCESS =
  "Thank you! Your inquiry is in. We'll reply within 24 hours with availability for your date.";
