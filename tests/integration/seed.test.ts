import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { Database } from "@server/db/client";
import {
  blogCategories,
  blogPosts,
  blogPostTags,
  blogTags,
  caseStudies,
  portfolioItems,
  teamMembers,
  testimonials,
} from "@server/db/schema";
import { seedDemoContent } from "@server/db/seed";
import { countWords, readTimeMinutes } from "@server/db/seed/content";
import { asc, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAMPLE_TESTIMONIALS } from "~/copy/sample-testimonials";
import {
  BUILT_IN_CASE_STUDIES,
  FALLBACK_CASE_STUDIES,
  FALLBACK_CASE_STUDY_SLUGS,
  findFallbackCaseStudy,
  SAMPLE_CASE_STUDIES,
} from "~/copy/samples";
import { GALLERY_LAYOUTS, PORTFOLIO_SERVICE_TYPES } from "~/lib/values";
import { createTestDatabase, type TestDatabase, testDrivers } from "../support/database";

const publicDir = path.resolve(import.meta.dirname, "../../public");

const ALLOWED_TAGS = new Set([
  "p",
  "br",
  "strong",
  "em",
  "u",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "ul",
  "ol",
  "li",
  "blockquote",
  "a",
  "img",
  "div",
  "span",
]);
const ALLOWED_ATTRIBUTES = new Set(["href", "src", "alt", "title", "target", "class"]);

async function counts(db: Database) {
  const [studies, quotes, items, categories, tags, posts, postTags, team] = await Promise.all([
    db.$count(caseStudies),
    db.$count(testimonials),
    db.$count(portfolioItems),
    db.$count(blogCategories),
    db.$count(blogTags),
    db.$count(blogPosts),
    db.$count(blogPostTags),
    db.$count(teamMembers),
  ]);
  return { studies, quotes, items, categories, tags, posts, postTags, team };
}

/** Every `/media/....svg` string anywhere inside a value. */
function mediaPaths(value: unknown, found = new Set<string>()): Set<string> {
  if (typeof value === "string") {
    if (/^\/media\/.+\.svg$/.test(value)) found.add(value);
  } else if (Array.isArray(value)) {
    for (const item of value) mediaPaths(item, found);
  } else if (value && typeof value === "object" && !(value instanceof Date)) {
    for (const item of Object.values(value)) mediaPaths(item, found);
  }
  return found;
}

describe("built-in samples", () => {
  it("include the two built-in studies and the six fallback clients", () => {
    expect(BUILT_IN_CASE_STUDIES.map((s) => s.slug)).toEqual([
      "estate-media",
      "first-access-entertainment",
    ]);
    expect(FALLBACK_CASE_STUDY_SLUGS).toHaveLength(6);
    for (const slug of FALLBACK_CASE_STUDY_SLUGS) {
      expect(FALLBACK_CASE_STUDIES[slug].id).toBe(slug);
      expect(FALLBACK_CASE_STUDIES[slug].slug).toBe(slug);
      expect(findFallbackCaseStudy(slug)).toBe(FALLBACK_CASE_STUDIES[slug]);
    }
    expect(findFallbackCaseStudy("toString")).toBeUndefined();
    expect(findFallbackCaseStudy("nope")).toBeUndefined();
    for (const study of BUILT_IN_CASE_STUDIES) {
      expect(FALLBACK_CASE_STUDY_SLUGS).toContain(study.slug);
    }
  });

  it("are ordered like the seeded rows and shaped like them", () => {
    expect(SAMPLE_CASE_STUDIES.map((s) => s.slug)).toEqual([
      "low-tide-records",
      "ardent-skincare",
      "estate-media",
      "first-access-entertainment",
      "casa-palmera-hotels",
      "parallax-fitness",
    ]);
    // Compile-time: the samples can stand in for database rows.
    const rows: (typeof caseStudies.$inferSelect)[] = [...SAMPLE_CASE_STUDIES];
    const quotes: (typeof testimonials.$inferSelect)[] = [...SAMPLE_TESTIMONIALS];
    expect(rows).toHaveLength(6);
    expect(quotes.length).toBeGreaterThanOrEqual(3);
    for (const study of SAMPLE_CASE_STUDIES) {
      expect(study.keyMetrics.length).toBeGreaterThanOrEqual(3);
      expect(study.keyMetrics.length).toBeLessThanOrEqual(5);
    }
  });

  it("reference media that exists", () => {
    const paths = mediaPaths([SAMPLE_CASE_STUDIES, SAMPLE_TESTIMONIALS]);
    expect(paths.size).toBeGreaterThan(10);
    for (const url of paths) expect(existsSync(path.join(publicDir, url)), url).toBe(true);
  });

  // Art-directed SVG frames (scripts/generate-media.mjs): light enough to ship as they are.
  it("demo images are SVG frames of at most 32 KB with a viewBox and a size", () => {
    for (const folder of ["case-studies", "gallery", "portfolio", "blog", "team"]) {
      const dir = path.join(publicDir, "media", folder);
      const files = readdirSync(dir).filter((file) => file.endsWith(".svg"));
      expect(files.length, folder).toBeGreaterThan(0);
      for (const file of files) {
        const full = path.join(dir, file);
        expect(statSync(full).size, file).toBeLessThan(32 * 1024);
        const svg = readFileSync(full, "utf8");
        // Explicit dimensions matching the viewBox, so pages can reserve the space (no layout shift).
        const box = svg.match(/viewBox="0 0 (\d+) (\d+)"/);
        expect(box, file).not.toBeNull();
        expect(svg, file).toContain(`width="${box?.[1]}" height="${box?.[2]}"`);
      }
    }
  });
});

describe.each(testDrivers)("demo seed on %s", (driver) => {
  let database: TestDatabase;
  let db: Database;
  let firstRun: { seeded: boolean };

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    db = database.db;
    firstRun = await seedDemoContent(db);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("seeds an empty database", () => {
    expect(firstRun).toEqual({ seeded: true });
  });

  it("seeds the case studies: built-ins, fallbacks, layouts, ordering, a hidden metric", async () => {
    const rows = await db.select().from(caseStudies);
    expect(rows.length).toBeGreaterThanOrEqual(8);
    const slugs = rows.map((row) => row.slug);
    for (const slug of FALLBACK_CASE_STUDY_SLUGS) expect(slugs).toContain(slug);
    expect(slugs).toContain("estate-media");
    expect(slugs).toContain("first-access-entertainment");

    const layouts = new Set(rows.map((row) => row.galleryLayout));
    for (const layout of GALLERY_LAYOUTS) expect(layouts).toContain(layout);
    expect(rows.filter((row) => row.galleryLayout === "music-videos")).toHaveLength(1);
    expect(rows.filter((row) => row.galleryLayout === "curated").length).toBeGreaterThanOrEqual(2);

    expect(rows.filter((row) => row.sortPosition < 0)).toHaveLength(2);
    expect(rows.filter((row) => row.sortPosition > 0)).toHaveLength(2);
    const ordered = await db
      .select({ slug: caseStudies.slug })
      .from(caseStudies)
      .where(eq(caseStudies.status, "published"))
      .orderBy(asc(caseStudies.sortPosition), desc(caseStudies.createdAt));
    expect(ordered.slice(0, 2).map((row) => row.slug)).toEqual([
      "low-tide-records",
      "ardent-skincare",
    ]);
    expect(ordered.slice(-2).map((row) => row.slug)).toEqual([
      "casa-palmera-hotels",
      "parallax-fitness",
    ]);

    const hiding = rows.filter((row) => row.hiddenMetrics.includes("views"));
    expect(hiding).toHaveLength(1);
    expect(hiding[0]?.keyMetrics.map((metric) => metric.name)).toContain("views");

    for (const row of rows) {
      expect(row.keyMetrics.length, row.slug).toBeGreaterThanOrEqual(3);
      expect(row.keyMetrics.length, row.slug).toBeLessThanOrEqual(5);
      expect(row.tags.length, row.slug).toBeGreaterThan(0);
      for (const metric of row.keyMetrics) expect(metric.name).toMatch(/^[a-z][a-z_]*$/);
    }
    // The seeded fallback studies are the built-in samples, field for field.
    for (const sample of SAMPLE_CASE_STUDIES) {
      const { id: _id, ...fields } = sample;
      const row = rows.find((r) => r.slug === sample.slug);
      expect(row).toMatchObject(fields);
    }
  });

  it("seeds six testimonials, including the samples", async () => {
    const rows = await db.select().from(testimonials);
    expect(rows).toHaveLength(6);
    for (const sample of SAMPLE_TESTIMONIALS) {
      expect(rows.map((row) => row.quote)).toContain(sample.quote);
    }
  });

  it("seeds twelve portfolio items over all six service types", async () => {
    const rows = await db.select().from(portfolioItems);
    expect(rows).toHaveLength(12);
    const types = new Set(rows.map((row) => row.serviceType));
    expect([...types].sort()).toEqual([...PORTFOLIO_SERVICE_TYPES].sort());
    for (const row of rows) expect(row.completionDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("seeds the blog: categories, statuses, featured posts, tags and clean bodies", async () => {
    expect(await db.$count(blogCategories)).toBe(4);
    const posts = await db.select().from(blogPosts);
    const published = posts.filter((post) => post.status === "published");
    expect(published).toHaveLength(9);
    expect(published.filter((post) => post.isFeatured)).toHaveLength(3);
    expect(posts.filter((post) => post.status === "draft")).toHaveLength(1);
    expect(posts.filter((post) => post.status === "archived")).toHaveLength(1);

    const links = await db.select().from(blogPostTags);
    expect(await db.$count(blogTags)).toBeGreaterThanOrEqual(8);
    for (const post of posts) {
      expect(post.categoryId, post.slug).not.toBeNull();
      expect(
        links.some((link) => link.postId === post.id),
        post.slug,
      ).toBe(true);
      expect(post.readTime).toBe(readTimeMinutes(post.content));
      for (const match of post.content.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9]*)\b([^>]*)>/g)) {
        expect(ALLOWED_TAGS, `${post.slug}: <${match[1]}>`).toContain(match[1]?.toLowerCase());
        for (const attribute of (match[2] ?? "").matchAll(/([a-zA-Z-]+)\s*=/g)) {
          expect(ALLOWED_ATTRIBUTES, post.slug).toContain(attribute[1]?.toLowerCase());
        }
      }
    }
    for (const post of published) {
      const words = countWords(post.content);
      expect(words, post.slug).toBeGreaterThanOrEqual(300);
      expect(words, post.slug).toBeLessThanOrEqual(600);
      expect(post.publishedAt?.getTime(), post.slug).toBeLessThan(Date.UTC(2026, 10, 1));
    }
  });

  it("seeds six team members, one inactive", async () => {
    const rows = await db.select().from(teamMembers);
    expect(rows).toHaveLength(6);
    expect(rows.filter((row) => !row.isActive)).toHaveLength(1);
    expect(new Set(rows.map((row) => row.displayOrder)).size).toBe(6);
  });

  it("references only media files that exist", async () => {
    const rows = await Promise.all([
      db.select().from(caseStudies),
      db.select().from(portfolioItems),
      db.select().from(blogPosts),
      db.select().from(teamMembers),
    ]);
    const paths = mediaPaths(rows);
    expect(paths.size).toBeGreaterThan(50);
    for (const url of paths) expect(existsSync(path.join(publicDir, url)), url).toBe(true);
  });

  it("is idempotent: seeding again changes nothing", async () => {
    const before = await counts(db);
    expect(await seedDemoContent(db)).toEqual({ seeded: false });
    expect(await counts(db)).toEqual(before);
  });

  it("seeds once when several instances start at the same time", async () => {
    const other = await createTestDatabase(driver);
    try {
      const results = await Promise.all([
        seedDemoContent(other.db),
        seedDemoContent(other.db),
        seedDemoContent(other.db),
      ]);
      expect(results.filter((result) => result.seeded)).toHaveLength(1);
      expect(await counts(other.db)).toEqual(await counts(db));
    } finally {
      await other.destroy();
    }
  });

  it("leaves a database with any content alone", async () => {
    const other = await createTestDatabase(driver);
    try {
      await other.db.insert(testimonials).values({ quote: "Great work.", author: "A client" });
      expect(await seedDemoContent(other.db)).toEqual({ seeded: false });
      expect(await counts(other.db)).toEqual({
        studies: 0,
        quotes: 1,
        items: 0,
        categories: 0,
        tags: 0,
        posts: 0,
        postTags: 0,
        team: 0,
      });
    } finally {
      await other.destroy();
    }
  });
});
