import type { Locator, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, hydrated, signIn, test, toast } from "../support/admin-e2e";

/**
 * The case-study editor (issue #7): create, edit and delete with the public site following at
 * once; refused input; a fake image refused; key-metric rows and gallery reordering with the
 * keyboard, and without JavaScript; axe on the new and edit screens.
 */

// Desktop only: the mobile project (the only one with isMobile) skips it, like the other admin specs.
test.skip(({ isMobile }) => isMobile, "the editor's flows run once, on desktop");

const metric = (page: Page, n: number) => page.getByRole("group", { name: `Key metric ${n}` });
const item = (page: Page, n: number) => page.getByRole("group", { name: `Gallery item ${n}` });
const titleField = (page: Page) =>
  page.getByRole("region", { name: "Basics" }).getByRole("textbox", { name: "Title", exact: true });

async function metricNames(page: Page): Promise<string[]> {
  return page
    .locator('input[name^="metrics."][name$=".name"]')
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
}

async function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return element?.textContent?.trim() ?? "";
  });
}

async function fillRow(row: Locator, name: string, value: string) {
  await row.getByLabel("Name").fill(name);
  await row.getByLabel("Value").fill(value);
}

test.describe("case-study editor", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test("create, edit and delete: the public site follows at once", async ({ page }) => {
    // A budget, not a speed check: the longest flow of the suite, and slower on a busy machine.
    test.setTimeout(180_000);
    await page.goto("/admin/case-studies");
    await page.getByRole("link", { name: "Add Case Study" }).click();
    await page.waitForURL("**/admin/case-studies/new");
    await hydrated(page);
    await expectNoAxeViolations(page);

    await titleField(page).fill("Glacier Run");
    // The slug follows the title until edited.
    await expect(page.getByLabel("Slug")).toHaveValue("glacier-run");
    await page.getByLabel("Subtitle").fill("A cold-weather launch film");
    await page.getByLabel("Client").fill("Polar Outfitters");
    await page.getByLabel("Description", { exact: true }).fill("Shot on a frozen lake at dawn.");
    await page.getByLabel("Details").fill("The brief.\n\nThe shoot.");
    await page.getByLabel("Tags").fill("Outdoor, Launch");
    await page.getByLabel("Sort position").fill("-200");

    // Key metrics: add rows, move one up with the keyboard, hide one.
    await fillRow(metric(page, 1), "total_views", "9M");
    await page.getByRole("button", { name: "Add metric" }).click();
    await expect(metric(page, 2).getByLabel("Name")).toBeFocused();
    await fillRow(metric(page, 2), "signups", "12K");
    await page.getByRole("button", { name: "Add metric" }).click();
    await fillRow(metric(page, 3), "click_rate", "4.1%");
    await page.getByRole("button", { name: "Move key metric 3 up" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => metricNames(page)).toEqual(["total_views", "click_rate", "signups"]);
    // Focus stays with the moved row, and the move is announced.
    await expect.poll(() => focusedName(page)).toBe("Move key metric 2 up");
    await expect(
      page.getByRole("status").filter({ hasText: "moved to position 2 of 3" }),
    ).toHaveCount(1);
    await page.keyboard.press("Space");
    await expect.poll(() => metricNames(page)).toEqual(["click_rate", "total_views", "signups"]);
    // At the top its "up" is off: the focus moves to its "down".
    await expect.poll(() => focusedName(page)).toBe("Move key metric 1 down");
    await metric(page, 2).getByLabel("Hide on detail page").check();
    // A row removed, order of the rest kept.
    await page.getByRole("button", { name: "Add metric" }).click();
    await fillRow(metric(page, 4), "spare", "0");
    await page.getByRole("button", { name: "Remove key metric 4" }).click();
    await expect.poll(() => metricNames(page)).toEqual(["click_rate", "total_views", "signups"]);

    // Gallery: two items, the second moved up.
    await page.getByLabel("Gallery layout").selectOption("grid");
    await page.getByRole("button", { name: "Add gallery item" }).click();
    await expect(item(page, 1).getByLabel("Type")).toBeFocused();
    await item(page, 1).getByLabel("Image URL").fill("/media/gallery/estate-media-02.svg");
    await item(page, 1).getByLabel("Title", { exact: true }).fill("Still frame");
    await page.getByRole("button", { name: "Add gallery item" }).click();
    await item(page, 2).getByLabel("Type").selectOption("video");
    await item(page, 2).getByLabel("Video URL").fill("/media/reel.mp4");
    await item(page, 2).getByLabel("Title", { exact: true }).fill("Launch film");
    await item(page, 2).getByLabel("Thumbnail URL").fill("/media/gallery/estate-media-03.svg");
    await page.getByRole("button", { name: "Move gallery item 2 up" }).click();
    await expect(item(page, 1).getByLabel("Title", { exact: true })).toHaveValue("Launch film");
    await expect(item(page, 2).getByLabel("Title", { exact: true })).toHaveValue("Still frame");
    await expect(item(page, 1).getByLabel("Video URL")).toHaveValue("/media/reel.mp4");

    await page
      .getByRole("button", { name: /^(Publish|Update)$/ })
      .first()
      .click();
    await page.waitForURL("**/admin/case-studies");
    await expect(toast(page, "Success", "Case study created successfully")).toBeVisible();
    await expect(page.getByRole("list", { name: "Case studies" })).toContainText("Glacier Run");

    // Public list: first (sort position), with its first visible metrics.
    await page.goto("/case-studies");
    const card = page.getByRole("article").filter({ hasText: "Glacier Run" });
    await expect(card).toBeVisible();
    await expect(card).toContainText("click rate");
    await expect(card).not.toContainText("total views");
    await card.getByRole("link", { name: "Glacier Run" }).first().click();
    await page.waitForURL("**/case-studies/glacier-run");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Glacier Run");
    await expect(page.getByText("A cold-weather launch film")).toBeVisible();
    await expect(page.locator("figcaption")).toHaveText(["Launch film", "Still frame"]);
    const results = page.locator("section", {
      has: page.getByRole("heading", { name: "Key Results" }),
    });
    await expect(results).toContainText("signups");
    await expect(results).not.toContainText("total views");

    // Edit: the change shows at once.
    await page.goto("/admin/case-studies");
    await page.getByRole("link", { name: "Edit Glacier Run" }).click();
    await page.waitForURL(/\/admin\/case-studies\/[0-9a-f-]{36}\/edit$/);
    await hydrated(page);
    await expect(titleField(page)).toHaveValue("Glacier Run");
    await expect.poll(() => metricNames(page)).toEqual(["click_rate", "total_views", "signups"]);
    await expect(metric(page, 2).getByLabel("Hide on detail page")).toBeChecked();
    await expectNoAxeViolations(page);
    // Rows that came with the page move and keep the focus too.
    await page.getByRole("button", { name: "Move key metric 1 down" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => metricNames(page)).toEqual(["total_views", "click_rate", "signups"]);
    await expect.poll(() => focusedName(page)).toBe("Move key metric 2 down");
    await page.getByRole("button", { name: "Move key metric 2 up" }).click();
    await expect.poll(() => metricNames(page)).toEqual(["click_rate", "total_views", "signups"]);
    await page.getByLabel("Subtitle").fill("Now a series");
    await page
      .getByRole("button", { name: /^(Publish|Update)$/ })
      .first()
      .click();
    await page.waitForURL("**/admin/case-studies");
    await expect(toast(page, "Success", "Case study updated successfully")).toBeVisible();
    await page.goto("/case-studies/glacier-run");
    await expect(page.getByText("Now a series")).toBeVisible();

    // Delete: gone from the site.
    await page.goto("/admin/case-studies");
    await hydrated(page);
    const row = page.getByRole("list", { name: "Case studies" }).getByRole("listitem").filter({
      hasText: "Glacier Run",
    });
    await row.getByRole("button", { name: /^Delete / }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Success", "Case study deleted successfully")).toBeVisible();
    await page.goto("/case-studies");
    await expect(page.getByText("Glacier Run")).toHaveCount(0);
    const gone = await page.goto("/case-studies/glacier-run");
    expect(gone?.status()).toBe(404);
    await expect(page.getByText("Case Study Not Found")).toBeVisible();
  });

  test("invalid input shows its messages and stores nothing", async ({ page }) => {
    await page.goto("/admin/case-studies");
    const before = await page
      .getByRole("list", { name: "Case studies" })
      .getByRole("listitem")
      .count();
    await page.goto("/admin/case-studies/new");
    await hydrated(page);
    await page.getByLabel("Slug").fill("Bad Slug!");
    await metric(page, 1).getByLabel("Name").fill("views");
    await page.getByLabel("Project video URL").fill("javascript:alert(1)");
    await page
      .getByRole("button", { name: /^(Publish|Update)$/ })
      .first()
      .click();

    const summary = page.getByRole("alert").filter({ hasText: "The case study was not saved" });
    await expect(summary).toBeFocused();
    await expect(summary).toContainText("Title: Title is required");
    await expect(titleField(page)).toHaveAccessibleDescription("Title is required");
    await expect(page.getByLabel("Slug")).toHaveAttribute("aria-invalid", "true");
    await expect(metric(page, 1).getByLabel("Value")).toHaveAccessibleDescription(
      "Give this metric a value",
    );
    await expect(page.getByLabel("Project video URL")).toHaveAccessibleDescription(
      /Enter a full web address/,
    );
    // What was typed is still there.
    await expect(page.getByLabel("Slug")).toHaveValue("Bad Slug!");
    await expectNoAxeViolations(page);

    // The server's own refusal: a slug another study holds.
    await titleField(page).fill("Meridian Freight");
    await page.getByLabel("Slug").fill("meridian-freight");
    await metric(page, 1).getByLabel("Value").fill("2M");
    await page.getByLabel("Project video URL").fill("");
    await page
      .getByRole("button", { name: /^(Publish|Update)$/ })
      .first()
      .click();
    await expect(page.getByLabel("Slug")).toHaveAccessibleDescription(
      /The slug "meridian-freight" is already used by "Meridian Freight"\. Choose another one\./,
    );
    await expect(summary).toBeFocused();
    await expect(titleField(page)).toHaveValue("Meridian Freight");

    await page.goto("/admin/case-studies");
    await expect(
      page.getByRole("list", { name: "Case studies" }).getByRole("listitem"),
    ).toHaveCount(before);
  });

  test("a non-image renamed .png is refused by the image fields", async ({ page }) => {
    await page.goto("/admin/case-studies/new");
    await hydrated(page);
    const fake = {
      name: "cover.png",
      mimeType: "image/png",
      buffer: Buffer.from("%PDF-1.4 this is not an image"),
    };
    await page.getByLabel("Upload cover image").setInputFiles(fake);
    await expect(toast(page, "Error", "Failed to upload image")).toBeVisible();
    await expect(page.getByText("Only image files are accepted.")).toBeVisible();
    await expect(page.getByLabel("Cover image URL")).toHaveValue("");

    await page.getByRole("button", { name: "Add gallery item" }).click();
    await item(page, 1).getByLabel("Upload image").setInputFiles(fake);
    await expect(item(page, 1).getByText("Only image files are accepted.")).toBeVisible();
    await expect(item(page, 1).getByLabel("Image URL")).toHaveValue("");
  });

  test("rows move without JavaScript too", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    try {
      await signIn(page);
      await page.goto("/admin/case-studies/new");
      // A refused save lands on its summary.
      await page
        .getByRole("button", { name: /^(Publish|Update)$/ })
        .first()
        .click();
      const summary = page.getByRole("alert").filter({ hasText: "The case study was not saved" });
      await expect(summary).toBeFocused();
      await expect(summary).toContainText("Title: Title is required");

      await fillRow(metric(page, 1), "first", "1");
      await page.getByRole("button", { name: "Add metric" }).click();
      await expect(metric(page, 2).getByLabel("Name")).toBeFocused();
      await expect.poll(() => metricNames(page)).toEqual(["first", ""]);
      await fillRow(metric(page, 2), "second", "2");
      await page.getByRole("button", { name: "Move key metric 2 up" }).click();
      await expect.poll(() => metricNames(page)).toEqual(["second", "first"]);
      await expect.poll(() => focusedName(page)).toBe("Move key metric 1 down");

      await page.getByRole("button", { name: "Add gallery item" }).click();
      await page.getByRole("button", { name: "Add gallery item" }).click();
      await item(page, 1).getByLabel("Image URL").fill("/a.svg");
      await item(page, 2).getByLabel("Image URL").fill("/b.svg");
      await page.getByRole("button", { name: "Move gallery item 1 down" }).click();
      await expect(item(page, 1).getByLabel("Image URL")).toHaveValue("/b.svg");
      await expect(item(page, 2).getByLabel("Image URL")).toHaveValue("/a.svg");
      await expect.poll(() => focusedName(page)).toBe("Move gallery item 2 up");
      // Nothing was stored by any of it.
      await page.goto("/admin/case-studies");
      await expect(page.getByRole("list", { name: "Case studies" })).not.toContainText("first");
    } finally {
      await context.close();
    }
  });
});
