import { rowsOf } from "@server/backup/archive/catalog";
import type { Database, Executor } from "@server/db/client";
import { pageViewDaily, pageViews } from "@server/db/schema";
import { defineJob, NIGHTLY } from "@server/jobs/engine";
import { inTransaction } from "@server/kit/transaction";
import type { Logger } from "@server/logger";
import { sql } from "drizzle-orm";
import { studioDay, studioTimeZone } from "~/lib/studio-time";

/**
 * Daily totals of the page views (issue #33 item 4, decisions 0382 and 0451): per day of the
 * studio's time zone (`studioTimeZone`), the whole site,
 * each page, each source and each campaign, with visitors (distinct visit ids: a visit id lives
 * one day, so a period's visitors are the sum of its days') and page views. The same query makes
 * the rollup rows and answers the days not rolled up yet, so both read alike.
 */

export const RAW_RETENTION_DAYS = 90;
export const DAILY_RETENTION_YEARS = 5;
/** A day is rolled up this long after it ended: views queued before midnight are written by then. */
const SETTLE_MS = 10 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** The instant a day of the studio's time zone begins, whatever the session's time zone. */
export const dayStart = (day: string) =>
  sql`(${day}::date::timestamp at time zone ${studioTimeZone()})`;

/** The studio's day of a timestamp column, as a date. */
export const dayOf = (column: unknown) => sql`(${column} at time zone ${studioTimeZone()})::date`;

/** `(day, dimension, value, visitors, page_views)` of the page views from day `from` on. */
export function dailyTotalsQuery(from: string, before: string) {
  return sql`(
    with v as (
      select ${dayOf(pageViews.at)} as day, ${pageViews.visitId} as visit_id,
        ${pageViews.path} as path, ${pageViews.at} as at, ${pageViews.referrerHost} as referrer_host,
        ${pageViews.utmSource} as utm_source, ${pageViews.utmCampaign} as utm_campaign
      from ${pageViews}
      where ${pageViews.at} >= ${dayStart(from)} and ${pageViews.at} < ${dayStart(before)}
    ),
    firsts as (
      select distinct on (visit_id) visit_id, day,
        coalesce(utm_source, referrer_host, '') as source, utm_campaign as campaign
      from v order by visit_id, at
    )
    select day, 'site' as dimension, '' as value, count(distinct visit_id)::int as visitors,
      count(*)::int as page_views from v group by day
    union all
    select day, 'page', path, count(distinct visit_id)::int, count(*)::int from v group by day, path
    union all
    select f.day, 'source', f.source, count(distinct v.visit_id)::int, count(*)::int
      from v join firsts f on f.visit_id = v.visit_id group by f.day, f.source
    union all
    select f.day, 'campaign', f.campaign, count(distinct v.visit_id)::int, count(*)::int
      from v join firsts f on f.visit_id = v.visit_id where f.campaign is not null
      group by f.day, f.campaign
  )`;
}

const utcDayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Rolls up every settled day not rolled up yet, then applies retention: raw page views older than
 * 90 days, daily totals older than 5 years. Run by the daily job (once across instances); safe to
 * run twice at once all the same: rows of a day already rolled up are left as they are.
 */
export async function rollUpPageViews(
  db: Executor,
  now: Date = new Date(Date.now()),
): Promise<{ days: number; rawDeleted: number; dailyDeleted: number }> {
  const before = studioDay(now.getTime() - SETTLE_MS);
  // The settled days with page views and no totals yet (the `site` row marks a day rolled up).
  const pending = await rowsOf<{ day: string }>(
    db,
    sql`select distinct ${dayOf(pageViews.at)}::text as day
      from ${pageViews} where ${pageViews.at} < ${dayStart(before)}
      except select ${pageViewDaily.day}::text from ${pageViewDaily}
      where ${pageViewDaily.dimension} = 'site'
      order by 1`,
  );
  const first = pending[0]?.day;
  if (first) {
    const days = pending.map((row) => row.day);
    await db.execute(sql`
      insert into ${pageViewDaily} (day, dimension, value, visitors, page_views)
      select t.day, t.dimension, t.value, t.visitors, t.page_views
      from ${dailyTotalsQuery(first, before)} t
      where t.day::text in (${sql.join(
        days.map((day) => sql`${day}`),
        sql`, `,
      )})
      on conflict do nothing`);
  }
  const rawCutoff = new Date(now.getTime() - RAW_RETENTION_DAYS * DAY_MS);
  const [raw] = await rowsOf<{ n: number }>(
    db,
    sql`with gone as (delete from ${pageViews} where ${pageViews.at} < ${rawCutoff} returning 1)
      select count(*)::int as n from gone`,
  );
  const dailyCutoff = new Date(now);
  dailyCutoff.setUTCFullYear(dailyCutoff.getUTCFullYear() - DAILY_RETENTION_YEARS);
  const [daily] = await rowsOf<{ n: number }>(
    db,
    sql`with gone as (delete from ${pageViewDaily}
      where ${pageViewDaily.day} < ${utcDayOf(dailyCutoff.getTime())}::date returning 1)
      select count(*)::int as n from gone`,
  );
  return { days: pending.length, rawDeleted: raw?.n ?? 0, dailyDeleted: daily?.n ?? 0 };
}

/**
 * The rollup runs at 0:20 each night, after the studio's day has settled (SETTLE_MS); a day
 * already totalled is skipped, so a second run the same night changes nothing.
 */
export const rollupJob = defineJob<object, { database: { db: Database }; logger: Logger }>({
  name: "page-view-rollup",
  ...NIGHTLY,
  schedule: { cron: "20 0 * * *" },
  async run(_data, { database, logger }) {
    const result = await inTransaction(database.db, (tx) => rollUpPageViews(tx));
    logger.info(result, "page views rolled up");
  },
});
