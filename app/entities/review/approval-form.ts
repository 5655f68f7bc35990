import { z } from "zod";
import type { FieldErrors } from "~/lib/forms/result";

/**
 * The review page's decision on a version (issue #45 item 5): "Approve this version" or "Request
 * changes" with a note. One schema for the panel and the server; the post's `intent` says which.
 */

export const APPROVAL_INTENTS = ["approve", "request-changes"] as const;
export type ApprovalIntent = (typeof APPROVAL_INTENTS)[number];

export const APPROVAL_NOTE_MAX = 5000;

export const approvalFormSchema = z
  .object({
    intent: z.enum(APPROVAL_INTENTS, { message: "Choose to approve or to request changes." }),
    versionId: z.uuid("Choose a version."),
    note: z
      .string()
      .trim()
      .max(APPROVAL_NOTE_MAX, `At most ${APPROVAL_NOTE_MAX} characters.`)
      .optional()
      .transform((value) => value || null),
  })
  .superRefine((form, context) => {
    if (form.intent === "request-changes" && !form.note) {
      context.addIssue({ code: "custom", path: ["note"], message: "Say what should change." });
    }
  });

export type ApprovalForm = z.output<typeof approvalFormSchema>;

/** What the panel shows of a version's current decision (null: in review). */
export interface ApprovalView {
  decision: "approve" | "changes";
  reviewerName: string;
  /** Formatted in the studio's time zone. */
  at: string;
  sha256: string;
  note: string | null;
}

/** What the review page's action answers to a decision post (reviewApprovalPost). */
export type ApprovalAnswer =
  | { intent: ApprovalIntent; ok: true; message: string }
  | { intent: ApprovalIntent; ok: false; fieldErrors: FieldErrors; values: Record<string, string> };

/** Whether a review page's answer is one to a decision post (the other posts answer otherwise). */
export function isApprovalAnswer(answer: { intent: string } | undefined): answer is ApprovalAnswer {
  return (answer?.intent === "approve" || answer?.intent === "request-changes") && "ok" in answer;
}
