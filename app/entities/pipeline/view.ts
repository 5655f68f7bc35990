import type { ActivityKind, PipelineSubject } from "~/lib/values";

/** Words of the pipelines' pages (issue #30). Browser-safe. */

/** How an Activity entry reads: "Status changed", then its summary. */
export const ACTIVITY_LABELS: Record<ActivityKind, string> = {
  submitted: "Submitted",
  status: "Status changed",
  owner: "Owner changed",
  follow_up: "Follow-up changed",
  note: "Note added",
  reply: "Reply sent",
  rating: "Rated",
  booked: "Booked a call",
};

export const UNASSIGNED = "Unassigned";
/** The template choice that is none: the page's own subject, an empty message. */
export const NO_TEMPLATE = "No template";

const PLACEHOLDER = /\{([a-z_]+)\}/g;

/**
 * A template's text for one record: its placeholders replaced. A placeholder whose value is null
 * (a link that is not configured: `{interview_url}` without INTERVIEW_BOOKING_URL) takes its
 * paragraph with it, so no sentence points at nothing. An unknown placeholder stays as it is, so a
 * typo shows in the preview instead of vanishing.
 */
export function fillTemplate(text: string, values: Record<string, string | null>): string {
  const known = (key: string) => Object.hasOwn(values, key);
  const fill = (part: string) =>
    part.replace(PLACEHOLDER, (whole, key: string) => (known(key) ? (values[key] ?? "") : whole));
  const absent = (part: string) =>
    [...part.matchAll(PLACEHOLDER)].some(([, key = ""]) => known(key) && values[key] === null);
  if (!absent(text)) return fill(text);
  return text
    .split(/\n[ \t]*\n\s*/)
    .filter((paragraph) => !absent(paragraph))
    .map(fill)
    .join("\n\n");
}

/** The placeholders each record's templates may use (shown on /admin/templates). */
export const TEMPLATE_PLACEHOLDERS: Record<PipelineSubject, readonly string[]> = {
  inquiry: ["{name}", "{booking_url}", "{studio}"],
  job_application: ["{name}", "{position}", "{interview_url}", "{studio}"],
};

/** Newlines as one: a textarea posts CRLF. */
const lines = (text: string) => text.replace(/\r\n?/g, "\n");

/**
 * Whether the reply's text is what the page put there (no template, or one untouched): choosing
 * another template then loses nothing and needs no question (issue #47 item 17). The browser asks
 * with it before replacing; the server, for a template chosen without JavaScript.
 */
export function untouchedReply(
  typed: { subject: string; message: string },
  choices: readonly { subject: string; message: string }[],
): boolean {
  const subject = typed.subject.trim();
  const message = lines(typed.message).trim();
  return choices.some(
    (choice) =>
      (subject === "" || subject === choice.subject.trim()) &&
      message === lines(choice.message).trim(),
  );
}
