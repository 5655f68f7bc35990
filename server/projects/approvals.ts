import { recordAudit, reviewerActor } from "@server/audit/log";
import type { Database, Executor } from "@server/db/client";
import {
  approvals,
  deliverables,
  deliverableVersions,
  projects,
  type ShareLink,
  user,
} from "@server/db/schema";
import type { JobSender } from "@server/jobs/engine";
import { inTransaction } from "@server/kit/transaction";
import { enqueueNotification } from "@server/mail";
import { composeMail } from "@server/mail/compose";
import { desc, eq, inArray, max } from "drizzle-orm";
import { formatStudioDateTime } from "~/lib/studio-time";
import { APPROVAL_DECISIONS, type ApprovalDecision } from "~/lib/values";
import { versionInScope } from "./comments";

/**
 * Approval as a record (issue #45 item 5, decision 0535): a reviewer approves a version or asks
 * for changes with a note; the row keeps who (name, e-mail, the link), when, the version and its
 * master's SHA-256, and the receipts to the reviewer and the project's owner are queued in the
 * same transaction. A version's review is its own: a new version starts with none.
 */

export type { ApprovalDecision };
export { APPROVAL_DECISIONS };

export const APPROVAL_MESSAGES = {
  outsideLink: "This link does not cover that version.",
  replaced: "A newer version has replaced this one: review the newest.",
  noteNeeded: "Say what should change.",
  alreadyApproved: "This version is already approved.",
} as const;

/** A refusal the reviewer reads (a 4xx with its message, nothing written). */
export class ApprovalInputError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 403 | 404 | 409 = 400,
  ) {
    super(message);
  }
}

export const DECISION_LABELS: Record<ApprovalDecision, string> = {
  approve: "Approved",
  changes: "Changes requested",
};

const RECEIPT_KIND = "review-decision-receipt";

/** A version a link covers, with its project's title and owner (for the record and receipts). */
export type LinkedVersion = NonNullable<Awaited<ReturnType<typeof versionInScope>>> & {
  projectId: string;
  projectTitle: string;
  ownerId: string | null;
};

/**
 * The version, when the link covers it (its project, and its deliverable if it names one: the
 * review's scope, as comments are asked within it).
 */
export async function versionOfLink(
  db: Executor,
  link: Pick<ShareLink, "projectId" | "deliverableId">,
  versionId: string,
): Promise<LinkedVersion | null> {
  const version = await versionInScope(db, link, versionId);
  if (!version) return null;
  const [project] = await db
    .select({ title: projects.title, ownerId: projects.ownerId })
    .from(projects)
    .where(eq(projects.id, link.projectId))
    .limit(1);
  return project
    ? {
        ...version,
        projectId: link.projectId,
        projectTitle: project.title,
        ownerId: project.ownerId,
      }
    : null;
}

export interface ReviewState {
  decision: ApprovalDecision;
  reviewerName: string;
  reviewerEmail: string | null;
  note: string | null;
  sha256: string;
  at: Date;
}

/** The latest decision on each version (none: still in review). A new version has none. */
export async function reviewStatesOf(
  db: Executor,
  versionIds: readonly string[],
): Promise<Map<string, ReviewState>> {
  const states = new Map<string, ReviewState>();
  if (versionIds.length === 0) return states;
  const rows = await db
    .selectDistinctOn([approvals.versionId])
    .from(approvals)
    .where(inArray(approvals.versionId, [...versionIds]))
    .orderBy(approvals.versionId, desc(approvals.createdAt), desc(approvals.id));
  for (const row of rows) {
    states.set(row.versionId, {
      decision: row.decision as ApprovalDecision,
      reviewerName: row.reviewerName,
      reviewerEmail: row.reviewerEmail,
      note: row.note,
      sha256: row.sha256,
      at: row.createdAt,
    });
  }
  return states;
}

/** The latest decision on a version, or null while it is in review. */
export async function reviewStateOf(db: Executor, versionId: string): Promise<ReviewState | null> {
  return (await reviewStatesOf(db, [versionId])).get(versionId) ?? null;
}

/** Every decision on these versions, newest first (the project page's record). */
export async function approvalsOf(db: Executor, versionIds: readonly string[]) {
  if (versionIds.length === 0) return [];
  return db
    .select()
    .from(approvals)
    .where(inArray(approvals.versionId, [...versionIds]))
    .orderBy(desc(approvals.createdAt), desc(approvals.id));
}

export interface DecisionInput {
  link: Pick<ShareLink, "id" | "projectId" | "deliverableId">;
  reviewer: { id: string; name: string; email: string | null };
  versionId: string;
  decision: ApprovalDecision;
  note?: string | null;
  /** The request's client address, for the audit log. */
  ip?: string | null;
}

export interface DecisionServices {
  jobs: JobSender;
  /** The studio's address: the receipt's owner copy when the project has no owner's e-mail. */
  notifyEmail: string;
}

/**
 * Records a reviewer's decision on a version their link covers, with its SHA-256, audited (the
 * reviewer as actor) and with its receipts queued, all in one transaction. Refused
 * (ApprovalInputError, nothing written): a version outside the link or replaced by a newer one,
 * "changes" without a note, approving what is already approved.
 */
export async function decideVersion(
  db: Database,
  input: DecisionInput,
  services: DecisionServices,
) {
  const note = input.note?.trim() || null;
  if (!APPROVAL_DECISIONS.includes(input.decision)) throw new Error("not a decision");
  if (input.decision === "changes" && !note) {
    throw new ApprovalInputError(APPROVAL_MESSAGES.noteNeeded);
  }
  return inTransaction(db, async (tx) => {
    const version = await versionOfLink(tx, input.link, input.versionId);
    if (!version) throw new ApprovalInputError(APPROVAL_MESSAGES.outsideLink, 404);
    // One decision at a time per deliverable: the row lock orders them (and a new version).
    await tx
      .select({ id: deliverables.id })
      .from(deliverables)
      .where(eq(deliverables.id, version.deliverableId))
      .for("update");
    const [{ newest } = { newest: null }] = await tx
      .select({ newest: max(deliverableVersions.number) })
      .from(deliverableVersions)
      .where(eq(deliverableVersions.deliverableId, version.deliverableId));
    if (newest !== version.number) throw new ApprovalInputError(APPROVAL_MESSAGES.replaced, 409);
    const current = await reviewStateOf(tx, version.id);
    if (input.decision === "approve" && current?.decision === "approve") {
      throw new ApprovalInputError(APPROVAL_MESSAGES.alreadyApproved, 409);
    }
    const [approval] = await tx
      .insert(approvals)
      .values({
        versionId: version.id,
        reviewerId: input.reviewer.id,
        linkId: input.link.id,
        reviewerName: input.reviewer.name,
        reviewerEmail: input.reviewer.email,
        decision: input.decision,
        note,
        sha256: version.sha256,
      })
      .returning();
    if (!approval) throw new Error("approval not inserted");
    const versionName = `${version.deliverableTitle} v${version.number}`;
    await recordAudit(tx, {
      action: input.decision === "approve" ? "approve" : "request_changes",
      actor: reviewerActor(input.link.id, input.reviewer, input.ip ?? null),
      entityType: "project_version",
      entityId: version.id,
      entityName: versionName.slice(0, 200),
      changes: { sha256: { before: null, after: version.sha256 } },
    });
    await queueReceipts(tx, services, { version, approval, versionName });
    return approval;
  });
}

/** The receipt, to the reviewer and to the owner (the studio's address without one). */
async function queueReceipts(
  tx: Executor,
  services: DecisionServices,
  facts: { version: LinkedVersion; approval: typeof approvals.$inferSelect; versionName: string },
) {
  const { version, approval, versionName } = facts;
  const [owner] = version.ownerId
    ? await tx.select({ email: user.email }).from(user).where(eq(user.id, version.ownerId))
    : [];
  const label = DECISION_LABELS[approval.decision as ApprovalDecision];
  const who = approval.reviewerEmail
    ? `${approval.reviewerName} <${approval.reviewerEmail}>`
    : approval.reviewerName;
  const mail = composeMail([
    { paragraph: `${label}: ${versionName} of ${version.projectTitle}.` },
    {
      fields: [
        ["Project", version.projectTitle],
        ["Deliverable", version.deliverableTitle],
        ["Version", `v${version.number}`],
        ["Decision", label],
        ["By", who],
        ["When", formatStudioDateTime(approval.createdAt)],
        ["SHA-256 of the master", approval.sha256],
      ],
    },
    ...(approval.note ? [{ heading: "Note" }, { quote: approval.note }] : []),
    {
      paragraph:
        "This receipt records which exact file was reviewed: the SHA-256 above is its fingerprint.",
    },
  ]);
  const subject = `${label}: ${versionName}`.slice(0, 200);
  const recipients = new Set(
    [approval.reviewerEmail, owner?.email ?? services.notifyEmail].filter(
      (address): address is string => Boolean(address),
    ),
  );
  for (const recipient of recipients) {
    await enqueueNotification(tx, services.jobs, {
      kind: RECEIPT_KIND,
      recipient,
      subject,
      ...mail,
    });
  }
}
