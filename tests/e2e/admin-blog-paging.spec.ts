import type { Page } from "@playwright/test";
import { expect, hydrated, signIn, test, toast } from "../support/admin-e2e";
import { archivePostTitle, insertBlogArchive } from "../support/list-data";

/**
 * Issue #20: the back-office blog list is paged (25) and searched on the server. An admin finds a
 * post on page 3 and deletes it, with and without JavaScript, and comes back to that page with the
 * search kept. The worker's server has 70 archive posts besides the demo content.
 */

const ARCHIVE = 70;
test.use({
  adminData: { seed: true, submissions: true, content: (db) => insertBlogArchive(db, ARCHIVE) },
});

const rowsOf = (page: Page) => page.getByRole("list", { name: "Blog posts" }).getByRole("listitem");

test.describe("blog list paging", () => {
  test.skip(({ isMobile }) => isMobile, "the 390 px layout has its own spec");

  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test("an admin finds and deletes a post on page 3 of /admin/blog", async ({ page }) => {
    await page.goto("/admin/blog");
    await hydrated(page);
    const rows = rowsOf(page);
    await expect(rows).toHaveCount(25);

    await page.getByLabel("Search titles").fill("archive post");
    await page.getByRole("button", { name: "Apply" }).click();
    const pages = page.getByRole("navigation", { name: "Pagination" });
    await expect(pages).toContainText(`${ARCHIVE} blog posts · Page 1 of 3`);
    await pages.getByRole("link", { name: "Next" }).click();
    await expect(pages).toContainText("Page 2 of 3");
    await pages.getByRole("link", { name: "Next" }).click();
    // The filter bar's empty status rides along in the link; the page is what matters.
    await expect(page).toHaveURL(/\/admin\/blog\?q=archive\+post(&status=)?&page=3$/);
    await expect(pages).toContainText("Page 3 of 3");
    // Newest first: page 3 holds the 20 oldest, 19 down to 00.
    await expect(rows).toHaveCount(ARCHIVE - 50);
    await expect(rows.first()).toContainText(archivePostTitle(19));

    const title = archivePostTitle(7);
    const row = rows.filter({ hasText: title });
    await row.getByRole("button", { name: `Delete ${title}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();

    await expect(toast(page, "Success", `"${title}" has been deleted successfully.`)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/blog\?q=archive\+post&page=3$/);
    await expect(pages).toContainText(`${ARCHIVE - 1} blog posts · Page 3 of 3`);
    await expect(rows).toHaveCount(ARCHIVE - 51);
    await expect(rows.filter({ hasText: title })).toHaveCount(0);
    await expect(page.getByLabel("Search titles")).toHaveValue("archive post");
  });
});

test.describe("blog list paging without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test.skip(({ isMobile }) => isMobile, "the 390 px layout has its own spec");

  test("page links keep the filters; a delete returns to the same page", async ({ page }) => {
    await signIn(page);
    await page.goto("/admin/blog?q=archive&status=published");
    const pages = page.getByRole("navigation", { name: "Pagination" });
    await pages.getByRole("link", { name: "Next" }).click();
    await pages.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/admin\/blog\?q=archive&status=published&page=3$/);
    const rows = rowsOf(page);
    await expect(rows.first()).toContainText(archivePostTitle(19));

    const title = archivePostTitle(3);
    await rows
      .filter({ hasText: title })
      .getByRole("button", { name: `Delete ${title}` })
      .click();
    await expect(page.getByRole("heading", { name: "Delete this blog post?" })).toBeVisible();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/blog\?q=archive&status=published&page=3$/);
    await expect(page.getByRole("status")).toHaveText(
      `Success: "${title}" has been deleted successfully.`,
    );
    await expect(rows.filter({ hasText: title })).toHaveCount(0);
    await expect(pages).toContainText("Page 3 of 3");
  });
});
