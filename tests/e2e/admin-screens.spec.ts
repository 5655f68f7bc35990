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
];

test("the sign-in page fits and reads well", async ({ page }, testInfo) => {
  await page.goto("/admin/login");
  await hydrated(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? 0,
  );
  await page.screenshot({ path: `test-results/admin-screens/${testInfo.project.name}-login.png` });
});

for (const [name, path] of SCREENS) {
  test(`${path} fits its width and passes axe`, async ({ page }, testInfo) => {
    await signIn(page);
    await page.goto(path);
    await hydrated(page);
    const width = page.viewportSize()?.width ?? 0;
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(overflow, `${path} is wider than the screen`).toBeLessThanOrEqual(width);
    await expectNoAxeViolations(page);
    await page.screenshot({
      path: `test-results/admin-screens/${testInfo.project.name}-${name}.png`,
      fullPage: false,
    });
  });
}

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
