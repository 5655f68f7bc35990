import { type AuditActor, recordAudit } from "@server/audit/log";
import type { Database, Executor } from "@server/db/client";
import {
  contactSubmissions,
  deliverables,
  deliverableVersions,
  jobApplications,
  privacySettings,
  projects,
  reviewComments,
  reviewers,
  reviewReplies,
  shareLinks,
  uploads,
} from "@server/db/schema";
import { defineJob, NIGHTLY } from "@server/jobs/engine";
import { inTransaction } from "@server/kit/transaction";
import type { Logger } from "@server/logger";
import { countChanges } from "@server/privacy/erasure";
import type { StorageDriver } from "@server/storage";
import { and, type Column, eq, inArray, isNull, sql } from "drizzle-orm";
import { RETENTION_DEFAULTS, type RetentionInput } from "~/entities/privacy/form";
import type { UploadBucket } from "~/lib/values";

/**
 * Retention (issue #32 item 4, decision 0351): inquiries and their attachments are deleted N
 * months after they were closed, applications and resumes M months after a final status (hired,
 * rejected). The review room's reviewers and their comments go K months after their project was
 * delivered or archived, its approvals kept (decision 0538). A nightly job (`retentionJob`, once
 * across instances) deletes rows and stored files together and writes one audit row per run with
 * the counts.
 */

/**
 * What retention does with each table that names a person: the records a visitor sends
 * (`PERSON_TABLES` of person.ts, whose dependents cascade) and the review room's rows that erasure
 * anonymises (`ANONYMISED_TABLES`). A new such table must say here how long it is kept (the
 * retention test fails otherwise).
 */
export const RETENTION_OF_PERSONS: Record<string, string> = {
  contact_submissions: "deleted inquiryMonths after the inquiry was closed, with its files",
  job_applications: "deleted applicationMonths after a final status, with the resume",
  reviewers:
    "deleted reviewMonths after their project was delivered or archived, with their comments",
  approvals: "kept: the studio's record of who approved which file, when (decision 0538)",
  projects: "kept: the studio's record of its work and client (erased on a person's request)",
};

/** Retention runs at 3:00 each night, in one transaction, once across instances. */
export const retentionJob = defineJob<
  object,
  { database: { db: Database }; storage: StorageDriver; logger: Logger }
>({
  name: "privacy-retention",
  ...NIGHTLY,
  schedule: { cron: "0 3 * * *" },
  async run(_data, { database, storage, logger }) {
    const deleted = await inTransaction(database.db, (tx) => runRetention(tx, storage));
    logger.info(deleted, "retention run");
  },
});

export interface RetentionPeriods {
  inquiryMonths: number;
  applicationMonths: number;
  reviewMonths: number;
}

/** The configured periods, or the defaults while an admin has set none. */
export async function readRetention(db: Executor): Promise<RetentionPeriods> {
  const [row] = await db.select().from(privacySettings).limit(1);
  return row
    ? {
        inquiryMonths: row.inquiryMonths,
        applicationMonths: row.applicationMonths,
        reviewMonths: row.reviewMonths,
      }
    : { ...RETENTION_DEFAULTS };
}

/**
 * Saves the periods with an audit row of what changed, if any (one transaction); false
 * when nothing changed.
 */
export function saveRetention(
  db: Database,
  actor: AuditActor,
  input: RetentionInput,
): Promise<boolean> {
  return db.transaction((tx) => saveRetentionIn(tx, actor, input));
}

async function saveRetentionIn(
  db: Executor,
  actor: AuditActor,
  input: RetentionInput,
): Promise<boolean> {
  const before = await readRetention(db);
  const after = {
    inquiryMonths: input.inquiry_months,
    applicationMonths: input.application_months,
    reviewMonths: input.review_months,
  };
  const changes = Object.fromEntries(
    (Object.keys(after) as (keyof RetentionPeriods)[])
      .filter((field) => before[field] !== after[field])
      .map((field) => [field, { before: before[field], after: after[field] }]),
  );
  if (Object.keys(changes).length === 0) return false;
  await db
    .insert(privacySettings)
    .values({ id: "retention", ...after })
    .onConflictDoUpdate({ target: privacySettings.id, set: after });
  await recordAudit(db, {
    action: "update",
    actor,
    entityType: "privacy_settings",
    entityId: "retention",
    entityName: "Retention periods",
    changes,
  });
  return true;
}

export interface RetentionCounts {
  inquiries: number;
  applications: number;
  files: number;
  /** The review room's reviewers, and their comments and replies. */
  reviewers: number;
  comments: number;
}

/** The actor of the daily job's audit row: the system, no person, no address. */
const SYSTEM: AuditActor = { id: null, email: null, ip: null };

/**
 * Deletes what has outlived its period, in the caller's transaction (the daily job's): the rows
 * (their dependents cascade), their upload rows, then their files; a storage failure throws and
 * rolls the rows back, so rows and files go together or not at all. One audit row with the counts.
 */
export async function runRetention(
  tx: Executor,
  storage: StorageDriver,
  now: Date = new Date(),
): Promise<RetentionCounts> {
  const periods = await readRetention(tx);
  const inquiries = await tx
    .delete(contactSubmissions)
    .where(
      and(
        eq(contactSubmissions.status, "closed"),
        olderThan(contactSubmissions.closedAt, periods.inquiryMonths, now),
      ),
    )
    .returning({ id: contactSubmissions.id });
  const applications = await tx
    .delete(jobApplications)
    .where(
      and(
        inArray(jobApplications.status, ["hired", "rejected"]),
        olderThan(jobApplications.decidedAt, periods.applicationMonths, now),
      ),
    )
    .returning({ id: jobApplications.id });
  const files = [
    ...(await deleteUploadsOf(
      tx,
      "contact_submissions",
      inquiries.map((row) => row.id),
    )),
    ...(await deleteUploadsOf(
      tx,
      "job_applications",
      applications.map((row) => row.id),
    )),
  ];
  const review = await deleteFinishedReviews(tx, periods.reviewMonths, now);
  for (const file of files) await storage.delete(file.bucket as UploadBucket, file.key);
  const counts = {
    inquiries: inquiries.length,
    applications: applications.length,
    files: files.length,
    ...review,
  };
  await recordAudit(tx, {
    action: "retention",
    actor: SYSTEM,
    entityType: "privacy_settings",
    entityId: "retention",
    entityName: `Retention run: inquiries ${periods.inquiryMonths} months, applications ${periods.applicationMonths} months, reviews ${periods.reviewMonths} months`,
    changes: countChanges(counts),
  });
  return counts;
}

async function deleteUploadsOf(tx: Executor, ownerTable: string, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .delete(uploads)
    .where(and(eq(uploads.ownerTable, ownerTable), inArray(uploads.ownerId, ids)))
    .returning({ bucket: uploads.bucket, key: uploads.key });
}

/** The time in `column` lies more than `months` before `now`. */
function olderThan(column: Column, months: number, now: Date) {
  return sql`${column} < ${now.toISOString()}::timestamptz - make_interval(months => ${months})`;
}

/**
 * The review room's part (decision 0538): in projects delivered or archived more than `months`
 * ago, the reviewers' comments and replies (the notes no staff member wrote; staff replies go with
 * the comment they answer), then the reviewers themselves (name, e-mail). Approvals stay whole:
 * they carry their own copy of who approved, the link, the version and its SHA-256, and their
 * `reviewer_id` is set null as the reviewer goes. The staff's own comments stay.
 */
async function deleteFinishedReviews(tx: Executor, months: number, now: Date) {
  const finished = tx
    .select({ id: projects.id })
    .from(projects)
    .where(
      and(
        inArray(projects.status, ["delivered", "archived"]),
        olderThan(projects.finishedAt, months, now),
      ),
    );
  const versionsOfFinished = tx
    .select({ id: deliverableVersions.id })
    .from(deliverableVersions)
    .innerJoin(deliverables, eq(deliverables.id, deliverableVersions.deliverableId))
    .where(inArray(deliverables.projectId, finished));
  const commentsOfFinished = tx
    .select({ id: reviewComments.id })
    .from(reviewComments)
    .where(inArray(reviewComments.versionId, versionsOfFinished));
  const replies = await tx
    .delete(reviewReplies)
    .where(and(isNull(reviewReplies.staffId), inArray(reviewReplies.commentId, commentsOfFinished)))
    .returning({ id: reviewReplies.id });
  const comments = await tx
    .delete(reviewComments)
    .where(
      and(isNull(reviewComments.staffId), inArray(reviewComments.versionId, versionsOfFinished)),
    )
    .returning({ id: reviewComments.id });
  const gone = await tx
    .delete(reviewers)
    .where(
      inArray(
        reviewers.linkId,
        tx
          .select({ id: shareLinks.id })
          .from(shareLinks)
          .where(inArray(shareLinks.projectId, finished)),
      ),
    )
    .returning({ id: reviewers.id });
  return { reviewers: gone.length, comments: comments.length + replies.length };
}
