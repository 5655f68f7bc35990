import type { Page } from "@playwright/test";
import {
  expect,
  expectNoAxeViolationsAtBothWidths,
  hydrated,
  signIn,
  test,
  toast,
} from "../support/admin-e2e";

/**
 * Redirects and per-page SEO (issue #31 items 5 and 6) against the production server: a case
 * study's changed slug leaves a 301 from its old address; /admin/redirects adds and removes a
 * redirect by hand without JavaScript, refusing a malformed target with its message; the screen
 * passes axe at 1280 and 390 px (resized, decision 0410); the editor's search preview follows
 * what is typed, and shows the stored values without JavaScript.
 */

const unique = (label: string) => `${label}-${Date.now().toString(36)}`;

/** What the server answers for `path`, without following a redirect. */
async function answerOf(page: Page, path: string) {
  const response = await page.request.get(path, { maxRedirects: 0 });
  return { status: response.status(), location: response.headers().location ?? null };
}

test.describe("redirects with JavaScript", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test("a case study's changed slug: the old URL answers 301 to the new one", async ({ page }) => {
    const slug = unique("moving-study");
    await page.goto("/admin/case-studies/new");
    await hydrated(page);
    await page.getByRole("textbox", { name: "Title", exact: true }).fill("Moving Study");
    await page.getByLabel("Slug").fill(slug);

    // The search preview follows the page's title, then its own meta title, with the counts.
    const preview = page.getByRole("figure").filter({ hasText: "Search result preview" });
    await expect(preview).toContainText("Moving Study: Case Study | Northlight Studio");
    await page.getByLabel("Meta title").fill("A study that moves");
    await expect(preview).toContainText("A study that moves");
    await expect(page.getByText("Title: 18 of 60 characters.")).toBeVisible();

    await page.getByRole("button", { name: "Publish" }).first().click();
    await page.waitForURL("**/admin/case-studies");
    await expect(toast(page, "Success", "Case study created successfully")).toBeVisible();
    expect((await answerOf(page, `/case-studies/${slug}`)).status).toBe(200);

    await page.getByRole("link", { name: "Edit Moving Study" }).click();
    await page.waitForURL(/\/admin\/case-studies\/[0-9a-f-]{36}\/edit$/);
    await hydrated(page);
    await page.getByLabel("Slug").fill(`${slug}-renamed`);
    await page.getByRole("button", { name: "Update" }).first().click();
    await page.waitForURL("**/admin/case-studies");
    await expect(toast(page, "Success", "Case study updated successfully")).toBeVisible();

    expect(await answerOf(page, `/case-studies/${slug}`)).toEqual({
      status: 301,
      location: `/case-studies/${slug}-renamed`,
    });
    await page.goto(`/case-studies/${slug}`);
    await expect(page).toHaveURL(new RegExp(`/case-studies/${slug}-renamed$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Moving Study");
    await expect(page).toHaveTitle("A study that moves");

    await page.goto("/admin/redirects");
    await expect(page.getByRole("list", { name: "Redirects" })).toContainText(
      `/case-studies/${slug}`,
    );
  });

  test("/admin/redirects passes axe at 1280 and 390 px, with a row and a refused form", async ({
    page,
  }) => {
    await page.goto("/admin/redirects");
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1, name: "Redirects" })).toBeVisible();
    await expectNoAxeViolationsAtBothWidths(page);
    await page.getByRole("textbox", { name: "From" }).fill("/axe-check");
    await page.getByLabel("To", { exact: true }).fill("ftp://example.com/");
    await page.getByRole("button", { name: "Add redirect" }).click();
    await expect(
      page.getByText("Enter a path on this site (e.g. /new-page) or a full https:// address."),
    ).toBeVisible();
    await expect(page.getByLabel("To", { exact: true })).toBeFocused();
    await expectNoAxeViolationsAtBothWidths(page);
    // With a site on the list (its row, and To offering it).
    const host = `${unique("axe")}.example.org`;
    await page.getByRole("textbox", { name: "Domain" }).fill(host);
    await page.getByRole("button", { name: "Add site" }).click();
    await expect(
      toast(page, "Success", `${host} added to the sites redirects may lead to.`),
    ).toBeVisible();
    await expect(page.getByRole("combobox", { name: "To" })).toBeVisible();
    await expectNoAxeViolationsAtBothWidths(page);
  });
});

test.describe("redirects without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("adds and removes a redirect by hand; a malformed target is refused with its message", async ({
    page,
  }) => {
    await signIn(page);
    const from = `/${unique("old-site")}/page.html`;
    await page.goto("/admin/redirects");

    await page.getByRole("textbox", { name: "From" }).fill(from);
    await page.getByLabel("To", { exact: true }).fill("javascript:alert(1)");
    await page.getByRole("button", { name: "Add redirect" }).click();
    await expect(
      page.getByText("Enter a path on this site (e.g. /new-page) or a full https:// address."),
    ).toBeVisible();
    await expect(page.getByRole("textbox", { name: "From" })).toHaveValue(from);
    expect((await answerOf(page, from)).status).toBe(404);

    await page.getByLabel("To", { exact: true }).fill("/contact");
    await page.getByRole("button", { name: "Add redirect" }).click();
    await expect(page).toHaveURL(/\/admin\/redirects$/);
    await expect(page.getByRole("status")).toHaveText(`Success: Redirect added for ${from}.`);
    const list = page.getByRole("list", { name: "Redirects" });
    await expect(list).toContainText(from);
    expect(await answerOf(page, from)).toEqual({ status: 301, location: "/contact" });

    await page.getByRole("button", { name: `Remove the redirect from ${from}` }).click();
    await expect(page.getByRole("status")).toHaveText(`Success: Redirect removed for ${from}.`);
    await expect(
      page.getByRole("button", { name: `Remove the redirect from ${from}` }),
    ).toHaveCount(0);
    expect((await answerOf(page, from)).status).toBe(404);
  });

  // Issue #47 items 11 and 19: other sites only from the admins' list; a live page's address refused.
  test("an admin adds another site; a redirect there is refused before and taken after; a page's address is refused", async ({
    page,
  }) => {
    await signIn(page);
    const host = `${unique("press")}.example.com`;
    const from = `/${unique("press-kit")}`;
    await page.goto("/admin/redirects");

    await page.getByRole("textbox", { name: "From" }).fill(from);
    await page.getByLabel("To", { exact: true }).fill(`https://${host}/kit`);
    await page.getByRole("button", { name: "Add redirect" }).click();
    await expect(
      page.getByText(`${host} is not on the list of sites redirects may lead to.`, {
        exact: false,
      }),
    ).toBeVisible();

    await page.getByRole("textbox", { name: "Domain" }).fill(host);
    await page.getByRole("button", { name: "Add site" }).click();
    await expect(page.getByRole("status")).toHaveText(
      `Success: ${host} added to the sites redirects may lead to.`,
    );
    await expect(page.getByRole("list", { name: "Other sites" })).toContainText(host);

    await page.getByRole("textbox", { name: "From" }).fill(from);
    await page.getByLabel("To", { exact: true }).fill(`https://${host}/kit`);
    await page.getByRole("button", { name: "Add redirect" }).click();
    await expect(page.getByRole("status")).toHaveText(`Success: Redirect added for ${from}.`);
    expect(await answerOf(page, from)).toEqual({ status: 301, location: `https://${host}/kit` });

    await page.getByRole("textbox", { name: "From" }).fill("/about");
    await page.getByLabel("To", { exact: true }).fill("/contact");
    await page.getByRole("button", { name: "Add redirect" }).click();
    await expect(
      page.getByText("A page answers /about, so a redirect from it would never apply.", {
        exact: false,
      }),
    ).toBeVisible();
    expect((await answerOf(page, "/about")).status).toBe(200);
  });

  test("the editor's search and social preview shows the stored values without JavaScript", async ({
    page,
  }) => {
    await signIn(page);
    await page.goto("/admin/blog/new");
    const title = unique("Preview Post");
    await page.getByRole("textbox", { name: "Title", exact: true }).fill(title);
    await page.getByLabel("Meta description").fill("A description of my own.");
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    await page.getByRole("link", { name: `Edit ${title}` }).click();
    const preview = page.getByRole("figure").filter({ hasText: "Search result preview" });
    await expect(preview).toContainText(`${title} | Northlight Studio`);
    await expect(preview).toContainText("A description of my own.");
    await expect(page.getByText("Description: 24 of 160 characters.")).toBeVisible();
  });
});
