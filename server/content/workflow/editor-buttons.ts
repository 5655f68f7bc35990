import { type AuditActor, audited, recordAudit } from "@server/audit/log";
import { savedWithRedirect } from "@server/content/redirects/editor";
import {
  auditDraftSave,
  dropDraft,
  findDraft,
  keepDraft,
  liveStatusOf,
  recordRevision,
} from "@server/content/workflow/drafts";
import type { Database, Executor } from "@server/db/client";
import { contentDrafts } from "@server/db/schema";
import type { JobSender } from "@server/jobs/engine";
import { inTransaction } from "@server/kit/transaction";
import { enqueueNotification } from "@server/mail";
import { composeMail } from "@server/mail/compose";
import { and, eq } from "drizzle-orm";
import { studio } from "~/copy/studio";
import { mayUseIntent } from "~/entities/staff/access";
import { WORKFLOW_MESSAGES } from "~/lib/admin-messages";
import {
  HISTORY_SECTIONS,
  parseWorkflowIntent,
  sectionOf,
  type WorkflowIntent,
} from "~/lib/publishing";
import { parseZonedDateTime, toZonedInput } from "~/lib/studio-time";
import type { ContentStatus, DraftState, StaffRole, WorkflowEntity } from "~/lib/values";
import { queuePublishing } from "./scheduled-publishing";

/**
 * The editors' buttons, one way for blog posts, case studies and portfolio items (issue #31,
 * decisions 0330, 0333): which button was pressed, a schedule's time, the save through the
 * workflow, and a review's answer. The drafts and revisions themselves are drafts.ts's.
 */

export const REVIEW_COMMENT_MAX = 2000;

/**
 * The button a posted editor form pressed. Without one (a script's post), the status field says
 * whether to publish. Null when the person's role may not use it (a 403: nothing is stored).
 */
export function workflowIntentOf(
  fields: { get(name: string): unknown },
  role: StaffRole,
  /** The status of a form without one (the portfolio's schema defaults to published). */
  defaultStatus = "draft",
): WorkflowIntent | null {
  const intent =
    parseWorkflowIntent(fields.get("workflow")) ??
    ((fields.get("status") ?? defaultStatus) === "published" ? "publish" : "save-draft");
  return mayUseIntent(role, intent) ? intent : null;
}

/**
 * "Publish at" of a "Schedule": a `datetime-local` value in the studio's zone, in the future.
 * Null for other buttons; "invalid" for a missing, malformed or past time.
 */
export function publishAtOf(
  intent: WorkflowIntent,
  raw: unknown,
  timeZone: string,
  now: number = Date.now(),
): Date | null | "invalid" {
  if (intent !== "schedule") return null;
  const at = typeof raw === "string" ? parseZonedDateTime(raw, timeZone) : null;
  return at && at.getTime() > now ? at : "invalid";
}

/** The toast of a draft kept: saved, scheduled (its time in the studio's zone), or submitted. */
function keptMessage(state: DraftState, publishAt: Date | null, timeZone: string): string {
  if (state === "scheduled" && publishAt) {
    return WORKFLOW_MESSAGES.scheduled(
      toZonedInput(publishAt, timeZone).replace("T", " "),
      timeZone,
    );
  }
  return state === "in_review" ? WORKFLOW_MESSAGES.submitted : WORKFLOW_MESSAGES.draftSaved;
}

/** What an editor's row save answers: saved (with its id), refused with the entity's reasons, gone. */
type RowSave = { ok: true; id: string; created: boolean } | { ok: false } | null;

export interface WorkflowSave<R extends RowSave> {
  entity: WorkflowEntity;
  /** Null for a new item. */
  id: string | null;
  intent: Exclude<WorkflowIntent, "unpublish" | "request-changes">;
  role: StaffRole;
  /** The editor's form values, as the editor shows them again: the draft and the revision. */
  values: Record<string, unknown>;
  /** The item's title, for the audit log and the author's e-mail. */
  name: string;
  publishAt: Date | null;
  /** The studio's zone, that a scheduled draft's toast gives its time in. */
  timeZone: string;
  actor: AuditActor;
  siteUrl: string;
  /** Where the author's e-mail and a scheduled draft's publishing are queued. */
  jobs: JobSender;
  /** The status the form asks for; "archived" is a publishing decision (roles that publish). */
  status: ContentStatus;
  /** Saves the live row through the entity's own rules, in `tx`, with the status it gets. */
  saveRow: (tx: Database, status: ContentStatus) => Promise<R>;
}

export type WorkflowSaved<R extends RowSave> =
  /** Kept as the draft (saved, scheduled, or submitted for review), and the toast that says so. */
  | { kind: "kept"; id: string; state: DraftState; message: string }
  | { kind: "published"; id: string; created: boolean }
  /** The row's save refused it (its own reasons) or found it gone (null). */
  | { kind: "refused"; result: Exclude<R, { ok: true }> }
  /** The role may not do this (403); nothing changed. */
  | { kind: "forbidden" }
  /** "Approve and publish" of an item that is not in review (409). */
  | { kind: "not-in-review" };

/**
 * The editors' save (decisions 0330, 0333): a draft beside a live row changes no record row; any
 * other save goes through the entity's own save, with the slug's redirect, the draft or its
 * removal, the revision, and the audit rows, in one transaction. "Approve and publish" publishes
 * a draft in review and e-mails its author.
 */
export async function saveThroughWorkflow<R extends RowSave>(
  db: Database,
  save: WorkflowSave<R>,
): Promise<WorkflowSaved<R>> {
  const { entity, id, intent, actor } = save;
  if (!mayUseIntent(save.role, intent)) return { kind: "forbidden" };
  // Archiving takes an item off the site as unpublishing does: not a writer's draft.
  if (save.status === "archived" && !mayUseIntent(save.role, "publish")) {
    return { kind: "forbidden" };
  }
  const draft = id ? await findDraft(db, entity, id) : null;
  // Saving over a scheduled draft would unschedule it: a scheduling change.
  if (draft?.state === "scheduled" && !mayUseIntent(save.role, "schedule")) {
    return { kind: "forbidden" };
  }
  if (intent === "approve" && draft?.state !== "in_review") return { kind: "not-in-review" };
  const publish = intent === "publish" || intent === "update" || intent === "approve";
  const state: DraftState =
    intent === "schedule" ? "scheduled" : intent === "submit" ? "in_review" : "draft";
  const kept = keptMessage(state, save.publishAt, save.timeZone);
  // `rowAudited`: the row's own save wrote the audit row, so a plain draft needs none of its own.
  const keep = async (tx: Executor, itemId: string, rowAudited: boolean) => {
    await keepDraft(
      tx,
      { entity, id: itemId },
      save.values,
      actor,
      new Date(),
      save.publishAt,
      state,
    );
    if (state === "scheduled" && save.publishAt) {
      await queuePublishing(tx, save.jobs, { entity, id: itemId, publishAt: save.publishAt });
    }
    if (rowAudited && state === "draft") return;
    await auditDraftSave(tx, actor, { entity, id: itemId, name: save.name }, state, save.publishAt);
  };

  const live = id ? (await liveStatusOf(db, entity, id)) === "published" : false;
  if (!publish && id && live) {
    // A published item's draft: the live row, and so the public site, stay as they are.
    await inTransaction(db, (tx) => keep(tx, id, false));
    return { kind: "kept", id, state, message: kept };
  }
  const saved = await audited(
    db,
    actor,
    { entity, id },
    async (tx) => {
      // A published item's changed slug leaves a 301 from its old address (decision 0370).
      const result = await savedWithRedirect(tx, actor, { entity, id, siteUrl: save.siteUrl }, () =>
        // "published" is reached only through Publish, Update or Approve; a draft save keeps it off.
        save.saveRow(
          tx,
          publish ? "published" : save.status === "published" ? "draft" : save.status,
        ),
      );
      if (!result?.ok) return result;
      if (!publish) {
        await keep(tx, result.id, true);
        return result;
      }
      await dropDraft(tx, entity, result.id);
      await recordRevision(tx, { entity, id: result.id }, "published", save.values, actor);
      if (intent === "approve" && draft) {
        await reviewed(tx, actor, {
          entity,
          id: result.id,
          name: save.name,
          author: draft.updatedByEmail,
          siteUrl: save.siteUrl,
          jobs: save.jobs,
          outcome: { approved: true },
        });
      }
      return result;
    },
    (result) => (result?.ok ? result.id : null),
  );
  if (!saved?.ok) return { kind: "refused", result: saved as Exclude<R, { ok: true }> };
  return publish
    ? { kind: "published", id: saved.id, created: saved.created }
    : { kind: "kept", id: saved.id, state, message: kept };
}

/**
 * "Request changes": a draft in review goes back to its author as a plain draft, with the
 * reviewer's comment (required) by e-mail and in the audit log. Its values stay as the author left
 * them. A role that may not review is refused; a comment missing or too long is a field error.
 */
export async function requestChanges(
  db: Database,
  item: { entity: WorkflowEntity; id: string },
  rawComment: unknown,
  reviewer: { actor: AuditActor; role: StaffRole; siteUrl: string; jobs: JobSender },
): Promise<"done" | "forbidden" | "not-in-review" | { commentError: string }> {
  if (!mayUseIntent(reviewer.role, "request-changes")) return "forbidden";
  const comment = typeof rawComment === "string" ? rawComment.trim() : "";
  if (!comment) return { commentError: WORKFLOW_MESSAGES.commentRequired };
  if (comment.length > REVIEW_COMMENT_MAX)
    return { commentError: WORKFLOW_MESSAGES.commentTooLong };
  const { actor, siteUrl, jobs } = reviewer;
  return inTransaction(db, async (tx) => {
    const [draft] = await tx
      .update(contentDrafts)
      .set({ state: "draft" })
      .where(
        and(
          eq(contentDrafts.entityType, item.entity),
          eq(contentDrafts.entityId, item.id),
          eq(contentDrafts.state, "in_review"),
        ),
      )
      .returning();
    if (!draft) return "not-in-review";
    const name = draft.values.title;
    await reviewed(tx, actor, {
      ...item,
      name: typeof name === "string" ? name : "",
      author: draft.updatedByEmail,
      siteUrl,
      jobs,
      outcome: { approved: false, comment },
    });
    return "done";
  });
}

/** The audit row of a review's answer and the author's e-mail (through the outbox). */
async function reviewed(
  tx: Executor,
  actor: AuditActor,
  review: {
    entity: WorkflowEntity;
    id: string;
    name: string;
    author: string | null;
    siteUrl: string;
    jobs: JobSender;
    outcome: { approved: true } | { approved: false; comment: string };
  },
): Promise<void> {
  const { outcome } = review;
  await recordAudit(tx, {
    actor,
    action: outcome.approved ? "approve" : "request_changes",
    entityType: review.entity,
    entityId: review.id,
    entityName: review.name.slice(0, 200),
    changes: outcome.approved ? null : { comment: { before: null, after: outcome.comment } },
  });
  // An author whose account is gone (and so their address) is told nothing.
  if (!review.author) return;
  const section = HISTORY_SECTIONS[sectionOf(review.entity)];
  const editor = new URL(section.editor(review.id), review.siteUrl).toString();
  const reviewer = actor.email ?? "A reviewer";
  await enqueueNotification(tx, review.jobs, {
    kind: outcome.approved ? "review-approved" : "review-changes-requested",
    recipient: review.author,
    subject: outcome.approved ? `Published: ${review.name}` : `Changes requested: ${review.name}`,
    ...composeMail(
      outcome.approved
        ? [
            {
              paragraph: `${reviewer} approved your ${section.noun} "${review.name}"; it is now on the ${studio.name} website.`,
            },
            { link: editor, text: "Open it in the back-office:" },
          ]
        : [
            {
              paragraph: `${reviewer} asked for changes to your ${section.noun} "${review.name}" before it is published:`,
            },
            { quote: outcome.comment },
            { link: editor, text: "Edit it and submit it for review again:" },
          ],
    ),
  });
}
