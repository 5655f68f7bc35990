import { type AuditActor, recordAudit } from "@server/audit/log";
import type { Database, Executor } from "@server/db/client";
import { isCheckViolation } from "@server/db/errors";
import {
  deliverables,
  deliverableVersions,
  mediaItems,
  reviewComments,
  reviewers,
  reviewReplies,
  user,
} from "@server/db/schema";
import { inTransaction } from "@server/kit/transaction";
import { and, asc, eq, inArray, isNotNull, isNull, max, type SQL } from "drizzle-orm";
import type { Drawing } from "~/entities/review/drawing";
import type { ReviewCommentView } from "~/entities/review/view";

/**
 * Comments of the review room (issue #45 items 4 and 8, decision 0531): on a version at a time or
 * over a range, with an optional drawing; replies; resolve and reopen. Everything is asked within
 * a scope (what a share link covers: its project, or one deliverable of it; staff see a whole
 * project): a version or comment outside it is not found. Only a deliverable's latest version
 * takes comments, replies and resolving; older ones are read only. Each write is audited in its
 * transaction (decision 0532): staff as themselves, a reviewer as an actor of its own kind.
 */

/** What a link covers: a project, or one deliverable of it (staff: the project). */
export interface ReviewScope {
  projectId: string;
  deliverableId: string | null;
}

/** Who writes: a reviewer of a link, or a member of staff. */
export type ReviewAuthor = { reviewerId: string } | { staffId: string };

/** A refusal with the status it answers: 400 bad input, 404 outside the scope, 409 read only. */
export class ReviewRefusal extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

export const REVIEW_REFUSALS = {
  version: "That version is not part of this review.",
  comment: "That comment is not part of this review.",
  readOnly: "This version is read only: comments go on the latest version.",
  pastEnd: "That time is past the end of the video.",
  drawing: "This drawing is too detailed. Draw fewer strokes.",
} as const;

function scopeWhere(scope: ReviewScope): SQL | undefined {
  return scope.deliverableId
    ? and(eq(deliverables.projectId, scope.projectId), eq(deliverables.id, scope.deliverableId))
    : eq(deliverables.projectId, scope.projectId);
}

/** A version the scope covers, with whether it is its deliverable's latest; else null. */
export async function versionInScope(db: Executor, scope: ReviewScope, versionId: string) {
  const [row] = await db
    .select({
      id: deliverableVersions.id,
      deliverableId: deliverableVersions.deliverableId,
      number: deliverableVersions.number,
      mediaItemId: deliverableVersions.mediaItemId,
      sha256: deliverableVersions.sha256,
      durationSeconds: mediaItems.durationSeconds,
      deliverableTitle: deliverables.title,
    })
    .from(deliverableVersions)
    .innerJoin(deliverables, eq(deliverables.id, deliverableVersions.deliverableId))
    .innerJoin(mediaItems, eq(mediaItems.id, deliverableVersions.mediaItemId))
    .where(and(eq(deliverableVersions.id, versionId), scopeWhere(scope)))
    .limit(1);
  if (!row) return null;
  const [{ last } = { last: null }] = await db
    .select({ last: max(deliverableVersions.number) })
    .from(deliverableVersions)
    .where(eq(deliverableVersions.deliverableId, row.deliverableId));
  return { ...row, latest: row.number === last };
}

/** The latest version a comment may be written on, or the refusal. */
async function writableVersion(db: Executor, scope: ReviewScope, versionId: string) {
  const version = await versionInScope(db, scope, versionId);
  if (!version) throw new ReviewRefusal(404, REVIEW_REFUSALS.version);
  if (!version.latest) throw new ReviewRefusal(409, REVIEW_REFUSALS.readOnly);
  return version;
}

/** The comment, when the scope covers its version, and that version is writable. */
async function writableComment(db: Executor, scope: ReviewScope, commentId: string) {
  const [row] = await db
    .select({ versionId: reviewComments.versionId })
    .from(reviewComments)
    .innerJoin(deliverableVersions, eq(deliverableVersions.id, reviewComments.versionId))
    .innerJoin(deliverables, eq(deliverables.id, deliverableVersions.deliverableId))
    .where(and(eq(reviewComments.id, commentId), scopeWhere(scope)))
    .limit(1);
  if (!row) throw new ReviewRefusal(404, REVIEW_REFUSALS.comment);
  return writableVersion(db, scope, row.versionId);
}

/** "Spot :30 v2": the version a comment's audit row names. */
const versionName = (version: { deliverableTitle: string; number: number }) =>
  `${version.deliverableTitle} v${version.number}`.slice(0, 200);

const authorColumns = (author: ReviewAuthor) =>
  "reviewerId" in author
    ? { reviewerId: author.reviewerId, staffId: null }
    : { reviewerId: null, staffId: author.staffId };

export interface NewComment {
  versionId: string;
  atSeconds: number;
  endSeconds: number | null;
  body: string;
  drawing: Drawing | null;
}

/** A comment on the latest version of a deliverable the scope covers, audited. */
export async function addComment(
  db: Database,
  scope: ReviewScope,
  author: ReviewAuthor,
  actor: AuditActor,
  input: NewComment,
) {
  try {
    return await inTransaction(db, async (tx) => {
      const version = await writableVersion(tx, scope, input.versionId);
      const end = input.endSeconds ?? input.atSeconds;
      // A little slack: the last frame's time may round past the probed duration.
      if (version.durationSeconds !== null && end > version.durationSeconds + 0.5) {
        throw new ReviewRefusal(400, REVIEW_REFUSALS.pastEnd);
      }
      const [comment] = await tx
        .insert(reviewComments)
        .values({
          versionId: version.id,
          ...authorColumns(author),
          body: input.body,
          atSeconds: input.atSeconds,
          endSeconds: input.endSeconds,
          drawing: input.drawing,
        })
        .returning();
      if (!comment) throw new Error("comment not inserted");
      await recordAudit(tx, {
        action: "comment",
        actor,
        entityType: "review_comment",
        entityId: comment.id,
        entityName: versionName(version),
      });
      return comment;
    });
  } catch (error) {
    // The schema bounds a drawing's marks; the table bounds its stored size (64 KiB).
    if (isCheckViolation(error, "review_comments_drawing_check")) {
      throw new ReviewRefusal(400, REVIEW_REFUSALS.drawing);
    }
    throw error;
  }
}

/** A reply to a comment of the latest version, audited (the comment is its row's record). */
export async function addReply(
  db: Database,
  scope: ReviewScope,
  author: ReviewAuthor,
  actor: AuditActor,
  reply: { commentId: string; body: string },
) {
  return inTransaction(db, async (tx) => {
    const version = await writableComment(tx, scope, reply.commentId);
    const [row] = await tx
      .insert(reviewReplies)
      .values({ commentId: reply.commentId, ...authorColumns(author), body: reply.body })
      .returning();
    if (!row) throw new Error("reply not inserted");
    await recordAudit(tx, {
      action: "reply",
      actor,
      entityType: "review_comment",
      entityId: reply.commentId,
      entityName: versionName(version),
    });
    return row;
  });
}

/**
 * Resolves (or reopens) a comment, audited when it changed; reviewers and staff alike may
 * (decision 0531). Resolving a resolved comment writes nothing.
 */
export async function setResolved(
  db: Database,
  scope: ReviewScope,
  actor: AuditActor,
  change: { commentId: string; resolved: boolean },
  now: Date = new Date(),
): Promise<void> {
  const { commentId, resolved } = change;
  await inTransaction(db, async (tx) => {
    const version = await writableComment(tx, scope, commentId);
    const changed = await tx
      .update(reviewComments)
      .set({ resolvedAt: resolved ? now : null })
      .where(
        and(
          eq(reviewComments.id, commentId),
          resolved ? isNull(reviewComments.resolvedAt) : isNotNull(reviewComments.resolvedAt),
        ),
      )
      .returning({ id: reviewComments.id });
    if (changed.length === 0) return;
    await recordAudit(tx, {
      action: resolved ? "resolve" : "reopen",
      actor,
      entityType: "review_comment",
      entityId: commentId,
      entityName: versionName(version),
      changes: { resolved: { before: !resolved, after: resolved } },
    });
  });
}

/** A reviewer of this link who gave their name and address. */
export async function createReviewer(
  db: Executor,
  linkId: string,
  person: { name: string; email: string },
) {
  const [row] = await db
    .insert(reviewers)
    .values({ linkId, name: person.name, email: person.email })
    .returning();
  if (!row) throw new Error("reviewer not inserted");
  return row;
}

/** The reviewer, when they are one of this link's (a cookie names them). */
export async function reviewerOf(db: Executor, linkId: string, reviewerId: string) {
  const [row] = await db
    .select({ id: reviewers.id, name: reviewers.name, email: reviewers.email })
    .from(reviewers)
    .where(and(eq(reviewers.id, reviewerId), eq(reviewers.linkId, linkId)))
    .limit(1);
  return row ?? null;
}

/**
 * Who wrote a comment or reply, as the page, the exports and the activity name them: the
 * reviewer's name, or the member of staff's marked as the studio's ("Ana Admin (studio)"; once
 * erased or removed: who they were).
 */
export function authorOf(
  row: { reviewerName: string | null; staffName: string | null },
  staff: boolean,
) {
  if (row.reviewerName !== null) return row.reviewerName;
  if (row.staffName !== null) return `${row.staffName} ${STAFF_MARK}`;
  return staff ? "The studio" : "A reviewer";
}

/** What follows a member of staff's name on a comment or reply. */
export const STAFF_MARK = "(studio)";

/** A version's comments in time order, each with its replies in the order they came. */
export async function versionComments(
  db: Executor,
  versionId: string,
): Promise<ReviewCommentView[]> {
  const comments = await db
    .select({
      comment: reviewComments,
      reviewerName: reviewers.name,
      staffName: user.name,
    })
    .from(reviewComments)
    .leftJoin(reviewers, eq(reviewers.id, reviewComments.reviewerId))
    .leftJoin(user, eq(user.id, reviewComments.staffId))
    .where(eq(reviewComments.versionId, versionId))
    .orderBy(asc(reviewComments.atSeconds), asc(reviewComments.createdAt));
  const ids = comments.map((row) => row.comment.id);
  const replies =
    ids.length === 0
      ? []
      : await db
          .select({ reply: reviewReplies, reviewerName: reviewers.name, staffName: user.name })
          .from(reviewReplies)
          .leftJoin(reviewers, eq(reviewers.id, reviewReplies.reviewerId))
          .leftJoin(user, eq(user.id, reviewReplies.staffId))
          .where(inArray(reviewReplies.commentId, ids))
          .orderBy(asc(reviewReplies.createdAt));
  return comments.map(({ comment, ...names }) => ({
    id: comment.id,
    author: authorOf(names, comment.staffId !== null),
    body: comment.body,
    atSeconds: comment.atSeconds,
    endSeconds: comment.endSeconds,
    drawing: (comment.drawing as Drawing | null) ?? null,
    resolved: comment.resolvedAt !== null,
    createdAt: comment.createdAt.toISOString(),
    replies: replies
      .filter((row) => row.reply.commentId === comment.id)
      .map((row) => ({
        id: row.reply.id,
        author: authorOf(row, row.reply.staffId !== null),
        body: row.reply.body,
        createdAt: row.reply.createdAt.toISOString(),
      })),
  }));
}
