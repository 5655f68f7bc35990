import { loadConfig } from "@server/config";
import { SITEMAP_MAX_URLS } from "@server/content/sitemap";
import { createLogger } from "@server/logger";
import type { Runtime } from "@server/runtime";
import { sql } from "drizzle-orm";
import { parseDocument } from "htmlparser2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FALLBACK_CASE_STUDIES } from "~/copy/samples";
import { STATIC_SITEMAP_ENTRIES } from "~/lib/sitemap";
import { loader as rssLoader } from "~/routes/resources/rss.xml";
import { loader as sitemapLoader } from "~/routes/resources/sitemap.xml";
import { loader as childLoader } from "~/routes/resources/sitemap-child.xml";
import { callRoute, type RouteHandler, type WithParams } from "../support/admin-runtime";
import { insertCaseStudies, insertPosts } from "../support/bulk-posts";
import { createTestDatabase, type TestDatabase, testDrivers } from "../support/database";

// Issue #20: the feed and the sitemap stay bounded however much content there is (decision 0230).

const SITE_URL = "https://studio.test";
const NEWEST = new Date("2026-05-01T12:00:00Z");

type XmlNode = { name?: string; children?: XmlNode[]; data?: string };
const elements = (node: XmlNode, name: string): XmlNode[] =>
  (node.children ?? []).flatMap((child) =>
    child.name === name ? [child] : child.children ? elements(child, name) : [],
  );
const textOf = (node: XmlNode | undefined): string =>
  (node?.children ?? []).map((child) => child.data ?? textOf(child)).join("");
const locs = (xml: string, parent: "url" | "sitemap") =>
  elements(parseDocument(xml, { xmlMode: true }) as XmlNode, parent).map((node) =>
    textOf(elements(node, "loc")[0]),
  );

function call<P>(
  loader: RouteHandler<P, unknown>,
  database: TestDatabase,
  url: string,
  ...init: WithParams<NoInfer<P>>
): Promise<Response> {
  const runtime = {
    config: loadConfig({ SITE_URL }),
    database,
    logger: createLogger("silent"),
  } as unknown as Runtime;
  return callRoute(loader, runtime, url, ...init) as Promise<Response>;
}

describe.each(testDrivers)("bounded feed and sitemap on %s", (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("RSS holds exactly the latest 20 published posts, newest first", async () => {
    // 30 published posts whose dates interleave two batches, and 5 newer drafts.
    await insertPosts(database.db, { count: 15, prefix: "a", newest: NEWEST });
    await insertPosts(database.db, {
      count: 15,
      prefix: "b",
      newest: new Date(NEWEST.getTime() - 30_000),
    });
    await insertPosts(database.db, {
      count: 5,
      prefix: "draft",
      newest: new Date(NEWEST.getTime() + 3_600_000),
      status: "draft",
    });
    database.caches.content.clear();

    const expected = [
      ...Array.from({ length: 15 }, (_, i) => ({ slug: `a-${i + 1}`, at: -(i + 1) * 60 })),
      ...Array.from({ length: 15 }, (_, i) => ({ slug: `b-${i + 1}`, at: -(i + 1) * 60 - 30 })),
    ]
      .sort((x, y) => y.at - x.at)
      .slice(0, 20);

    const response = await call(rssLoader, database, `${SITE_URL}/blog/rss.xml`);
    expect(response.status).toBe(200);
    const document = parseDocument(await response.text(), { xmlMode: true }) as XmlNode;
    const items = elements(document, "item");
    expect(items).toHaveLength(20);
    expect(items.map((item) => textOf(elements(item, "link")[0]))).toEqual(
      expected.map(({ slug }) => `${SITE_URL}/blog/${slug}`),
    );
    expect(items.map((item) => Date.parse(textOf(elements(item, "pubDate")[0])))).toEqual(
      expected.map(({ at }) => NEWEST.getTime() + at * 1000),
    );
  });

  it("stays one urlset while the site has at most 10,000 URLs", async () => {
    database.caches.content.clear();
    const response = await call(sitemapLoader, database, `${SITE_URL}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toMatch(/public/);
    const xml = await response.text();
    expect(xml).toContain("<urlset");
    const urls = locs(xml, "url");
    expect(urls.filter((u) => u.startsWith(`${SITE_URL}/blog/`))).toHaveLength(30);
    expect(urls).not.toContain(`${SITE_URL}/blog/draft-1`);
    expect(new Set(urls).size).toBe(urls.length);
  });

  it("becomes an index past 10,000 URLs whose children list every URL once", async () => {
    // 10,000 more posts in one INSERT, and three case studies (one takes a fallback's slug).
    await insertPosts(database.db, {
      count: SITEMAP_MAX_URLS,
      prefix: "bulk",
      newest: new Date(NEWEST.getTime() - 86_400_000),
    });
    await insertCaseStudies(database.db, { count: 2, prefix: "bulk-study" });
    await insertCaseStudies(database.db, { count: 1, prefix: "estate-media" });
    // The inserted "estate-media-1" becomes "estate-media": its row replaces the fallback study.
    await database.db.execute(
      sql`update case_studies set slug = 'estate-media' where slug = 'estate-media-1'`,
    );
    database.caches.content.clear();

    const index = await call(sitemapLoader, database, `${SITE_URL}/sitemap.xml`);
    expect(index.status).toBe(200);
    const xml = await index.text();
    expect(xml).toContain("<sitemapindex");
    expect(xml).not.toContain("<urlset");
    const children = locs(xml, "sitemap");
    expect(children).toEqual([
      `${SITE_URL}/sitemaps/pages.xml`,
      `${SITE_URL}/sitemaps/case-studies-1.xml`,
      `${SITE_URL}/sitemaps/blog-1.xml`,
      `${SITE_URL}/sitemaps/blog-2.xml`,
    ]);

    const listed: string[] = [];
    for (const child of children) {
      const name = child.slice(`${SITE_URL}/sitemaps/`.length);
      const response = await call(childLoader, database, child, { params: { name } });
      expect(response.status, child).toBe(200);
      const body = await response.text();
      expect(body).toContain("<urlset");
      const urls = locs(body, "url");
      expect(urls.length).toBeGreaterThan(0);
      expect(urls.length).toBeLessThanOrEqual(SITEMAP_MAX_URLS);
      listed.push(...urls);
    }

    const fallbacks = Object.keys(FALLBACK_CASE_STUDIES).filter((s) => s !== "estate-media");
    const expected = [
      ...STATIC_SITEMAP_ENTRIES.map((entry) => entry.path),
      ...fallbacks.map((slug) => `/case-studies/${slug}`),
      "/case-studies/estate-media",
      "/case-studies/bulk-study-1",
      "/case-studies/bulk-study-2",
      ...Array.from({ length: 15 }, (_, i) => [`/blog/a-${i + 1}`, `/blog/b-${i + 1}`]).flat(),
      ...Array.from({ length: SITEMAP_MAX_URLS }, (_, i) => `/blog/bulk-${i + 1}`),
    ].map((p) => `${SITE_URL}${p}`);
    expect(listed.length).toBe(expected.length);
    expect(new Set(listed).size).toBe(listed.length);
    expect(new Set(listed)).toEqual(new Set(expected));

    // Past the last page, or any other name: 404.
    for (const name of ["blog-3.xml", "case-studies-2.xml", "blog-0.xml", "other.xml"]) {
      const response = await call(childLoader, database, `${SITE_URL}/sitemaps/${name}`, {
        params: { name },
      });
      expect(response.status, name).toBe(404);
    }
  });
});
