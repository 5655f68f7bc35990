import { expect, expectNoAxeViolations, hydrated, signIn, test } from "../support/admin-e2e";

/** The read-only portfolio and blog lists (their editors arrive with issue #7). */
test.describe("portfolio and blog lists", () => {
  test.skip(({ isMobile }) => isMobile, "the 390 px layout has its own spec");

  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test("portfolio: the items with their service and status", async ({ page }) => {
    await page.goto("/admin/portfolio");
    const rows = page.getByRole("list", { name: "Portfolio items" }).getByRole("listitem");
    await expect(rows).toHaveCount(12);
    await expect(rows.filter({ hasText: "Slow Fire :30" })).toContainText("Video Production");
    await hydrated(page);
    await expectNoAxeViolations(page);
  });

  test("blog: search and status filter, View only for published posts, new/edit links", async ({
    page,
  }) => {
    await page.goto("/admin/blog");
    const rows = page.getByRole("list", { name: "Blog posts" }).getByRole("listitem");
    await expect(page.getByRole("link", { name: "New Post" })).toHaveAttribute(
      "href",
      "/admin/blog/new",
    );
    const total = await rows.count();
    expect(total).toBeGreaterThan(0);
    const viewLinks = await rows.getByRole("link", { name: /^View / }).count();
    const published = await rows.getByText(/^published$/i).count();
    expect(viewLinks).toBe(published);
    await expect(rows.first().getByRole("link", { name: /^Edit / })).toHaveAttribute(
      "href",
      /^\/admin\/blog\/edit\/[0-9a-f-]{36}$/,
    );

    await page.getByLabel("Search titles").fill("COLOR GRADING");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("Color Grading");

    await page.getByLabel("Search titles").fill("no such post");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText("No blog posts found matching your criteria.")).toBeVisible();

    // With JavaScript the status filter applies when chosen.
    await page.goto("/admin/blog");
    await hydrated(page);
    await page.getByLabel("Status").selectOption("draft");
    await expect(page).toHaveURL(/\/admin\/blog\?q=&status=draft$/);
    // The URL changes before the filtered list renders: wait for it (no published row left).
    await expect(rows.getByRole("link", { name: /^View / })).toHaveCount(0);
    await expect(rows.first()).toBeVisible();
    expect(await rows.count()).toBeLessThan(total);
    await hydrated(page);
    await expectNoAxeViolations(page);
  });
});
