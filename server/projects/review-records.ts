import type { Executor } from "@server/db/client";
import {
  approvals,
  deliverables,
  deliverableVersions,
  mediaItems,
  reviewComments,
} from "@server/db/schema";
import { and, count, desc, eq, inArray } from "drizzle-orm";
import type { ExportComment, ExportMedia } from "~/entities/review/markers-export";
import { versionComments } from "./comments";
import { projectNotes, versionLabel } from "./review-notes";

/**
 * What staff see of a project's review (issue #45 item 6): each version's comment count, its
 * comments as markers for the exports, and the project's activity (comments, replies and
 * decisions, newest first; the notes are review-notes.ts's). Reads only; the writes are
 * comments.ts and approvals.ts.
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
    .select({ name: versionLabel, media: mediaItems })
    .from(deliverableVersions)
    .innerJoin(deliverables, eq(deliverables.id, deliverableVersions.deliverableId))
    .innerJoin(mediaItems, eq(mediaItems.id, deliverableVersions.mediaItemId))
    .where(and(eq(deliverableVersions.id, versionId), eq(deliverables.projectId, projectId)))
    .limit(1);
  if (!version) return null;
  const { name, media } = version;
  if (!media.frameRateNum || !media.frameRateDen) return null;
  const comments = await versionComments(db, versionId);
  return {
    name,
    media: {
      title: name,
      frameRateNum: media.frameRateNum,
      frameRateDen: media.frameRateDen,
      startTimecode: media.startTimecode,
      durationSeconds: media.durationSeconds ?? 0,
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

/** The project's review activity, newest first: comments, replies and decisions (the newest 50). */
export async function projectReviewActivity(
  db: Executor,
  projectId: string,
): Promise<ActivityEntry[]> {
  const notes = await projectNotes(db, projectId, { limit: ACTIVITY_SHOWN });
  const decisions = await db
    .select({ approval: approvals, version: versionLabel })
    .from(approvals)
    .innerJoin(deliverableVersions, eq(deliverableVersions.id, approvals.versionId))
    .innerJoin(deliverables, eq(deliverables.id, deliverableVersions.deliverableId))
    .where(eq(deliverables.projectId, projectId))
    .orderBy(desc(approvals.createdAt))
    .limit(ACTIVITY_SHOWN);
  return [
    ...notes.map(({ kind, at, who, version, body }) => ({ kind, at, who, version, text: body })),
    ...decisions.map(({ approval, version }) => ({
      kind: approval.decision === "approve" ? ("approve" as const) : ("changes" as const),
      at: approval.createdAt,
      who: approval.reviewerEmail
        ? `${approval.reviewerName} <${approval.reviewerEmail}>`
        : approval.reviewerName,
      version,
      text: approval.note,
    })),
  ]
    .sort((a, b) => b.at.getTime() - a.at.getTime())
    .slice(0, ACTIVITY_SHOWN);
}
