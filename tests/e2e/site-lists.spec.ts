import { test as base, expect } from "@playwright/test";
import { hydrated } from "../support/admin-e2e";
import { type AdminServer, startAdminServer } from "../support/admin-server";
import { insertLongLists, LATE_POST, LATE_TYPE } from "../support/list-data";

/**
 * The public lists a page at a time (#20 item 1, decision 0220), on a server of the spec's own
 * with lists longer than a page (tests/support/list-data.ts): page links without JavaScript, the
 * search and filters applied on the server, the featured block on page 1 only.
 */
const test = base.extend<object, { listServer: AdminServer }>({
  listServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies
    async ({}, use) => {
      const server = await startAdminServer({ content: insertLongLists });
      await use(server);
      await server.dispose();
    },
    { scope: "worker", timeout: 180_000 },
  ],
  baseURL: async ({ listServer }, use) => {
    await use(listServer.baseURL);
  },
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("page 2 of /blog is reached by its link, titled and linked as page 2", async ({
    page,
    baseURL,
  }) => {
    await page.goto("/blog");
    await expect(page.getByRole("heading", { name: "Featured Articles" })).toBeVisible();
    await expect(page.getByRole("status")).toHaveText("30 articles, page 1 of 3");
    const pagination = page.getByRole("navigation", { name: "Pagination" });
    await expect(pagination.getByRole("link", { name: "Page 1" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await pagination.getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/\/blog\?page=2$/);
    await expect(page).toHaveTitle(/^Page 2 \| Blog & Insights/);
    await expect(page.getByRole("status")).toHaveText("30 articles, page 2 of 3");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      `${baseURL}/blog?page=2`,
    );
    await expect(page.locator('link[rel="prev"]')).toHaveAttribute("href", `${baseURL}/blog`);
    await expect(page.locator('link[rel="next"]')).toHaveAttribute(
      "href",
      `${baseURL}/blog?page=3`,
    );
    // The featured block is on the first page only.
    await expect(page.getByRole("heading", { name: "Latest Articles" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Featured Articles" })).toHaveCount(0);
    await expect(page.locator("main article")).toHaveCount(12);
  });

  test("the search form finds a post of a later page and starts again at page 1", async ({
    page,
  }) => {
    await page.goto("/blog?page=2");
    await page.getByRole("searchbox").fill("needle");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/blog\?q=needle&category=all$/);
    await expect(page.getByRole("status")).toHaveText("1 article");
    await expect(page.getByRole("heading", { name: LATE_POST })).toBeVisible();
  });
});

test.describe("with JavaScript", () => {
  test("a search on /blog finds a post that is not on page 1, focus kept in the box", async ({
    page,
  }) => {
    await page.goto("/blog");
    await hydrated(page);
    await expect(page.getByRole("heading", { name: LATE_POST })).toHaveCount(0);
    const search = page.getByRole("searchbox");
    await search.pressSequentially("Needle");
    await expect(page).toHaveURL(/\/blog\?q=Needle$/);
    await expect(page.getByRole("heading", { name: LATE_POST })).toBeVisible();
    await expect(page.getByRole("status")).toHaveText("1 article");
    await expect(search).toBeFocused();
    await expect(page.getByRole("heading", { name: "Featured Articles" })).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Pagination" })).toHaveCount(0);
  });

  test("a page link swaps the list without a reload and moves focus to the count", async ({
    page,
  }) => {
    await page.goto("/blog");
    await hydrated(page);
    await page.evaluate(() => {
      (window as unknown as { samePage: boolean }).samePage = true;
    });
    const data = page.waitForResponse((response) => response.url().includes("/blog.data"));
    await page
      .getByRole("navigation", { name: "Pagination" })
      .getByRole("link", { name: "Page 3" })
      .click();
    await data;
    await expect(page).toHaveURL(/\/blog\?page=3$/);
    await expect(page.getByRole("status")).toHaveText("30 articles, page 3 of 3");
    await expect(page.getByRole("status")).toBeFocused();
    await expect(page.getByRole("heading", { name: LATE_POST })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Featured Articles" })).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(
      true,
    );
    await expect(page).toHaveTitle(/^Page 3 \| Blog & Insights/);
  });

  test("the portfolio filter lists a service type found only on a later page", async ({ page }) => {
    await page.goto("/portfolio");
    await hydrated(page);
    await expect(page.getByRole("status")).toHaveText("30 projects, page 1 of 3");
    await expect(page.getByRole("heading", { name: "Project 30" })).toHaveCount(0);
    const filter = page.getByRole("combobox");
    await expect(filter.getByRole("option", { name: LATE_TYPE.label })).toHaveCount(1);
    await filter.selectOption(LATE_TYPE.value);
    await expect(page).toHaveURL(/\/portfolio\?type=consulting$/);
    await expect(page.getByRole("status")).toHaveText("1 project");
    await expect(page.getByRole("heading", { name: "Project 30" })).toBeVisible();
  });
});
