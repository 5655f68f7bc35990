import type { Page, TestInfo } from "@playwright/test";
import { TEST_EDITOR } from "../support/admin-data";
import { expect, expectNoAxeViolations, hydrated, signIn, test, toast } from "../support/admin-e2e";

/**
 * Every back-office screen at the project's width (1280 desktop, 390 phone): it fits the width,
 * passes axe, and leaves a screenshot in test-results/admin-screens for a human look.
 */
const SCREENS: [string, string][] = [
  ["dashboard", "/admin"],
  ["job-applications", "/admin/job-applications"],
  ["case-studies", "/admin/case-studies"],
  ["testimonials", "/admin/testimonials"],
  ["team", "/admin/team"],
  ["portfolio", "/admin/portfolio"],
  ["blog", "/admin/blog"],
  // Issue #29's screens: staff, the person's account, the audit log, the step-up.
  ["staff", "/admin/staff"],
  ["account", "/admin/account"],
  ["audit", "/admin/audit"],
  ["confirm", "/admin/confirm?redirectTo=%2Fadmin%2Fstaff"],
  ["analytics", "/admin/analytics"],
  ["privacy", "/admin/privacy"],
  ["redirects", "/admin/redirects"],
  // Issue #49: the background jobs.
  ["jobs", "/admin/jobs"],
];

test("the sign-in page fits and reads well", async ({ page }, testInfo) => {
  await page.goto("/admin/login");
  await hydrated(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? 0,
  );
  await page.screenshot({ path: `test-results/admin-screens/${testInfo.project.name}-login.png` });
});

/** The page fits its width, passes axe, and leaves its screenshot. */
async function checkScreen(page: Page, testInfo: TestInfo, name: string, path = page.url()) {
  const width = page.viewportSize()?.width ?? 0;
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(overflow, `${path} is wider than the screen`).toBeLessThanOrEqual(width);
  await expectNoAxeViolations(page);
  await page.screenshot({
    path: `test-results/admin-screens/${testInfo.project.name}-${name}.png`,
    fullPage: false,
  });
}

for (const [name, path] of SCREENS) {
  test(`${path} fits its width and passes axe`, async ({ page }, testInfo) => {
    await signIn(page);
    await page.goto(path);
    await hydrated(page);
    await checkScreen(page, testInfo, name, path);
  });
}

test("the confirmations of removing and deactivating a staff account fit their width and pass axe", async ({
  page,
}, testInfo) => {
  await signIn(page);
  await page.goto("/admin/staff");
  // The editor's id, from its row's role form (nothing changes: only the pages are opened).
  const row = page.getByRole("row").filter({ hasText: TEST_EDITOR.email });
  const id = await row.locator('input[name="id"]').first().inputValue();
  for (const verb of ["Remove", "Deactivate"]) {
    await page.goto(`/admin/staff/${id}/${verb.toLowerCase()}`);
    await hydrated(page);
    await expect(
      page.getByRole("heading", { level: 1, name: `${verb} this staff account?` }),
    ).toBeVisible();
    await expect(page.getByText(TEST_EDITOR.email)).toBeVisible();
    await checkScreen(page, testInfo, `staff-${verb.toLowerCase()}`);
  }
});

test("a post's history, with its table of revisions, fits its width and passes axe", async ({
  page,
}, testInfo) => {
  await signIn(page);
  const title = `History Screen ${testInfo.project.name}`;
  await page.goto("/admin/blog/new");
  await hydrated(page);
  await page.getByRole("textbox", { name: "Title", exact: true }).fill(title);
  await page.getByLabel("Content").fill("<p>Kept in the history.</p>");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await page.getByRole("link", { name: `Edit ${title}` }).click();
  await page.getByRole("link", { name: "History", exact: true }).click();
  await expect(page.getByRole("table", { name: "Revisions" })).toBeVisible();
  await hydrated(page);
  await checkScreen(page, testInfo, "history");
});

test("the 403 page an editor sees on an admin-only screen fits its width and passes axe", async ({
  page,
}, testInfo) => {
  await signIn(page, TEST_EDITOR);
  const response = await page.goto("/admin/staff");
  expect(response?.status()).toBe(403);
  await hydrated(page);
  await expect(
    page.getByRole("heading", { level: 1, name: "You don't have access to this page." }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to the back-office" })).toBeVisible();
  await checkScreen(page, testInfo, "no-access");
});

test("on a phone: the navigation opens from Menu, fits the width, and a status change works by touch", async ({
  page,
  isMobile,
}, testInfo) => {
  test.skip(!isMobile, "phone layout");
  await signIn(page);
  await page.goto("/admin/portfolio");
  const nav = page.getByRole("navigation", { name: "Admin" });
  await expect(nav).toBeHidden();
  await page.locator("summary", { hasText: "Menu" }).tap();
  await expect(nav.getByRole("link", { name: "Job Applications" })).toBeInViewport();
  // Nothing in the opened menu reaches past the screen's edge.
  const widest = await nav.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(widest).toBe(0);
  await nav.getByRole("link", { name: "Job Applications" }).tap();
  await expect(page.getByRole("heading", { level: 1, name: "Job Applications" })).toBeVisible();
  await hydrated(page);
  await page.getByLabel("Status of Applicant 05's application").selectOption("hired");
  await expect(toast(page, "Success", "Application marked Hired")).toBeVisible();
  await page.screenshot({ path: `test-results/admin-screens/${testInfo.project.name}-toast.png` });
  await page.reload();
  await expect(page.getByLabel("Status of Applicant 05's application")).toHaveValue("hired");
});
