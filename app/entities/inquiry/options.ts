import type { BUDGETS, SERVICES, TIMELINES, WEDDING_BUDGETS } from "~/lib/values";

/**
 * The labels of an inquiry's choices, as the visitor saw them in the forms of /contact and
 * /weddings: the forms, the back-office and every e-mail about an inquiry read them from here
 * (issue #30: a notification showed `25k-50k` where the visitor chose "$25k – $50k"). Browser-safe.
 */

export const SERVICE_LABELS: Record<(typeof SERVICES)[number], string> = {
  "video-production": "Video Production",
  "post-production": "Post Production",
  "ads-media-buying": "Digital Growth Campaigns",
  "web-app-development": "Web & App Development",
  "social-content": "Social Content",
  "full-service": "Full Service (all of the above)",
};
export const BUDGET_LABELS: Record<(typeof BUDGETS)[number], string> = {
  "under-25k": "Under $25k",
  "25k-50k": "$25k – $50k",
  "50k-100k": "$50k – $100k",
  "100k-250k": "$100k – $250k",
  "250k-plus": "$250k+",
};
export const TIMELINE_LABELS: Record<(typeof TIMELINES)[number], string> = {
  asap: "As soon as possible",
  "1-month": "Within a month",
  "2-3-months": "2–3 months",
  "3-6-months": "3–6 months",
  flexible: "Flexible",
};
export const WEDDING_BUDGET_LABELS: Record<(typeof WEDDING_BUDGETS)[number], string> = {
  "4500-7500": "$4,500 – $7,500",
  "7500-12000": "$7,500 – $12,000",
  "12000-20000": "$12,000 – $20,000",
  "20000+": "$20,000+",
};

/** A select's options from a label table, in its order. */
export function optionsOf<T extends string>(labels: Record<T, string>) {
  return (Object.entries(labels) as [T, string][]).map(([value, label]) => ({ value, label }));
}

/** The label of a stored value; an unknown value as it is, none as null. */
export function labelOf(labels: Record<string, string>, value: string | null): string | null {
  if (!value) return null;
  return labels[value] ?? value;
}
