import { rowsOf } from "@server/backup/archive/catalog";
import type { Executor } from "@server/db/client";
import {
  contactSubmissions,
  jobApplications,
  pageViewDaily,
  pipelineActivity,
} from "@server/db/schema";
import { dailyTotalsQuery, dayOf, dayStart } from "@server/visits/daily";
import { type SQL, sql } from "drizzle-orm";
import {
  ANALYTICS_PERIODS,
  type AnalyticsFigures,
  type AnalyticsPeriod,
  type AnalyticsRange,
  type AnalyticsReport,
  type AnalyticsRow,
  MAX_RANGE_DAYS,
  RANGE_MESSAGES,
} from "~/entities/visit/analytics";
import { studioTimeZone } from "~/lib/studio-time";

/**
 * /admin/analytics (issue #33 item 3, decision 0382): a period's visitors, page views, inquiries,
 * applications and booked calls beside the previous period's, per day, and the top pages, sources
 * and campaigns with the inquiries they led to. Days are the studio's (`studioTimeZone`, decision
 * 0451), as the rollups'.
 * Visits are read from the daily totals for every rolled-up day and from the raw page views after
 * the last one, with the same query shape (`dailyTotalsQuery`).
 */

const DAY_MS = 24 * 60 * 60_000;
const TOP = 10;

export const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day that exists (`2026-13-45` and `2026-02-30` do not), from 1970 to 9000. */
const isDay = (value: string) => {
  if (!DAY_PATTERN.test(value) || value < "1970-01-01" || value > "9000-12-31") return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
};

export interface AnalyticsQuery {
  period: AnalyticsPeriod;
  range: AnalyticsRange;
  previous: AnalyticsRange;
  /** What the custom range's fields hold (shown again as typed). */
  fields: { from: string; to: string };
  /** Why the custom range was refused (the page then shows no figures); null: fine. */
  error: string | null;
}

/** The period of `?period=7d|30d|12m|custom&from=&to=`; the last 30 days by default. */
export function parseAnalyticsQuery(params: URLSearchParams, today: string): AnalyticsQuery {
  const asked = params.get("period");
  const period: AnalyticsPeriod =
    asked && Object.hasOwn(ANALYTICS_PERIODS, asked) ? (asked as AnalyticsPeriod) : "30d";
  const fields = { from: params.get("from")?.trim() ?? "", to: params.get("to")?.trim() ?? "" };
  const fixed = (key: Exclude<AnalyticsPeriod, "custom">, error: string | null = null) => {
    const days = ANALYTICS_PERIODS[key].days;
    const range = { from: addDays(today, 1 - days), to: today };
    return { period: key, range, previous: previousOf(range), fields, error };
  };
  if (period !== "custom") return fixed(period);
  if (fields.from === "" && fields.to === "") {
    // "Custom range" just chosen: the last 30 days, in the fields to be changed.
    const { range, previous } = fixed("30d");
    return { period, range, previous, fields: { ...range }, error: null };
  }
  // A refused range stays "Custom" with the fields as typed, to be seen and corrected; the range
  // is only a placeholder: the screen shows no figures with an error.
  const refused = (error: string) => ({ ...fixed("30d", error), period });
  if (fields.from === "" || fields.to === "") return refused(RANGE_MESSAGES.missing);
  if (!isDay(fields.from) || !isDay(fields.to)) return refused(RANGE_MESSAGES.invalid);
  if (fields.from > fields.to) return refused(RANGE_MESSAGES.order);
  if (daysBetween(fields.from, fields.to) > MAX_RANGE_DAYS) return refused(RANGE_MESSAGES.tooLong);
  const range = { from: fields.from, to: fields.to };
  return { period, range, previous: previousOf(range), fields, error: null };
}

/** The period of the same length just before. */
export function previousOf(range: AnalyticsRange): AnalyticsRange {
  const days = daysBetween(range.from, range.to);
  return { from: addDays(range.from, -days), to: addDays(range.from, -1) };
}

/** The day after the last rolled-up day: before it, the daily totals; from it, raw page views. */
async function rawFrom(db: Executor): Promise<string> {
  const [row] = await rowsOf<{ day: string | null }>(
    db,
    sql`select max(${pageViewDaily.day})::text as day from ${pageViewDaily}
      where ${pageViewDaily.dimension} = 'site'`,
  );
  return row?.day ? addDays(row.day, 1) : "0001-01-01";
}

/** The daily totals of `[from, to]`: rolled-up days, then the raw days after them. */
function totalsIn(range: AnalyticsRange, raw: string): SQL {
  const end = addDays(range.to, 1);
  const rolled = sql`select ${pageViewDaily.day} as day, ${pageViewDaily.dimension} as dimension,
      ${pageViewDaily.value} as value, ${pageViewDaily.visitors} as visitors,
      ${pageViewDaily.pageViews} as page_views
    from ${pageViewDaily}
    where ${pageViewDaily.day} >= ${range.from}::date and ${pageViewDaily.day} <= ${range.to}::date
      and ${pageViewDaily.day} < ${raw}::date`;
  if (raw >= end) return sql`(${rolled})`;
  const start = raw > range.from ? raw : range.from;
  return sql`(${rolled} union all select * from ${dailyTotalsQuery(start, end)} recent)`;
}

const inRange = (column: SQL | typeof contactSubmissions.createdAt, range: AnalyticsRange) =>
  sql`${column} >= ${dayStart(range.from)} and ${column} < ${dayStart(addDays(range.to, 1))}`;

async function topOf(
  db: Executor,
  totals: SQL,
  dimension: "page" | "source" | "campaign",
  inquiries: Map<string, number>,
): Promise<AnalyticsRow[]> {
  const rows = await rowsOf<{ value: string; visitors: number; page_views: number }>(
    db,
    sql`select value, sum(visitors)::int as visitors, sum(page_views)::int as page_views
      from ${totals} t where dimension = ${dimension}
      group by value order by 2 desc, 3 desc, value limit ${TOP}`,
  );
  return rows.map((row) => ({
    value: row.value,
    visitors: row.visitors,
    pageViews: row.page_views,
    inquiries: inquiries.get(row.value) ?? 0,
  }));
}

export async function loadAnalytics(
  db: Executor,
  query: Pick<AnalyticsQuery, "range" | "previous">,
): Promise<AnalyticsReport> {
  const { range, previous } = query;
  const whole = { from: previous.from, to: range.to };
  const raw = await rawFrom(db);
  const totals = totalsIn(range, raw);
  const created = contactSubmissions.createdAt;
  const counted = (column: SQL, r: AnalyticsRange) =>
    sql<number>`(count(*) filter (where ${inRange(column, r)}))::int`;

  const [siteDays, inquiryDays, [applications], [booked], attributed] = await Promise.all([
    rowsOf<{ day: string; visitors: number; page_views: number }>(
      db,
      sql`select day::text as day, sum(visitors)::int as visitors, sum(page_views)::int as page_views
        from ${totalsIn(whole, raw)} t where dimension = 'site' group by day order by day`,
    ),
    rowsOf<{ day: string; n: number }>(
      db,
      sql`select ${dayOf(created)}::text as day, count(*)::int as n
        from ${contactSubmissions} where ${inRange(created, whole)} group by 1`,
    ),
    rowsOf<{ current: number; before: number }>(
      db,
      sql`select ${counted(sql`${jobApplications.createdAt}`, range)} as current,
        ${counted(sql`${jobApplications.createdAt}`, previous)} as before
        from ${jobApplications} where ${inRange(sql`${jobApplications.createdAt}`, whole)}`,
    ),
    rowsOf<{ current: number; before: number }>(
      db,
      sql`select ${counted(sql`${pipelineActivity.at}`, range)} as current,
        ${counted(sql`${pipelineActivity.at}`, previous)} as before
        from ${pipelineActivity}
        where ${pipelineActivity.kind} = 'booked' and ${inRange(sql`${pipelineActivity.at}`, whole)}`,
    ),
    // The period's inquiries that came from a visit, by landing page, source and campaign.
    rowsOf<{ landing: string; source: string; campaign: string | null; n: number }>(
      db,
      sql`select ${contactSubmissions.landingPage} as landing,
          coalesce(${contactSubmissions.sourceUtm}->>'source', ${contactSubmissions.sourceHost}, '') as source,
          ${contactSubmissions.sourceUtm}->>'campaign' as campaign, count(*)::int as n
        from ${contactSubmissions}
        where ${inRange(created, range)} and ${contactSubmissions.landingPage} is not null
        group by 1, 2, 3`,
    ),
  ]);

  const tally = (key: (row: (typeof attributed)[number]) => string | null) => {
    const map = new Map<string, number>();
    for (const row of attributed) {
      const value = key(row);
      if (value !== null) map.set(value, (map.get(value) ?? 0) + row.n);
    }
    return map;
  };
  const [pages, sources, campaigns] = await Promise.all([
    topOf(
      db,
      totals,
      "page",
      tally((row) => row.landing),
    ),
    topOf(
      db,
      totals,
      "source",
      tally((row) => row.source),
    ),
    topOf(
      db,
      totals,
      "campaign",
      tally((row) => row.campaign),
    ),
  ]);

  const visitsByDay = new Map(siteDays.map((row) => [row.day, row]));
  const inquiriesByDay = new Map(inquiryDays.map((row) => [row.day, row.n]));
  const figures = (r: AnalyticsRange, extra: { applications: number; bookedCalls: number }) => {
    let visitors = 0;
    let pageViews = 0;
    let inquiries = 0;
    for (let day = r.from; day <= r.to; day = addDays(day, 1)) {
      visitors += visitsByDay.get(day)?.visitors ?? 0;
      pageViews += visitsByDay.get(day)?.page_views ?? 0;
      inquiries += inquiriesByDay.get(day) ?? 0;
    }
    return {
      visitors,
      pageViews,
      inquiries,
      ...extra,
      conversion: visitors > 0 ? Math.round((inquiries / visitors) * 1000) / 10 : null,
    } satisfies AnalyticsFigures;
  };
  const days: AnalyticsReport["days"] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
    days.push({
      day,
      visitors: visitsByDay.get(day)?.visitors ?? 0,
      pageViews: visitsByDay.get(day)?.page_views ?? 0,
      inquiries: inquiriesByDay.get(day) ?? 0,
    });
  }
  return {
    timeZone: studioTimeZone(),
    range,
    previous,
    current: figures(range, {
      applications: applications?.current ?? 0,
      bookedCalls: booked?.current ?? 0,
    }),
    before: figures(previous, {
      applications: applications?.before ?? 0,
      bookedCalls: booked?.before ?? 0,
    }),
    days,
    pages,
    sources,
    campaigns,
  };
}

export const ANALYTICS_CSV_HEADER = ["Section", "Value", "Visitors", "Page views", "Inquiries"];

/** The report as CSV rows: the totals, each day, then the top pages, sources and campaigns. */
export function analyticsCsvRows(report: AnalyticsReport): unknown[][] {
  const { current } = report;
  return [
    [
      "Total",
      `${report.range.from} to ${report.range.to}`,
      current.visitors,
      current.pageViews,
      current.inquiries,
    ],
    ...report.days.map((d) => ["Day", d.day, d.visitors, d.pageViews, d.inquiries]),
    ...report.pages.map((r) => ["Page", r.value, r.visitors, r.pageViews, r.inquiries]),
    ...report.sources.map((r) => [
      "Source",
      r.value || "(direct)",
      r.visitors,
      r.pageViews,
      r.inquiries,
    ]),
    ...report.campaigns.map((r) => ["Campaign", r.value, r.visitors, r.pageViews, r.inquiries]),
  ];
}
