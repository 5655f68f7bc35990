import { format } from "date-fns";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CASE_STUDIES_COPY } from "~/copy/content-pages";
import {
  BUILT_IN_CASE_STUDIES,
  DEMO_REEL_URL,
  FALLBACK_CASE_STUDIES,
  findFallbackCaseStudy,
  SAMPLE_CASE_STUDIES,
  type SampleCaseStudy,
} from "~/copy/samples";
import { galleryItems } from "~/entities/case-study/gallery";
import { filterCaseStudies } from "~/entities/case-study/list";
import {
  type CaseStudyRecord,
  caseStudyTags,
  composeCaseStudyList,
  metricLabel,
  orderCaseStudies,
  toCaseStudyDetail,
  toCaseStudySummary,
  visibleMetrics,
} from "~/entities/case-study/view";
import { serviceTypeOptions } from "~/entities/portfolio-item/view";
import { formatDay, formatPayRange, readTimeLabel, safeColor } from "~/lib/listings/format";
import { listQuery, matchesSearch, readFilter, readSearch } from "~/lib/listings/query";
import { retryDelay, withRetry } from "~/lib/listings/retry";
import { nextVideoState, type VideoEvent, type VideoState } from "~/lib/listings/video-state";
import { wrapIndex } from "~/lib/wrap-index";

function study(overrides: Partial<CaseStudyRecord> & { title: string }): CaseStudyRecord {
  return {
    id: overrides.title.toLowerCase().replaceAll(" ", "-"),
    slug: overrides.title.toLowerCase().replaceAll(" ", "-"),
    subtitle: null,
    description: null,
    content: null,
    tags: [],
    imageUrl: null,
    videoUrl: null,
    clientName: null,
    serviceType: null,
    projectDuration: null,
    keyMetrics: [],
    mediaGallery: [],
    budgetRange: null,
    sortPosition: 0,
    galleryLayout: "grid",
    hiddenMetrics: [],
    createdAt: new Date("2026-01-01T00:00:00Z"),
    ...overrides,
  };
}

describe("case-study list composition and ordering (SPEC section 4)", () => {
  it("orders by sort position, then newest first", () => {
    const list = orderCaseStudies([
      study({ title: "Mid old", createdAt: new Date("2025-01-01") }),
      study({ title: "Last", sortPosition: 10 }),
      study({ title: "First", sortPosition: -10 }),
      study({ title: "Mid new", createdAt: new Date("2026-06-01") }),
    ]);
    expect(list.map((s) => s.title)).toEqual(["First", "Mid new", "Mid old", "Last"]);
  });

  it("always includes the built-in studies, replacing same-titled rows", () => {
    const rows = [
      study({ title: "ESTATE MEDIA ", description: "an admin's copy" }),
      study({ title: "Other", sortPosition: -1 }),
    ];
    const list = composeCaseStudyList(rows, BUILT_IN_CASE_STUDIES, SAMPLE_CASE_STUDIES);
    expect(list.map((s) => s.title)).toEqual([
      "Other",
      "Estate Media",
      "First Access Entertainment",
    ]);
    expect(list.find((s) => s.title === "Estate Media")).toBe(BUILT_IN_CASE_STUDIES[0]);
    expect(list.filter((s) => /estate media/i.test(s.title))).toHaveLength(1);
  });

  it("lets a published row with a built-in's slug take the built-in's place", () => {
    const edited = study({
      title: "Estate Media, re-cut",
      slug: "estate-media",
      sortPosition: -50,
      description: "the admin's edit",
    });
    const rows = [edited, study({ title: "estate media" }), study({ title: "Other" })];
    const list = composeCaseStudyList(rows, BUILT_IN_CASE_STUDIES, SAMPLE_CASE_STUDIES);
    // Its own sort position applies; the same-titled row still gives way.
    expect(list.map((s) => s.title)).toEqual([
      "Estate Media, re-cut",
      "First Access Entertainment",
      "Other",
    ]);
    expect(list[0]).toBe(edited);
  });

  it("shows the six built-in samples when the database returns none", () => {
    const list = composeCaseStudyList([], BUILT_IN_CASE_STUDIES, SAMPLE_CASE_STUDIES);
    expect(list).toHaveLength(6);
    expect(list.map((s) => s.slug)).toEqual(SAMPLE_CASE_STUDIES.map((s) => s.slug));
    // Two named studies first, two last (their sort positions).
    expect(list.slice(0, 2).map((s) => s.slug)).toEqual(["low-tide-records", "ardent-skincare"]);
    expect(list.slice(-2).map((s) => s.slug)).toEqual(["casa-palmera-hotels", "parallax-fitness"]);
  });

  it("never duplicates a title and always keeps the built-ins (property)", () => {
    const titles = fc.constantFrom(
      "Estate Media",
      "estate media",
      "First Access Entertainment",
      "Alpha",
      "Beta",
      "Gamma",
    );
    const rows = fc.array(
      fc.record({ title: titles, sortPosition: fc.integer({ min: -30, max: 30 }) }),
      { maxLength: 8 },
    );
    fc.assert(
      fc.property(rows, (input) => {
        const list = composeCaseStudyList(
          input.map((row) => study(row)),
          BUILT_IN_CASE_STUDIES,
          SAMPLE_CASE_STUDIES,
        );
        for (const builtIn of BUILT_IN_CASE_STUDIES) {
          // The built-in, or the first published row holding its slug (the admin's edit of it).
          const own = input.map((row) => study(row)).find((row) => row.slug === builtIn.slug);
          const present = list.filter((s) => s.slug === builtIn.slug);
          expect(present).toHaveLength(1);
          expect(present[0]?.title).toBe(own?.title ?? builtIn.title);
        }
        const builtInTitles = list.filter((s) =>
          BUILT_IN_CASE_STUDIES.some((b) => b.title.toLowerCase() === s.title.toLowerCase()),
        );
        expect(builtInTitles).toHaveLength(BUILT_IN_CASE_STUDIES.length);
        const positions = list.map((s) => s.sortPosition);
        expect(positions).toEqual([...positions].sort((a, b) => a - b));
      }),
    );
  });

  it("finds the six fixed fallback ids, and nothing else", () => {
    expect(Object.keys(FALLBACK_CASE_STUDIES)).toHaveLength(6);
    expect(findFallbackCaseStudy("estate-media")?.title).toBe("Estate Media");
    expect(findFallbackCaseStudy("low-tide-records")?.galleryLayout).toBe("music-videos");
    expect(findFallbackCaseStudy("no-such-study")).toBeUndefined();
    expect(findFallbackCaseStudy("__proto__")).toBeUndefined();
    expect(findFallbackCaseStudy("toString")).toBeUndefined();
  });
});

describe("case-study search and tag filter (SPEC section 5)", () => {
  const summaries = SAMPLE_CASE_STUDIES.map(toCaseStudySummary);

  it("searches title, subtitle and description case-insensitively", () => {
    expect(filterCaseStudies(summaries, { search: "ESTATE", tag: null }).map((s) => s.id)).toEqual([
      "estate-media",
    ]);
    // Subtitle only: "Fourteen music videos, one visual language…"
    expect(filterCaseStudies(summaries, { search: "visual language", tag: null })).toHaveLength(1);
    // Description only: "…640 ad creatives tested in a year…"
    expect(filterCaseStudies(summaries, { search: "640 AD", tag: null })[0]?.id).toBe(
      "ardent-skincare",
    );
    // Not the client name or tags.
    expect(filterCaseStudies(summaries, { search: "Real Estate", tag: null })).toEqual([]);
    expect(filterCaseStudies(summaries, { search: "  ", tag: null })).toHaveLength(6);
  });

  it("filters by tag, 'all' meaning none, and combines with search", () => {
    expect(readFilter(new URLSearchParams("tag=all"), "tag")).toBeNull();
    const videos = filterCaseStudies(summaries, { search: "", tag: "video production" });
    expect(videos.map((s) => s.id).sort()).toEqual(["estate-media", "low-tide-records"]);
    expect(filterCaseStudies(summaries, { search: "tour", tag: "Video Production" })).toEqual([]);
    expect(caseStudyTags(summaries)).toContain("Music Videos");
    const tags = caseStudyTags(summaries);
    expect(tags).toEqual([...tags].sort((a, b) => a.localeCompare(b)));
    expect(new Set(tags.map((t) => t.toLowerCase())).size).toBe(tags.length);
  });

  it("search results are always a subset that matches (property)", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 6 }), (search) => {
        const result = filterCaseStudies(summaries, { search, tag: null });
        for (const s of result) {
          expect(matchesSearch(search, [s.title, s.subtitle, s.description])).toBe(true);
        }
        const lower = filterCaseStudies(summaries, { search: search.toLowerCase(), tag: null });
        const upper = filterCaseStudies(summaries, { search: search.toUpperCase(), tag: null });
        if (search.toLowerCase().toUpperCase() === search.toUpperCase()) {
          expect(lower.map((s) => s.id)).toEqual(upper.map((s) => s.id));
        }
      }),
    );
  });
});

describe("case-study metrics and gallery", () => {
  const fae = FALLBACK_CASE_STUDIES["first-access-entertainment"] as SampleCaseStudy;

  it("hides the hidden metrics and shows the first three visible on cards", () => {
    expect(visibleMetrics(fae).map((m) => m.name)).toEqual([
      "ticket_revenue",
      "roas",
      "sold_out_dates",
    ]);
    // Every card (home's featured grid, /case-studies) is made by toCaseStudySummary.
    expect(toCaseStudySummary(fae).metrics.map((m) => metricLabel(m.name))).toEqual([
      "ticket revenue",
      "roas",
      "sold out dates",
    ]);
    const estate = toCaseStudySummary(FALLBACK_CASE_STUDIES["estate-media"]);
    expect(estate.metrics.map((m) => m.name)).toEqual([
      "total_views",
      "listing_inquiries",
      "days_on_market",
    ]);
    expect(metricLabel("total_views")).toBe("total views");
    expect(metricLabel("cost_per_acquisition")).toBe("cost per acquisition");
  });

  it("maps a study to its detail page with paragraphs, layout and a gallery fallback", () => {
    const detail = toCaseStudyDetail(FALLBACK_CASE_STUDIES["low-tide-records"]);
    expect(detail.galleryLayout).toBe("music-videos");
    expect(detail.paragraphs).toHaveLength(4);
    expect(detail.metrics).toHaveLength(4);
    const bare = toCaseStudyDetail(
      study({ title: "Bare", imageUrl: "/media/x.svg", galleryLayout: "weird" }),
    );
    expect(bare.galleryLayout).toBe("grid");
    expect(galleryItems(bare)).toEqual([{ type: "image", url: "/media/x.svg", title: "Bare" }]);
    expect(galleryItems({ ...bare, imageUrl: null })).toEqual([]);
  });
});

describe("portfolio search and service-type filter", () => {
  const items = [
    {
      title: "Slow Fire :30",
      description: "A launch spot",
      clientName: "Campo Alto",
      tags: ["Commercial"],
      serviceType: "video-production",
    },
    {
      title: "Booking Site",
      description: null,
      clientName: "Casa Palmera",
      tags: ["React"],
      serviceType: "web-app-development",
    },
    {
      title: "Audit",
      description: "Operations",
      clientName: null,
      tags: [],
      serviceType: "consulting",
    },
  ];

  it("builds the filter from the distinct types, in the studio's order, labelled", () => {
    expect(serviceTypeOptions([...items, ...items])).toEqual([
      { value: "video-production", label: "Video Production" },
      { value: "web-app-development", label: "Web & App Development" },
      { value: "consulting", label: "Consulting" },
    ]);
  });
});

describe("formatting and URL query", () => {
  it("states a pay range per year in whole dollars, per hour with cents when it has them", () => {
    const range = { currency: "USD", unit: "YEAR" } as const;
    expect(formatPayRange({ ...range, min: 75_000, max: 95_000 })).toBe("$75,000–$95,000 a year");
    expect(formatPayRange({ ...range, unit: "HOUR", min: 28.5, max: 34 })).toBe(
      "$28.50–$34.00 an hour",
    );
    expect(formatPayRange({ ...range, unit: "HOUR", min: 30, max: 40 })).toBe("$30–$40 an hour");
  });

  it("formats dates with the SPEC patterns in the studio's time zone", () => {
    expect(formatDay("2026-10-21T16:00:00Z", "MMM d, yyyy")).toBe("Oct 21, 2026");
    expect(formatDay("2026-10-21T16:00:00Z", "MMMM d, yyyy")).toBe("October 21, 2026");
    // 03:00 UTC on the 1st is still the previous evening in Los Angeles.
    expect(formatDay(new Date("2026-03-01T03:00:00Z"), "MMM d, yyyy")).toBe("Feb 28, 2026");
    // A calendar day has no time zone.
    expect(formatDay("2026-05-01", "MMM d, yyyy")).toBe("May 1, 2026");
    expect(readTimeLabel(4)).toBe("4 min read");
    // Same output as date-fns' format for any calendar day (the SPEC's patterns are date-fns').
    fc.assert(
      fc.property(
        fc.date({ min: new Date("1990-01-01"), max: new Date("2100-12-31"), noInvalidDate: true }),
        (date) => {
          const day = date.toISOString().slice(0, 10);
          const [y, m, d] = day.split("-").map(Number) as [number, number, number];
          const local = new Date(y, m - 1, d);
          expect(formatDay(day, "MMM d, yyyy")).toBe(format(local, "MMM d, yyyy"));
          expect(formatDay(day, "MMMM d, yyyy")).toBe(format(local, "MMMM d, yyyy"));
        },
      ),
    );
    expect(safeColor("#38bdf8")).toBe("#38bdf8");
    expect(safeColor("red;background:url(x)")).toBe("#ff5a1f");
  });

  it("keeps the reel URL of the case-studies page in step with the samples", () => {
    expect(CASE_STUDIES_COPY.reelUrl).toBe(DEMO_REEL_URL);
  });

  it("reads and writes list queries", () => {
    const params = new URLSearchParams("q=%20Tour%20&tag=Music+Videos");
    expect(readSearch(params)).toBe("Tour");
    expect(readFilter(params, "tag")).toBe("Music Videos");
    expect(readFilter(params, "type")).toBeNull();
    expect(listQuery({ q: " tour ", tag: "all" })).toBe("?q=tour");
    expect(listQuery({ q: "", tag: null })).toBe("");
  });
});

describe("browser-side retries (SPEC section 9)", () => {
  it("waits 1 s, doubling, capped at 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });

  it("retries a failing load up to 3 times, then gives up", async () => {
    const waits: number[] = [];
    let calls = 0;
    const failing = withRetry(
      async () => {
        calls++;
        throw new Error("offline");
      },
      { wait: async (ms) => void waits.push(ms) },
    );
    await expect(failing).rejects.toThrow("offline");
    expect(calls).toBe(4);
    expect(waits).toEqual([1000, 2000, 4000]);

    calls = 0;
    const result = await withRetry(async () => ({ ok: ++calls === 2 }), {
      isFailure: (r) => !r.ok,
      wait: async () => {},
    });
    expect(result).toEqual({ ok: true });
    expect(calls).toBe(2);
  });
});

describe("lightbox", () => {
  it("steps through the images with wrap-around", () => {
    expect(wrapIndex(0 + 1, 5)).toBe(1);
    expect(wrapIndex(4 + 1, 5)).toBe(0);
    expect(wrapIndex(0 - 1, 5)).toBe(4);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.nat(), (total, start) => {
        const index = start % total;
        const next = wrapIndex(index + 1, total);
        expect(next).toBeGreaterThanOrEqual(0);
        expect(next).toBeLessThan(total);
        expect(wrapIndex(next - 1, total)).toBe(index);
      }),
    );
  });
});

describe("video overlays", () => {
  it("loads on play, buffers while waiting, falls back on error for good", () => {
    const run = (events: VideoEvent[], from: VideoState = "idle") =>
      events.reduce(nextVideoState, from);
    expect(run(["play"])).toBe("loading");
    expect(run(["play", "waiting"])).toBe("loading");
    expect(run(["play", "canplay", "playing"])).toBe("ready");
    expect(run(["play", "playing", "waiting"])).toBe("buffering");
    expect(run(["play", "playing", "waiting", "playing"])).toBe("ready");
    expect(run(["play", "error"])).toBe("error");
    expect(run(["play", "error", "playing"])).toBe("error");
    expect(run(["pause"])).toBe("idle");
  });
});
