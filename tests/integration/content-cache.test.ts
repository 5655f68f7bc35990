import {
  findPublishedPost,
  listPublishedPosts,
  listPublishedPostsPage,
} from "@server/content/blog/read";
import {
  CONTENT_CACHE_TTL_MS,
  cachedRead,
  contentCacheStats,
  invalidateContentCache,
  setContentCacheTtl,
} from "@server/content/cache";
import { listCaseStudiesPage, listPublishedCaseStudies } from "@server/content/case-studies/read";
import { listPublishedPortfolioPage } from "@server/content/portfolio/read";
import { blogPosts, caseStudies } from "@server/db/schema";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testDrivers } from "../support/database";

describe("the content read cache", () => {
  afterEach(() => {
    setContentCacheTtl(CONTENT_CACHE_TTL_MS);
  });

  it("shares one load between concurrent readers and serves it until invalidated", async () => {
    const db = {};
    let loads = 0;
    const load = async () => ++loads;
    const [a, b] = await Promise.all([cachedRead(db, "k", load), cachedRead(db, "k", load)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    expect(await cachedRead(db, "k", load)).toBe(1);
    invalidateContentCache(db);
    expect(await cachedRead(db, "k", load)).toBe(2);
  });

  it("keeps handles apart; invalidating without a handle clears them all", async () => {
    const one = {};
    const two = {};
    let loads = 0;
    const load = async () => ++loads;
    await cachedRead(one, "k", load);
    await cachedRead(two, "k", load);
    expect(loads).toBe(2);
    invalidateContentCache(one);
    await cachedRead(two, "k", load);
    expect(loads).toBe(2);
    invalidateContentCache();
    await cachedRead(one, "k", load);
    await cachedRead(two, "k", load);
    expect(loads).toBe(4);
  });

  it("does not cache failures, and expires entries after the TTL", async () => {
    const db = {};
    let calls = 0;
    const flaky = async () => {
      calls++;
      if (calls === 1) throw new Error("database down");
      return "ok";
    };
    await expect(cachedRead(db, "k", flaky)).rejects.toThrow("database down");
    expect(await cachedRead(db, "k", flaky)).toBe("ok");
    expect(calls).toBe(2);

    setContentCacheTtl(20);
    let loads = 0;
    await cachedRead(db, "ttl", async () => ++loads);
    await new Promise((resolve) => setTimeout(resolve, 40));
    await cachedRead(db, "ttl", async () => ++loads);
    expect(loads).toBe(2);
  });

  it("stays bounded when visitors request many different keys", async () => {
    const db = {};
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

  it("a write shows after invalidateContentCache (what every admin write calls)", async () => {
    const before = await listPublishedCaseStudies(database.db);
    await database.db.insert(caseStudies).values({ slug: "new-study", title: "New Study" });
    // Still cached: the same array, without the new row.
    expect(await listPublishedCaseStudies(database.db)).toBe(before);
    invalidateContentCache(database.db);
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
    invalidateContentCache(database.db);
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
    invalidateContentCache(database.db);
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
