import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_SLUG_LENGTH, SLUG_PATTERN, slugify } from "~/lib/slug";

/** The one slug rule (app/lib/slug.ts), for blog posts and case studies alike (decision 0190). */

describe("slugify", () => {
  it("reads '&' as 'and' (the built-in 'Harbor & Pine' is harbor-and-pine)", () => {
    expect(slugify("Harbor & Pine")).toBe("harbor-and-pine");
    expect(slugify("Colour & Light, in 2025!")).toBe("colour-and-light-in-2025");
    expect(slugify("R&D")).toBe("r-and-d");
    expect(slugify("&")).toBe("and");
  });

  it("folds accents, lowercases, and makes one hyphen of every other run", () => {
    expect(slugify("Café & Co. — Spring '26!")).toBe("cafe-and-co-spring-26");
    expect(slugify("Crème brûlée — à la carte")).toBe("creme-brulee-a-la-carte");
    expect(slugify("  Harbor   and Pine ")).toBe("harbor-and-pine");
    expect(slugify("--Hello__World--")).toBe("hello-world");
  });

  it("gives nothing for a title without ASCII letters or digits", () => {
    expect(slugify("日本")).toBe("");
    expect(slugify("!!!")).toBe("");
    expect(slugify("")).toBe("");
  });

  it("cuts at 80 characters without leaving a trailing hyphen", () => {
    const slug = slugify(`${"a".repeat(79)} b`);
    expect(slug).toBe("a".repeat(79));
    expect(slugify("word ".repeat(40)).length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
  });

  it("always gives a valid slug of at most 80 characters, or nothing (property)", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (title) => {
        const slug = slugify(title);
        expect(slug.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
        if (slug !== "") expect(slug).toMatch(SLUG_PATTERN);
      }),
    );
  });
});
