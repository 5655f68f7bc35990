import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadConfig } from "@server/config";
import { runtimeContext } from "@server/context";
import { blogPosts, caseStudies, redirects } from "@server/db/schema";
import { createLogger } from "@server/logger";
import type { Runtime } from "@server/runtime";
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  type LoaderFunctionArgs,
  RouterContextProvider,
  StaticRouterProvider,
  useLoaderData,
} from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as blogRoute from "~/routes/site/blog";
import * as blogPostRoute from "~/routes/site/blog-post";
import * as careersRoute from "~/routes/site/careers";
import * as caseStudiesRoute from "~/routes/site/case-studies";
import * as caseStudyRoute from "~/routes/site/case-study";
import * as notFoundRoute from "~/routes/site/not-found";
import * as portfolioRoute from "~/routes/site/portfolio";
import { createTestDatabase, type TestDatabase, testDrivers } from "../support/database";

/**
 * Route tests: each content route's real loader, component and error boundary, rendered on the
 * server by React Router's static handler (as in production) against a real database: a seeded
 * one, an empty one, and one that is closed (every query fails).
 */

const SITE_URL = "https://studio.test";
const config = loadConfig({
  SITE_URL,
  DATA_DIR: mkdtempSync(path.join(tmpdir(), "studio-routes-")),
  LOG_LEVEL: "silent",
});

function runtimeFor(database: TestDatabase): Runtime {
  return { config, database, logger: createLogger("silent") } as unknown as Runtime;
}

// biome-ignore lint/suspicious/noExplicitAny: route modules have per-route generated types
type RouteModule = { default: any; loader: any; ErrorBoundary?: any; headers?: any; meta?: any };

interface Rendered {
  status: number;
  html: string;
  /** What the route's `meta` makes of the loader's data (or of the response it threw). */
  head: Record<string, unknown>[];
  cacheControl: string | null;
  /** The route's `headers` export applied to what the loader (or its thrown response) set. */
  headers: Headers;
}

/** As the framework does: a route's page gets its loader data as a prop. */
function WithLoaderData({ page }: { page: RouteModule["default"] }) {
  return createElement(page, { loaderData: useLoaderData() });
}

async function render(
  module: RouteModule,
  routePath: string,
  url: string,
  database: TestDatabase,
): Promise<Rendered> {
  const context = new RouterContextProvider();
  context.set(runtimeContext, runtimeFor(database));
  const handler = createStaticHandler([
    {
      id: "page",
      path: routePath,
      loader: (args: LoaderFunctionArgs) => module.loader({ ...args, context }),
      element: createElement(WithLoaderData, { page: module.default }),
      ErrorBoundary: module.ErrorBoundary,
    },
  ]);
  const result = await handler.query(new Request(`${SITE_URL}${url}`), {
    requestContext: context,
  });
  if (result instanceof Response) throw new Error(`unexpected response ${result.status}`);
  const router = createStaticRouter(handler.dataRoutes, result);
  const html = renderToString(createElement(StaticRouterProvider, { router, context: result }));
  const loaderHeaders = result.loaderHeaders.page ?? new Headers();
  const errorHeaders = result.errors ? loaderHeaders : undefined;
  const headers = new Headers(
    module.headers?.({
      loaderHeaders,
      errorHeaders,
      parentHeaders: new Headers(),
      actionHeaders: new Headers(),
    }),
  );
  const location = new URL(`${SITE_URL}${url}`);
  const head =
    module.meta?.({
      loaderData: result.loaderData.page,
      data: result.loaderData.page,
      error: result.errors?.page,
      params: result.matches[0]?.params ?? {},
      location: { pathname: location.pathname, search: location.search, hash: "" },
      matches: [],
    }) ?? [];
  return {
    status: result.statusCode,
    html,
    head,
    cacheControl: headers.get("Cache-Control"),
    headers,
  };
}

/** The content of the head element that has `key` set to `value` (e.g. property og:url). */
function headValue(head: Record<string, unknown>[], key: string, value: string): unknown {
  const tag = head.find((entry) => entry[key] === value);
  return tag?.content ?? tag?.href;
}

/** The page's JSON-LD object of schema.org type `type` (each type appears once per page). */
function jsonLdOf(head: Record<string, unknown>[], type: string): Record<string, unknown> {
  const all = head
    .filter((entry) => "script:ld+json" in entry)
    .map((entry) => entry["script:ld+json"] as Record<string, unknown>);
  const found = all.filter((data) => data["@type"] === type);
  expect(found, `one ${type} JSON-LD`).toHaveLength(1);
  return found[0] as Record<string, unknown>;
}

/** A BreadcrumbList's trail as [name, URL] pairs. */
function trailOf(list: Record<string, unknown>): [unknown, unknown][] {
  return (list.itemListElement as Record<string, unknown>[]).map((item, index) => {
    expect(item).toMatchObject({ "@type": "ListItem", position: index + 1 });
    return [item.name, item.item];
  });
}

function headTitle(head: Record<string, unknown>[]): unknown {
  return head.find((entry) => "title" in entry)?.title;
}

/** The visible text of some HTML, whitespace collapsed (entities decoded for the few we use). */
function text(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replaceAll("&amp;", "&")
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replace(/\s+/g, " ")
    .trim();
}

const PUBLIC = /public, .*s-maxage=\d+, stale-while-revalidate=\d+/;

let empty: TestDatabase;
let broken: TestDatabase;
beforeAll(async () => {
  empty = await createTestDatabase("pglite");
  broken = await createTestDatabase("pglite");
  await broken.close();
});
afterAll(async () => {
  await empty?.destroy();
});

describe.each(testDrivers)("content routes on a seeded %s database", (driver) => {
  let seeded: TestDatabase;
  beforeAll(async () => {
    seeded = await createTestDatabase(driver, { template: "demo" });
  });
  afterAll(async () => {
    await seeded?.destroy();
  });

  describe("/case-studies", () => {
    it("lists the published studies in display order with the built-ins, and its sections", async () => {
      const page = await render(caseStudiesRoute, "/case-studies", "/case-studies", seeded);
      expect(page.status).toBe(200);
      expect(page.cacheControl).toMatch(PUBLIC);
      const titles = [...page.html.matchAll(/<h3[^>]*><a[^>]*href="\/case-studies\/([^"]+)"/g)].map(
        (m) => m[1],
      );
      expect(titles).toHaveLength(9); // 10 seeded, one a draft
      expect(titles.slice(0, 2)).toEqual(["low-tide-records", "ardent-skincare"]);
      expect(titles.slice(-2)).toEqual(["casa-palmera-hotels", "parallax-fitness"]);
      expect(titles).toContain("estate-media");
      expect(titles).toContain("first-access-entertainment");
      expect(titles).not.toContain("harbor-and-pine");
      expect(titles.filter((t) => t === "estate-media")).toHaveLength(1);
      const body = text(page.html);
      for (const stat of ["850M+", "$30M+", "5x", "Average ROAS", "50+", "Combined Results"]) {
        expect(body).toContain(stat);
      }
      expect(page.html).toContain('href="/contact"');
      expect(page.html).toContain('href="/services"');
      expect(page.html).toMatch(/<video[^>]*src="\/media\/reel.mp4"/);
      // Cards show the first three visible key metrics.
      expect(body).toContain("Low Tide Records");
      expect(body).toContain("total views 186M music videos 14 subscriber growth +410K");
      expect(body).not.toContain("playlist adds");
    });

    it("filters by search (title, subtitle, description) and by tag from the URL query", async () => {
      const search = await render(
        caseStudiesRoute,
        "/case-studies",
        "/case-studies?q=TOUR",
        seeded,
      );
      expect(text(search.html)).toContain("First Access Entertainment");
      expect(text(search.html)).not.toContain("Low Tide Records");
      expect(search.html).toMatch(/<input[^>]*name="q"[^>]*value="TOUR"/);

      const tag = await render(
        caseStudiesRoute,
        "/case-studies",
        "/case-studies?tag=Music+Videos",
        seeded,
      );
      const hrefs = [...tag.html.matchAll(/<h3[^>]*><a[^>]*href="\/case-studies\/([^"]+)"/g)];
      expect(hrefs.map((m) => m[1])).toEqual(["low-tide-records"]);
      expect(tag.html).toMatch(/<option value="Music Videos" selected="">/);

      const all = await render(caseStudiesRoute, "/case-studies", "/case-studies?tag=all", seeded);
      expect([...all.html.matchAll(/<h3[^>]*><a/g)]).toHaveLength(9);
    });

    it("says so when nothing matches", async () => {
      const page = await render(
        caseStudiesRoute,
        "/case-studies",
        "/case-studies?q=no-such-thing",
        seeded,
      );
      const body = text(page.html);
      expect(body).toContain("No case studies found matching your criteria.");
      expect(body).toContain("Try adjusting your search or filter.");
    });
  });

  describe("/case-studies/:id", () => {
    it("shows a study by slug with every section", async () => {
      const page = await render(
        caseStudyRoute,
        "/case-studies/:id",
        "/case-studies/estate-media",
        seeded,
      );
      expect(page.status).toBe(200);
      expect(page.cacheControl).toMatch(PUBLIC);
      const body = text(page.html);
      expect(body).toContain("Real Estate");
      expect(page.html).toMatch(/<h1[^>]*>Estate Media<\/h1>/);
      for (const label of [
        "Client",
        "Service",
        "Duration",
        "Project Video",
        "Details",
        "Key Results",
        "Investment",
        "Get Started",
        "View More Case Studies",
      ]) {
        expect(body).toContain(label);
      }
      expect(body).toContain("$100K – $250K per year");
      expect(body).toContain("listing inquiries");
      expect(page.html).toContain('data-layout="curated"');
      expect(page.html).toMatch(/href="\/contact"[^>]*>Get Started/);
    });

    it("accepts the id as well as the slug", async () => {
      const [row] = await seeded.db.select({ id: caseStudies.id }).from(caseStudies).limit(1);
      const page = await render(
        caseStudyRoute,
        "/case-studies/:id",
        `/case-studies/${row?.id}`,
        seeded,
      );
      expect(page.status).toBe(200);
    });

    it("hides the hidden metric and uses the study's gallery layout", async () => {
      const fae = await render(
        caseStudyRoute,
        "/case-studies/:id",
        "/case-studies/first-access-entertainment",
        seeded,
      );
      const body = text(fae.html);
      expect(body).toContain("ticket revenue");
      expect(body).toContain("sold out dates");
      expect(body).not.toMatch(/310M|\bviews\b/);
      const label = await render(
        caseStudyRoute,
        "/case-studies/:id",
        "/case-studies/low-tide-records",
        seeded,
      );
      expect(label.html).toContain('data-layout="music-videos"');
      expect(text(label.html)).toContain("Marisol Vega – Undertow");
      // No media: the cover image stands in (Meridian Freight has an empty gallery and no video).
      const bare = await render(
        caseStudyRoute,
        "/case-studies/:id",
        "/case-studies/meridian-freight",
        seeded,
      );
      expect(bare.html).toContain('data-layout="grid"');
      expect(bare.html).toContain("/media/case-studies/meridian-freight.svg");
      expect(text(bare.html)).not.toContain("Project Video");
    });

    it("answers 404 'Case Study Not Found' for an unknown id or a draft", async () => {
      for (const id of [
        "no-such-study",
        "harbor-and-pine",
        "00000000-0000-4000-8000-000000000000",
      ]) {
        const page = await render(
          caseStudyRoute,
          "/case-studies/:id",
          `/case-studies/${id}`,
          seeded,
        );
        expect(page.status).toBe(404);
        expect(text(page.html)).toContain("Case Study Not Found");
      }
    });
  });

  describe("/portfolio", () => {
    it("shows every published item with its card fields", async () => {
      const page = await render(portfolioRoute, "/portfolio", "/portfolio", seeded);
      expect(page.status).toBe(200);
      expect(page.cacheControl).toMatch(PUBLIC);
      expect([...page.html.matchAll(/<article/g)]).toHaveLength(12);
      const body = text(page.html);
      expect(body).toContain("Featured");
      expect(body).toContain("View Project");
      expect(body).toContain("Watch Video");
      expect(body).toMatch(/Completed [A-Z][a-z]{2} \d{1,2}, \d{4}/);
      // Up to three tags on a card.
      for (const list of page.html.matchAll(/<ul[^>]*aria-label="Tags"[^>]*>([\s\S]*?)<\/ul>/g)) {
        expect((list[1]?.match(/<li/g) ?? []).length).toBeLessThanOrEqual(3);
      }
      // The service-type filter: the distinct types, labelled.
      expect(page.html).toMatch(
        /<option value="ads-media-buying">Digital Growth Campaigns<\/option>/,
      );
      expect(page.html).toMatch(/<option value="all" selected="">All services<\/option>/);
      // Images open the lightbox; without JavaScript they link to the image.
      expect(page.html).toMatch(/<a href="\/media\/portfolio\/[^"]+" aria-label="Enlarge image/);
    });

    it("filters by type and search, and says when nothing matches", async () => {
      const consulting = await render(
        portfolioRoute,
        "/portfolio",
        "/portfolio?type=consulting",
        seeded,
      );
      expect([...consulting.html.matchAll(/<article/g)]).toHaveLength(2);
      const none = await render(portfolioRoute, "/portfolio", "/portfolio?q=zzzz", seeded);
      expect(text(none.html)).toContain("No portfolio items found matching your criteria.");
    });
  });

  describe("/blog", () => {
    it("shows featured and latest posts, newest first, with their card fields", async () => {
      const page = await render(blogRoute, "/blog", "/blog", seeded);
      expect(page.status).toBe(200);
      expect(page.cacheControl).toMatch(PUBLIC);
      const body = text(page.html);
      expect(page.html).toMatch(/<h1[^>]*>Blog &amp; Insights<\/h1>/);
      const featured = page.html.slice(
        page.html.indexOf("Featured Articles"),
        page.html.indexOf("Latest Articles"),
      );
      const latest = page.html.slice(page.html.indexOf("Latest Articles"));
      expect([...featured.matchAll(/<article/g)]).toHaveLength(3);
      expect([...latest.matchAll(/<article/g)]).toHaveLength(6);
      const slugs = [...page.html.matchAll(/href="\/blog\/([^"]+)"/g)].map((m) => m[1]);
      expect(slugs[0]).toBe("one-day-commercial-shoot");
      expect(slugs).not.toContain("behind-the-2027-reel"); // draft
      expect(slugs).not.toContain("new-stage-in-the-arts-district"); // archived
      expect(body).toContain("Oct 21, 2026");
      expect(body).toMatch(/\d+ min read/);
      expect(body).toContain("Maya Okafor");
      expect(page.html).toMatch(/<option value="all" selected="">All Categories<\/option>/);
      expect(page.html).toMatch(/<option value="AI &amp; Automation">/);
      expect(page.html).toMatch(/<img[^>]*loading="lazy"/);
    });

    it("filters by category and search; the empty state offers 'Clear Filters'", async () => {
      const growth = await render(blogRoute, "/blog", "/blog?category=Growth", seeded);
      expect([...growth.html.matchAll(/<article/g)]).toHaveLength(2);
      const search = await render(blogRoute, "/blog", "/blog?q=server-rendered", seeded);
      expect([...search.html.matchAll(/<article/g)]).toHaveLength(1);
      const none = await render(blogRoute, "/blog", "/blog?q=zzzz&category=Growth", seeded);
      const body = text(none.html);
      expect(body).toContain("No articles found matching your criteria.");
      expect(none.html).toMatch(/<a[^>]*href="\/blog"[^>]*>Clear Filters<\/a>/);
    });
  });

  describe("/blog/:slug", () => {
    it("shows a published post with every element", async () => {
      const page = await render(
        blogPostRoute,
        "/blog/:slug",
        "/blog/one-day-commercial-shoot",
        seeded,
      );
      expect(page.status).toBe(200);
      expect(page.cacheControl).toMatch(PUBLIC);
      const body = text(page.html);
      for (const part of [
        "Production",
        "Featured",
        "Cinematography",
        "How We Plan a One-Day Commercial Shoot Without Cutting Corners",
        "Maya Okafor",
        "October 21, 2026",
        "min read",
        "Share",
        "Start from the edit",
        "Written by",
        "Back to Blog",
        "More Articles",
        "Get In Touch",
      ]) {
        expect(body).toContain(part);
      }
      expect(page.html).toMatch(/href="\/contact"[^>]*>Get In Touch/);
      expect(page.html).toContain('src="/media/blog/one-day-commercial-shoot.svg"');
    });

    it("answers 404 with the not-found page for a missing, draft or archived post", async () => {
      for (const slug of [
        "no-such-post",
        "behind-the-2027-reel",
        "new-stage-in-the-arts-district",
      ]) {
        const page = await render(blogPostRoute, "/blog/:slug", `/blog/${slug}`, seeded);
        expect(page.status).toBe(404);
        expect(text(page.html)).toContain("Oops! Page not found");
      }
    });

    it("renders the body through the SPEC allow-list", async () => {
      await seeded.db.insert(blogPosts).values({
        title: "Payloads",
        slug: "payloads",
        status: "published",
        publishedAt: new Date("2026-01-01T00:00:00Z"),
        content:
          '<p data-track="x" onclick="alert(1)">Hello</p><script>alert(2)</script>' +
          '<img src="x.png" onerror="alert(3)"><a href="javascript:alert(4)">bad</a>' +
          '<iframe src="https://evil.example"></iframe><a href="https://ok.example" target="_blank">ok</a>',
      });
      seeded.caches.content.clear();
      const page = await render(blogPostRoute, "/blog/:slug", "/blog/payloads", seeded);
      expect(page.status).toBe(200);
      const article = page.html.slice(
        page.html.indexOf("<article"),
        page.html.indexOf("</article>"),
      );
      expect(article).toContain("<p>Hello</p>");
      expect(article).not.toMatch(
        /onclick|onerror|data-track|javascript:|<script|<iframe|alert\(2\)/,
      );
      expect(article).toContain('<img src="x.png" />');
      expect(article).toContain('<a href="https://ok.example" target="_blank">ok</a>');
    });
  });

  // Issue #47 item 21: a path marked gone (410) is titled "Page gone", not "Page not found".
  describe("a path marked gone", () => {
    it("answers 410 titled and headed Page gone on the catch-all, a post's and a study's route", async () => {
      await seeded.db.insert(redirects).values(
        ["/old-offer", "/blog/gone-post", "/case-studies/gone-study"].map((fromPath) => ({
          fromPath,
          toTarget: null,
          origin: "manual" as const,
        })),
      );
      const pages = [
        await render(notFoundRoute, "*", "/old-offer", seeded),
        await render(blogPostRoute, "/blog/:slug", "/blog/gone-post", seeded),
        await render(caseStudyRoute, "/case-studies/:id", "/case-studies/gone-study", seeded),
      ];
      for (const page of pages) {
        expect(page.status).toBe(410);
        expect(headTitle(page.head)).toBe("Page gone | Northlight Studio");
      }
      for (const page of pages.slice(0, 2)) {
        expect(text(page.html)).toContain("410 Page gone");
        expect(text(page.html)).not.toContain("Page not found");
      }
      // An unknown path is still the SPEC's 404 page.
      const unknown = await render(notFoundRoute, "*", "/never-was", seeded);
      expect(unknown.status).toBe(404);
      expect(headTitle(unknown.head)).toBe("Page not found | Northlight Studio");
      expect(text(unknown.html)).toContain("404 Oops! Page not found");
    });
  });
});

describe.each(testDrivers)(
  "content heads, built by the loaders on a seeded %s database",
  (driver) => {
    let seeded: TestDatabase;
    beforeAll(async () => {
      seeded = await createTestDatabase(driver, { template: "demo" });
    });
    afterAll(async () => {
      await seeded?.destroy();
    });

    const social = (head: Record<string, unknown>[], path: string, image: string) => {
      expect(headValue(head, "name", "robots")).toBe("index,follow");
      expect(headValue(head, "rel", "canonical")).toBe(`${SITE_URL}${path}`);
      expect(headValue(head, "property", "og:url")).toBe(`${SITE_URL}${path}`);
      expect(headValue(head, "property", "og:title")).toBe(headTitle(head));
      // Social networks read neither SVG nor AVIF: our images as a 1200-wide JPEG variant.
      expect(headValue(head, "property", "og:image")).toBe(`${SITE_URL}/img/jpeg/1200${image}`);
      expect(headValue(head, "name", "twitter:card")).toBe("summary_large_image");
      expect(headValue(head, "name", "twitter:image")).toBe(`${SITE_URL}/img/jpeg/1200${image}`);
      expect(String(headValue(head, "name", "description")).length).toBeGreaterThan(50);
    };

    it("list pages: title, canonical without the query, robots, social cards", async () => {
      const studies = await render(
        caseStudiesRoute,
        "/case-studies",
        "/case-studies?q=tour",
        seeded,
      );
      expect(headTitle(studies.head)).toBe(
        "Our Work | Case Studies & Portfolio | Northlight Studio",
      );
      social(studies.head, "/case-studies", "/media/case-studies/first-access-entertainment.svg");

      const portfolio = await render(portfolioRoute, "/portfolio", "/portfolio", seeded);
      expect(headTitle(portfolio.head)).toBe("Portfolio | Northlight Studio");
      social(portfolio.head, "/portfolio", "/media/portfolio/slow-fire.svg");

      const blog = await render(blogRoute, "/blog", "/blog?category=Growth", seeded);
      expect(headTitle(blog.head)).toBe("Blog & Insights | Northlight Studio");
      social(blog.head, "/blog", "/media/blog/one-day-commercial-shoot.svg");
      expect(blog.head).toContainEqual(
        expect.objectContaining({
          tagName: "link",
          rel: "alternate",
          type: "application/rss+xml",
          href: `${SITE_URL}/blog/rss.xml`,
        }),
      );
    });

    it("a case study: its own title, one canonical address (the slug), an article card", async () => {
      const [row] = await seeded.db
        .select({ id: caseStudies.id })
        .from(caseStudies)
        .where(eq(caseStudies.slug, "estate-media"));
      const page = await render(
        caseStudyRoute,
        "/case-studies/:id",
        `/case-studies/${row?.id}`,
        seeded,
      );
      expect(headTitle(page.head)).toMatch(/^Estate Media: .+ \| Northlight Studio$/);
      expect(headValue(page.head, "property", "og:type")).toBe("article");
      social(page.head, "/case-studies/estate-media", "/media/case-studies/estate-media.svg");
      // CreativeWork: the studio's work for its client, with the cover and the gallery's images.
      const work = jsonLdOf(page.head, "CreativeWork");
      const jpeg = (src: string) => `${SITE_URL}/img/jpeg/1200${src}`;
      expect(work).toMatchObject({
        "@context": "https://schema.org",
        name: "Estate Media",
        headline: "Estate Media",
        url: `${SITE_URL}/case-studies/estate-media`,
        sourceOrganization: { "@type": "Organization", name: "Estate Media" },
        creator: {
          "@type": "Organization",
          name: "Northlight Studio",
          logo: { "@type": "ImageObject", url: `${SITE_URL}/logo.png` },
        },
        mainEntityOfPage: { "@type": "WebPage", "@id": `${SITE_URL}/case-studies/estate-media` },
        dateModified: "2026-09-04T17:00:00.000Z",
      });
      expect(String(work.description).length).toBeGreaterThan(50);
      const images = work.image as string[];
      expect(images[0]).toBe(jpeg("/media/case-studies/estate-media.svg"));
      expect(images).toContain(jpeg("/media/gallery/estate-media-01.svg"));
      expect(images.length).toBeGreaterThan(2);
      expect(trailOf(jsonLdOf(page.head, "BreadcrumbList"))).toEqual([
        ["Home", `${SITE_URL}/`],
        ["Case Studies", `${SITE_URL}/case-studies`],
        ["Estate Media", `${SITE_URL}/case-studies/estate-media`],
      ]);

      const missing = await render(
        caseStudyRoute,
        "/case-studies/:id",
        "/case-studies/nope",
        seeded,
      );
      expect(headTitle(missing.head)).toBe("Case Study Not Found | Northlight Studio");
      expect(headValue(missing.head, "name", "robots")).toBe("noindex");
      expect(headValue(missing.head, "rel", "canonical")).toBeUndefined();
    });

    it("a post: Article JSON-LD, article dates and tags, its image; a missing post the 404 head", async () => {
      const page = await render(
        blogPostRoute,
        "/blog/:slug",
        "/blog/one-day-commercial-shoot",
        seeded,
      );
      expect(headTitle(page.head)).toBe(
        "How We Plan a One-Day Commercial Shoot Without Cutting Corners | Northlight Studio",
      );
      expect(headValue(page.head, "property", "og:type")).toBe("article");
      social(
        page.head,
        "/blog/one-day-commercial-shoot",
        "/media/blog/one-day-commercial-shoot.svg",
      );
      expect(headValue(page.head, "property", "article:published_time")).toMatch(/^2026-10-2\dT/);
      expect(headValue(page.head, "property", "article:section")).toBe("Production");
      expect(headValue(page.head, "property", "article:tag")).toBeTruthy();
      const [row] = await seeded.db
        .select({ updatedAt: blogPosts.updatedAt })
        .from(blogPosts)
        .where(eq(blogPosts.slug, "one-day-commercial-shoot"));
      expect(jsonLdOf(page.head, "Article")).toMatchObject({
        headline: "How We Plan a One-Day Commercial Shoot Without Cutting Corners",
        url: `${SITE_URL}/blog/one-day-commercial-shoot`,
        image: [`${SITE_URL}/img/jpeg/1200/media/blog/one-day-commercial-shoot.svg`],
        author: { "@type": "Person", name: "Maya Okafor" },
        datePublished: "2026-10-21T16:00:00.000Z",
        // The post's last save (its updated_at), not the moment the demo was seeded.
        dateModified: "2026-10-23T21:05:00.000Z",
        // The Organization's logo, not the favicon.
        publisher: {
          "@type": "Organization",
          name: "Northlight Studio",
          logo: { "@type": "ImageObject", url: `${SITE_URL}/logo.png` },
        },
      });
      expect(row?.updatedAt.toISOString()).toBe("2026-10-23T21:05:00.000Z");
      expect(headValue(page.head, "property", "article:modified_time")).toBe(
        "2026-10-23T21:05:00.000Z",
      );
      expect(trailOf(jsonLdOf(page.head, "BreadcrumbList"))).toEqual([
        ["Home", `${SITE_URL}/`],
        ["Blog", `${SITE_URL}/blog`],
        [
          "How We Plan a One-Day Commercial Shoot Without Cutting Corners",
          `${SITE_URL}/blog/one-day-commercial-shoot`,
        ],
      ]);

      const missing = await render(
        blogPostRoute,
        "/blog/:slug",
        "/blog/behind-the-2027-reel",
        seeded,
      );
      expect(missing.status).toBe(404);
      expect(headTitle(missing.head)).toBe("Page not found | Northlight Studio");
      expect(headValue(missing.head, "name", "robots")).toMatch(/^noindex/);
      expect(headValue(missing.head, "rel", "canonical")).toBeUndefined();
    });

    it("careers: a JobPosting per position with its dates, id, pay range and direct apply", async () => {
      const page = await render(careersRoute, "/careers", "/careers", seeded);
      expect(page.status).toBe(200);
      const postings = page.head
        .map((entry) => entry["script:ld+json"] as Record<string, unknown> | undefined)
        .filter((data) => data?.["@type"] === "JobPosting") as Record<string, unknown>[];
      expect(postings.map((posting) => posting.title)).toEqual([
        "Video Editor",
        "Producer",
        "Motion Designer",
        "Full-Stack Developer",
      ]);
      for (const posting of postings) {
        expect(posting).toMatchObject({
          "@context": "https://schema.org",
          identifier: { "@type": "PropertyValue", name: "Northlight Studio" },
          employmentType: "FULL_TIME",
          directApply: true,
          hiringOrganization: { name: "Northlight Studio", logo: `${SITE_URL}/logo.png` },
          baseSalary: {
            "@type": "MonetaryAmount",
            currency: "USD",
            value: { "@type": "QuantitativeValue", unitText: "YEAR" },
          },
        });
        const { minValue, maxValue } = (posting.baseSalary as { value: Record<string, number> })
          .value;
        expect(minValue).toBeGreaterThan(0);
        expect(maxValue).toBeGreaterThan(minValue as number);
        // The page states the same range beside the position.
        const pay = `$${minValue?.toLocaleString("en-US")}–$${maxValue?.toLocaleString("en-US")} a year`;
        expect(text(page.html)).toContain(pay);
        expect(String(posting.datePosted)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(String(posting.validThrough) > String(posting.datePosted)).toBe(true);
      }
      const ids = postings.map((p) => (p.identifier as { value: string }).value);
      expect(ids).toEqual(["video-editor", "producer", "motion-designer", "full-stack-developer"]);
      expect(new Set(postings.map((p) => p.datePosted)).size).toBe(postings.length);
      expect(postings.map((p) => p.datePosted)).not.toContain("2025-08-01");
      expect(postings[3]).toMatchObject({ jobLocationType: "TELECOMMUTE" });
    });
  },
);

/** The built-in sample studies, in the order the page shows them, with their fixed ids. */
const SAMPLE_IDS = [
  "low-tide-records",
  "ardent-skincare",
  "estate-media",
  "first-access-entertainment",
  "casa-palmera-hotels",
  "parallax-fitness",
];

describe("content routes on an empty database (SEED_DEMO=false)", () => {
  it("/case-studies shows the built-in samples", async () => {
    const page = await render(caseStudiesRoute, "/case-studies", "/case-studies", empty);
    expect(page.status).toBe(200);
    const slugs = [...page.html.matchAll(/<h3[^>]*><a[^>]*href="\/case-studies\/([^"]+)"/g)].map(
      (m) => m[1],
    );
    expect(slugs).toEqual(SAMPLE_IDS);
    expect(text(page.html)).not.toContain("Unable to load case studies");
  });

  it("the six fixed fallback ids work; others are 404", async () => {
    for (const id of SAMPLE_IDS) {
      const page = await render(caseStudyRoute, "/case-studies/:id", `/case-studies/${id}`, empty);
      expect(page.status, id).toBe(200);
      // Their structured data too: the client and the images.
      const work = jsonLdOf(page.head, "CreativeWork");
      expect(work.sourceOrganization, id).toMatchObject({ "@type": "Organization" });
      expect((work.image as string[]).length, id).toBeGreaterThan(0);
    }
    const missing = await render(
      caseStudyRoute,
      "/case-studies/:id",
      "/case-studies/meridian-freight",
      empty,
    );
    expect(missing.status).toBe(404);
    expect(text(missing.html)).toContain("Case Study Not Found");
  });

  it("/portfolio and /blog show their empty states", async () => {
    const portfolio = await render(portfolioRoute, "/portfolio", "/portfolio", empty);
    expect(text(portfolio.html)).toContain("No portfolio items available yet.");
    const blog = await render(blogRoute, "/blog", "/blog", empty);
    expect(text(blog.html)).toContain("No articles found matching your criteria.");
  });
});

describe("content routes when the database fails", () => {
  it("/case-studies: the error panel with the samples beneath, not cached", async () => {
    const page = await render(caseStudiesRoute, "/case-studies", "/case-studies", broken);
    expect(page.status).toBe(503);
    expect(page.cacheControl).toBe("no-store");
    const body = text(page.html);
    expect(body).toContain("Unable to load case studies");
    expect(body).toContain(
      "We're having trouble loading the case studies. Don't worry, we're showing some sample content below.",
    );
    expect(body.indexOf("Unable to load case studies")).toBeLessThan(
      body.indexOf("Low Tide Records"),
    );
    expect([...page.html.matchAll(/<h3[^>]*><a/g)]).toHaveLength(6);
  });

  it("/portfolio: 'Unable to load portfolio' with 'Try Again'", async () => {
    const page = await render(portfolioRoute, "/portfolio", "/portfolio?type=consulting", broken);
    expect(page.status).toBe(503);
    expect(page.cacheControl).toBe("no-store");
    const body = text(page.html);
    expect(body).toContain("Unable to load portfolio");
    expect(body).toContain("We're having trouble loading the portfolio items. Please try again.");
    expect(page.html).toMatch(/<a href="\/portfolio\?type=consulting"[^>]*>.*Try Again<\/a>/);
  });

  it("/blog: the default error panel", async () => {
    const page = await render(blogRoute, "/blog", "/blog", broken);
    expect(page.status).toBe(503);
    const body = text(page.html);
    expect(body).toContain("Something went wrong");
    expect(body).toContain("We encountered an error while loading this content. Please try again.");
    expect(body).toContain("Try Again");
  });

  it("/blog/:slug: the 404 page, not cached", async () => {
    const page = await render(
      blogPostRoute,
      "/blog/:slug",
      "/blog/one-day-commercial-shoot",
      broken,
    );
    expect(page.status).toBe(404);
    expect(page.cacheControl).toBe("no-store");
    expect(text(page.html)).toContain("Oops! Page not found");
  });

  it("/case-studies/:id: a fixed fallback id still works; another id gets the error panel", async () => {
    const fallback = await render(
      caseStudyRoute,
      "/case-studies/:id",
      "/case-studies/estate-media",
      broken,
    );
    expect(fallback.status).toBe(200);
    expect(text(fallback.html)).toContain("Estate Media");
    const other = await render(
      caseStudyRoute,
      "/case-studies/:id",
      "/case-studies/meridian-freight",
      broken,
    );
    expect(other.status).toBe(503);
    expect(other.cacheControl).toBe("no-store");
    expect(text(other.html)).toContain("Something went wrong");
    expect(headTitle(other.head)).toBe("Something went wrong | Northlight Studio");
    expect(headValue(other.head, "name", "robots")).toBe("noindex");
  });
});
