import type { Server } from "node:http";
import { listTables, qualified, rowsOf } from "@server/backup/archive/catalog";
import { contactSubmissions, jobApplications, pageViews, visitSalts } from "@server/db/schema";
import { PageCache } from "@server/http/page-cache";
import { countPageViews, type ViewInput, VisitCounter } from "@server/visits/page-views";
import { rotateSalt, untilNextVisitDay, visitDay } from "@server/visits/salt";
import { isCountedPath, utmOf } from "@server/visits/view-rules";
import { asc, eq, sql } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIRECT, type RecordSource, sourceLines } from "~/entities/visit/view";
import { STATIC_SITEMAP_ENTRIES } from "~/lib/sitemap";
import { setStudioTimeZone, studioTimeZone } from "~/lib/studio-time";
import routes from "~/routes";
import { action as visitAction } from "~/routes/resources/visit";
import { action as careersAction } from "~/routes/site/careers";
import { action as contactAction } from "~/routes/site/contact";
import { callRoute, createTestRuntime, SITE, type TestRuntime } from "../support/admin-runtime";
import { freePort } from "../support/admin-server";
import { testDrivers } from "../support/database";

/**
 * Cookieless visit counts (issue #33 item 1, decision 0380): every public page a person gets is a
 * row with a visit id made from the day's salt; no IP address or user agent is stored anywhere;
 * bots and signed-in staff are not counted; pages the full-page cache answers are counted; a full
 * queue drops views and counts them.
 */

const IP = "198.51.100.77";
const UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1 visit-test-marker";
const DAY_MS = 24 * 60 * 60_000;

describe.each(testDrivers)("visit counts on %s", (driver) => {
  let t: TestRuntime;
  let server: Server;
  let baseURL: string;
  let rendered = 0;

  beforeAll(async () => {
    t = await createTestRuntime(driver);
    // The production pipeline's order: the count, then the page cache, then the renderer.
    const app = express();
    app.set("trust proxy", true);
    app.use(countPageViews(t.runtime.visits));
    app.use(new PageCache().middleware());
    app.get("/{*path}", (req, res) => {
      rendered++;
      if (req.path === "/missing") return res.status(404).type("html").send("<p>Not found</p>");
      res
        .set("Cache-Control", "public, max-age=0, s-maxage=60")
        .type("html")
        .send(`<!doctype html><title>${req.path}</title><p>${req.path}</p>`);
    });
    const port = await freePort();
    server = app.listen(port, "127.0.0.1");
    baseURL = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await t?.close();
  });
  const db = () => t.runtime.database.db;

  /** A page request, read to its end (the view is queued once its response has finished). */
  async function visit(path: string, headers: Record<string, string> = {}) {
    const response = await fetch(`${baseURL}${path}`, {
      headers: { "user-agent": UA, "x-forwarded-for": IP, ...headers },
    });
    await response.text();
    return response;
  }

  /** The browser's beacon for a client-side navigation to `page` (POST /visit). */
  function beacon(
    page: string,
    options: { origin?: string | null; cookie?: string; ip?: string; fetchSite?: string } = {},
  ) {
    const headers: Record<string, string> = { "user-agent": UA };
    const origin = options.origin === undefined ? SITE : options.origin;
    if (origin !== null) headers.origin = origin;
    if (options.fetchSite) headers["sec-fetch-site"] = options.fetchSite;
    return callRoute(visitAction, t.runtime, "/visit", {
      method: "POST",
      body: new URLSearchParams({ page }),
      headers,
      cookie: options.cookie,
      ip: options.ip ?? IP,
    });
  }

  async function views() {
    await t.runtime.visits.flush();
    return db().select().from(pageViews).orderBy(asc(pageViews.at));
  }

  async function tablesHolding(needle: string): Promise<string[]> {
    const found: string[] = [];
    for (const table of await listTables(db())) {
      const [row] = await rowsOf<{ n: number }>(
        db(),
        sql`select count(*)::int as n from ${qualified(table)} as r where strpos(lower(r::text), ${needle.toLowerCase()}) > 0`,
      );
      if (row && row.n > 0) found.push(table);
    }
    return found;
  }

  it("records a page view with its path, referrer host, UTM, device and browser", async () => {
    await db().delete(pageViews);
    const response = await visit(
      "/case-studies/low-tide-records?utm_source=newsletter&utm_campaign=spring&utm_medium=email",
      { referer: "https://www.google.com/search?q=studio" },
    );
    expect(response.status).toBe(200);
    const [row, ...more] = await views();
    expect(more).toHaveLength(0);
    expect(row).toMatchObject({
      path: "/case-studies/low-tide-records",
      referrerHost: "google.com",
      utmSource: "newsletter",
      utmMedium: "email",
      utmCampaign: "spring",
      utmTerm: null,
      device: "mobile",
      browser: "safari",
    });
    expect(row?.visitId).toBe(await t.runtime.visits.visitId({ ip: IP, userAgent: UA }));
    // The first 64 bits of SHA-256 of (salt, site, IP, user agent) (decision 0383).
    expect(typeof row?.visitId).toBe("bigint");
  });

  it("stores no IP address and no user agent in any table", async () => {
    await visit("/about", { referer: `${SITE}/` });
    await visit("/blog");
    const navigation = await beacon("/services?utm_campaign=reels");
    expect(navigation.status).toBe(204);
    expect((await views()).length).toBeGreaterThanOrEqual(4);
    expect(await tablesHolding(IP)).toEqual([]);
    expect(await tablesHolding("visit-test-marker")).toEqual([]);
    expect(await tablesHolding("iPhone OS")).toEqual([]);
  });

  it("counts the pages the full-page cache answers", async () => {
    await db().delete(pageViews);
    const before = rendered;
    const first = await visit("/weddings");
    expect(first.headers.get("x-cache")).toBe("MISS");
    // The cache keeps the page once it is compressed: ask until it answers.
    let sent = 1;
    let hits = 0;
    while (hits < 2 && sent < 200) {
      const again = await visit("/weddings");
      sent++;
      if (again.headers.get("x-cache") === "HIT") hits++;
    }
    expect(hits).toBe(2);
    expect(rendered - before).toBe(sent - hits);
    const rows = await views();
    expect(rows).toHaveLength(sent);
    expect(new Set(rows.map((row) => row.path))).toEqual(new Set(["/weddings"]));
    // One visitor: the same visit id.
    expect(new Set(rows.map((row) => row.visitId)).size).toBe(1);
  });

  it("does not count bots, signed-in staff, the back-office, data requests or errors", async () => {
    await db().delete(pageViews);
    await visit("/", {
      "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    });
    await visit("/", { cookie: t.cookies.editor });
    await visit("/admin/analytics");
    await visit("/blog.data");
    await visit("/missing");
    const staffNavigation = await beacon("/about", { cookie: t.cookies.admin });
    expect(staffNavigation.status).toBe(204);
    expect(await views()).toEqual([]);
    // A person without a session is counted.
    await visit("/");
    expect((await views()).map((row) => row.path)).toEqual(["/"]);
  });

  it("attributes an inquiry and an application to their visit's first referrer, UTM and page", async () => {
    await db().delete(pageViews);
    const visitor = { "x-forwarded-for": "203.0.113.50" };
    await visit("/case-studies/low-tide-records?utm_source=newsletter&utm_campaign=spring", {
      ...visitor,
      referer: "https://news.example.org/issue-12",
    });
    await visit("/about", { ...visitor, referer: `${SITE}/case-studies/low-tide-records` });
    await visit("/contact", { ...visitor, referer: `${SITE}/about` });
    // Another visitor, direct, on the same day.
    await visit("/careers", { "x-forwarded-for": "203.0.113.51" });

    const form = (fields: Record<string, string>, ip: string) => ({
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { origin: SITE, "user-agent": UA },
      ip,
    });
    const sent = await callRoute(
      contactAction,
      t.runtime,
      "/contact",
      form(
        { name: "Rae Lin", email: "rae@example.com", description: "A launch film." },
        "203.0.113.50",
      ),
    );
    expect((sent as { init: ResponseInit | null }).init?.status ?? 200).toBe(200);
    const [inquiry] = await db()
      .select()
      .from(contactSubmissions)
      .where(eq(contactSubmissions.email, "rae@example.com"));
    expect(inquiry).toMatchObject({
      sourceHost: "news.example.org",
      sourceUtm: { source: "newsletter", campaign: "spring" },
      landingPage: "/case-studies/low-tide-records",
    });
    expect(sourceLines(inquiry as RecordSource)).toEqual([
      "news.example.org",
      "utm_source newsletter",
      "utm_campaign spring",
      "Landing page /case-studies/low-tide-records",
    ]);

    await callRoute(
      careersAction,
      t.runtime,
      "/careers",
      form(
        { name: "Sam Ortiz", email: "sam@example.com", position_title: "Video Editor" },
        "203.0.113.51",
      ),
    );
    const [application] = await db()
      .select()
      .from(jobApplications)
      .where(eq(jobApplications.email, "sam@example.com"));
    expect(application).toMatchObject({
      sourceHost: null,
      sourceUtm: null,
      landingPage: "/careers",
    });
    expect(sourceLines(application as RecordSource)).toEqual([DIRECT, "Landing page /careers"]);

    // A visitor without page views today: no source.
    await callRoute(
      contactAction,
      t.runtime,
      "/contact",
      form(
        { name: "Noor Haddad", email: "noor@example.com", description: "A brand film." },
        "203.0.113.52",
      ),
    );
    const [unknown] = await db()
      .select()
      .from(contactSubmissions)
      .where(eq(contactSubmissions.email, "noor@example.com"));
    expect(unknown).toMatchObject({ sourceHost: null, sourceUtm: null, landingPage: null });
  });

  it("writes text COPY must escape as sent, and a control character never costs the batch", async () => {
    await db().delete(pageViews);
    // Backslashes, a COPY null marker and non-ASCII text: written as they came.
    const campaign = String.raw`spring\reels \N café 🎬`;
    await visit(`/services?utm_campaign=${encodeURIComponent(campaign)}&utm_term=a%5Cb`);
    // A NUL, a tab or a newline in a path or a parameter: PostgreSQL would refuse the batch.
    await beacon("/about\u0000");
    await beacon("/about\tx");
    await visit("/blog?utm_source=news%00letter&utm_medium=line%0Abreak&utm_content=ok");
    const rows = await views();
    expect(rows.map((row) => row.path)).toEqual(["/services", "/blog"]);
    expect(rows[0]).toMatchObject({ utmCampaign: campaign, utmTerm: String.raw`a\b` });
    expect(rows[1]).toMatchObject({ utmSource: null, utmMedium: null, utmContent: "ok" });
    expect(t.runtime.visits.stats().dropped).toBe(0);
  });

  it("refuses a beacon from another site, or one that does not say where it comes from", async () => {
    const ip = "198.51.100.80";
    for (const refused of [
      { origin: "https://elsewhere.example" },
      { origin: "null" },
      // Neither Origin nor Sec-Fetch-Site: a script, not a page of this site.
      { origin: null },
      { origin: null, fetchSite: "cross-site" },
      { origin: null, fetchSite: "none" },
      { fetchSite: "cross-site" },
    ]) {
      const response = await beacon("/", { ...refused, ip });
      expect(response.status, JSON.stringify(refused)).toBe(403);
    }
    expect((await beacon("/", { ip })).status).toBe(204);
    expect((await beacon("/", { origin: null, fetchSite: "same-origin", ip })).status).toBe(204);
  });

  it("counts a navigation only to a real public page, never to a made-up path", async () => {
    await t.runtime.visits.flush();
    await db().delete(pageViews);
    const ip = "198.51.100.81";
    const real = [
      "/about",
      "/blog",
      "/services/video-production",
      "/case-studies/low-tide-records",
    ];
    const madeUp = [
      "/made-up-page",
      "/blog/no-such-post",
      "/case-studies/invented-study",
      "/services/made-up",
      "/about/extra",
      "/ABOUT",
      "/about/",
      "/preview/blog/1",
      "/admin",
      `/${"x".repeat(300)}`,
      "/about\u200b",
    ];
    for (const page of [...real, ...madeUp]) {
      expect((await beacon(`${page}?utm_source=flood`, { ip })).status, page).toBe(204);
    }
    expect((await views()).map((row) => row.path)).toEqual(real);
  });

  it("refuses most of 300 beacons from one address; made-up paths are never counted", async () => {
    await t.runtime.visits.flush();
    await db().delete(pageViews);
    const ip = "198.51.100.82";
    const started = Date.now();
    const statuses: number[] = [];
    for (let i = 0; i < 300; i++) {
      const page = i % 2 === 0 ? "/about" : `/made-up-${i}?utm_campaign=flood-${i}`;
      statuses.push((await beacon(page, { ip })).status);
    }
    const seconds = (Date.now() - started) / 1000;
    const accepted = statuses.filter((status) => status === 204).length;
    const refused = statuses.filter((status) => status === 429).length;
    expect(accepted + refused).toBe(300);
    // 60 a minute in bursts of 60: the burst, plus one a second while the loop ran.
    expect(accepted).toBeLessThanOrEqual(60 + Math.ceil(seconds) + 1);
    expect(refused).toBeGreaterThan(200);
    const rows = await views();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(Math.ceil(accepted / 2));
    expect(new Set(rows.map((row) => row.path))).toEqual(new Set(["/about"]));
    expect(rows.every((row) => row.utmCampaign === null)).toBe(true);
    // Another address is not held back by that one.
    expect((await beacon("/about", { ip: "198.51.100.83" })).status).toBe(204);
  });

  it("limits an IPv6 address as its /64", async () => {
    const counter = new VisitCounter(db(), { siteUrl: SITE, beaconsPerMinute: 3 });
    const at = Date.now();
    const sent = ["2001:db8:1:2::a", "2001:db8:1:2::b", "2001:db8:1:2:ffff::1", "2001:db8:1:2::c"];
    expect(sent.map((ip) => counter.admitBeacon(ip, at))).toEqual([true, true, true, false]);
    // Another /64, and an IPv4 address, have their own allowance.
    expect(counter.admitBeacon("2001:db8:1:3::a", at)).toBe(true);
    expect(counter.admitBeacon("203.0.113.9", at)).toBe(true);
    // The allowance comes back over the minute.
    expect(counter.admitBeacon("2001:db8:1:2::d", at + 20_000)).toBe(true);
    expect(counter.admitBeacon("2001:db8:1:2::d", at + 20_000)).toBe(false);
  });

  it("writes at most maxViewsPerVisit views of a visit a day", async () => {
    await db().delete(pageViews);
    const counter = new VisitCounter(db(), { siteUrl: SITE, maxViewsPerVisit: 3 });
    const view = (ip: string): ViewInput => ({
      at: new Date(),
      ip,
      userAgent: UA,
      path: "/about",
      url: "/about",
      referrer: null,
    });
    for (let i = 0; i < 5; i++) counter.count(view("203.0.113.60"));
    await counter.flush();
    for (let i = 0; i < 2; i++) counter.count(view("203.0.113.60"));
    counter.count(view("203.0.113.61"));
    await counter.flush();
    const rows = await db().select().from(pageViews);
    const perVisit = new Map<bigint, number>();
    for (const row of rows) perVisit.set(row.visitId, (perVisit.get(row.visitId) ?? 0) + 1);
    expect([...perVisit.values()].sort()).toEqual([1, 3]);
    expect(counter.stats()).toMatchObject({ recorded: 4, capped: 4 });
  });

  it("leaves out Unicode format and C1 control characters as well as C0", () => {
    for (const path of [
      "/about\u200b",
      "/about\u202e",
      "/about\u0085",
      "/\ufeffabout",
      "/a\u0000",
    ]) {
      expect(isCountedPath(path), JSON.stringify(path)).toBe(false);
    }
    const utm = utmOf(
      `/?${new URLSearchParams({
        utm_source: "news\u200bletter",
        utm_medium: "e\u0085mail",
        utm_campaign: "spring\u202ereels",
        utm_term: "soft\u00adhyphen",
        utm_content: "café 🎬",
      })}`,
    );
    expect(utm).toEqual({ content: "café 🎬" });
  });

  it("changes the visit id when the studio's day's salt is replaced, and deletes the old salt", async () => {
    const zone = studioTimeZone();
    setStudioTimeZone("America/Los_Angeles");
    try {
      // 15:59 in Los Angeles on 10 January, a minute before midnight UTC.
      const today = new Date(Date.UTC(2030, 0, 10, 23, 59));
      const counter = new VisitCounter(db(), { siteUrl: SITE, now: () => today });
      const visitor = { ip: IP, userAgent: UA };
      const before = await counter.visitId(visitor);
      expect(await counter.visitId(visitor)).toBe(before);
      const [old] = await db()
        .select()
        .from(visitSalts)
        .where(eq(visitSalts.day, visitDay(today)));
      expect(old?.salt).toMatch(/^[0-9a-f]{64}$/);

      // Midnight UTC is not the studio's: the same visit goes on.
      today.setTime(today.getTime() + 2 * 60_000);
      expect(await counter.visitId(visitor)).toBe(before);
      // The studio's midnight (08:00 UTC in winter) is 8 hours after midnight UTC.
      expect(untilNextVisitDay(today)).toBe(8 * 3_600_000 - 60_000);
      today.setTime(today.getTime() + untilNextVisitDay(today) + 60_000);
      const after = await counter.visitId(visitor);
      expect(after).not.toBe(before);
      const salts = await db().select().from(visitSalts);
      expect(salts.map((row) => row.day)).toEqual(["2030-01-11"]);
      expect(await tablesHolding(old?.salt ?? "missing")).toEqual([]);

      // Another instance on the same day gets the same salt (one per day across instances).
      const other = new VisitCounter(db(), { siteUrl: SITE, now: () => today });
      expect(await other.visitId(visitor)).toBe(after);
      // The midnight job run twice at once keeps one salt.
      const next = new Date(today.getTime() + DAY_MS);
      const [a, b] = await Promise.all([rotateSalt(db(), next), rotateSalt(db(), next)]);
      expect(a.equals(b)).toBe(true);
      expect(await db().select().from(visitSalts)).toHaveLength(1);
    } finally {
      setStudioTimeZone(zone);
    }
  });

  it("drops page views past a full queue and counts them", async () => {
    const counter = new VisitCounter(db(), { siteUrl: SITE, maxQueue: 2, batchSize: 100 });
    const view = { at: new Date(), ip: IP, userAgent: UA, path: "/", url: "/", referrer: null };
    for (let i = 0; i < 5; i++) counter.count(view);
    expect(counter.stats()).toEqual({ recorded: 0, dropped: 3, queued: 2, capped: 0 });
    await counter.flush();
    expect(counter.stats()).toEqual({ recorded: 2, dropped: 3, queued: 0, capped: 0 });
  });
});

describe("the pages a beacon may count", () => {
  /** The public site's routes (the site layout's children) as paths, parameters kept. */
  const siteRoutes = () => {
    const [site] = routes as unknown as { children: { path?: string; index?: boolean }[] }[];
    return (site?.children ?? []).map((route) => (route.index ? "/" : `/${route.path}`));
  };

  it("are the route table's public pages: its static routes are the sitemap's static pages", () => {
    const paths = siteRoutes();
    const dynamic = paths.filter((path) => path.includes(":") || path.includes("*"));
    // Each page with a parameter is a content page the sitemap lists from the database; a new one
    // must be added to the sitemap (and so to what a beacon may count) before it is listed here.
    expect(dynamic).toEqual([
      "/case-studies/:id",
      "/blog/:slug",
      "/preview/blog/:id",
      "/preview/case-studies/:previewId",
      "/*",
    ]);
    const fixed = paths.filter((path) => !dynamic.includes(path));
    expect(new Set(fixed)).toEqual(new Set(STATIC_SITEMAP_ENTRIES.map((entry) => entry.path)));
  });
});
