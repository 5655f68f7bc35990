import { type AuditActor, recordAudit } from "@server/audit/log";
import type { Database, Executor } from "@server/db/client";
import { contactSubmissions, jobApplications, privacySettings, uploads } from "@server/db/schema";
import { defineJob, NIGHTLY } from "@server/jobs/engine";
import { inTransaction } from "@server/kit/transaction";
import type { Logger } from "@server/logger";
import { countChanges } from "@server/privacy/erasure";
import type { StorageDriver } from "@server/storage";
import { and, eq, inArray, sql } from "drizzle-orm";
import { RETENTION_DEFAULTS, type RetentionInput } from "~/entities/privacy/form";
import type { UploadBucket } from "~/lib/values";

/**
 * Retention (issue #32 item 4, decision 0351): inquiries and their attachments are deleted N
 * months after they were closed, applications and resumes M months after a final status (hired,
 * rejected). A nightly job (`retentionJob`, once across instances) deletes rows and stored files
 * together and writes one audit row per run with the counts.
 */

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
}

/** The configured periods, or the defaults while an admin has set none. */
export async function readRetention(db: Executor): Promise<RetentionPeriods> {
  const [row] = await db.select().from(privacySettings).limit(1);
  return row
    ? { inquiryMonths: row.inquiryMonths, applicationMonths: row.applicationMonths }
    : { ...RETENTION_DEFAULTS };
}

/**
 * Saves the periods with an audit row of what changed, both or neither (one transaction); false
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
        sql`${contactSubmissions.closedAt} < ${now.toISOString()}::timestamptz - make_interval(months => ${periods.inquiryMonths})`,
      ),
    )
    .returning({ id: contactSubmissions.id });
  const applications = await tx
    .delete(jobApplications)
    .where(
      and(
        inArray(jobApplications.status, ["hired", "rejected"]),
        sql`${jobApplications.decidedAt} < ${now.toISOString()}::timestamptz - make_interval(months => ${periods.applicationMonths})`,
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
  for (const file of files) await storage.delete(file.bucket as UploadBucket, file.key);
  const counts = {
    inquiries: inquiries.length,
    applications: applications.length,
    files: files.length,
  };
  await recordAudit(tx, {
    action: "retention",
    actor: SYSTEM,
    entityType: "privacy_settings",
    entityId: "retention",
    entityName: `Retention run: inquiries ${periods.inquiryMonths} months, applications ${periods.applicationMonths} months`,
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
