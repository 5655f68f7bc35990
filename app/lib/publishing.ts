import type { DraftState, WorkflowEntity } from "~/lib/values";

/**
 * Where an item with drafts stands (issue #31): its live row's status and the state of its work not
 * yet published. Browser-safe: the lists' badges and filter, the editors' status area.
 */

export const PUBLISHING_STATES = [
  "draft",
  "in_review",
  "scheduled",
  "changes",
  "published",
] as const;
export type PublishingState = (typeof PUBLISHING_STATES)[number];

/** The badge of each state, as the issue words it. */
export const PUBLISHING_LABELS: Record<PublishingState, string> = {
  draft: "Draft",
  in_review: "In review",
  scheduled: "Scheduled",
  changes: "Changes not published",
  published: "Published",
};

/** The state of an item whose live row has `status` and whose pending work is `draft` (or none). */
export function publishingStateOf(status: string, draft: DraftState | null): PublishingState {
  if (draft === "in_review" || draft === "scheduled") return draft;
  if (status !== "published") return "draft";
  return draft === "draft" ? "changes" : "published";
}

/** The editors' buttons: each posts `workflow` with one of these. */
export const WORKFLOW_INTENTS = [
  "save-draft",
  "publish",
  "update",
  "unpublish",
  "schedule",
  /** Review before publishing: a contributor's "Submit for review", a reviewer's answers. */
  "submit",
  "approve",
  "request-changes",
] as const;
export type WorkflowIntent = (typeof WORKFLOW_INTENTS)[number];

export function parseWorkflowIntent(value: unknown): WorkflowIntent | null {
  return (WORKFLOW_INTENTS as readonly unknown[]).includes(value)
    ? (value as WorkflowIntent)
    : null;
}

/** The back-office sections with history (`/admin/history/{section}/{id}`), and their editors. */
export const HISTORY_SECTIONS = {
  blog: { entity: "blog_post", noun: "post", editor: (id: string) => `/admin/blog/edit/${id}` },
  "case-studies": {
    entity: "case_study",
    noun: "case study",
    editor: (id: string) => `/admin/case-studies/${id}/edit`,
  },
  portfolio: {
    entity: "portfolio_item",
    noun: "portfolio item",
    editor: (id: string) => `/admin/portfolio?edit=${id}`,
  },
} as const satisfies Record<
  string,
  { entity: WorkflowEntity; noun: string; editor: (id: string) => string }
>;
export type HistorySection = keyof typeof HISTORY_SECTIONS;

/** The section (history, editor) of a workflow entity. */
export function sectionOf(entity: WorkflowEntity): HistorySection {
  const found = (Object.keys(HISTORY_SECTIONS) as HistorySection[]).find(
    (section) => HISTORY_SECTIONS[section].entity === entity,
  );
  if (!found) throw new Error(`no back-office section for ${entity}`);
  return found;
}

export function historyPath(section: HistorySection, id: string): string {
  return `/admin/history/${section}/${id}`;
}

/** The sections whose items have preview links (decision 0331): not the portfolio. */
export const PREVIEW_SECTIONS = ["blog", "case-studies"] as const satisfies HistorySection[];
export type PreviewSection = (typeof PREVIEW_SECTIONS)[number];

/** Where an editor revokes an item's preview links (issue #47 item 14, decision 0462). */
export function previewLinksPath(section: PreviewSection, id: string): string {
  return `/admin/preview-links/${section}/${id}`;
}
