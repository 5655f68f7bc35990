import { type ContentChange, createRuntimeCaches } from "@server/caches";
import {
  findPublishedPost,
  listPublishedPosts,
  listPublishedPostsPage,
} from "@server/content/blog/read";
import { cachedRead, contentCacheStats } from "@server/content/cache";
import { listCaseStudiesPage, listPublishedCaseStudies } from "@server/content/case-studies/read";
import { contentChanged } from "@server/content/changes";
import { listPublishedPortfolioPage } from "@server/content/portfolio/read";
import { blogPosts, caseStudies } from "@server/db/schema";
import { ReadCache } from "@server/kit/cache";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testDrivers } from "../support/database";

const edit: ContentChange = { entity: "team", id: "t1", action: "updated" };

describe("the content read cache", () => {
  it("shares one load between concurrent readers and serves it until a change", async () => {
    const db = {};
    createRuntimeCaches(db);
    let loads = 0;
    const load = async () => ++loads;
    const [a, b] = await Promise.all([cachedRead(db, "k", load), cachedRead(db, "k", load)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    expect(await cachedRead(db, "k", load)).toBe(1);
    await contentChanged(db, edit);
    expect(await cachedRead(db, "k", load)).toBe(2);
  });

  it("keeps runtimes apart: a change drops its own runtime's caches only", async () => {
    const one = {};
    const two = {};
    createRuntimeCaches(one);
    createRuntimeCaches(two);
    let loads = 0;
    const load = async () => ++loads;
    await cachedRead(one, "k", load);
    await cachedRead(two, "k", load);
    expect(loads).toBe(2);
    await contentChanged(one, edit);
    await cachedRead(two, "k", load);
    expect(loads).toBe(2);
    await cachedRead(one, "k", load);
    expect(loads).toBe(3);
  });

  it("reads uncached on a handle of no runtime", async () => {
    const db = {};
    let loads = 0;
    await cachedRead(db, "k", async () => ++loads);
    await cachedRead(db, "k", async () => ++loads);
    expect(loads).toBe(2);
    expect(contentCacheStats(db)).toEqual({ hits: 0, misses: 0, entries: 0 });
  });

  it("drops what each change concerns, all three on a missed change, and tells the listeners", async () => {
    const db = {};
    const caches = createRuntimeCaches(db);
    const seen: ContentChange[] = [];
    caches.onChanged((change) => {
      seen.push(change);
    });
    const fill = async () => {
      await caches.content.read("k", async () => 1);
      await caches.dashboard.read("2026-12-02", async () => 1);
    };
    const dropped = (() => {
      let pages = caches.pages.stats().invalidations;
      return () => {
        const now = caches.pages.stats().invalidations;
        const result = {
          content: caches.content.stats().entries === 0,
          dashboard: caches.dashboard.stats().entries === 0,
          pages: now > pages,
        };
        pages = now;
        return result;
      };
    })();
    await fill();
    await contentChanged(db, { entity: "pipeline", id: "i1", action: "activity" });
    expect(dropped()).toEqual({ content: false, dashboard: true, pages: false });
    await fill();
    await contentChanged(db, edit);
    expect(dropped()).toEqual({ content: true, dashboard: false, pages: true });
    await fill();
    await contentChanged(db, { entity: "all", id: null, action: "missed" });
    expect(dropped()).toEqual({ content: true, dashboard: true, pages: true });
    expect(seen.map((change) => change.entity)).toEqual(["pipeline", edit.entity, "all"]);
    // Closed with its runtime: no listener is left behind.
    caches.close();
    await contentChanged(db, edit);
    expect(seen).toHaveLength(3);
  });

  it("does not cache failures, and expires entries after the TTL", async () => {
    const cache = new ReadCache({ ttlMs: 20, maxEntries: 500 });
    let calls = 0;
    const flaky = async () => {
      calls++;
      if (calls === 1) throw new Error("database down");
      return "ok";
    };
    await expect(cache.read("k", flaky)).rejects.toThrow("database down");
    expect(await cache.read("k", flaky)).toBe("ok");
    expect(calls).toBe(2);

    let loads = 0;
    await cache.read("ttl", async () => ++loads);
    await new Promise((resolve) => setTimeout(resolve, 40));
    await cache.read("ttl", async () => ++loads);
    expect(loads).toBe(2);
  });

  it("stays bounded when visitors request many different keys", async () => {
    const db = {};
    createRuntimeCaches(db);
    let loads = 0;
    for (let i = 0; i < 1200; i++) await cachedRead(db, `post:${i}`, async () => ++loads);
    // The most recent keys are still cached; the oldest were dropped.
    await cachedRead(db, "post:1199", async () => ++loads);
    expect(loads).toBe(1200);
    await cachedRead(db, "post:0", async () => ++loads);
    expect(loads).toBe(1201);
  });
});

describe.each(testDrivers)("cached content queries on %s", (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(driver, { template: "demo" });
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("a write shows after contentChanged (what every admin write calls)", async () => {
    const before = await listPublishedCaseStudies(database.db);
    await database.db.insert(caseStudies).values({ slug: "new-study", title: "New Study" });
    // Still cached: the same array, without the new row.
    expect(await listPublishedCaseStudies(database.db)).toBe(before);
    await contentChanged(database.db, { entity: "case-studies", id: "new", action: "created" });
    const after = await listPublishedCaseStudies(database.db);
    expect(after.map((s) => s.slug)).toContain("new-study");
    expect(after).toHaveLength(before.length + 1);
  });

  it("caches single posts by slug, including misses, until invalidated", async () => {
    expect(await findPublishedPost(database.db, "fresh-post")).toBeNull();
    await database.db.insert(blogPosts).values({
      title: "Fresh",
      slug: "fresh-post",
      status: "published",
      publishedAt: new Date(),
      content: "<p>x</p>",
    });
    expect(await findPublishedPost(database.db, "fresh-post")).toBeNull();
    database.caches.content.clear();
    expect((await findPublishedPost(database.db, "fresh-post"))?.title).toBe("Fresh");
    expect((await listPublishedPosts(database.db))[0]?.slug).toBe("fresh-post");
  });

  it("keeps the lists' pages but never a search, so searches cannot push real pages out", async () => {
    const lists = (search: string) =>
      Promise.all([
        listPublishedPostsPage(database.db, { search, category: null, page: 1 }),
        listCaseStudiesPage(database.db, { search, tag: null, page: 1 }),
        listPublishedPortfolioPage(database.db, { search, type: null, page: 1 }),
      ]);
    database.caches.content.clear();
    await lists("");
    const kept = contentCacheStats(database.db).entries;
    expect(kept).toBeGreaterThanOrEqual(3);
    for (let i = 0; i < 20; i++) await lists(`made-up search ${i}`);
    // Nothing kept beside the real pages, and a search is read each time: a post published since
    // the same search was asked shows without any invalidation.
    const before = contentCacheStats(database.db);
    expect(before.entries).toBe(kept);
    await database.db.insert(blogPosts).values({
      title: "made-up search 0 answered",
      slug: "made-up-search-0",
      status: "published",
      publishedAt: new Date(),
      content: "<p>x</p>",
    });
    const [posts] = await lists("made-up search 0");
    expect(posts.items.map((post) => post.slug)).toEqual(["made-up-search-0"]);
    const after = contentCacheStats(database.db);
    expect(after.entries).toBe(kept);
    expect(after.hits).toBe(before.hits);
    // The real pages are still answered from memory.
    await lists("");
    expect(contentCacheStats(database.db).hits).toBe(after.hits + 3);
  });
});
