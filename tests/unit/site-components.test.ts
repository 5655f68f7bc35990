import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { CaseStudyCard } from "~/components/listings/case-study-card";
import { isScheduledEvent } from "~/components/site/booking/booked-call";
import { BookingProvider } from "~/components/site/booking/booking";
import { BookingFrame } from "~/components/site/booking/booking-frame";
import { BookingInline } from "~/components/site/booking/booking-inline";
import { schedulerFrameUrl, schedulerUrl } from "~/components/site/booking/scheduler-url";
import { isNavItemActive, NAV_ITEMS, SERVICES_DROPDOWN } from "~/copy/navigation";
import { FALLBACK_CASE_STUDIES } from "~/copy/samples";
import { toCaseStudySummary } from "~/entities/case-study/view";
import { CARD_TAGS } from "~/entities/portfolio-item/list";
import { toPortfolioCard } from "~/entities/portfolio-item/view";
import { RENDITIONS, responsiveImage } from "~/lib/images";
import { wrapIndex } from "~/lib/wrap-index";

describe("booking frame", () => {
  it("embeds the scheduling page at height 600; the inline variant is titled 'Schedule a consultation'", () => {
    const url = "https://calendly.com/northlight/discovery";
    const dialogFrame = renderToStaticMarkup(
      createElement(BookingFrame, { url, title: "Schedule Your Consultation" }),
    );
    expect(dialogFrame).toContain(`src="${url}"`);
    expect(dialogFrame).toContain('height="600"');
    const inline = renderToStaticMarkup(
      createElement(
        BookingProvider,
        { url, siteUrl: "https://studio.example" },
        createElement(BookingInline),
      ),
    );
    expect(inline).toContain('title="Schedule a consultation"');
    expect(inline).toContain('height="600"');
    // Calendly's embed parameters, which its postMessage events need.
    expect(inline).toContain(
      'src="https://calendly.com/northlight/discovery?embed_domain=studio.example&amp;embed_type=Inline"',
    );
  });

  it("prefills the visitor's name and e-mail as the frame's `name` and `email` (issue #30)", () => {
    const url = "https://calendly.com/northlight/discovery";
    const prefill = { name: "Ana María", email: "ana+x@example.com" };
    const popup = new URL(schedulerUrl(url, prefill));
    expect(popup.searchParams.get("name")).toBe("Ana María");
    expect(popup.searchParams.get("email")).toBe("ana+x@example.com");
    const frame = new URL(schedulerFrameUrl(url, "https://studio.example", prefill));
    expect(Object.fromEntries(frame.searchParams)).toEqual({
      embed_domain: "studio.example",
      embed_type: "Inline",
      name: "Ana María",
      email: "ana+x@example.com",
    });
    expect(schedulerUrl(url, null)).toBe(url);
  });

  it("knows Calendly's booked event and nothing else", () => {
    expect(isScheduledEvent({ event: "calendly.event_scheduled", payload: {} })).toBe(true);
    expect(isScheduledEvent({ event: "calendly.date_and_time_selected" })).toBe(false);
    expect(isScheduledEvent("calendly.event_scheduled")).toBe(false);
    expect(isScheduledEvent(null)).toBe(false);
  });
});

describe("navigation", () => {
  const services = NAV_ITEMS.find((item) => item.name === "Services");
  it("has the SPEC's entries and Services dropdown in order", () => {
    expect(NAV_ITEMS.map((i) => [i.name, i.href])).toEqual([
      ["Home", "/"],
      ["Services", "/services"],
      ["Work", "/case-studies"],
      ["Blog", "/blog"],
      ["About", "/about"],
      ["Careers", "/careers"],
      ["Contact", "/contact"],
    ]);
    expect(SERVICES_DROPDOWN.map((i) => i.href)).toEqual([
      "/services/video-production",
      "/services/post-production",
      "/services/ads-media-buying",
      "/services/social-content",
      "/services/web-app-development",
      "/services/ai-powered-business-solutions",
      "/weddings",
    ]);
  });

  it("highlights Services on /services* and /weddings only", () => {
    if (!services) throw new Error("no Services entry");
    for (const path of ["/services", "/services/post-production", "/weddings", "/weddings/"]) {
      expect(isNavItemActive(services, path)).toBe(true);
    }
    for (const path of ["/", "/about", "/wedding", "/case-studies"]) {
      expect(isNavItemActive(services, path)).toBe(false);
    }
    const home = NAV_ITEMS[0];
    if (!home) throw new Error("no Home entry");
    expect(isNavItemActive(home, "/")).toBe(true);
    expect(isNavItemActive(home, "/about")).toBe(false);
  });
});

describe("lightbox and carousel", () => {
  it("wraps around both ways", () => {
    expect(wrapIndex(12, 12)).toBe(0);
    expect(wrapIndex(-1, 12)).toBe(11);
    expect(wrapIndex(3, 3)).toBe(0);
    expect(wrapIndex(-1, 3)).toBe(2);
    expect(wrapIndex(5, 0)).toBe(0);
  });
});

describe("cards", () => {
  it("show the first three visible key metrics with underscores as spaces (decision 0035)", () => {
    const html = (slug: keyof typeof FALLBACK_CASE_STUDIES) =>
      renderToStaticMarkup(
        createElement(
          MemoryRouter,
          null,
          createElement(CaseStudyCard, {
            study: toCaseStudySummary(FALLBACK_CASE_STUDIES[slug]),
          }),
        ),
      );
    const estate = html("estate-media");
    expect(estate).toContain("total views");
    expect(estate).toContain("listing inquiries");
    expect(estate).toContain("days on market");
    expect(estate).not.toContain("listings filmed");
    // First Access Entertainment hides `views`: no card shows it.
    const fae = html("first-access-entertainment");
    expect(fae).toContain("ticket revenue");
    expect(fae).not.toMatch(/>views</);
  });

  it("label portfolio items with their service and show up to three tags", () => {
    const item = toPortfolioCard({
      id: "p",
      title: "x",
      description: null,
      isFeatured: false,
      completionDate: null,
      serviceType: "ads-media-buying",
      imageUrl: null,
      videoUrl: null,
      projectUrl: null,
      clientName: null,
      tags: ["a", "b", "c", "d"],
    });
    expect(item.serviceLabel).toBe("Digital Growth Campaigns");
    expect(CARD_TAGS).toBe(3);
  });
});

describe("responsive images", () => {
  const publicDir = path.resolve("public");
  const mediaFiles = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? mediaFiles(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
    );

  it("has every rendition the rules promise for the demo media", () => {
    const urls = mediaFiles(path.join(publicDir, "media"))
      .map((file) => `/${path.relative(publicDir, file).split(path.sep).join("/")}`)
      .filter((url) => RENDITIONS.some((r) => r.pattern.test(url)));
    expect(urls.length).toBeGreaterThan(80);
    for (const url of urls) {
      const image = responsiveImage(url);
      expect(image.width).toBeGreaterThan(0);
      for (const candidate of image.srcSet?.split(", ") ?? []) {
        const file = candidate.split(" ")[0] ?? "";
        expect(existsSync(path.join(publicDir, file)), file).toBe(true);
      }
    }
  });

  it("leaves other images (uploads) alone", () => {
    expect(responsiveImage("/files/portfolio-images/abc.png")).toEqual({
      src: "/files/portfolio-images/abc.png",
    });
  });
});
