import { cachesOf } from "@server/caches";
import type { Executor } from "@server/db/client";
import { contactSubmissions, jobApplications, pipelineActivity } from "@server/db/schema";
import { count, desc, gte, sql } from "drizzle-orm";
import { SERVICE_LABELS } from "~/entities/inquiry/options";
import { studioTimeZone } from "~/lib/studio-time";
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
  const s = contactSubmissions;
  // The first staff status change or reply of one inquiry: the Activity index's range per
  // inquiry (subject, then time), read only for the inquiries of the last 30 days.
  const firstResponse = sql`(select min(a.at) from ${pipelineActivity} a
      where a.subject_type = 'inquiry' and a.subject_id = ${s.id} and a.kind in ('status', 'reply'))`;
  // The studio's months; grouped and ordered by position (the zone is a parameter).
  const month = sql<string>`to_char(${s.createdAt} at time zone ${studioTimeZone()}, 'YYYY-MM')`;
  const counted = (where: ReturnType<typeof sql>) =>
    sql<number>`count(*) filter (where ${where})`.mapWith(Number);

  const [[figures], [newApplications], services, months, positions] = await Promise.all([
    // One pass over the inquiries for every single figure.
    db
      .select({
        newThisWeek: counted(sql`${s.createdAt} >= ${weekAgo}`),
        ...Object.fromEntries(
          CONTACT_STATUSES.filter((status) => status !== "closed").map((status) => [
            status,
            counted(sql`${s.status} = ${status}`),
          ]),
        ),
        due: counted(sql`${s.followUpOn} <= ${options.today} and ${s.status} <> 'closed'`),
        hours: sql<number | null>`percentile_cont(0.5) within group (order by
            extract(epoch from (${firstResponse} - ${s.createdAt})) / 3600)
            filter (where ${s.createdAt} >= ${monthAgo})`.mapWith((value) =>
          value === null ? null : Number(value),
        ),
      })
      .from(s),
    db.select({ n: count() }).from(jobApplications).where(gte(jobApplications.createdAt, weekAgo)),
    db
      .select({ service: s.service, n: count() })
      .from(s)
      .groupBy(s.service)
      // Ties by name, the inquiries without a service last.
      .orderBy(desc(count()), sql`${s.service} asc nulls last`),
    db
      .select({ month, n: count() })
      .from(s)
      .where(gte(s.createdAt, sixMonths))
      .groupBy(sql`1`)
      .orderBy(sql`1`),
    db
      .select({ position: jobApplications.positionTitle, n: count() })
      .from(jobApplications)
      .groupBy(jobApplications.positionTitle)
      .orderBy(desc(count()), jobApplications.positionTitle),
  ]);
  const byStatus = (figures ?? {}) as Record<string, number | null | undefined>;
  const newInquiries = { n: figures?.newThisWeek ?? 0 };
  const statuses = CONTACT_STATUSES.map((status) => ({ status, n: byStatus[status] ?? 0 }));
  const due = { n: figures?.due ?? 0 };
  const median = { hours: figures?.hours ?? null };
  const hours = median.hours;
  return {
    newThisWeek: { inquiries: newInquiries.n, applications: newApplications?.n ?? 0 },
    openByStatus: CONTACT_STATUSES.filter((status) => status !== "closed").map((status) => ({
      label: status.charAt(0).toUpperCase() + status.slice(1),
      value: statuses.find((row) => row.status === status)?.n ?? 0,
    })),
    followUpsDue: due.n,
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

/**
 * The Dashboard of the list's first page, computed at most once per DASHBOARD_TTL_MS per instance
 * and day (the runtime's `dashboard` cache, server/caches.ts): each figure is an aggregate over
 * every inquiry, which staff reloading the list would otherwise pay on every visit
 * (docs/benchmarks.md). Every step of a pipeline (`recordActivity`) drops it, so the staff member
 * who changed a status sees the counts change with it. A failed computation is not kept.
 */
export function cachedDashboard(
  db: Executor,
  options: { now: Date; today: string },
): Promise<Dashboard> {
  const cache = cachesOf(db)?.dashboard;
  const load = () => loadDashboard(db, options);
  return cache ? cache.read(options.today, load, options.now.getTime()) : load();
}
