import type { Database, Executor } from "@server/db/client";
import {
  deliverables,
  deliverableVersions,
  projectDigests,
  projects,
  user,
} from "@server/db/schema";
import { defineJob, type JobSender } from "@server/jobs/engine";
import { inTransaction } from "@server/kit/transaction";
import type { Logger } from "@server/logger";
import { enqueueNotification } from "@server/mail";
import { composeMail } from "@server/mail/compose";
import { and, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { projectNotes, reviewNotes } from "./review-notes";

const DIGEST_KIND = "review-comment-digest";
/** The comments a digest lists; the rest are counted ("and 12 more"). */
const LISTED = 20;
/** The most comments and replies one digest reads: an hour's worth, and a bound. */
const READ_MAX = 5000;

interface DigestServices {
  database: { db: Database };
  jobs: JobSender;
  config: { SITE_URL: string; NOTIFY_EMAIL: string };
  logger: Logger;
}

/**
 * The owner's digest of a project's new comments (issue #45 item 6, decision 0535): every hour,
 * one e-mail per project with reviewers' comments and replies since the last digest, to the
 * owner (the studio's address when it has none). `project_digests` keeps when the last one went
 * and what it covered; each project's digest is decided under that row's lock, so a run that
 * comes again (a retry, a second worker) in the same hour sends nothing more.
 */
export const reviewDigestJob = defineJob<object, DigestServices>({
  name: "review-comment-digests",
  queue: { policy: "singleton", retryLimit: 3, retryDelay: 120, expireInSeconds: 15 * 60 },
  pollSeconds: 30,
  schedule: { cron: "0 * * * *", timeZone: "UTC" },
  async run(_data, services) {
    const queued = await sendReviewDigests(services);
    if (queued > 0) services.logger.info({ queued }, "queued the review comment digests");
  },
});

/** The start of the clock hour `now` is in: at most one digest per project per hour. */
const hourOf = (now: Date) => new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);

/** Queues the due digests; returns how many. `now` is the run's clock (a test moves it). */
export async function sendReviewDigests(
  services: Omit<DigestServices, "logger">,
  now: Date = new Date(),
): Promise<number> {
  const db = services.database.db;
  const hour = hourOf(now);
  // Projects with a reviewer's comment or reply since their last digest, not yet sent this hour.
  const notes = reviewNotes(db);
  const due = await db
    .selectDistinct({ id: deliverables.projectId })
    .from(notes)
    .innerJoin(deliverableVersions, eq(deliverableVersions.id, notes.versionId))
    .innerJoin(deliverables, eq(deliverables.id, deliverableVersions.deliverableId))
    .leftJoin(projectDigests, eq(projectDigests.projectId, deliverables.projectId))
    .where(
      and(
        isNotNull(notes.reviewerId),
        sql`${notes.createdAt} > coalesce(${projectDigests.coveredUntil}, '-infinity'::timestamptz)`,
        or(isNull(projectDigests.sentAt), lt(projectDigests.sentAt, hour)),
      ),
    );
  const candidates = due.map((row) => row.id);
  let queued = 0;
  for (const id of candidates) {
    const sent = await inTransaction(db, (tx) => digestOne(tx, services, id, { now, hour }));
    if (sent) queued++;
  }
  return queued;
}

/** One project's digest under its row's lock: sent (true), or not due / nothing new. */
async function digestOne(
  tx: Executor,
  services: Omit<DigestServices, "logger">,
  projectId: string,
  clock: { now: Date; hour: Date },
): Promise<boolean> {
  const epoch = new Date(0);
  // A row to lock, made by whichever run comes first; the other waits on it here.
  await tx
    .insert(projectDigests)
    .values({ projectId, sentAt: epoch, coveredUntil: epoch })
    .onConflictDoNothing();
  const [digest] = await tx
    .select()
    .from(projectDigests)
    .where(eq(projectDigests.projectId, projectId))
    .for("update");
  if (!digest || digest.sentAt.getTime() >= clock.hour.getTime()) return false;
  const items = await projectNotes(tx, projectId, {
    since: digest.coveredUntil,
    until: clock.now,
    reviewersOnly: true,
    limit: READ_MAX,
  });
  if (items.length === 0) return false;
  const [project] = await tx
    .select({ title: projects.title, ownerEmail: user.email, ownerName: user.name })
    .from(projects)
    .leftJoin(user, and(eq(user.id, projects.ownerId), isNotNull(projects.ownerId)))
    .where(eq(projects.id, projectId));
  if (!project) return false;
  // The newest LISTED, in the order they came.
  const listed = items
    .slice(0, LISTED)
    .reverse()
    .map(
      (item) => `${item.who} on ${item.version}: ${item.body.replace(/\s+/g, " ").slice(0, 200)}`,
    );
  const more = items.length - listed.length;
  await enqueueNotification(tx, services.jobs, {
    kind: DIGEST_KIND,
    recipient: project.ownerEmail ?? services.config.NOTIFY_EMAIL,
    subject: `New comments on ${project.title}: ${items.length}`.slice(0, 200),
    ...composeMail([
      { paragraph: `Hi ${project.ownerName || "there"},` },
      { paragraph: `Reviewers left ${items.length} new comments and replies on ${project.title}:` },
      { list: listed },
      ...(more > 0 ? [{ paragraph: `And ${more} more, the newest listed.` }] : []),
      {
        link: new URL(`/admin/projects/${projectId}`, services.config.SITE_URL).href,
        text: "The project:",
      },
    ]),
  });
  await tx
    .update(projectDigests)
    // Up to the run's clock, the bound the query used (a comment's own time has microseconds,
    // which a Date would round down and count again).
    .set({ sentAt: clock.now, coveredUntil: clock.now })
    .where(eq(projectDigests.projectId, projectId));
  return true;
}
