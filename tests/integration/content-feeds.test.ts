import { loadConfig } from "@server/config";
import { listSitemapEntries } from "@server/content/sitemap";
import { runtimeContext } from "@server/context";
import { blogPosts } from "@server/db/schema";
import { createLogger } from "@server/logger";
import type { Runtime } from "@server/runtime";
import { eq } from "drizzle-orm";
import { parseDocument } from "htmlparser2";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as rssLoader } from "~/routes/resources/rss.xml";
import { createTestDatabase, type TestDatabase } from "../support/database";

const SITE_URL = "https://studio.test";

async function feed(database: TestDatabase): Promise<Response> {
  const context = new RouterContextProvider();
  context.set(runtimeContext, {
    config: loadConfig({ SITE_URL }),
    database,
    logger: createLogger("silent"),
  } as unknown as Runtime);
  return rssLoader({
    context,
    params: {},
    request: new Request(`${SITE_URL}/blog/rss.xml`),
  } as unknown as Parameters<typeof rssLoader>[0]);
}

type XmlNode = {
  name?: string;
  children?: XmlNode[];
  data?: string;
  attribs?: Record<string, string>;
};
const children = (node: XmlNode, name: string) =>
  (node.children ?? []).filter((child) => child.name === name);
const textOf = (node: XmlNode | undefined): string =>
  (node?.children ?? []).map((child) => child.data ?? textOf(child)).join("");

describe("feeds and sitemap entries", () => {
  let seeded: TestDatabase;
  let empty: TestDatabase;
  beforeAll(async () => {
    seeded = await createTestDatabase("pglite", { template: "demo" });
    empty = await createTestDatabase("pglite");
  });
  afterAll(async () => {
    await seeded?.destroy();
    await empty?.destroy();
  });

  it("serves RSS 2.0 of the published posts, newest first, with absolute links", async () => {
    const response = await feed(seeded);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/rss+xml; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toMatch(/public/);
    const xml = await response.text();
    const document = parseDocument(xml, { xmlMode: true }) as XmlNode;
    const [rss] = children(document, "rss");
    expect(rss?.attribs?.version).toBe("2.0");
    const [channel] = children(rss as XmlNode, "channel");
    expect(textOf(children(channel as XmlNode, "link")[0])).toBe(`${SITE_URL}/blog`);
    const items = children(channel as XmlNode, "item");
    expect(items).toHaveLength(9);
    const first = items[0] as XmlNode;
    expect(textOf(children(first, "link")[0])).toBe(`${SITE_URL}/blog/one-day-commercial-shoot`);
    const dates = items.map((item) => Date.parse(textOf(children(item, "pubDate")[0])));
    expect(dates.every(Number.isFinite)).toBe(true);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(textOf(children(first, "pubDate")[0])).toBe("Wed, 21 Oct 2026 16:00:00 GMT");
    // Escaped, not broken: "AI & Automation".
    expect(xml).toContain("<category>AI &amp; Automation</category>");
    expect(xml).not.toContain("behind-the-2027-reel");
  });

  it("answers 503 when the database fails", async () => {
    const broken = await createTestDatabase("pglite");
    await broken.close();
    const response = await feed(broken);
    expect(response.status).toBe(503);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Retry-After")).toBe("30");
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });

  it("lists every published post and study for the sitemap, with lastmod", async () => {
    const entries = await listSitemapEntries(seeded.db);
    const paths = entries.map((e) => e.path);
    expect(paths.filter((p) => p.startsWith("/blog/"))).toHaveLength(9);
    expect(paths.filter((p) => p.startsWith("/case-studies/"))).toHaveLength(9);
    expect(paths).toContain("/case-studies/estate-media");
    expect(paths).not.toContain("/case-studies/harbor-and-pine");
    expect(paths).not.toContain("/blog/behind-the-2027-reel");
    expect(paths).toEqual(expect.arrayContaining(["/case-studies", "/portfolio", "/blog"]));
    for (const entry of entries) expect(entry.lastModified).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(new Set(paths).size).toBe(paths.length);

    // A post's lastmod is its updated_at; the demo posts were written over the year, not at
    // the moment of seeding (issue #28, item 13).
    const rows = await seeded.db
      .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt })
      .from(blogPosts)
      .where(eq(blogPosts.status, "published"));
    const lastmod = new Map(entries.map((entry) => [entry.path, entry.lastModified]));
    for (const row of rows) {
      expect(lastmod.get(`/blog/${row.slug}`), row.slug).toBe(row.updatedAt.toISOString());
    }
    expect(lastmod.get("/blog/one-day-commercial-shoot")).toBe("2026-10-23T21:05:00.000Z");
    expect(new Set(rows.map((row) => row.updatedAt.getTime())).size).toBe(rows.length);
    expect(lastmod.get("/blog")).toBe("2026-11-03T18:40:00.000Z"); // the newest save
    expect(lastmod.get("/portfolio")).toBe("2026-10-14T17:00:00.000Z");

    // With an empty database the fixed fallback studies still have pages.
    const fallback = (await listSitemapEntries(empty.db)).map((e) => e.path);
    expect(fallback.filter((p) => p.startsWith("/case-studies/"))).toHaveLength(6);
    expect(fallback.filter((p) => p.startsWith("/blog/"))).toHaveLength(0);
  });

  // Runs last: it changes a post of the seeded database.
  it("a post dated after its last save keeps its save as lastmod (never a future date)", async () => {
    await seeded.db
      .update(blogPosts)
      .set({
        publishedAt: new Date("2099-01-01T00:00:00Z"),
        updatedAt: new Date("2026-11-20T12:00:00Z"),
      })
      .where(eq(blogPosts.slug, "where-ai-saves-time"));
    seeded.caches.content.clear();
    const entries = await listSitemapEntries(seeded.db);
    const lastmod = new Map(entries.map((entry) => [entry.path, entry.lastModified]));
    expect(lastmod.get("/blog/where-ai-saves-time")).toBe("2026-11-20T12:00:00.000Z");
    expect(lastmod.get("/blog")).toBe("2026-11-20T12:00:00.000Z");
  });
});
