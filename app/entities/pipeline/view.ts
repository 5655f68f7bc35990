import type { ActivityKind } from "~/lib/values";

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

/**
 * A template's text for one record: {name}, {position}, {booking_url} and {studio} replaced. An
 * unknown placeholder stays as it is, so a typo shows in the preview instead of vanishing.
 */
export function fillTemplate(text: string, values: Record<string, string>): string {
  return text.replace(/\{([a-z_]+)\}/g, (whole, key: string) =>
    Object.hasOwn(values, key) ? (values[key] ?? whole) : whole,
  );
}

export const TEMPLATE_PLACEHOLDERS = ["{name}", "{position}", "{booking_url}", "{studio}"] as const;
