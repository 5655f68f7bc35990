import { testimonials } from "@server/db/schema";
import {
  activeTeam,
  caseStudiesForGrid,
  portfolioShowcase,
  testimonialsForGrid,
} from "@server/route-kit/public-content";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAMPLE_TESTIMONIALS } from "~/copy/sample-testimonials";
import { SAMPLE_CASE_STUDIES } from "~/copy/samples";
import { createTestDatabase, type TestDatabase, testDrivers } from "../support/database";

describe.each(testDrivers)("marketing pages' content on %s", (driver) => {
  let empty: TestDatabase;
  let seeded: TestDatabase;
  beforeAll(async () => {
    [empty, seeded] = await Promise.all([
      createTestDatabase(driver),
      createTestDatabase(driver, { template: "demo" }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([empty?.destroy(), seeded?.destroy()]);
  });

  it("shows the built-in samples when the database has no testimonials or case studies", async () => {
    const quotes = await testimonialsForGrid(empty.db, 6);
    expect(quotes.map((t) => t.author)).toEqual(
      SAMPLE_TESTIMONIALS.slice(0, 3).map((t) => t.author),
    );
    const studies = await caseStudiesForGrid(empty.db, 6);
    expect(studies.map((s) => s.path)).toEqual(SAMPLE_CASE_STUDIES.slice(0, 6).map((s) => s.slug));
    expect(studies[0]?.metrics).toHaveLength(3);
  });

  it("prefers the database's featured rows, in whole rows of three", async () => {
    const quotes = await testimonialsForGrid(seeded.db, 6);
    expect(quotes.length % 3).toBe(0);
    expect(quotes.length).toBeGreaterThan(0);
    expect(SAMPLE_TESTIMONIALS.map((t) => t.id)).not.toContain(quotes[0]?.id);
    const studies = await caseStudiesForGrid(seeded.db, 6);
    expect(studies.length).toBeGreaterThan(0);
    expect(studies.length).toBeLessThanOrEqual(6);
  });

  it("falls back to any published testimonial when none is featured", async () => {
    const single = await createTestDatabase(driver);
    try {
      await single.db
        .insert(testimonials)
        .values({ quote: "Great crew.", author: "Sam Lee", isFeatured: false });
      const quotes = await testimonialsForGrid(single.db, 6);
      expect(quotes.map((t) => t.author)).toEqual(["Sam Lee"]);
    } finally {
      await single.destroy();
    }
  });

  it("builds service showcases from the portfolio: one type, featured only when asked, at most 6", async () => {
    const video = await portfolioShowcase(seeded.db, {
      serviceType: "video-production",
      featuredOnly: false,
      limit: 6,
    });
    expect(video.map((i) => i.title).sort()).toEqual(["Made on Figueroa", "Slow Fire :30"]);
    const social = await portfolioShowcase(seeded.db, {
      serviceType: "social-content",
      featuredOnly: true,
      limit: 6,
    });
    expect(social.map((i) => i.title)).toEqual(["Origin Fridays"]);
    expect(social[0]?.serviceLabel).toBe("Social Content");
    const capped = await portfolioShowcase(seeded.db, {
      serviceType: "ads-media-buying",
      featuredOnly: false,
      limit: 1,
    });
    expect(capped).toHaveLength(1);
  });

  it("lists the active team in display order", async () => {
    const team = await activeTeam(seeded.db);
    expect(team.map((m) => m.name)).toEqual([
      "Maya Okafor",
      "Theo Lindqvist",
      "Priya Raman",
      "Marcus Bell",
      "Sofia Marchetti",
    ]);
  });
});
