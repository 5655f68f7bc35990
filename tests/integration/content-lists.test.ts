import { listPublishedPostsPage } from "@server/content/blog/read";
import { listCaseStudiesPage } from "@server/content/case-studies/read";
import { listPublishedPortfolioPage, loadPortfolioCards } from "@server/content/portfolio/read";
import { blogCategories, blogPosts, caseStudies, portfolioItems } from "@server/db/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT_IN_CASE_STUDIES, SAMPLE_CASE_STUDIES } from "~/copy/samples";
import { filterCaseStudies } from "~/entities/case-study/list";
import { composeCaseStudyList, toCaseStudySummary } from "~/entities/case-study/view";
import { LIST_PAGE_SIZE } from "~/lib/listings/query";
import { createTestDatabase, type TestDatabase, testDrivers } from "../support/database";

/**
 * Public lists a page at a time, searched and filtered in SQL (decision 0220): the pages put
 * together are the whole list SPEC describes, in its order.
 */

const DAY = 24 * 60 * 60 * 1000;
const MIDDLE_STUDIES = 26;

describe.each(testDrivers)("public lists by page on %s", (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
    const db = database.db;

    // Case studies: two pinned first, two pinned last, many between, one titled like a built-in
    // (replaced by it); the built-ins are no rows, so they are merged in by date.
    const start = Date.parse("2026-03-01T12:00:00Z");
    await db.insert(caseStudies).values([
      { slug: "first-pin", title: "First Pin", sortPosition: -20, createdAt: new Date(start) },
      { slug: "second-pin", title: "Second Pin", sortPosition: -10, createdAt: new Date(start) },
      { slug: "last-but-one", title: "Last But One", sortPosition: 10, createdAt: new Date(start) },
      { slug: "last-pin", title: "Last Pin", sortPosition: 20, createdAt: new Date(start) },
      { slug: "estate-copy", title: " estate media ", createdAt: new Date(start) },
      { slug: "draft-study", title: "Draft Study", status: "draft", createdAt: new Date(start) },
      ...Array.from({ length: MIDDLE_STUDIES }, (_, i) => ({
        slug: `study-${i}`,
        title: `Study ${i}`,
        description: i === 20 ? "A needle in the list" : null,
        tags: [i % 2 ? "Odd" : "Even"],
        createdAt: new Date(start - i * DAY),
      })),
    ]);

    // Posts: 30 published, 5 of them featured, one findable only by its excerpt.
    const [category] = await db
      .insert(blogCategories)
      .values({ name: "Craft", color: "#ff0000" })
      .returning();
    await db.insert(blogPosts).values(
      Array.from({ length: 30 }, (_, i) => ({
        title: `Post ${String(i).padStart(2, "0")}`,
        slug: `post-${i}`,
        content: "<p>x</p>",
        excerpt: i === 27 ? "Fifty% off_the shelf" : "An excerpt",
        status: "published",
        isFeatured: i % 6 === 1,
        categoryId: i % 3 === 0 ? category?.id : null,
        publishedAt: new Date(start - i * DAY),
      })),
    );

    // Portfolio: 30 items; 'consulting' only on the last page.
    await db.insert(portfolioItems).values(
      Array.from({ length: 30 }, (_, i) => ({
        title: `Item ${i}`,
        serviceType: i === 29 ? "consulting" : "video-production",
        tags: i === 25 ? ["Drone"] : [],
        completionDate: new Date(start - i * DAY).toISOString().slice(0, 10),
      })),
    );
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("pages case studies in display order: pins first and last, built-ins merged across pages", async () => {
    const db = database.db;
    const rows = await db.select().from(caseStudies);
    const published = rows.filter((row) => row.status === "published");
    const expected = composeCaseStudyList(published, BUILT_IN_CASE_STUDIES, SAMPLE_CASE_STUDIES);

    const first = await listCaseStudiesPage(db, { search: "", tag: null, page: 1 });
    expect(first.total).toBe(expected.length);
    expect(first.pageCount).toBe(3);
    const pages = [first];
    for (let page = 2; page <= first.pageCount; page++) {
      pages.push(await listCaseStudiesPage(db, { search: "", tag: null, page }));
    }
    expect(pages.map((p) => p.items.length)).toEqual([12, 12, expected.length - 24]);
    const listed = pages.flatMap((p) => p.items.map((s) => s.slug));
    expect(listed).toEqual(expected.map((s) => s.slug));
    expect(listed.slice(0, 2)).toEqual(["first-pin", "second-pin"]);
    expect(listed.slice(-2)).toEqual(["last-but-one", "last-pin"]);
    // The built-in Estate Media replaced the same-titled row, and falls after page 1.
    expect(listed).not.toContain("estate-copy");
    expect(listed.indexOf("estate-media")).toBeGreaterThanOrEqual(LIST_PAGE_SIZE);
    expect(listed).toContain("first-access-entertainment");
    expect(first.tags).toEqual(expect.arrayContaining(["Even", "Odd"]));

    // A search and a tag are applied before paging, built-ins included.
    const found = await listCaseStudiesPage(db, { search: "NEEDLE", tag: null, page: 1 });
    expect(found.items.map((s) => s.slug)).toEqual(["study-20"]);
    const odd = await listCaseStudiesPage(db, { search: "", tag: "odd", page: 1 });
    const oddExpected = filterCaseStudies(expected.map(toCaseStudySummary), {
      search: "",
      tag: "odd",
    });
    expect(odd.total).toBe(oddExpected.length);
    expect(odd.items.map((s) => s.id)).toEqual(oddExpected.slice(0, 12).map((s) => s.id));
    const builtIn = await listCaseStudiesPage(db, { search: "estate", tag: null, page: 1 });
    expect(builtIn.items.map((s) => s.slug)).toEqual(["estate-media"]);
    // Past the last page: the last page.
    const beyond = await listCaseStudiesPage(db, { search: "", tag: null, page: 99 });
    expect(beyond.page).toBe(3);
  });

  it("leads the first blog page with up to three featured posts, the rest newest first", async () => {
    const db = database.db;
    const query = { search: "", category: null };
    const first = await listPublishedPostsPage(db, { ...query, page: 1 });
    expect(first.total).toBe(30);
    expect(first.pageCount).toBe(3);
    expect(first.featured.map((p) => p.slug)).toEqual(["post-1", "post-7", "post-13"]);
    expect(first.featured.length + first.items.length).toBe(LIST_PAGE_SIZE);
    const second = await listPublishedPostsPage(db, { ...query, page: 2 });
    const third = await listPublishedPostsPage(db, { ...query, page: 3 });
    expect(second.featured).toEqual([]);
    expect(third.featured).toEqual([]);
    const latest = [...first.items, ...second.items, ...third.items].map((p) => p.slug);
    const expected = Array.from({ length: 30 }, (_, i) => `post-${i}`).filter(
      (slug) => !["post-1", "post-7", "post-13"].includes(slug),
    );
    expect(latest).toEqual(expected);
    // The fourth featured post is one of the latest.
    expect(latest).toContain("post-19");
  });

  it("searches and filters posts in SQL, the user's % and _ taken literally", async () => {
    const db = database.db;
    const found = await listPublishedPostsPage(db, { search: "50", category: null, page: 1 });
    expect(found.total).toBe(0);
    const excerpt = await listPublishedPostsPage(db, {
      search: "fifty% off_",
      category: null,
      page: 1,
    });
    expect([...excerpt.featured, ...excerpt.items].map((p) => p.slug)).toEqual(["post-27"]);
    const wildcard = await listPublishedPostsPage(db, { search: "%", category: null, page: 1 });
    expect(wildcard.total).toBe(1);
    const craft = await listPublishedPostsPage(db, { search: "", category: "CRAFT", page: 1 });
    expect(craft.total).toBe(10);
    expect([...craft.featured, ...craft.items].every((p) => p.category?.name === "Craft")).toBe(
      true,
    );
  });

  it("pages the portfolio and lists every published service type in its filter", async () => {
    const db = database.db;
    const cards = await loadPortfolioCards(db, { search: "", type: null, page: 1 });
    if (cards.state !== "ok") throw new Error("portfolio failed");
    expect(cards.items).toHaveLength(LIST_PAGE_SIZE);
    expect(cards.items.some((item) => item.serviceType === "consulting")).toBe(false);
    expect(cards.types.map((t) => t.value)).toEqual(["video-production", "consulting"]);
    const consulting = await listPublishedPortfolioPage(db, {
      search: "",
      type: "consulting",
      page: 1,
    });
    expect(consulting.items.map((item) => item.title)).toEqual(["Item 29"]);
    const byTag = await listPublishedPortfolioPage(db, { search: "dro", type: null, page: 1 });
    expect(byTag.items.map((item) => item.title)).toEqual(["Item 25"]);
    const last = await listPublishedPortfolioPage(db, { search: "", type: null, page: 3 });
    expect(last.items.map((item) => item.title).at(-1)).toBe("Item 29");
  });
});
