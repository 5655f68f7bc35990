import { expect, test } from "@playwright/test";
import { CONSENT_KEY, gtagCommands, hydrated, isolate } from "./site-support";

const pageViews = async (page: import("@playwright/test").Page) =>
  (await gtagCommands(page))
    .filter((c) => c[0] === "event" && c[1] === "page_view")
    .map((c) => (c[2] as { page_path: string }).page_path);

test.describe("cookie consent and analytics", () => {
  test("accept: nothing is requested before consent, then gtag.js once and page views on every route change", async ({
    page,
  }) => {
    const { gaRequests } = await isolate(page);
    await page.goto("/services?ref=spring");
    await hydrated(page);
    const banner = page.getByRole("region", { name: "Cookies, briefly" });
    await expect(banner).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(gaRequests()).toBe(0);

    await banner.getByRole("button", { name: "Accept" }).click();
    await expect(banner).toBeHidden();
    expect(await page.evaluate((key) => localStorage.getItem(key), CONSENT_KEY)).toBe("granted");
    await expect.poll(gaRequests).toBe(1);
    await expect.poll(() => pageViews(page)).toEqual(["/services?ref=spring"]);

    await page.getByRole("main").getByRole("link", { name: "Video Production" }).first().click();
    await expect(page).toHaveURL(/\/services\/video-production$/);
    await expect
      .poll(() => pageViews(page))
      .toEqual(["/services?ref=spring", "/services/video-production"]);
    expect(gaRequests()).toBe(1);

    // Consent is remembered: no banner, analytics start on load.
    await page.reload();
    await hydrated(page);
    await expect.poll(gaRequests).toBe(2);
    await expect(page.getByRole("region", { name: "Cookies, briefly" })).toBeHidden();
    await expect.poll(() => pageViews(page)).toEqual(["/services/video-production"]);
  });

  test("decline: stored, no analytics; the banner returns on the next load and from Cookie settings", async ({
    page,
  }) => {
    const { gaRequests } = await isolate(page);
    await page.goto("/about");
    await hydrated(page);
    const banner = page.getByRole("region", { name: "Cookies, briefly" });
    await banner.getByRole("button", { name: "Decline" }).click();
    await expect(banner).toBeHidden();
    expect(await page.evaluate((key) => localStorage.getItem(key), CONSENT_KEY)).toBe("denied");

    await page.locator("footer").getByRole("button", { name: "Cookie settings" }).click();
    await expect(banner).toBeVisible();

    await page.reload();
    await hydrated(page);
    await expect(page.getByRole("region", { name: "Cookies, briefly" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(gaRequests()).toBe(0);
    expect(await page.evaluate(() => "dataLayer" in window)).toBe(false);
  });

  test("Cookie settings reopens the banner after consent was granted", async ({ page }) => {
    await isolate(page);
    await page.goto("/");
    await hydrated(page);
    const banner = page.getByRole("region", { name: "Cookies, briefly" });
    await banner.getByRole("button", { name: "Accept" }).click();
    await expect(banner).toBeHidden();
    await page.locator("footer").getByRole("button", { name: "Cookie settings" }).click();
    await expect(banner).toBeVisible();
    await banner.getByRole("button", { name: "Decline" }).click();
    expect(await page.evaluate((key) => localStorage.getItem(key), CONSENT_KEY)).toBe("denied");
  });
});

test("uncaught errors and unhandled rejections are kept in the local error log", async ({
  page,
}, info) => {
  test.skip(info.project.name === "mobile", "one width is enough");
  await isolate(page);
  await page.goto("/privacy");
  await hydrated(page);
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error("boom from a timer");
    });
    void Promise.reject(new Error("nobody caught me"));
  });
  await expect
    .poll(async () =>
      page.evaluate(() =>
        JSON.parse(localStorage.getItem("northlight.error-log") ?? "[]")
          .map((e: { message: string; source: string }) => `${e.source}: ${e.message}`)
          .sort(),
      ),
    )
    .toEqual(["error: boom from a timer", "unhandledrejection: nobody caught me"]);
});
