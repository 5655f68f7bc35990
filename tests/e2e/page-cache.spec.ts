import { expect, type Page, test } from "@playwright/test";
import { hydrated, isMobile, isolate } from "./site-support";

/**
 * The full-page cache (decision 0180) in the browser: a page from the cache (hash-based CSP, no
 * nonce; also under a query the page does not read, decision 0265), a freshly rendered shared
 * page, and a page for one visitor (nonce) all hydrate, load their lazy chunks and navigate,
 * without a single CSP violation or console error.
 */

async function watch(page: Page): Promise<{ problems: () => Promise<string[]> }> {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return {
    problems: async () => [
      ...errors,
      ...(await page.evaluate(
        () => (window as unknown as { cspViolations: string[] }).cspViolations,
      )),
    ],
  };
}

/** Hydrated and working: a lazy dialog opens, and a link navigates on the client. */
async function exercise(page: Page) {
  await hydrated(page);
  await page.locator("header").getByRole("button", { name: "Book a Call" }).click();
  const dialog = page.getByRole("dialog", { name: "Schedule Your Consultation" });
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  // A client-side navigation: the document stays, React Router fetches the data.
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
  await page.locator("header").getByRole("link", { name: "Blog" }).first().click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
  ).toBe(true);
}

test.describe("full-page cache in the browser", () => {
  test.beforeEach(({ page: _ }, info) => {
    test.skip(isMobile(info), "one width is enough");
  });

  test("a page from the cache hydrates and works under its hash-based CSP", async ({ page }) => {
    await isolate(page);
    const { problems } = await watch(page);
    await expect.poll(async () => (await page.request.get("/")).headers()["x-cache"]).toBe("HIT");
    // A query the page does not read (a campaign tag) gets the same copy.
    const response = await page.goto("/?utm_source=e2e");
    expect(response?.headers()["x-cache"]).toBe("HIT");
    expect(response?.headers()["content-security-policy"]).toMatch(/'sha256-/);
    await exercise(page);
    expect(await problems()).toEqual([]);
  });

  test("a freshly rendered shared page works the same", async ({ page }) => {
    await isolate(page);
    const { problems } = await watch(page);
    // A search is rendered as a shared page (decision 0265) and never kept (issue #47 item 6).
    const response = await page.goto(`/blog?q=fresh-${Date.now()}`);
    expect(response?.headers()["x-cache"]).toBe("BYPASS");
    expect(response?.headers()["content-security-policy"]).toMatch(/'sha256-/);
    await exercise(page);
    expect(await problems()).toEqual([]);
  });

  test("a page for one visitor keeps its nonce and works", async ({ page, baseURL }) => {
    await isolate(page);
    const { problems } = await watch(page);
    await page.context().addCookies([{ name: "admin_flash", value: "x", url: baseURL ?? "" }]);
    const response = await page.goto("/");
    expect(response?.headers()["x-cache"]).toBe("BYPASS");
    expect(response?.headers()["content-security-policy"]).toMatch(/'nonce-/);
    await exercise(page);
    expect(await problems()).toEqual([]);
  });
});
