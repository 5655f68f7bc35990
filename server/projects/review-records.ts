import type { Executor } from "@server/db/client";
import {
  approvals,
  deliverables,
  deliverableVersions,
  mediaItems,
  reviewComments,
  reviewers,
  reviewReplies,
  user,
} from "@server/db/schema";
import { and, count, desc, eq, inArray } from "drizzle-orm";
import type { ExportComment, ExportMedia } from "~/entities/review/markers-export";

/**
 * What staff see of a project's review (issue #45 item 6): each version's comment count, its
 * comments as markers for the exports, and the project's activity (comments, replies and
 * decisions, newest first). Reads only; the writes are comments.ts and approvals.ts.
 */

/** How many comments each version has. */
export async function commentCounts(
  db: Executor,
  versionIds: readonly string[],
): Promise<Map<string, number>> {
  if (versionIds.length === 0) return new Map();
  const rows = await db
    .select({ versionId: reviewComments.versionId, n: count() })
    .from(reviewComments)
    .where(inArray(reviewComments.versionId, [...versionIds]))
    .groupBy(reviewComments.versionId);
  return new Map(rows.map((row) => [row.versionId, row.n]));
}

/** A comment's or reply's author: the reviewer's name, a staff member's, or "Someone". */
const authorOf = (row: { reviewerName: string | null; staffName: string | null }) =>
  row.reviewerName ?? row.staffName ?? "Someone";

/**
 * A version of this project with its media's clock and its comments, for the exports; null when
 * the version is not the project's (or its media has no frame rate: not a video that was probed).
 */
export async function versionMarkers(
  db: Executor,
  projectId: string,
  versionId: string,
): Promise<{ name: string; media: ExportMedia; comments: ExportComment[] } | null> {
  const [version] = await db
    .select({
      number: deliverableVersions.number,
      deliverable: deliverables.title,
      title: mediaItems.title,
      frameRateNum: mediaItems.frameRateNum,
      frameRateDen: mediaItems.frameRateDen,
      startTimecode: mediaItems.startTimecode,
      durationSeconds: mediaItems.durationSeconds,
    })
    .from(deliverableVersions)
    .innerJoin(deliverables, eq(deliverables.id, deliverableVersions.deliverableId))
    .innerJoin(mediaItems, eq(mediaItems.id, deliverableVersions.mediaItemId))
    .where(and(eq(deliverableVersions.id, versionId), eq(deliverables.projectId, projectId)))
    .limit(1);
  if (!version?.frameRateNum || !version.frameRateDen) return null;
  const rows = await db
    .select({
      id: reviewComments.id,
      body: reviewComments.body,
      atSeconds: reviewComments.atSeconds,
      endSeconds: reviewComments.endSeconds,
      resolvedAt: reviewComments.resolvedAt,
      reviewerName: reviewers.name,
      staffName: user.name,
    })
    .from(reviewComments)
    .leftJoin(reviewers, eq(reviewers.id, reviewComments.reviewerId))
    .leftJoin(user, eq(user.id, reviewComments.staffId))
    .where(eq(reviewComments.versionId, versionId))
    .orderBy(reviewComments.atSeconds, reviewComments.id);
  const name = `${version.deliverable} v${version.number}`;
  return {
    name,
    media: {
      title: name,
      frameRateNum: version.frameRateNum,
      frameRateDen: version.frameRateDen,
      startTimecode: version.startTimecode,
      durationSeconds: version.durationSeconds ?? 0,
    },
    comments: rows.map((row) => ({
      id: row.id,
      author: authorOf(row),
      body: row.body,
      atSeconds: row.atSeconds,
      endSeconds: row.endSeconds,
      resolved: row.resolvedAt !== null,
    })),
  };
}

export interface ActivityEntry {
  kind: "comment" | "reply" | "approve" | "changes";
  at: Date;
  who: string;
  version: string;
  text: string | null;
}

const ACTIVITY_SHOWN = 50;

/** The project's review activity, newest first: comments, replies and decisions (the newest 50). */
export async function projectReviewActivity(
  db: Executor,
  projectId: string,
): Promise<ActivityEntry[]> {
  const versionName = (row: { deliverable: string; number: number }) =>
    `${row.deliverable} v${row.number}`;
  const ofProject = eq(deliverables.projectId, projectId);
  const comments = await db
    .select({
      at: reviewComments.createdAt,
      body: reviewComments.body,
      reviewerName: reviewers.name,
      staffName: user.name,
      deliverable: deliverables.title,
      number: deliverableVersions.number,
    })
    .from(reviewComments)
    .innerJoin(deliverableVersions, eq(deliverableVersions.id, reviewComments.versionId))
    .innerJoin(deliverables, eq(deliverables.id, deliverableVersions.deliverableId))
    .leftJoin(reviewers, eq(reviewers.id, reviewComments.reviewerId))
    .leftJoin(user, eq(user.id, reviewComments.staffId))
    .where(ofProject)
    .orderBy(desc(reviewComments.createdAt))
    .limit(ACTIVITY_SHOWN);
  const replies = await db
    .select({
      at: reviewReplies.createdAt,
      body: reviewReplies.body,
      reviewerName: reviewers.name,
      staffName: user.name,
      deliverable: deliverables.title,
      number: deliverableVersions.number,
    })
    .from(reviewReplies)
    .innerJoin(reviewComments, eq(reviewComments.id, reviewReplies.commentId))
    .innerJoin(deliverableVersions, eq(deliverableVersions.id, reviewComments.versionId))
    .innerJoin(deliverables, eq(deliverables.id, deliverableVersions.deliverableId))
    .leftJoin(reviewers, eq(reviewers.id, reviewReplies.reviewerId))
    .leftJoin(user, eq(user.id, reviewReplies.staffId))
    .where(ofProject)
    .orderBy(desc(reviewReplies.createdAt))
    .limit(ACTIVITY_SHOWN);
  const decisions = await db
    .select({
      at: approvals.createdAt,
      decision: approvals.decision,
      note: approvals.note,
      reviewerName: approvals.reviewerName,
      reviewerEmail: approvals.reviewerEmail,
      deliverable: deliverables.title,
      number: deliverableVersions.number,
    })
    .from(approvals)
    .innerJoin(deliverableVersions, eq(deliverableVersions.id, approvals.versionId))
    .innerJoin(deliverables, eq(deliverables.id, deliverableVersions.deliverableId))
    .where(ofProject)
    .orderBy(desc(approvals.createdAt))
    .limit(ACTIVITY_SHOWN);
  return [
    ...comments.map((row) => ({
      kind: "comment" as const,
      at: row.at,
      who: authorOf(row),
      version: versionName(row),
      text: row.body,
    })),
    ...replies.map((row) => ({
      kind: "reply" as const,
      at: row.at,
      who: authorOf(row),
      version: versionName(row),
      text: row.body,
    })),
    ...decisions.map((row) => ({
      kind: row.decision === "approve" ? ("approve" as const) : ("changes" as const),
      at: row.at,
      who: row.reviewerEmail ? `${row.reviewerName} <${row.reviewerEmail}>` : row.reviewerName,
      version: versionName(row),
      text: row.note,
    })),
  ]
    .sort((a, b) => b.at.getTime() - a.at.getTime())
    .slice(0, ACTIVITY_SHOWN);
}
