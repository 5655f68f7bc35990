import { ConfigError, loadConfig } from "@server/config";
import { contactSubmissions, pageViewDaily, pageViews } from "@server/db/schema";
import { loadAnalytics } from "@server/visits/analytics";
import { rollUpPageViews } from "@server/visits/daily";
import { asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { formatDateTime } from "~/components/admin/format";
import { RANGE_MESSAGES } from "~/entities/visit/analytics";
import { formatDay } from "~/lib/listings/format";
import { DEFAULT_STUDIO_TIME_ZONE, setStudioTimeZone, studioDay } from "~/lib/studio-time";
import { loader as analyticsLoader } from "~/routes/admin/analytics";
import { loader as analyticsCsvLoader } from "~/routes/admin/analytics-csv";
import { loader as auditCsvLoader } from "~/routes/admin/audit-csv";
import { loader as inquiriesCsvLoader } from "~/routes/admin/inquiries-csv";
import { loader as jobApplicationsCsvLoader } from "~/routes/admin/job-applications-csv";
import { loader as consentCsvLoader } from "~/routes/admin/privacy-consent-csv";
import { callRoute, createTestRuntime, type TestRuntime } from "../support/admin-runtime";
import { testDrivers } from "../support/database";

/**
 * The studio's time zone (issue 47 item 20, decision 0451): one setting, STUDIO_TIME_ZONE, held
 * by app/lib/studio-time.ts; the analytics days, their rollups and every date shown read it.
 */

const range = { from: "2031-06-14", to: "2031-06-15" };
const query = { range, previous: { from: "2031-06-12", to: "2031-06-13" } };
/** 23:30 on June 14 in Tokyo (UTC+9); 07:30 in Los Angeles (PDT). */
const LATE = new Date("2031-06-14T14:30:00Z");
/** 00:30 on June 15 in Tokyo; 08:30 on June 14 in Los Angeles. */
const PAST_MIDNIGHT = new Date("2031-06-14T15:30:00Z");

describe("STUDIO_TIME_ZONE", () => {
  afterEach(() => setStudioTimeZone(DEFAULT_STUDIO_TIME_ZONE));

  it("is an IANA zone, America/Los_Angeles unless set", () => {
    expect(loadConfig({}).STUDIO_TIME_ZONE).toBe("America/Los_Angeles");
    expect(loadConfig({ STUDIO_TIME_ZONE: "Asia/Tokyo" }).STUDIO_TIME_ZONE).toBe("Asia/Tokyo");
    expect(loadConfig({ STUDIO_TIME_ZONE: "UTC" }).STUDIO_TIME_ZONE).toBe("UTC");
    // Not a zone; an offset (PostgreSQL reads its sign the other way); an abbreviation (no DST).
    for (const bad of ["Mars/Olympus_Mons", "+05:00", "PST", "los angeles", "America/"]) {
      expect(() => loadConfig({ STUDIO_TIME_ZONE: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ STUDIO_TIME_ZONE: bad }), bad).toThrow(
        /STUDIO_TIME_ZONE: must be an IANA time zone/,
      );
    }
  });

  it("decides the date every screen shows", () => {
    setStudioTimeZone("America/Los_Angeles");
    expect(formatDateTime(PAST_MIDNIGHT)).toBe("Jun 14, 2031, 8:30 AM PT");
    expect(formatDay(PAST_MIDNIGHT)).toBe("Jun 14, 2031");
    expect(studioDay(PAST_MIDNIGHT)).toBe("2031-06-14");
    setStudioTimeZone("Asia/Tokyo");
    expect(formatDateTime(PAST_MIDNIGHT)).toMatch(/^Jun 15, 2031, 12:30 AM /);
    expect(formatDay(PAST_MIDNIGHT)).toBe("Jun 15, 2031");
    expect(studioDay(PAST_MIDNIGHT)).toBe("2031-06-15");
    // A calendar day stays the day it names, whatever the zone.
    expect(formatDay("2031-06-14")).toBe("Jun 14, 2031");
  });
});

describe.each(testDrivers)("analytics days in the studio's time zone on %s", (driver) => {
  let t: TestRuntime;
  const db = () => t.runtime.database.db;
  const view = (visit: string, at: Date) => ({
    visitId: BigInt(visit),
    at,
    path: "/",
    device: "desktop",
    browser: "firefox",
  });

  beforeAll(async () => {
    t = await createTestRuntime(driver, { STUDIO_TIME_ZONE: "Asia/Tokyo" });
    await db()
      .insert(pageViews)
      .values([view("1", LATE), view("2", PAST_MIDNIGHT)]);
    await db()
      .insert(contactSubmissions)
      .values({ name: "Rae Lin", email: "rae@example.com", createdAt: PAST_MIDNIGHT });
  });
  afterAll(async () => {
    await t?.close();
    setStudioTimeZone(DEFAULT_STUDIO_TIME_ZONE);
  });

  const dayRows = (report: Awaited<ReturnType<typeof loadAnalytics>>) =>
    report.days.map((d) => [d.day, d.visitors, d.inquiries]);

  it("splits the days at the zone's midnight, for the raw views and for their rollups", async () => {
    setStudioTimeZone("Asia/Tokyo");
    const tokyo = await loadAnalytics(db(), query);
    expect(tokyo.timeZone).toBe("Asia/Tokyo");
    expect(dayRows(tokyo)).toEqual([
      ["2031-06-14", 1, 0],
      ["2031-06-15", 1, 1],
    ]);
    // The same rows in Los Angeles: one day, 07:30 and 08:30 on June 14.
    setStudioTimeZone("America/Los_Angeles");
    expect(dayRows(await loadAnalytics(db(), query))).toEqual([
      ["2031-06-14", 2, 1],
      ["2031-06-15", 0, 0],
    ]);

    // Rolled up in Tokyo an hour after its June 15 ended: two days, as the raw views read.
    setStudioTimeZone("Asia/Tokyo");
    const result = await rollUpPageViews(db(), new Date("2031-06-15T16:00:00Z"));
    expect(result.days).toBe(2);
    const site = await db()
      .select({ day: pageViewDaily.day, visitors: pageViewDaily.visitors })
      .from(pageViewDaily)
      .where(eq(pageViewDaily.dimension, "site"))
      .orderBy(asc(pageViewDaily.day));
    expect(site).toEqual([
      { day: "2031-06-14", visitors: 1 },
      { day: "2031-06-15", visitors: 1 },
    ]);
    expect(dayRows(await loadAnalytics(db(), query))).toEqual(dayRows(tokyo));
  });

  it("names the zone on the screen, and answers an impossible date with 400 and a message, the form kept Custom as typed and no figures", async () => {
    setStudioTimeZone("Asia/Tokyo");
    const open = (search: string) =>
      callRoute(analyticsLoader, t.runtime, `/admin/analytics${search}`, {
        cookie: t.cookies.editor,
      }) as unknown as Promise<{
        data: {
          data: { timeZone: string } | null;
          error: string | null;
          period: string;
          fields: { from: string; to: string };
        };
        init?: ResponseInit;
      }>;
    const page = (await open("?period=7d")) as unknown as {
      data: { timeZone: string };
      error: null;
    };
    expect(page.data.timeZone).toBe("Asia/Tokyo");
    for (const search of [
      "?period=custom&from=2026-13-45&to=2026-12-01",
      "?period=custom&from=2026-02-30&to=2026-03-01",
      "?period=custom&from=0000-01-01&to=0000-01-02",
      "?period=custom&from=2026-01-01&to=99999-01-01",
    ]) {
      const refused = await open(search);
      expect(refused.init?.status, search).toBe(400);
      expect(refused.data.error, search).toBe(RANGE_MESSAGES.invalid);
      // The form stays "Custom" with what was typed, to be corrected; no figures of another period.
      const typed = new URLSearchParams(search);
      expect(refused.data.period, search).toBe("custom");
      expect(refused.data.fields, search).toEqual({ from: typed.get("from"), to: typed.get("to") });
      expect(refused.data.data, search).toBeNull();
      const csv = (await callRoute(analyticsCsvLoader, t.runtime, `/admin/analytics.csv${search}`, {
        cookie: t.cookies.admin,
      })) as Response;
      expect(csv.status, search).toBe(400);
      expect(await csv.text(), search).toBe(RANGE_MESSAGES.invalid);
    }
    const order = (await callRoute(
      analyticsCsvLoader,
      t.runtime,
      "/admin/analytics.csv?period=custom&from=2026-12-02&to=2026-12-01",
      {
        cookie: t.cookies.admin,
      },
    )) as Response;
    expect(order.status).toBe(400);
    expect(await order.text()).toBe(RANGE_MESSAGES.order);
  });
});

describe.each(testDrivers)("CSV file names on the studio's day on %s", (driver) => {
  let t: TestRuntime;
  // A zone whose day is not UTC's now: 11 hours behind before 10:00 UTC, 14 ahead after.
  const zone = new Date().getUTCHours() < 10 ? "Pacific/Pago_Pago" : "Pacific/Kiritimati";

  beforeAll(async () => {
    t = await createTestRuntime(driver, { STUDIO_TIME_ZONE: zone });
  });
  afterAll(async () => {
    setStudioTimeZone(DEFAULT_STUDIO_TIME_ZONE);
    await t?.close();
  });

  it("names the inquiries, audit-log, job-applications and consent exports by the studio's day, not UTC's", async () => {
    const exports = [
      ["inquiries", inquiriesCsvLoader, "/admin/inquiries.csv"],
      ["audit-log", auditCsvLoader, "/admin/audit.csv"],
      ["job-applications", jobApplicationsCsvLoader, "/admin/job-applications.csv"],
      ["consent-records", consentCsvLoader, "/admin/privacy/consent.csv"],
    ] as const;
    for (const [name, loader, path] of exports) {
      const csv = (await callRoute(loader, t.runtime, path, {
        cookie: t.cookies.admin,
      })) as Response;
      expect(csv.status, path).toBe(200);
      const today = studioDay();
      expect(today, zone).not.toBe(new Date().toISOString().slice(0, 10));
      expect(csv.headers.get("Content-Disposition"), path).toBe(
        `attachment; filename="${name}-${today}.csv"`,
      );
    }
  });
});
