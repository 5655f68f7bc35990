import type { Executor } from "@server/db/client";
import { contactSubmissions, jobApplications, pipelineActivity } from "@server/db/schema";
import { and, count, desc, eq, gte, inArray, lte, ne, sql } from "drizzle-orm";
import { SERVICE_LABELS } from "~/entities/inquiry/options";
import { CONTACT_STATUSES } from "~/lib/values";

/**
 * The figures of the Dashboard above the inquiries (issue #30 item 5), each one aggregate query:
 * new this week, open inquiries by status, follow-ups due today, the median time to the first
 * response over the last 30 days (the first status change or reply by staff), inquiries by
 * service and by month (the last 6), applications by position.
 */

export interface DashboardBar {
  label: string;
  value: number;
}

export interface Dashboard {
  newThisWeek: { inquiries: number; applications: number };
  openByStatus: DashboardBar[];
  followUpsDue: number;
  /** Hours, one decimal; null when no inquiry of the last 30 days has an answer yet. */
  medianFirstResponseHours: number | null;
  byService: DashboardBar[];
  byMonth: DashboardBar[];
  byPosition: DashboardBar[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

export async function loadDashboard(
  db: Executor,
  options: { now: Date; today: string },
): Promise<Dashboard> {
  const weekAgo = new Date(options.now.getTime() - 7 * DAY_MS);
  const monthAgo = new Date(options.now.getTime() - 30 * DAY_MS);
  const sixMonths = new Date(options.now.getTime() - 183 * DAY_MS);
  const firstResponse = db
    .select({
      subjectId: pipelineActivity.subjectId,
      at: sql<Date>`min(${pipelineActivity.at})`.as("first_at"),
    })
    .from(pipelineActivity)
    .where(
      and(
        eq(pipelineActivity.subjectType, "inquiry"),
        inArray(pipelineActivity.kind, ["status", "reply"]),
      ),
    )
    .groupBy(pipelineActivity.subjectId)
    .as("first_response");
  const month = sql<string>`to_char(${contactSubmissions.createdAt} at time zone 'America/Los_Angeles', 'YYYY-MM')`;

  const [
    [newInquiries],
    [newApplications],
    statuses,
    [due],
    [median],
    services,
    months,
    positions,
  ] = await Promise.all([
    db
      .select({ n: count() })
      .from(contactSubmissions)
      .where(gte(contactSubmissions.createdAt, weekAgo)),
    db.select({ n: count() }).from(jobApplications).where(gte(jobApplications.createdAt, weekAgo)),
    db
      .select({ status: contactSubmissions.status, n: count() })
      .from(contactSubmissions)
      .where(ne(contactSubmissions.status, "closed"))
      .groupBy(contactSubmissions.status),
    db
      .select({ n: count() })
      .from(contactSubmissions)
      .where(
        and(
          lte(contactSubmissions.followUpOn, options.today),
          ne(contactSubmissions.status, "closed"),
        ),
      ),
    db
      .select({
        hours: sql<
          number | null
        >`percentile_cont(0.5) within group (order by extract(epoch from (${firstResponse.at} - ${contactSubmissions.createdAt})) / 3600)`.mapWith(
          (value) => (value === null ? null : Number(value)),
        ),
      })
      .from(contactSubmissions)
      .innerJoin(firstResponse, eq(firstResponse.subjectId, contactSubmissions.id))
      .where(gte(contactSubmissions.createdAt, monthAgo)),
    db
      .select({ service: contactSubmissions.service, n: count() })
      .from(contactSubmissions)
      .groupBy(contactSubmissions.service)
      // Ties by name, the inquiries without a service last.
      .orderBy(desc(count()), sql`${contactSubmissions.service} asc nulls last`),
    db
      .select({ month, n: count() })
      .from(contactSubmissions)
      .where(gte(contactSubmissions.createdAt, sixMonths))
      .groupBy(month)
      .orderBy(month),
    db
      .select({ position: jobApplications.positionTitle, n: count() })
      .from(jobApplications)
      .groupBy(jobApplications.positionTitle)
      .orderBy(desc(count()), jobApplications.positionTitle),
  ]);
  const hours = median?.hours ?? null;
  return {
    newThisWeek: { inquiries: newInquiries?.n ?? 0, applications: newApplications?.n ?? 0 },
    openByStatus: CONTACT_STATUSES.filter((status) => status !== "closed").map((status) => ({
      label: status.charAt(0).toUpperCase() + status.slice(1),
      value: statuses.find((row) => row.status === status)?.n ?? 0,
    })),
    followUpsDue: due?.n ?? 0,
    medianFirstResponseHours: hours === null ? null : Math.round(hours * 10) / 10,
    byService: services.map((row) => ({
      label: row.service
        ? (SERVICE_LABELS[row.service as keyof typeof SERVICE_LABELS] ?? row.service)
        : "No service (weddings and others)",
      value: row.n,
    })),
    byMonth: months.map((row) => ({ label: row.month, value: row.n })),
    byPosition: positions.map((row) => ({ label: row.position, value: row.n })),
  };
}
