import {
  BUDGET_LABELS,
  labelOf,
  SERVICE_LABELS,
  TIMELINE_LABELS,
  WEDDING_BUDGET_LABELS,
} from "~/entities/inquiry/options";
import { formatDay } from "~/lib/listings/format";

/** What the back-office and the mails show of an inquiry (issue #30). Browser-safe. */

/** Where an inquiry lives in the back-office. */
export const inquiryPath = (id: string) => `/admin/inquiries/${id}`;

/** A fact about an inquiry: its label and its text, none as null. */
export type InquiryFact = [string, string | null];

/** A project inquiry's choices by their labels, as its mail, its list row and its page show them. */
export function projectFacts(choices: {
  service: string | null;
  budget: string | null;
  timeline: string | null;
}): InquiryFact[] {
  return [
    ["Service", labelOf(SERVICE_LABELS, choices.service)],
    ["Budget", labelOf(BUDGET_LABELS, choices.budget)],
    ["Timeline", labelOf(TIMELINE_LABELS, choices.timeline)],
  ];
}

/** A wedding inquiry's date, place and budget, as its mail, its list row and its page show them. */
export function weddingFacts(
  wedding: { date: string | null; location: string | null; budget: string | null },
  budgetLabel = "Budget range",
): InquiryFact[] {
  return [
    ["Wedding date", formatDay(wedding.date)],
    ["Location", wedding.location],
    [budgetLabel, labelOf(WEDDING_BUDGET_LABELS, wedding.budget)],
  ];
}
