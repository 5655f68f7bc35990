import { expect, type Page, test } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { expectNoAxeViolationsAtBothWidths } from "../support/axe";
import { signInAs } from "../support/sign-in";
import { hydrated, isolate } from "./site-support";

/**
 * Cookieless visit counts (issue #33, "Must show"): a visitor lands on a case study from a
 * newsletter campaign, reads two more pages (client-side navigations, counted by the beacon) and
 * sends an inquiry; nothing is written to cookies or browser storage before consent; the inquiry's
 * page shows its source and landing page, and /admin/analytics counts the visit, the campaign and
 * the inquiry.
 */

// A browser's user agent (headless Chromium's says "HeadlessChrome", which isbot rightly drops),
// with a version of its own, so this run is one visitor of its own for the day.
const UA = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${Date.now() % 100_000}.0 Safari/537.36`;
test.use({ userAgent: UA });

const LANDING = "/case-studies/low-tide-records";

async function nothingStored(page: Page) {
  expect(await page.context().cookies()).toEqual([]);
  expect(
    await page.evaluate(() => ({ local: localStorage.length, session: sessionStorage.length })),
  ).toEqual({ local: 0, session: 0 });
}

test("a newsletter visit leads to an inquiry, shown with its source and counted on Analytics", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await isolate(page);
  const stamp = Date.now();
  const name = `Rae Visit ${stamp}`;
  const address = `rae.visit.${stamp}@example.com`;

  await page.goto(`${LANDING}?utm_source=newsletter&utm_campaign=spring`);
  await hydrated(page);
  await nothingStored(page);

  // Two more pages, navigated in the page: each is one beacon to /visit.
  const beacon = () =>
    page.waitForRequest((r) => r.url().endsWith("/visit") && r.method() === "POST");
  const toAbout = beacon();
  await page.locator("header").getByRole("link", { name: "About", exact: true }).first().click();
  await expect(page).toHaveURL(/\/about$/);
  expect((await toAbout).postData()).toBe("page=%2Fabout");
  const toContact = beacon();
  await page.locator("header").getByRole("link", { name: "Contact", exact: true }).first().click();
  await expect(page).toHaveURL(/\/contact$/);
  expect((await toContact).postData()).toBe("page=%2Fcontact");

  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email").fill(address);
  await page.getByLabel("Project Overview").fill("A video for our spring release.");
  await page.getByRole("button", { name: "Submit Project" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Thank you!" })).toBeVisible();
  // Still nothing written to the browser: the cookie banner has not been answered.
  await nothingStored(page);

  // The back-office: the inquiry's Source.
  await signInAs(page, E2E_ADMIN);
  await page.goto(`/admin?q=${encodeURIComponent(address)}`);
  await page.getByRole("link", { name, exact: true }).click();
  const source = page.getByRole("region", { name: "Source" });
  await expect(source.getByRole("listitem")).toHaveText([
    "utm_source newsletter",
    "utm_campaign spring",
    `Landing page ${LANDING}`,
  ]);

  // Analytics: the visit, its campaign and the inquiry.
  await page.goto("/admin/analytics?period=7d");
  await expect(page.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible();
  const campaigns = page.getByRole("region", { name: "Top campaigns" });
  const spring = campaigns
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: "spring", exact: true }) });
  await expect(spring.getByRole("cell")).toHaveText(["1", "1"]);
  const pages = page.getByRole("region", { name: "Top pages" });
  const landing = pages
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: LANDING, exact: true }) });
  await expect(landing.getByRole("cell").last()).toHaveText("1");
  const sources = page.getByRole("region", { name: "Top sources" });
  await expect(sources.getByRole("rowheader", { name: "newsletter", exact: true })).toBeVisible();
  await expect(page.getByRole("img", { name: /Visitors and inquiries per day/ })).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(page);

  // The CSV of the same period.
  const csv = await page.request.get("/admin/analytics.csv?period=7d");
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain('"Campaign","spring","1","3","1"');
});
