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
import { and, type Column, count, desc, eq, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import type { ExportComment, ExportMedia } from "~/entities/review/markers-export";
import { authorOf, versionComments } from "./comments";

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
  const comments = await versionComments(db, versionId);
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
    comments: comments.map(({ id, author, body, atSeconds, endSeconds, resolved }) => ({
      id,
      author,
      body,
      atSeconds,
      endSeconds,
      resolved,
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

export interface ProjectNote {
  kind: "comment" | "reply";
  at: Date;
  /** The author, as authorOf names them. */
  who: string;
  /** "Spring campaign :30 v2" */
  version: string;
  body: string;
}

/**
 * A project's comments and replies, each with its version and author, newest first: the one read
 * behind the project's activity and the owner's digest. `since`/`until` bound when they were
 * written (after, up to); `reviewersOnly` leaves out the staff's own; at most `limit` of each.
 */
export async function projectNotes(
  db: Executor,
  projectId: string,
  options: { since?: Date; until?: Date; reviewersOnly?: boolean; limit: number },
): Promise<ProjectNote[]> {
  const version = sql<string>`${deliverables.title} || ' v' || ${deliverableVersions.number}`;
  const within = (created: Column, staffId: Column) =>
    and(
      eq(deliverables.projectId, projectId),
      options.since ? gt(created, options.since) : undefined,
      options.until ? lte(created, options.until) : undefined,
      options.reviewersOnly ? isNull(staffId) : undefined,
    );
  // What a note is read as, of either table.
  const columns = (table: typeof reviewComments | typeof reviewReplies) => ({
    at: table.createdAt,
    body: table.body,
    staffId: table.staffId,
    reviewerName: reviewers.name,
    staffName: user.name,
    version,
  });
  const comments = await db
    .select(columns(reviewComments))
    .from(reviewComments)
    .innerJoin(deliverableVersions, eq(deliverableVersions.id, reviewComments.versionId))
    .innerJoin(deliverables, eq(deliverables.id, deliverableVersions.deliverableId))
    .leftJoin(reviewers, eq(reviewers.id, reviewComments.reviewerId))
    .leftJoin(user, eq(user.id, reviewComments.staffId))
    .where(within(reviewComments.createdAt, reviewComments.staffId))
    .orderBy(desc(reviewComments.createdAt))
    .limit(options.limit);
  const replies = await db
    .select(columns(reviewReplies))
    .from(reviewReplies)
    .innerJoin(reviewComments, eq(reviewComments.id, reviewReplies.commentId))
    .innerJoin(deliverableVersions, eq(deliverableVersions.id, reviewComments.versionId))
    .innerJoin(deliverables, eq(deliverables.id, deliverableVersions.deliverableId))
    .leftJoin(reviewers, eq(reviewers.id, reviewReplies.reviewerId))
    .leftJoin(user, eq(user.id, reviewReplies.staffId))
    .where(within(reviewReplies.createdAt, reviewReplies.staffId))
    .orderBy(desc(reviewReplies.createdAt))
    .limit(options.limit);
  const note =
    (kind: ProjectNote["kind"]) =>
    (row: (typeof comments)[number]): ProjectNote => ({
      kind,
      at: row.at,
      who: authorOf(row, row.staffId !== null),
      version: row.version,
      body: row.body,
    });
  return [...comments.map(note("comment")), ...replies.map(note("reply"))].sort(
    (a, b) => b.at.getTime() - a.at.getTime(),
  );
}

/** The project's review activity, newest first: comments, replies and decisions (the newest 50). */
export async function projectReviewActivity(
  db: Executor,
  projectId: string,
): Promise<ActivityEntry[]> {
  const versionName = (row: { deliverable: string; number: number }) =>
    `${row.deliverable} v${row.number}`;
  const ofProject = eq(deliverables.projectId, projectId);
  const notes = await projectNotes(db, projectId, { limit: ACTIVITY_SHOWN });
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
    ...notes.map(({ kind, at, who, version, body }) => ({ kind, at, who, version, text: body })),
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
