import {
  contactSubmissions,
  jobApplications,
  pageViewDaily,
  pageViews,
  pipelineActivity,
} from "@server/db/schema";
import { addDays, loadAnalytics, parseAnalyticsQuery } from "@server/visits/analytics";
import { rollUpPageViews } from "@server/visits/daily";
import { asc, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RANGE_MESSAGES } from "~/entities/visit/analytics";
import { DEFAULT_STUDIO_TIME_ZONE, setStudioTimeZone, studioDay } from "~/lib/studio-time";
import { loader as analyticsLoader } from "~/routes/admin/analytics";
import { loader as analyticsCsvLoader } from "~/routes/admin/analytics-csv";
import { callRoute, createTestRuntime, type TestRuntime } from "../support/admin-runtime";
import { testDrivers } from "../support/database";

/**
 * /admin/analytics (issue #33 item 3): a period's visitors, page views, inquiries, applications
 * and booked calls beside the previous period's; top pages, sources and campaigns with the
 * inquiries they led to; the CSV; admins and editors only.
 */

describe.each(testDrivers)("the analytics screen on %s", (driver) => {
  let t: TestRuntime;
  const now = new Date();
  const today = studioDay(now, "UTC");
  /** Noon UTC, `days` days from today. */
  const noon = (days: number, minutes = 0) =>
    new Date(Date.parse(`${addDays(today, days)}T12:00:00Z`) + minutes * 60_000);

  beforeAll(async () => {
    // Days of UTC, so the noons below are on the days they name (decision 0451).
    t = await createTestRuntime(driver, { STUDIO_TIME_ZONE: "UTC" });
    const db = t.runtime.database.db;
    const view = (
      visitId: bigint,
      at: Date,
      path: string,
      extra: Partial<typeof pageViews.$inferInsert> = {},
    ) => ({ visitId, at, path, device: "desktop", browser: "firefox", ...extra });
    await db.insert(pageViews).values([
      // A newsletter visit today: three pages, then an inquiry.
      view(0xan, noon(0, -30), "/case-studies/low-tide-records", {
        utmSource: "newsletter",
        utmCampaign: "spring",
      }),
      view(0xan, noon(0, -20), "/about"),
      view(0xan, noon(0, -10), "/contact"),
      // From Google today, one page.
      view(0xbn, noon(0, -5), "/blog", { referrerHost: "google.com" }),
      // Direct, yesterday.
      view(0xcn, noon(-1), "/"),
      // Ten days ago: the previous period of the last 7 days.
      view(0xdn, noon(-10), "/"),
    ]);
    const [attributed] = await db
      .insert(contactSubmissions)
      .values([
        {
          name: "Rae Lin",
          email: "rae@example.com",
          sourceUtm: { source: "newsletter", campaign: "spring" },
          landingPage: "/case-studies/low-tide-records",
          createdAt: noon(0),
        },
        { name: "Noor Haddad", email: "noor@example.com", createdAt: noon(0) },
      ])
      .returning();
    await db.insert(jobApplications).values([
      { name: "Sam", email: "sam@example.com", positionTitle: "Editor", createdAt: noon(-2) },
      { name: "Kai", email: "kai@example.com", positionTitle: "Editor", createdAt: noon(-9) },
    ]);
    await db.insert(pipelineActivity).values({
      subjectType: "inquiry",
      subjectId: attributed?.id ?? "",
      kind: "booked",
      summary: "Booked a call",
      at: noon(0, 60),
    });
  });
  afterAll(async () => {
    await t?.close();
    setStudioTimeZone(DEFAULT_STUDIO_TIME_ZONE);
  });

  const open = async (query: string, cookie = t.cookies.editor) => {
    const result = await callRoute(analyticsLoader, t.runtime, `/admin/analytics${query}`, {
      cookie,
    });
    return result as unknown as
      | { data: import("~/entities/visit/analytics").AnalyticsReport; error: string | null }
      | {
          data: { data: import("~/entities/visit/analytics").AnalyticsReport; error: string };
          init: ResponseInit;
        };
  };

  it("shows an editor the period's figures beside the previous period's", async () => {
    const page = await open("?period=7d");
    if (!("data" in page) || "init" in page) throw new Error("not a page");
    const report = page.data;
    expect(report.range).toEqual({ from: addDays(today, -6), to: today });
    expect(report.previous).toEqual({ from: addDays(today, -13), to: addDays(today, -7) });
    expect(report.current).toEqual({
      visitors: 3,
      pageViews: 5,
      inquiries: 2,
      applications: 1,
      bookedCalls: 1,
      conversion: 66.7,
    });
    expect(report.before).toMatchObject({
      visitors: 1,
      pageViews: 1,
      inquiries: 0,
      applications: 1,
    });
    expect(report.days).toHaveLength(7);
    expect(report.days.at(-1)).toEqual({ day: today, visitors: 2, pageViews: 4, inquiries: 2 });
    expect(report.pages[0]).toMatchObject({ value: "/", visitors: 1, inquiries: 0 });
    expect(report.pages).toContainEqual({
      value: "/case-studies/low-tide-records",
      visitors: 1,
      pageViews: 1,
      inquiries: 1,
    });
    expect(report.sources).toContainEqual({
      value: "newsletter",
      visitors: 1,
      pageViews: 3,
      inquiries: 1,
    });
    expect(report.sources).toContainEqual({
      value: "google.com",
      visitors: 1,
      pageViews: 1,
      inquiries: 0,
    });
    expect(report.sources).toContainEqual({ value: "", visitors: 1, pageViews: 1, inquiries: 0 });
    expect(report.campaigns).toEqual([
      { value: "spring", visitors: 1, pageViews: 3, inquiries: 1 },
    ]);
  });

  it("reads a custom range and refuses a bad one with a message", async () => {
    const page = await open(`?period=custom&from=${addDays(today, -10)}&to=${addDays(today, -10)}`);
    if ("init" in page) throw new Error("refused");
    expect(page.data.current.visitors).toBe(1);
    const refused = await open(`?period=custom&from=${today}&to=${addDays(today, -1)}`);
    if (!("init" in refused)) throw new Error("accepted");
    expect(refused.init.status).toBe(400);
    expect(refused.data.error).toBe(RANGE_MESSAGES.order);
  });

  it("exports the period as CSV", async () => {
    const csv = (await callRoute(analyticsCsvLoader, t.runtime, "/admin/analytics.csv?period=7d", {
      cookie: t.cookies.admin,
    })) as Response;
    expect(csv.status).toBe(200);
    const text = (await csv.text()).replace(/^\uFEFF/, "");
    expect(text.split("\r\n")[0]).toBe('"Section","Value","Visitors","Page views","Inquiries"');
    expect(text).toContain('"Campaign","spring","1","3","1"');
    expect(text).toContain(`"Day","${today}","2","4","2"`);
  });

  it("keeps staff without the analytics area out", async () => {
    await expect(open("?period=7d", t.cookies.viewer)).rejects.toSatisfy(
      (r: Response) => r.status === 302 || r.status === 403,
    );
    await expect(
      callRoute(analyticsCsvLoader, t.runtime, "/admin/analytics.csv", {
        cookie: t.cookies.viewer,
      }),
    ).rejects.toSatisfy((r: Response) => r.status === 403);
  });

  it("parses the periods", () => {
    expect(parseAnalyticsQuery(new URLSearchParams(""), "2026-03-01").range).toEqual({
      from: "2026-01-31",
      to: "2026-03-01",
    });
    const year = parseAnalyticsQuery(new URLSearchParams("period=12m"), "2026-03-01");
    expect(year.range.from).toBe("2025-03-02");
    expect(year.previous).toEqual({ from: "2024-03-02", to: "2025-03-01" });
    expect(
      parseAnalyticsQuery(
        new URLSearchParams("period=custom&from=2020-01-01&to=2026-01-01"),
        "2026-03-01",
      ).error,
    ).toBe(RANGE_MESSAGES.tooLong);
  });
});

describe.each(testDrivers)("page-view rollups and retention on %s", (driver) => {
  let t: TestRuntime;
  // The test's clock: every run is told the time.
  const NOW = new Date("2031-06-15T03:00:00Z");
  const range = { from: "2031-03-01", to: "2031-06-15" };
  const query = { range, previous: { from: "2030-11-13", to: "2031-02-28" } };

  beforeAll(async () => {
    // Days of UTC, so the noons below are on the days they name (decision 0451).
    t = await createTestRuntime(driver, { STUDIO_TIME_ZONE: "UTC" });
  });
  afterAll(async () => {
    await t?.close();
    setStudioTimeZone(DEFAULT_STUDIO_TIME_ZONE);
  });
  const db = () => t.runtime.database.db;
  const view = (
    visit: string,
    at: string,
    path: string,
    extra: Partial<typeof pageViews.$inferInsert> = {},
  ) => ({
    visitId: BigInt(visit),
    at: new Date(at),
    path,
    device: "mobile",
    browser: "chrome",
    ...extra,
  });

  async function seed() {
    await db().delete(pageViews);
    await db().delete(pageViewDaily);
    await db()
      .insert(pageViews)
      .values([
        // More than 90 days before NOW.
        view("1", "2031-03-01T10:00:00Z", "/"),
        view("1", "2031-03-01T10:05:00Z", "/about"),
        // Yesterday: a newsletter visit of two pages, and a direct one.
        view("2", "2031-06-14T08:00:00Z", "/case-studies/low-tide-records", {
          utmSource: "newsletter",
          utmCampaign: "spring",
        }),
        view("2", "2031-06-14T08:03:00Z", "/contact"),
        view("3", "2031-06-14T23:59:00Z", "/"),
        // Today: not settled, stays raw.
        view("4", "2031-06-15T01:00:00Z", "/blog", { referrerHost: "google.com" }),
      ]);
  }

  it("rolls up settled days into daily totals that read the same as the raw views", async () => {
    await seed();
    const raw = await loadAnalytics(db(), query);
    expect(raw.current).toMatchObject({ visitors: 4, pageViews: 6 });

    const result = await rollUpPageViews(db(), NOW);
    expect(result).toEqual({ days: 2, rawDeleted: 2, dailyDeleted: 0 });
    const site = await db()
      .select()
      .from(pageViewDaily)
      .where(eq(pageViewDaily.dimension, "site"))
      .orderBy(asc(pageViewDaily.day));
    expect(site).toEqual([
      { day: "2031-03-01", dimension: "site", value: "", visitors: 1, pageViews: 2 },
      { day: "2031-06-14", dimension: "site", value: "", visitors: 2, pageViews: 3 },
    ]);
    // The raw views of March are gone, their totals read from the rollup: the same report.
    expect(await loadAnalytics(db(), query)).toEqual(raw);
    // Run again: nothing new, nothing doubled.
    expect(await rollUpPageViews(db(), NOW)).toEqual({ days: 0, rawDeleted: 0, dailyDeleted: 0 });
    expect(await loadAnalytics(db(), query)).toEqual(raw);
  });

  it("keeps raw views 90 days and daily totals 5 years", async () => {
    await seed();
    await rollUpPageViews(db(), NOW);
    // 91 days later: today's view was rolled up, then deleted with the raw views of its age.
    const later = new Date(NOW.getTime() + 91 * 24 * 60 * 60_000);
    expect(await rollUpPageViews(db(), later)).toMatchObject({ days: 1, rawDeleted: 4 });
    expect(await db().select().from(pageViews)).toEqual([]);
    const report = await loadAnalytics(db(), query);
    expect(report.current).toMatchObject({ visitors: 4, pageViews: 6 });
    expect(report.campaigns).toEqual([
      { value: "spring", visitors: 1, pageViews: 2, inquiries: 0 },
    ]);
    // Five years on, the totals older than five years go.
    const fiveYears = new Date("2036-06-15T05:00:00Z");
    expect(await rollUpPageViews(db(), fiveYears)).toMatchObject({ days: 0, rawDeleted: 0 });
    const days = await db()
      .selectDistinct({ day: pageViewDaily.day })
      .from(pageViewDaily)
      .orderBy(asc(pageViewDaily.day));
    expect(days).toEqual([{ day: "2031-06-15" }]);
  });

  it("rolls a day up once when two runs race", async () => {
    await seed();
    // Without any lock: the second finds the days done, or its rows conflict and are skipped.
    await Promise.all([rollUpPageViews(db(), NOW), rollUpPageViews(db(), NOW)]);
    await rollUpPageViews(db(), NOW);
    const site = await db().select().from(pageViewDaily).where(eq(pageViewDaily.dimension, "site"));
    expect(site.map((row) => [row.day, row.visitors, row.pageViews]).sort()).toEqual([
      ["2031-03-01", 1, 2],
      ["2031-06-14", 2, 3],
    ]);
    const [{ n } = { n: -1 }] = await db().select({ n: count() }).from(pageViewDaily);
    // Site, 2 pages, 1 source on March 1; site, 3 pages, 2 sources, 1 campaign on June 14.
    expect(n).toBe(4 + 7);
  });
});
