import type { Executor } from "@server/db/client";
import {
  deliverables,
  deliverableVersions,
  reviewComments,
  reviewers,
  reviewReplies,
  user,
} from "@server/db/schema";
import { and, desc, eq, gt, isNull, lte, sql } from "drizzle-orm";
import { authorOf } from "./comments";

/**
 * The review room's notes (issue #45 item 6): its comments and replies read as one, for the
 * project's activity (review-records.ts) and the owner's hourly digest (review-digests.ts).
 */

/** What a version is called where staff read it: "Spring campaign :30 v2". */
export const versionLabel = sql<string>`${deliverables.title} || ' v' || ${deliverableVersions.number}`;

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
 * Every comment and reply of the review room as one table, `notes`: its kind, when it was
 * written, its body, its author (a reviewer or a staff member) and its version (a reply's is its
 * comment's). The one read of "a note" behind the activity, the digest's candidates and its body.
 */
export function reviewNotes(db: Executor) {
  // What a note is read as, of either table; a reply's version is its comment's.
  const note = (
    kind: ProjectNote["kind"],
    table: typeof reviewComments | typeof reviewReplies,
  ) => ({
    kind: sql<ProjectNote["kind"]>`${kind}::text`.as("kind"),
    createdAt: table.createdAt,
    body: table.body,
    reviewerId: table.reviewerId,
    staffId: table.staffId,
    versionId: reviewComments.versionId,
  });
  const comments = db.select(note("comment", reviewComments)).from(reviewComments);
  const replies = db
    .select(note("reply", reviewReplies))
    .from(reviewReplies)
    .innerJoin(reviewComments, eq(reviewComments.id, reviewReplies.commentId));
  return comments.unionAll(replies).as("notes");
}

/**
 * A project's comments and replies, each with its version and author, newest first: the one read
 * behind the project's activity and the owner's digest. `since`/`until` bound when they were
 * written (after, up to); `reviewersOnly` leaves out the staff's own; at most `limit` of them.
 */
export async function projectNotes(
  db: Executor,
  projectId: string,
  options: { since?: Date; until?: Date; reviewersOnly?: boolean; limit: number },
): Promise<ProjectNote[]> {
  const notes = reviewNotes(db);
  const rows = await db
    .select({
      kind: notes.kind,
      at: notes.createdAt,
      body: notes.body,
      staffId: notes.staffId,
      // Who wrote it, as authorOf reads them.
      author: { reviewerName: reviewers.name, staffName: user.name },
      version: versionLabel,
    })
    .from(notes)
    .innerJoin(deliverableVersions, eq(deliverableVersions.id, notes.versionId))
    .innerJoin(deliverables, eq(deliverables.id, deliverableVersions.deliverableId))
    .leftJoin(reviewers, eq(reviewers.id, notes.reviewerId))
    .leftJoin(user, eq(user.id, notes.staffId))
    .where(
      and(
        eq(deliverables.projectId, projectId),
        options.since ? gt(notes.createdAt, options.since) : undefined,
        options.until ? lte(notes.createdAt, options.until) : undefined,
        options.reviewersOnly ? isNull(notes.staffId) : undefined,
      ),
    )
    .orderBy(desc(notes.createdAt))
    .limit(options.limit);
  return rows.map((row) => ({
    kind: row.kind,
    at: row.at,
    who: authorOf(row.author, row.staffId !== null),
    version: row.version,
    body: row.body,
  }));
}
