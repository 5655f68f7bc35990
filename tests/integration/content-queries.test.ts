import {
  findPublishedPost,
  listActiveCategories,
  listPublishedPosts,
} from "@server/content/blog/read";
import {
  findPublishedCaseStudy,
  listPublishedCaseStudies,
} from "@server/content/case-studies/read";
import { listPublishedPortfolioItems } from "@server/content/portfolio/read";
import { listActiveTeamMembers } from "@server/content/team/read";
import { listPublishedTestimonials } from "@server/content/testimonials/read";
import {
  blogPosts,
  caseStudies,
  portfolioItems,
  teamMembers,
  testimonials,
} from "@server/db/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testDrivers } from "../support/database";

describe.each(testDrivers)("public content queries on %s", (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(driver, { template: "demo" });
    // Rows that must never show publicly.
    await database.db
      .insert(testimonials)
      .values({ quote: "hidden", author: "Draft", status: "draft" });
    await database.db
      .insert(blogPosts)
      .values({ title: "Secret", slug: "secret-draft", status: "draft", content: "<p>x</p>" });
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("lists published testimonials newest first, optionally featured only", async () => {
    const all = await listPublishedTestimonials(database.db);
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((t) => t.status === "published")).toBe(true);
    expect(all.some((t) => t.author === "Draft")).toBe(false);
    const times = all.map((t) => t.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const featured = await listPublishedTestimonials(database.db, { featuredOnly: true });
    expect(featured.length).toBeGreaterThan(0);
    expect(featured.every((t) => t.isFeatured)).toBe(true);
  });

  it("orders case studies by sort position, pinned first and last", async () => {
    const studies = await listPublishedCaseStudies(database.db);
    const positions = studies.map((s) => s.sortPosition);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(studies[0]?.sortPosition).toBeLessThan(0);
    expect(studies.at(-1)?.sortPosition).toBeGreaterThan(0);
    expect(studies.every((s) => s.status === "published")).toBe(true);
  });

  it("finds a published case study by slug or id, not a draft", async () => {
    const bySlug = await findPublishedCaseStudy(database.db, "estate-media");
    expect(bySlug?.title).toBe("Estate Media");
    const byId = await findPublishedCaseStudy(database.db, bySlug?.id ?? "");
    expect(byId?.slug).toBe("estate-media");
    const [draft] = await database.db
      .insert(caseStudies)
      .values({ slug: "draft-study", title: "Draft study", status: "draft" })
      .returning();
    expect(await findPublishedCaseStudy(database.db, "draft-study")).toBeNull();
    expect(await findPublishedCaseStudy(database.db, draft?.id ?? "")).toBeNull();
    expect(await findPublishedCaseStudy(database.db, "no-such-study")).toBeNull();
  });

  it("filters portfolio items by service type, newest completion first, limited", async () => {
    const video = await listPublishedPortfolioItems(database.db, {
      serviceType: "video-production",
      limit: 6,
    });
    expect(video.length).toBeGreaterThan(0);
    expect(video.length).toBeLessThanOrEqual(6);
    expect(video.every((p) => p.serviceType === "video-production")).toBe(true);
    const all = await listPublishedPortfolioItems(database.db);
    const dates = all.map((p) => p.completionDate ?? "");
    expect(dates).toEqual([...dates].sort().reverse());
    expect(await listPublishedPortfolioItems(database.db, { limit: 3 })).toHaveLength(3);
  });

  it("lists published posts with category and tags, newest first, and finds one by slug", async () => {
    const posts = await listPublishedPosts(database.db);
    expect(posts).toHaveLength(9);
    const times = posts.map((p) => p.publishedAt?.getTime() ?? 0);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(posts.every((p) => p.category && p.tags.length > 0)).toBe(true);
    expect(await listPublishedPosts(database.db, { featuredOnly: true })).toHaveLength(3);
    const first = await findPublishedPost(database.db, posts[0]?.slug ?? "");
    expect(first?.title).toBe(posts[0]?.title);
    expect(first?.tags.length).toBeGreaterThan(0);
    expect(await findPublishedPost(database.db, "secret-draft")).toBeNull();
  });

  it("lists active categories by name and active team members in display order", async () => {
    const categories = await listActiveCategories(database.db);
    expect(categories.map((c) => c.name)).toEqual([...categories.map((c) => c.name)].sort());
    const team = await listActiveTeamMembers(database.db);
    expect(team).toHaveLength(5);
    const order = team.map((m) => m.displayOrder);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  // Rows that tie on every sort key come in one order on every read, every instance and every
  // page: the id settles the tie. Two slots of three tied rows, each inserted out of id order
  // (and differently), so that no scan or sort can pass by accident without the tiebreaker.
  it("orders rows that tie on every sort key by id", async () => {
    const id = (slot: number, n: number) => `0000000${slot}-0000-4000-8000-00000000000${n}`;
    const INSERTED = [
      [5, 1, 9],
      [9, 5, 1],
    ];
    // Slot 0 sorts before slot 1.
    const tiedRows = <T>(row: (id: string, slot: number) => T): T[] =>
      INSERTED.flatMap((ns, slot) => ns.map((n) => row(id(slot, n), slot)));
    const day = (slot: number) => new Date(Date.UTC(2030, 0, 2 - slot));
    const { db } = database;
    await db
      .insert(testimonials)
      .values(tiedRows((id, slot) => ({ id, quote: "Tie", author: id, createdAt: day(slot) })));
    await db.insert(caseStudies).values(
      tiedRows((id, slot) => ({
        id,
        slug: `tie-${id}`,
        title: "Tie",
        sortPosition: slot - 1001,
      })),
    );
    await db.insert(blogPosts).values(
      tiedRows((id, slot) => ({
        id,
        title: "Tie",
        slug: `tie-${id}`,
        content: "<p>x</p>",
        status: "published",
        publishedAt: day(slot),
      })),
    );
    await db
      .insert(teamMembers)
      .values(
        tiedRows((id, slot) => ({ id, name: "Tie", role: "Tie", displayOrder: slot - 1001 })),
      );
    await db.insert(portfolioItems).values(
      tiedRows((id, slot) => ({
        id,
        title: "Tie",
        serviceType: "video-production",
        completionDate: day(slot).toISOString().slice(0, 10),
        createdAt: day(0),
      })),
    );
    database.caches.content.clear();
    const firstSix = (rows: { id: string }[]) => rows.slice(0, 6).map((row) => row.id);
    const lowestIdFirst = [0, 1].flatMap((slot) => [1, 5, 9].map((n) => id(slot, n)));
    // Testimonials settle ties highest id first, like the back-office list; the others lowest first.
    const highestIdFirst = [0, 1].flatMap((slot) => [9, 5, 1].map((n) => id(slot, n)));
    expect(firstSix(await listPublishedTestimonials(db))).toEqual(highestIdFirst);
    expect(firstSix(await listPublishedCaseStudies(db))).toEqual(lowestIdFirst);
    expect(firstSix(await listPublishedPosts(db))).toEqual(lowestIdFirst);
    expect(firstSix(await listActiveTeamMembers(db))).toEqual(lowestIdFirst);
    expect(firstSix(await listPublishedPortfolioItems(db))).toEqual(lowestIdFirst);
  });
});
