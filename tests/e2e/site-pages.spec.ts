import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { hydrated, isolate } from "./site-support";

/** Every page of issue #3 and texts the SPEC requires on it (checked in the server HTML). */
const PAGES: Record<string, string[]> = {
  "/": [
    "all in-house.",
    "See Our Work",
    "Video Production",
    "Post Production",
    "Digital Growth Campaigns",
    "Social Content",
    "Web & App Development",
    "AI-Powered Business Solutions",
    "850M+",
    "$30M+",
    "50+",
    "Estate Media",
    "First Access Entertainment",
    "Low Tide Records",
    "Ardent Skincare",
    "Casa Palmera Hotels",
    "Parallax Fitness",
    "Ridgeline Coffee Roasters",
    "Campo Alto Tequila",
    "Meridian Freight",
    "Harbor & Pine",
    "Nadia Farouk", // a testimonial from the database
    "Submit Your Project",
  ],
  "/services": [
    "Video Production",
    "AI-Powered Business Solutions",
    "Start a project",
    "See our case studies",
  ],
  "/services/video-production": [
    "Commercial",
    "Music Videos",
    "Social Content",
    "Corporate Films",
    "850M+",
    "$30M+",
    "500+",
    "Explore wedding films",
    "Recent projects",
    "Slow Fire :30",
    "Made on Figueroa",
  ],
  "/services/post-production": [
    "Editing",
    "Color Grading",
    "Motion Graphics",
    "Audio Post",
    "Undertow: Edit & Color",
  ],
  "/services/ads-media-buying": [
    "Platforms and analytics",
    "Meta (Facebook & Instagram)",
    "Google Analytics 4",
    "Always-On Paid Social",
    "Subscription Launch",
  ],
  "/services/social-content": ["Featured social work", "Origin Fridays"],
  "/services/web-app-development": [
    "Featured builds",
    "Casa Palmera Booking Site",
    "Parallax Training App",
  ],
  "/services/ai-powered-business-solutions": [
    "Six deliverables",
    "AI readiness audit",
    "Team training & governance",
    "30-50%",
    "faster cycle times",
    "20-35%",
    "ROAS lift",
    "60-80%",
    "Request a consultation",
  ],
  "/weddings": [
    "Get a Quote",
    "Cinematic Highlight Film",
    "Full Ceremony & Speeches",
    "Drone & Aerials",
    "Same-Day Teaser",
    "Photography Add-On",
    "Weddings starting at $4,500",
    "Check Availability",
    "View our portfolio",
    "Elena & Marcus",
  ],
  "/about": [
    "Our mission",
    "Everything in-house",
    "Creative that performs",
    "Senior people, small teams",
    "2018",
    "2019",
    "2020",
    "2021",
    "2022",
    "2023",
    "2024",
    "Maya Okafor",
    "Sofia Marchetti",
  ],
  "/careers": [
    "Work With Us",
    "Our Culture",
    "Collaborative",
    "Creative",
    "Innovative",
    "Open Positions",
    "Video Editor",
    "Producer",
    "Motion Designer",
    "Full-Stack Developer",
    "Remote/Los Angeles",
    "Don't See Your Role",
  ],
  "/privacy": ["Privacy Policy", "August 2025", "privacy@northlight.studio"],
  "/terms": ["Terms of Service", "August 2025", "hello@northlight.studio"],
};

test.describe("pages in the server HTML (JavaScript off)", () => {
  test.use({ javaScriptEnabled: false });
  test.skip(({ isMobile }) => isMobile, "server HTML does not depend on the width");

  for (const [path, texts] of Object.entries(PAGES)) {
    test(`${path} is complete without JavaScript`, async ({ page }) => {
      await isolate(page);
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      const body = page.locator("body");
      for (const text of texts) await expect(body).toContainText(text);
      await expect(page.locator("header").getByRole("link", { name: "Book a Call" })).toHaveCount(
        1,
      );
    });
  }

  test("service showcases list the service's portfolio items (featured only where the SPEC says)", async ({
    page,
  }) => {
    await page.goto("/services/social-content");
    // Only the featured social item; the unfeatured one stays out.
    await expect(page.getByRole("heading", { name: "Origin Fridays" })).toBeVisible();
    await expect(page.getByText("Tour Vertical Content")).toHaveCount(0);
    await page.goto("/services/video-production");
    const showcase = page.locator("section", {
      has: page.getByRole("heading", { name: "Recent projects" }),
    });
    await expect(
      showcase.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3 }) }),
    ).toHaveCount(2);
  });

  test("about lists only active team members, in display order", async ({ page }) => {
    await page.goto("/about");
    const names = await page
      .locator("section", {
        has: page.getByRole("heading", { name: "The people you'll work with." }),
      })
      .getByRole("heading", { level: 3 })
      .allTextContents();
    expect(names).toEqual([
      "Maya Okafor",
      "Theo Lindqvist",
      "Priya Raman",
      "Marcus Bell",
      "Sofia Marchetti",
    ]);
  });

  test("the weddings page has its 12-photo gallery and the inquiry form's fields", async ({
    page,
  }) => {
    await page.goto("/weddings");
    const gallery = page.locator("section", {
      has: page.getByRole("heading", { name: "Moments, not poses." }),
    });
    await expect(gallery.locator("img")).toHaveCount(12);
    await expect(page.getByRole("link", { name: "View our portfolio" })).toHaveAttribute(
      "href",
      "/portfolio",
    );
    for (const label of [
      "Your names",
      "Email",
      "Wedding date",
      "Location",
      "Budget range",
      "Your vision",
    ]) {
      await expect(page.getByLabel(label)).toBeVisible();
    }
    await expect(page.getByLabel("Email")).toHaveAttribute("type", "email");
    await expect(page.getByLabel("Budget range").locator("option")).toHaveText([
      "Select a range",
      "$4,500 – $7,500",
      "$7,500 – $12,000",
      "$12,000 – $20,000",
      "$20,000+",
    ]);
  });
});

test.describe("accessibility (axe, at 1280 and 390 px)", () => {
  for (const path of Object.keys(PAGES)) {
    test(`${path} has no axe violations`, async ({ page }) => {
      await isolate(page);
      await page.goto(path);
      await hydrated(page);
      // Let the cookie banner (part of the page) arrive before auditing.
      await page.getByRole("region", { name: "Cookies, briefly" }).waitFor();
      await expectNoAxeViolations(page);
    });
  }

  test("the 404 page has no axe violations", async ({ page }) => {
    await isolate(page);
    await page.goto("/nowhere");
    await hydrated(page);
    await expectNoAxeViolations(page);
  });
});

test.describe("head, headers, sitemap", () => {
  test.skip(({ isMobile }) => isMobile, "one width is enough");
  test("each page has its title, description, canonical, robots and social cards", async ({
    page,
  }) => {
    test.slow(); // visits every page
    const titles = new Map<string, string>();
    for (const path of Object.keys(PAGES)) {
      await page.goto(path);
      const title = await page.title();
      expect(title, path).toContain("Northlight Studio");
      titles.set(path, title);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{50,}/);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        "href",
        new URL(path, page.url()).href.replace(/\/$/, path === "/" ? "/" : ""),
      );
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "index,follow");
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", title);
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
        "content",
        /^http.*\.(jpg|webp)$/,
      );
      await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute(
        "content",
        "summary_large_image",
      );
    }
    // Careers uses the about page's metadata (SPEC).
    expect(titles.get("/careers")).toBe(titles.get("/about"));
    expect(new Set(titles.values()).size).toBe(titles.size - 1);
  });

  test("home carries Organization structured data", async ({ page }) => {
    await page.goto("/");
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}",
    );
    expect(jsonLd).toMatchObject({ "@type": "Organization", name: "Northlight Studio" });
  });

  /** What every document's CSP and headers must say, shared or not. */
  function expectSecurityHeaders(headers: Record<string, string>) {
    const csp = headers["content-security-policy"] ?? "";
    expect(csp).toContain("'strict-dynamic'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("frame-src https://calendly.com");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("https://www.googletagmanager.com");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"]).toBeTruthy();
    expect(headers["cross-origin-opener-policy"]).toBeTruthy();
    expect(headers["strict-transport-security"]).toBeUndefined(); // plain http here
  }

  test("a page shared by anonymous visitors carries a hash-based CSP and is cacheable", async ({
    page,
  }) => {
    // The first answer renders (MISS), a later one comes from the page cache (HIT): same headers.
    await expect.poll(async () => (await page.request.get("/")).headers()["x-cache"]).toBe("HIT");
    const response = await page.goto("/");
    const headers = response?.headers() ?? {};
    expect(headers["x-cache"]).toBe("HIT");
    expectSecurityHeaders(headers);
    const csp = headers["content-security-policy"] ?? "";
    expect(csp).not.toContain("'nonce-");
    expect(csp).toMatch(/script-src[^;]*'sha256-/);
    expect(headers["cache-control"]).toContain("s-maxage");
    // No script carries a nonce: they pass by their hashes.
    const nonces = await page
      .locator("script")
      .evaluateAll((els) => els.map((el) => (el as HTMLScriptElement).nonce));
    expect(nonces.length).toBeGreaterThan(0);
    expect(new Set(nonces)).toEqual(new Set([""]));
    // Everyone gets the same policy.
    const again = (await page.request.get("/")).headers()["content-security-policy"];
    expect(again).toBe(csp);
  });

  test("a page for one visitor (here a flash cookie) carries a fresh nonce and is private", async ({
    page,
    baseURL,
  }) => {
    await page.context().addCookies([{ name: "admin_flash", value: "x", url: baseURL ?? "" }]);
    const response = await page.goto("/");
    const headers = response?.headers() ?? {};
    expect(headers["x-cache"]).toBe("BYPASS");
    expectSecurityHeaders(headers);
    const nonce = headers["content-security-policy"]?.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    expect(headers["content-security-policy"]).not.toContain("'sha256-");
    expect(headers["cache-control"]).toBe("private, no-store");
    // Every script element carries this response's nonce.
    const scripts = await page
      .locator("script:not([type='application/ld+json'])")
      .evaluateAll((els) => els.map((el) => (el as HTMLScriptElement).nonce));
    expect(scripts.length).toBeGreaterThan(0);
    expect(new Set(scripts)).toEqual(new Set([nonce]));
    // A new request gets a new nonce.
    const again = (await page.request.get("/")).headers()["content-security-policy"];
    expect(again).not.toContain(`'nonce-${nonce}'`);
  });

  test("hydration produces no console errors on any page", async ({ page }) => {
    test.slow(); // visits every page
    await isolate(page);
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(`${page.url()}: ${message.text()}`);
    });
    for (const path of Object.keys(PAGES)) {
      await page.goto(path);
      await hydrated(page);
    }
    expect(errors).toEqual([]);
  });

  test("sitemap.xml lists the pages and robots.txt points at it", async ({ request, baseURL }) => {
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()["content-type"]).toContain("xml");
    const xml = await sitemap.text();
    for (const path of Object.keys(PAGES))
      expect(xml).toContain(`<loc>${baseURL}${path === "/" ? "/" : path}</loc>`);
    const robots = await request.get("/robots.txt");
    expect(await robots.text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });
});
