import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { CONSENT_KEY, gtagCommands, hydrated, isolate } from "./site-support";

const DENIED = {
  ad_storage: "denied",
  ad_user_data: "denied",
  ad_personalization: "denied",
  analytics_storage: "denied",
};
const DEFAULT = ["consent", "default", { ...DENIED, wait_for_update: 500 }];
const consentCalls = async (page: import("@playwright/test").Page) =>
  (await gtagCommands(page)).filter((c) => c[0] === "consent");

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
    // Consent Mode's default and the stored refusal, and no tag at all.
    expect(await gtagCommands(page)).toEqual([DEFAULT, ["consent", "update", DENIED]]);
  });

  test("Decline, then analytics only through Choose, then a change through Cookie settings: Consent Mode calls in order, records on the server, axe clean in each state", async ({
    page,
  }) => {
    // Three axe runs and two reopenings: more than the default minute on a busy machine.
    test.setTimeout(150_000);
    const { gaRequests } = await isolate(page);
    const records: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === "/consent") {
        records.push(request.postData() ?? "");
      }
    });
    await page.goto("/about");
    await hydrated(page);
    const banner = page.getByRole("region", { name: "Cookies, briefly" });
    await expect(banner).toBeVisible();
    expect(await consentCalls(page)).toEqual([DEFAULT]);
    await expectNoAxeViolations(page);

    await banner.getByRole("button", { name: "Decline" }).click();
    await expect(banner).toBeHidden();
    expect(await consentCalls(page)).toEqual([DEFAULT, ["consent", "update", DENIED]]);
    await expect.poll(() => records.length).toBe(1);
    expect(new URLSearchParams(records[0]).get("choice")).toBe("decline");

    await page.locator("footer").getByRole("button", { name: "Cookie settings" }).click();
    await banner.getByRole("button", { name: "Choose" }).click();
    const necessary = banner.getByRole("checkbox", { name: "Necessary" });
    await expect(necessary).toBeChecked();
    await expect(necessary).toBeDisabled();
    await expectNoAxeViolations(page);
    await banner.getByRole("checkbox", { name: "Analytics" }).check();
    await expect(banner.getByRole("checkbox", { name: "Marketing" })).not.toBeChecked();
    await banner.getByRole("button", { name: "Save choices" }).click();
    await expect(banner).toBeHidden();
    expect(await page.evaluate((key) => localStorage.getItem(key), CONSENT_KEY)).toBe("granted");
    expect(await consentCalls(page)).toEqual([
      DEFAULT,
      ["consent", "update", DENIED],
      ["consent", "update", { ...DENIED, analytics_storage: "granted" }],
    ]);
    await expect.poll(gaRequests).toBe(1);
    await expect.poll(() => records.length).toBe(2);
    expect(Object.fromEntries(new URLSearchParams(records[1]))).toMatchObject({
      choice: "custom",
      analytics: "true",
      marketing: "false",
    });

    // Cookie settings reopens with the current choices; a change there sends its own update.
    await page.locator("footer").getByRole("button", { name: "Cookie settings" }).click();
    await banner.getByRole("button", { name: "Choose" }).click();
    await expect(banner.getByRole("checkbox", { name: "Analytics" })).toBeChecked();
    await banner.getByRole("checkbox", { name: "Marketing" }).check();
    await banner.getByRole("button", { name: "Save choices" }).click();
    await expect(banner).toBeHidden();
    expect((await consentCalls(page)).at(-1)).toEqual([
      "consent",
      "update",
      {
        ad_storage: "granted",
        ad_user_data: "granted",
        ad_personalization: "granted",
        analytics_storage: "granted",
      },
    ]);
  });

  test("Global Privacy Control: the banner says so, marketing stays off even on Accept", async ({
    page,
  }) => {
    const { gaRequests } = await isolate(page);
    await page.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true }),
    );
    await page.goto("/");
    await hydrated(page);
    const banner = page.getByRole("region", { name: "Cookies, briefly" });
    await expect(banner.getByText("Your browser sends Global Privacy Control")).toBeVisible();
    await banner.getByRole("button", { name: "Choose" }).click();
    await expect(banner.getByRole("checkbox", { name: "Marketing" })).toBeDisabled();
    await expectNoAxeViolations(page);
    await banner.getByRole("button", { name: "Accept" }).click();
    expect(await consentCalls(page)).toEqual([
      DEFAULT,
      ["consent", "update", { ...DENIED, analytics_storage: "granted" }],
    ]);
    await expect.poll(gaRequests).toBe(1);
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
