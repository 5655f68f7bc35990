import { describe, expect, it } from "vitest";
import { organizationJsonLd, seoMeta } from "~/lib/seo";
import { renderRobots, renderSitemap, STATIC_SITEMAP_ENTRIES } from "~/lib/sitemap";

const find = (meta: ReturnType<typeof seoMeta>, key: string, value: string) =>
  meta.find((m) => (m as Record<string, unknown>)[key] === value) as
    | Record<string, string>
    | undefined;

describe("page metadata", () => {
  it("sets title, description, canonical on SITE_URL, robots and social cards", () => {
    const meta = seoMeta("https://northlight.studio", {
      title: "About Us | Northlight Studio",
      description: "Meet the team.",
      path: "/about",
    });
    expect(meta).toContainEqual({ title: "About Us | Northlight Studio" });
    expect(find(meta, "name", "description")?.content).toBe("Meet the team.");
    expect(find(meta, "name", "robots")?.content).toBe("index,follow");
    expect(find(meta, "rel", "canonical")?.href).toBe("https://northlight.studio/about");
    expect(find(meta, "property", "og:url")?.content).toBe("https://northlight.studio/about");
    expect(find(meta, "property", "og:image")?.content).toBe(
      "https://northlight.studio/og-image.jpg",
    );
    expect(find(meta, "name", "twitter:card")?.content).toBe("summary_large_image");
  });

  it("marks no-index pages and gives them no canonical", () => {
    const meta = seoMeta("https://northlight.studio", {
      title: "x",
      description: "y",
      path: "/x",
      noindex: true,
    });
    expect(find(meta, "name", "robots")?.content).toBe("noindex,nofollow");
    expect(find(meta, "rel", "canonical")).toBeUndefined();
  });

  it("describes the studio as an Organization", () => {
    const org = organizationJsonLd("https://northlight.studio");
    expect(org).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Organization",
      name: "Northlight Studio",
      url: "https://northlight.studio/",
      address: { addressLocality: "Los Angeles", addressRegion: "CA" },
    });
  });
});

describe("sitemap and robots", () => {
  it("lists every static page once with absolute URLs", () => {
    const xml = renderSitemap("https://northlight.studio/", [
      ...STATIC_SITEMAP_ENTRIES,
      { path: "/about" },
      { path: "/blog/a&b", lastModified: new Date("2025-08-01T10:00:00Z") },
    ]);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    for (const path of [
      "/",
      "/services/video-production",
      "/weddings",
      "/careers",
      "/privacy",
      "/terms",
    ]) {
      expect(xml).toContain(`<loc>https://northlight.studio${path}</loc>`);
    }
    expect(xml.match(/<loc>https:\/\/northlight\.studio\/about<\/loc>/g)).toHaveLength(1);
    expect(xml).toContain(
      "<loc>https://northlight.studio/blog/a&amp;b</loc><lastmod>2025-08-01</lastmod>",
    );
  });

  it("keeps crawlers out of the back-office and points at the sitemap", () => {
    const robots = renderRobots("https://northlight.studio");
    expect(robots).toContain("Disallow: /admin");
    expect(robots).toContain("Sitemap: https://northlight.studio/sitemap.xml");
  });
});
