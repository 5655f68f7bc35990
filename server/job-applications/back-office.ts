import type { Executor } from "@server/db/client";
import { jobApplications } from "@server/db/schema";
import { withOwnerNames } from "@server/inquiries/back-office";
import { PAGE_SIZE, type Page, pageOf, parseOneOf, parsePage } from "@server/kit/list-params";
import { and, asc, count, desc, eq, type SQL, sql } from "drizzle-orm";
import {
  FINAL_APPLICATION_STATUSES,
  JOB_APPLICATION_STATUSES,
  type JobApplicationStatus,
} from "~/lib/values";

/** Job applications as the back-office sees them. Resumes stay in the private bucket. */

export type JobApplication = typeof jobApplications.$inferSelect;

export interface JobApplicationFilters {
  status: JobApplicationStatus | "";
  /** Exact position title ("" for all). */
  position: string;
}

export function parseJobApplicationQuery(
  params: URLSearchParams,
): JobApplicationFilters & { page: number } {
  return {
    status: parseOneOf(params.get("status"), JOB_APPLICATION_STATUSES),
    position: (params.get("position") ?? "").trim().slice(0, 200),
    page: parsePage(params.get("page")),
  };
}

function matching(filters: JobApplicationFilters): SQL | undefined {
  return and(
    filters.status ? eq(jobApplications.status, filters.status) : undefined,
    filters.position ? eq(jobApplications.positionTitle, filters.position) : undefined,
  );
}

export async function listJobApplications(
  db: Executor,
  filters: JobApplicationFilters,
  page: number,
): Promise<Page<JobApplication>> {
  const where = matching(filters);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(jobApplications)
      .where(where)
      .orderBy(desc(jobApplications.createdAt), desc(jobApplications.id))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    db.select({ total: count() }).from(jobApplications).where(where),
  ]);
  return pageOf(rows, totals?.total ?? 0, page);
}

/** One application with its owner's name, or null. */
export async function findJobApplication(db: Executor, id: string) {
  const [row] = await db.select().from(jobApplications).where(eq(jobApplications.id, id)).limit(1);
  if (!row) return null;
  const [named] = await withOwnerNames(db, [row]);
  return named ?? null;
}

/** The position titles applied for (the position filter's choices), alphabetical. */
export async function listAppliedPositions(db: Executor): Promise<string[]> {
  const rows = await db
    .selectDistinct({ title: jobApplications.positionTitle })
    .from(jobApplications)
    .orderBy(asc(jobApplications.positionTitle));
  return rows.map((row) => row.title);
}

export async function setJobApplicationStatus(
  db: Executor,
  id: string,
  status: JobApplicationStatus,
): Promise<boolean> {
  const updated = await db
    .update(jobApplications)
    // Retention counts from the day a final status was set (issue #32), kept while it stays final.
    .set({
      status,
      decidedAt: FINAL_APPLICATION_STATUSES.includes(status)
        ? sql`coalesce(${jobApplications.decidedAt}, now())`
        : null,
    })
    .where(eq(jobApplications.id, id))
    .returning({ id: jobApplications.id });
  return updated.length > 0;
}

/**
 * The storage key of an application's resume in the private job-applications bucket:
 * `missing` when there is no such application, `none` when it came without a resume.
 */
export async function findResumeKey(
  db: Executor,
  id: string,
): Promise<{ key: string } | "missing" | "none"> {
  const [row] = await db
    .select({ resume: jobApplications.resumeUrl })
    .from(jobApplications)
    .where(eq(jobApplications.id, id))
    .limit(1);
  if (!row) return "missing";
  return row.resume ? { key: row.resume } : "none";
}

const EXPORT_BATCH = 500;

export async function* exportJobApplications(
  db: Executor,
  filters: JobApplicationFilters,
): AsyncGenerator<JobApplication[]> {
  // Keyset paging on (created_at, id); the cursor keeps PostgreSQL's microseconds as text.
  let after: { createdAt: string; id: string } | null = null;
  for (;;) {
    const batch: { application: JobApplication; cursor: string }[] = await db
      .select({
        application: jobApplications,
        cursor: sql<string>`${jobApplications.createdAt}::text`,
      })
      .from(jobApplications)
      .where(
        and(
          matching(filters),
          after
            ? sql`(${jobApplications.createdAt}, ${jobApplications.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(desc(jobApplications.createdAt), desc(jobApplications.id))
      .limit(EXPORT_BATCH);
    if (batch.length > 0) yield batch.map((row) => row.application);
    const last = batch[batch.length - 1];
    if (!last || batch.length < EXPORT_BATCH) return;
    after = { createdAt: last.cursor, id: last.application.id };
  }
}

export const JOB_APPLICATION_CSV_HEADER = [
  "Received",
  "Name",
  "Email",
  "Phone",
  "Position",
  "Experience (years)",
  "Salary expectation",
  "Available from",
  "Location preference",
  "Work preference",
  "Portfolio",
  "LinkedIn",
  "Cover letter",
  "Additional info",
  "Has resume",
  "Status",
] as const;

export function jobApplicationCsvRow(application: JobApplication): unknown[] {
  return [
    application.createdAt,
    application.name,
    application.email,
    application.phone,
    application.positionTitle,
    application.experienceYears,
    application.salaryExpectation,
    application.availabilityDate,
    application.locationPreference,
    application.remotePreference,
    application.portfolioUrl,
    application.linkedinUrl,
    application.coverLetter,
    application.additionalInfo,
    application.resumeUrl ? "yes" : "no",
    application.status,
  ];
}
