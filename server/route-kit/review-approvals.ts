import { getRuntimeFrom } from "@server/context";
import type { ShareLink } from "@server/db/schema";
import { PRIVATE_NO_STORE } from "@server/http/cache";
import { APPROVAL_MESSAGES, ApprovalInputError, decideVersion } from "@server/projects/approvals";
import { checkPost, type ReadForm } from "@server/route-kit/forms";
import { getClientIp } from "@server/security/client-ip";
import { data, type RouterContextProvider } from "react-router";
import { type ApprovalAnswer, approvalFormSchema } from "~/entities/review/approval-form";

/**
 * The review page's "Approve this version" and "Request changes" posts (issue #45 item 5): the
 * page's action has resolved the link and the reviewer and read the post; this checks the form
 * (approvalFormSchema), records the decision (decideVersion: the row, the audit line, the receipts)
 * and answers. Errors answer 4xx with the message by field and what was typed; nothing is written.
 */

export const APPROVAL_ANSWERS = {
  approve: "Thank you: the version is approved. A receipt is on its way to you.",
  changes: "Thank you: your request for changes is sent. A receipt is on its way to you.",
} as const;

const HEADERS = { "Cache-Control": PRIVATE_NO_STORE };

export async function reviewApprovalPost(args: {
  context: Readonly<RouterContextProvider>;
  link: Pick<ShareLink, "id" | "projectId" | "deliverableId">;
  reviewer: { id: string; name: string; email: string | null };
  form: ReadForm;
}) {
  const { context, link, reviewer, form } = args;
  const runtime = getRuntimeFrom(context);
  const intent = form.fields.get("intent") === "approve" ? "approve" : "request-changes";
  const checked = checkPost(form, approvalFormSchema);
  if (!checked.data) {
    return data(
      {
        intent,
        ok: false,
        fieldErrors: checked.fieldErrors,
        values: checked.values,
      } as ApprovalAnswer,
      { status: 400, headers: HEADERS },
    );
  }
  const decision = checked.data.intent === "approve" ? "approve" : "changes";
  try {
    await decideVersion(
      runtime.database.db,
      {
        link,
        reviewer,
        versionId: checked.data.versionId,
        decision,
        note: checked.data.note,
        ip: getClientIp(context),
      },
      { jobs: runtime.jobs, notifyEmail: runtime.config.NOTIFY_EMAIL },
    );
  } catch (error) {
    if (!(error instanceof ApprovalInputError)) throw error;
    const field = error.message === APPROVAL_MESSAGES.noteNeeded ? "note" : "form";
    return data(
      {
        intent,
        ok: false,
        fieldErrors: { [field]: [error.message] },
        values: { note: checked.data.note ?? "" },
      } as ApprovalAnswer,
      { status: error.status, headers: HEADERS },
    );
  }
  return data({ intent, ok: true, message: APPROVAL_ANSWERS[decision] } as ApprovalAnswer, {
    headers: HEADERS,
  });
}
