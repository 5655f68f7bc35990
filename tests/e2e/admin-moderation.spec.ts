import type { Locator, Page } from "@playwright/test";
import {
  expect,
  expectNoAxeViolations,
  hydrated,
  publicPageExists,
  signIn,
  test,
  toast,
} from "../support/admin-e2e";
import { countToasts, expectOneToast } from "../support/toasts";

/**
 * Case studies, testimonials and team members: toggles and deletes after confirmation, every toast
 * of SPEC section 8 for these screens, and the effect on the public site. The tests of one worker
 * share a server, so each works on rows (of the demo content) that no other test touches.
 */

const list = (page: Page, name: string) => page.getByRole("list", { name }).getByRole("listitem");
const rowOf = (page: Page, listName: string, text: string) =>
  list(page, listName).filter({ hasText: text });

/** Opens `path` in another tab of the same admin: a page that will go stale. */
async function openTab(page: Page, path: string): Promise<Page> {
  const tab = await page.context().newPage();
  await tab.goto(path);
  await hydrated(tab);
  return tab;
}

/** Deletes through the confirmation dialog, which closes once the delete has been answered. */
async function confirmDelete(page: Page, row: Locator) {
  await row.getByRole("button", { name: /^Delete / }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
}

test.describe("moderation screens", () => {
  test.skip(({ isMobile }) => isMobile, "the 390 px layout has its own spec");

  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test("case studies: newest first, status badges, add and edit links", async ({ page }) => {
    await page.goto("/admin/case-studies");
    await expect(page.getByRole("heading", { level: 1, name: "Case Studies" })).toBeVisible();
    const rows = list(page, "Case studies");
    await expect(rows.first()).toBeVisible();
    // Newest first: the demo's Harbor & Pine (Oct 2026) leads.
    await expect(rows.first()).toContainText("Harbor & Pine");
    // The draft's badge is styled apart from the published ones.
    const draft = rowOf(page, "Case studies", "Harbor & Pine").getByText(/^draft$/i);
    const published = rowOf(page, "Case studies", "Meridian Freight").getByText(/^published$/i);
    expect(await draft.getAttribute("class")).not.toEqual(await published.getAttribute("class"));
    await expect(page.getByRole("link", { name: "Add Case Study" })).toHaveAttribute(
      "href",
      "/admin/case-studies/new",
    );
    await expect(rows.first().getByRole("link", { name: /^Edit / })).toHaveAttribute(
      "href",
      /^\/admin\/case-studies\/[0-9a-f-]{36}\/edit$/,
    );
    await hydrated(page);
    await expectNoAxeViolations(page);
  });

  test("case studies: feature and unfeature with SPEC's toasts, once each; it persists", async ({
    page,
  }) => {
    await countToasts(page);
    await page.goto("/admin/case-studies");
    await hydrated(page);
    const row = rowOf(page, "Case studies", "Meridian Freight");
    await row.getByRole("button", { name: "Feature Meridian Freight" }).click();
    await expect(toast(page, "Success", "Case study featured")).toBeVisible();
    // The flash toast (decision 0053) shows once, though the list's data loads again after it.
    await expectOneToast(page, "Case study featured");
    await page.reload();
    await expect(row.getByText("Featured", { exact: true })).toBeVisible();
    await row.getByRole("button", { name: "Unfeature Meridian Freight" }).click();
    await expect(toast(page, "Success", "Case study unfeatured")).toBeVisible();
    await expectOneToast(page, "Case study unfeatured");
    await page.reload();
    await expect(row.getByText("Featured", { exact: true })).toHaveCount(0);
  });

  test("case studies: delete asks first in an accessible dialog, then deletes", async ({
    page,
  }) => {
    await page.goto("/admin/case-studies");
    await hydrated(page);
    const rows = list(page, "Case studies");
    const count = await rows.count();
    const trigger = rowOf(page, "Case studies", "Low Tide Records").getByRole("button", {
      name: "Delete Low Tide Records",
    });

    await trigger.click();
    const dialog = page.getByRole("alertdialog", { name: "Delete this case study?" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("“Low Tide Records” will be removed from the website.");
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
    await expect(rows).toHaveCount(count);

    // Keyboard only: open, move to Delete, confirm.
    await trigger.press("Enter");
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: "Delete" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(toast(page, "Success", "Case study deleted successfully")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(rows).toHaveCount(count - 1);
    await page.reload();
    await expect(rowOf(page, "Case studies", "Low Tide Records")).toHaveCount(0);
  });

  test("case studies: a stale page gets 'Failed to update/delete case study'", async ({ page }) => {
    const staleForUpdate = await openTab(page, "/admin/case-studies");
    const staleForDelete = await openTab(page, "/admin/case-studies");
    await page.goto("/admin/case-studies");
    await hydrated(page);
    await confirmDelete(page, rowOf(page, "Case studies", "Ridgeline Coffee Roasters"));
    await expect(toast(page, "Success", "Case study deleted successfully")).toBeVisible();

    await rowOf(staleForUpdate, "Case studies", "Ridgeline Coffee Roasters")
      .getByRole("button", { name: "Feature Ridgeline Coffee Roasters" })
      .click();
    await expect(toast(staleForUpdate, "Error", "Failed to update case study")).toBeVisible();
    await confirmDelete(
      staleForDelete,
      rowOf(staleForDelete, "Case studies", "Ridgeline Coffee Roasters"),
    );
    await expect(toast(staleForDelete, "Error", "Failed to delete case study")).toBeVisible();
  });

  test("testimonials: every toast of SPEC section 8", async ({ page }) => {
    await page.goto("/admin/testimonials");
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1, name: "Testimonials" })).toBeVisible();
    const toggle = rowOf(page, "Testimonials", "Luis Ferrer").getByRole("button", {
      name: /^(Un)?[Ff]eature testimonial by Luis Ferrer$/,
    });
    const wasFeatured = ((await toggle.textContent()) ?? "").startsWith("Unfeature");
    await toggle.click();
    await expect(
      toast(page, "Success", wasFeatured ? "Testimonial unfeatured" : "Testimonial featured"),
    ).toBeVisible();
    await toggle.click();
    await expect(
      toast(page, "Success", wasFeatured ? "Testimonial featured" : "Testimonial unfeatured"),
    ).toBeVisible();

    const staleForUpdate = await openTab(page, "/admin/testimonials");
    const staleForDelete = await openTab(page, "/admin/testimonials");
    const rows = list(page, "Testimonials");
    const count = await rows.count();
    await rowOf(page, "Testimonials", "Dana Whitlock")
      .getByRole("button", { name: /^Delete / })
      .click();
    await expect(page.getByRole("alertdialog", { name: "Delete this testimonial?" })).toBeVisible();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Success", "Testimonial deleted successfully")).toBeVisible();
    await expect(rows).toHaveCount(count - 1);

    await rowOf(staleForUpdate, "Testimonials", "Dana Whitlock")
      .getByRole("button", { name: /^(Un)?[Ff]eature / })
      .click();
    await expect(toast(staleForUpdate, "Error", "Failed to update testimonial")).toBeVisible();
    await confirmDelete(staleForDelete, rowOf(staleForDelete, "Testimonials", "Dana Whitlock"));
    await expect(toast(staleForDelete, "Error", "Failed to delete testimonial")).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("team: by display order; Active/Inactive toggle and delete with SPEC's toasts", async ({
    page,
  }) => {
    await page.goto("/admin/team");
    await hydrated(page);
    const orders = await list(page, "Team members").locator("span.tabular-nums").allTextContents();
    expect(orders.length).toBeGreaterThan(1);
    expect(orders.map(Number)).toEqual([...orders.map(Number)].sort((a, b) => a - b));

    const maya = rowOf(page, "Team members", "Maya Okafor");
    await maya.getByRole("button", { name: "Deactivate Maya Okafor" }).click();
    await expect(toast(page, "Success", "Team member deactivated")).toBeVisible();
    await expect(maya.getByText("Inactive", { exact: true })).toBeVisible();
    await page.reload();
    await expect(maya.getByText("Inactive", { exact: true })).toBeVisible();
    await maya.getByRole("button", { name: "Activate Maya Okafor" }).click();
    await expect(toast(page, "Success", "Team member activated")).toBeVisible();
    await expect(maya.getByText("Active", { exact: true })).toBeVisible();

    const staleForUpdate = await openTab(page, "/admin/team");
    const staleForDelete = await openTab(page, "/admin/team");
    await rowOf(page, "Team members", "Jonah Park")
      .getByRole("button", { name: "Delete Jonah Park" })
      .click();
    await expect(page.getByRole("alertdialog", { name: "Delete this team member?" })).toBeVisible();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Success", "Team member deleted successfully")).toBeVisible();
    await expect(rowOf(page, "Team members", "Jonah Park")).toHaveCount(0);

    await rowOf(staleForUpdate, "Team members", "Jonah Park")
      .getByRole("button", { name: /activate Jonah Park$/i })
      .click();
    await expect(toast(staleForUpdate, "Error", "Failed to update team member")).toBeVisible();
    await confirmDelete(staleForDelete, rowOf(staleForDelete, "Team members", "Jonah Park"));
    await expect(toast(staleForDelete, "Error", "Failed to delete team member")).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("toggles and deletes change the public site", async ({ page }) => {
    test.skip(
      !(await publicPageExists(page, "/case-studies")) || !(await publicPageExists(page, "/about")),
      "the public case-study and About pages arrive with issues #3/#4",
    );
    const publicText = async (path: string) => (await page.request.get(path)).text();
    expect(await publicText("/case-studies")).toContain("Parallax Fitness");
    await page.goto("/admin/case-studies");
    await hydrated(page);
    await confirmDelete(page, rowOf(page, "Case studies", "Parallax Fitness"));
    await expect(toast(page, "Success", "Case study deleted successfully")).toBeVisible();
    expect(await publicText("/case-studies")).not.toContain("Parallax Fitness");

    expect(await publicText("/about")).toContain("Priya Raman");
    await page.goto("/admin/team");
    await hydrated(page);
    await rowOf(page, "Team members", "Priya Raman")
      .getByRole("button", { name: "Deactivate Priya Raman" })
      .click();
    await expect(toast(page, "Success", "Team member deactivated")).toBeVisible();
    expect(await publicText("/about")).not.toContain("Priya Raman");
  });
});

test.describe("moderation without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test.skip(({ isMobile }) => isMobile, "the 390 px layout has its own spec");

  test("delete goes through a confirmation page; toggles are plain forms", async ({ page }) => {
    await signIn(page);
    await page.goto("/admin/testimonials");
    const rows = list(page, "Testimonials");
    const count = await rows.count();
    const nadia = () => rowOf(page, "Testimonials", "Nadia Farouk");
    await nadia()
      .getByRole("button", { name: /^Delete / })
      .click();
    await expect(page).toHaveURL(/\/admin\/testimonials\/[0-9a-f-]{36}\/delete\??$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Delete this testimonial?" }),
    ).toBeVisible();
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(rows).toHaveCount(count);
    await nadia()
      .getByRole("button", { name: /^Delete / })
      .click();
    await page.getByRole("button", { name: "Delete" }).click();
    await expect(page).toHaveURL(/\/admin\/testimonials$/);
    await expect(page.getByRole("status")).toHaveText("Success: Testimonial deleted successfully");
    await expect(rows).toHaveCount(count - 1);

    await page.goto("/admin/team");
    const button = rowOf(page, "Team members", "Sofia Marchetti").getByRole("button", {
      name: /activate Sofia Marchetti$/i,
    });
    const label = (await button.textContent()) ?? "";
    await button.click();
    await expect(page.getByRole("status")).toHaveText(
      label.startsWith("Deactivate")
        ? "Success: Team member deactivated"
        : "Success: Team member activated",
    );
  });
});
