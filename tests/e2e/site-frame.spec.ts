import { expect, test } from "@playwright/test";
import { hydrated, isMobile, isolate, presetConsent } from "./site-support";

const ENTRIES = [
  ["Home", "/"],
  ["Services", "/services"],
  ["Work", "/case-studies"],
  ["Blog", "/blog"],
  ["About", "/about"],
  ["Careers", "/careers"],
  ["Contact", "/contact"],
] as const;

const DROPDOWN = [
  ["Video Production", "/services/video-production"],
  ["Post Production", "/services/post-production"],
  ["Digital Growth Campaigns", "/services/ads-media-buying"],
  ["Social Content", "/services/social-content"],
  ["Web App Development", "/services/web-app-development"],
  ["AI-Powered Business Solutions", "/services/ai-powered-business-solutions"],
  ["Weddings", "/weddings"],
] as const;

test.describe("public frame", () => {
  test.beforeEach(async ({ page }) => {
    await isolate(page);
    await presetConsent(page, "granted"); // keep the banner out of the way here
  });

  test("wide navigation: entries, current page, Services active on /services* and /weddings", async ({
    page,
  }, info) => {
    test.skip(isMobile(info), "wide layout");
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const [name, href] of ENTRIES) {
      await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
    await expect(page.locator("header").getByRole("button", { name: "Book a Call" })).toBeVisible();

    for (const path of ["/services", "/services/post-production", "/weddings"]) {
      await page.goto(path);
      await expect(nav.getByRole("link", { name: "Services", exact: true })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await expect(nav.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current");
    }
    await page.goto("/about");
    await expect(nav.getByRole("link", { name: "About" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Services", exact: true })).not.toHaveAttribute(
      "aria-current",
    );
  });

  test("Services dropdown opens while hovered and from the keyboard", async ({ page }, info) => {
    test.skip(isMobile(info), "wide layout");
    await page.goto("/");
    await hydrated(page);
    const nav = page.getByRole("navigation", { name: "Main" });
    const firstItem = nav.getByRole("link", { name: "Video Production" });
    await expect(firstItem).toBeHidden();

    await nav.getByRole("link", { name: "Services", exact: true }).hover();
    for (const [name, href] of DROPDOWN) {
      await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
      await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await page.mouse.move(640, 700);
    await expect(firstItem).toBeHidden();

    // Keyboard: the toggle next to Services opens it; Escape closes it and returns focus.
    const toggle = nav.getByRole("button", { name: "Services menu" });
    await nav.getByRole("link", { name: "Services", exact: true }).focus();
    await page.keyboard.press("Tab");
    await expect(toggle).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await expect(firstItem).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(firstItem).toBeHidden();
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");

    // Choosing an entry navigates (client-side: page and head come from the data request) and
    // closes it.
    await page.keyboard.press("Enter");
    await nav.getByRole("link", { name: "Post Production" }).click();
    await expect(page).toHaveURL(/\/services\/post-production$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Where the footage becomes the film.",
    );
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      /\/services\/post-production$/,
    );
    await expect(nav.getByRole("link", { name: "Post Production" })).toBeHidden();
  });

  test("narrow screens: the menu button toggles the list, sub-links indented, closing on choice", async ({
    page,
  }, info) => {
    test.skip(!isMobile(info), "narrow layout");
    await page.goto("/");
    await hydrated(page);
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await expect(page.locator("header").getByRole("button", { name: "Book a Call" })).toBeVisible();

    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeHidden();
    await page.getByLabel("Menu", { exact: true }).click();
    await expect(menu).toBeVisible();
    for (const [name, href] of [...ENTRIES, ...DROPDOWN]) {
      await expect(menu.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    const parent = await menu.getByRole("link", { name: "Services", exact: true }).boundingBox();
    const child = await menu.getByRole("link", { name: "Post Production" }).boundingBox();
    expect(child?.x ?? 0).toBeGreaterThan((parent?.x ?? 0) + 10);

    await menu.getByRole("link", { name: "Post Production" }).click();
    await expect(page).toHaveURL(/\/services\/post-production$/);
    await expect(menu).toBeHidden();
    await page.getByLabel("Menu", { exact: true }).click();
    await expect(menu.getByRole("link", { name: "Services", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(menu.getByRole("link", { name: "Post Production" })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });

  test("footer: three columns, 2024 copyright, legal links and cookie settings", async ({
    page,
  }) => {
    await page.goto("/");
    const footer = page.locator("footer");
    for (const heading of ["Services", "Company", "Get in Touch"]) {
      await expect(footer.getByRole("heading", { name: heading })).toBeVisible();
    }
    for (const name of [
      "Video Production",
      "Post-Production",
      "Digital Growth Campaigns",
      "Web & App Development",
      "Social Content",
      "About",
      "Case Studies",
      "Careers",
      "Contact",
    ]) {
      await expect(footer.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(footer.getByRole("link", { name: "hello@northlight.studio" })).toHaveAttribute(
      "href",
      "mailto:hello@northlight.studio",
    );
    await expect(footer.getByText("Book a Call")).toBeVisible();
    await expect(footer.getByText("Los Angeles, CA")).toBeVisible();
    await expect(footer.getByText("© 2024 Northlight Studio")).toBeVisible();
    await expect(footer.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute(
      "href",
      "/privacy",
    );
    await expect(footer.getByRole("link", { name: "Terms of Service" })).toHaveAttribute(
      "href",
      "/terms",
    );
    await expect(footer.getByRole("button", { name: "Cookie settings" })).toBeVisible();
  });

  test.describe("the same at every width", () => {
    test.skip(
      ({ isMobile }) => isMobile,
      "scrolling, client navigation and the 404 page do not depend on the width",
    );

    test("every route change scrolls to the top", async ({ page }) => {
      await page.goto("/");
      await hydrated(page);
      await page.locator("footer").scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
      await page.locator("footer").getByRole("link", { name: "Careers" }).click();
      await expect(page).toHaveURL(/\/careers$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Work With Us");
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

      await page.locator("footer").scrollIntoViewIfNeeded();
      await page.locator("footer").getByRole("link", { name: "Terms of Service" }).click();
      await expect(page).toHaveURL(/\/terms$/);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    });

    test("parts kept as server HTML (decision 0282): their links navigate on the client, and they render again on the way back", async ({
      page,
    }) => {
      await page.goto("/");
      await hydrated(page);
      const clients = page
        .getByRole("region", { name: "Trusted by brands, labels and founders" })
        .getByRole("listitem");
      const count = await clients.count();
      expect(count).toBeGreaterThan(3);
      // A document load would drop this.
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
      const sameDocument = () =>
        page.evaluate(
          () => (window as unknown as { sameDocument?: boolean }).sameDocument === true,
        );

      await page
        .getByRole("region", { name: "Six disciplines, one room." })
        .getByRole("link", { name: /Video Production/ })
        .first()
        .click();
      await expect(page).toHaveURL(/\/services\/video-production$/);
      expect(await sameDocument()).toBe(true);

      // Back on /, the same parts are rendered by the client: all of them are there.
      await page.goBack();
      await expect(page).toHaveURL(/\/$/);
      await expect(clients).toHaveCount(count);
      // The footer stayed mounted through both navigations: still the server's HTML.
      await page.locator("footer").getByRole("link", { name: "About", exact: true }).click();
      await expect(page).toHaveURL(/\/about$/);
      expect(await sameDocument()).toBe(true);
    });

    test("unknown paths answer 404 with the not-found page, not indexed", async ({ page }) => {
      const response = await page.goto("/this/does-not-exist");
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("404");
      await expect(page.getByText("Oops! Page not found")).toBeVisible();
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
      await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
      await page.getByRole("link", { name: "Return to Home" }).click();
      await expect(page).toHaveURL(/\/$/);
    });
  });
});
