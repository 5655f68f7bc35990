import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, hydrated, signIn, test, toast } from "../support/admin-e2e";
import { pngBytes } from "../support/files";

/**
 * The portfolio, testimonial and team member editors (issue #7): create, the item appears on the
 * public site; edit, the change appears; delete, it is gone; invalid input shows its message and
 * stores nothing; a non-image renamed .png is refused by the image fields; axe on every screen.
 */

// Desktop only (the two projects are desktop and mobile): one run covers the editors.
test.skip(({ isMobile }) => isMobile, "the editors run in the desktop project");

const list = (page: Page, name: string) => page.getByRole("list", { name }).getByRole("listitem");
const notAnImage = { name: "cat.png", mimeType: "image/png", buffer: Buffer.from("%PDF-1.4 no") };
const aPicture = async (name: string) => ({
  name,
  mimeType: "image/png",
  buffer: Buffer.from(await pngBytes(64, 36)),
});

async function confirmDelete(page: Page, rowText: string, listName: string) {
  const row = list(page, listName).filter({ hasText: rowText });
  await row.getByRole("button", { name: /^Delete / }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
}

/** The image field: a refused file keeps the URL empty; a picture fills it. */
async function checkImageField(page: Page, form: ReturnType<Page["getByRole"]>) {
  const file = form.getByLabel("Upload image");
  const url = form.getByLabel("Image URL");
  await file.setInputFiles(notAnImage);
  await expect(toast(page, "Error", "Failed to upload image")).toBeVisible();
  await expect(form.getByText("Only image files are accepted.")).toBeVisible();
  await expect(url).toHaveValue("");
  await file.setInputFiles(await aPicture("still.png"));
  await expect(toast(page, "Success", "Image uploaded successfully")).toBeVisible();
  await expect(url).toHaveValue(/^\/files\/portfolio-images\/images\/\d+_[0-9a-f]+\.png$/);
  return url.inputValue();
}

test.describe("editors: portfolio, testimonials, team", () => {
  // Each test walks a whole create/edit/delete round with several axe audits: on a busy
  // two-core machine that takes longer than the default 30 s.
  test.describe.configure({ timeout: 120_000 });

  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test("portfolio: create, edit and delete from the list; the public portfolio follows", async ({
    page,
  }) => {
    await page.goto("/admin/portfolio");
    await hydrated(page);
    const rows = list(page, "Portfolio items");
    const count = await rows.count();

    // Create mode opens in place.
    await page.getByRole("link", { name: "Add Portfolio Item" }).click();
    await expect(page).toHaveURL(/\/admin\/portfolio\?new/);
    const form = page.getByRole("form", { name: "New portfolio item" });
    await expect(page.getByRole("heading", { name: "New portfolio item" })).toBeFocused();
    await expectNoAxeViolations(page);

    // Invalid: SPEC's required fields, focus on the first; nothing is stored.
    await form.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(form.getByText("Title is required").first()).toBeVisible();
    await expect(form.getByText("Service Type is required").first()).toBeVisible();
    await expect(form.getByLabel("Title")).toBeFocused();
    await expect(form.getByLabel("Title")).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page);

    // Cancel closes and resets the form.
    await form.getByLabel("Title").fill("Abandoned draft");
    await form.getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByRole("form", { name: "New portfolio item" })).toHaveCount(0);
    await page.getByRole("link", { name: "Add Portfolio Item" }).click();
    await expect(form.getByLabel("Title")).toHaveValue("");
    await expect(rows).toHaveCount(count);

    const imageUrl = await checkImageField(page, form);
    await form.getByLabel("Title").fill("Tidewater Launch Film");
    await form.getByLabel("Client Name").fill("Tidewater Outfitters");
    await form.getByLabel("Service Type").selectOption({ label: "Web & App Development" });
    await form.getByLabel("Description").fill("A launch film for a paddle brand.");
    await form.getByLabel("Tags").fill(" Launch , Outdoor,, ");
    await form.getByLabel("Completion Date").fill("2099-01-15");
    await form.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(toast(page, "Success", "Portfolio item created successfully")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/portfolio$/);
    await expect(page.getByRole("form")).toHaveCount(0);
    await expect(rows).toHaveCount(count + 1);
    // Newest completion first.
    await expect(rows.first()).toContainText("Tidewater Launch Film");

    await page.goto("/portfolio");
    const card = page.getByRole("article").filter({ hasText: "Tidewater Launch Film" });
    await expect(card).toContainText("Tidewater Outfitters");
    await expect(card.getByRole("list", { name: "Tags" })).toHaveText(/Launch\s*Outdoor/);
    // The uploaded image gets responsive variants.
    const avif = card.locator('source[type="image/avif"]');
    await expect(avif).toHaveAttribute("srcset", new RegExp(`/img/avif/480${imageUrl}`));
    const variant = await page.request.get(`/img/avif/480${imageUrl}`);
    expect(variant.status()).toBe(200);
    expect(variant.headers()["content-type"]).toBe("image/avif");

    // Edit mode from a search: prefilled, and the list keeps its search around the editor.
    await page.goto("/admin/portfolio?q=Tidewater");
    await hydrated(page);
    await rows
      .filter({ hasText: "Tidewater Launch Film" })
      .getByRole("link", { name: /^Edit / })
      .click();
    await expect(page).toHaveURL(/\/admin\/portfolio\?q=Tidewater&edit=/);
    const editForm = page.getByRole("form", { name: "Edit portfolio item" });
    await expect(editForm.getByRole("link", { name: "Cancel" })).toHaveAttribute(
      "href",
      "/admin/portfolio?q=Tidewater",
    );
    await expect(editForm.getByLabel("Title")).toHaveValue("Tidewater Launch Film");
    await expect(editForm.getByLabel("Tags")).toHaveValue("Launch, Outdoor");
    await expect(editForm.getByLabel("Service Type")).toHaveValue("web-app-development");
    await expect(editForm.getByLabel("Image URL")).toHaveValue(imageUrl);
    await expectNoAxeViolations(page);
    await editForm.getByLabel("Title").fill("Tidewater Launch Film (Extended)");
    await editForm.getByLabel("Completion Date").fill("");
    await editForm.getByRole("button", { name: "Update", exact: true }).click();
    await expect(toast(page, "Success", "Portfolio item updated successfully")).toBeVisible();
    await expect(page.getByRole("form")).toHaveCount(0);
    // The list is paged (12): the search finds the item on whichever page it is.
    await page.goto("/portfolio?q=Tidewater");
    await expect(
      page.getByRole("heading", { name: "Tidewater Launch Film (Extended)" }),
    ).toBeVisible();
    await expect(
      page.getByRole("heading", { name: "Tidewater Launch Film", exact: true }),
    ).toHaveCount(0);

    // Delete after confirmation.
    await page.goto("/admin/portfolio");
    await hydrated(page);
    await confirmDelete(page, "Tidewater Launch Film (Extended)", "Portfolio items");
    await expect(toast(page, "Success", "Portfolio item deleted successfully")).toBeVisible();
    await expect(rows).toHaveCount(count);
    await page.goto("/portfolio?q=Tidewater");
    await expect(page.getByText("Tidewater Launch Film")).toHaveCount(0);
  });

  test("testimonials: add, edit and delete; the home page follows", async ({ page }) => {
    await page.goto("/admin/testimonials");
    await hydrated(page);
    const rows = list(page, "Testimonials");
    const count = await rows.count();
    await page.getByRole("link", { name: "Add Testimonial" }).click();
    await expect(page).toHaveURL(/\/admin\/testimonials\/new$/);
    await hydrated(page);
    const form = page.getByRole("form", { name: "New testimonial" });
    await expectNoAxeViolations(page);

    await form.getByLabel("Author").fill("Dana Whitfield");
    await form.getByRole("button", { name: "Create Testimonial" }).click();
    await expect(form.getByText("Quote is required").first()).toBeVisible();
    await expect(form.getByLabel("Quote")).toBeFocused();
    await expectNoAxeViolations(page);

    await form.getByLabel("Quote").fill("The cut was ready before we finished the coffee.");
    await form.getByLabel("Role").fill("Founder");
    await form.getByLabel("Company").fill("Saltbox Coffee");
    await form.getByLabel("Rating").selectOption("4");
    await form.getByLabel("Featured").check();
    await form.getByRole("button", { name: "Create Testimonial" }).click();
    await expect(toast(page, "Success", "Testimonial created successfully")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/testimonials$/);
    await expect(rows).toHaveCount(count + 1);
    await page.goto("/");
    await expect(page.getByText("The cut was ready before we finished the coffee.")).toBeVisible();

    await page.goto("/admin/testimonials");
    await rows
      .filter({ hasText: "Dana Whitfield" })
      .getByRole("link", { name: /^Edit / })
      .click();
    await hydrated(page);
    const editForm = page.getByRole("form", { name: "Edit testimonial" });
    await expect(editForm.getByLabel("Quote")).toHaveValue(
      "The cut was ready before we finished the coffee.",
    );
    await expect(editForm.getByLabel("Rating")).toHaveValue("4");
    await expectNoAxeViolations(page);
    await editForm.getByLabel("Quote").fill("The cut was ready before the coffee cooled.");
    await editForm.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page, "Success", "Testimonial updated successfully")).toBeVisible();
    await page.goto("/");
    await expect(page.getByText("The cut was ready before the coffee cooled.")).toBeVisible();
    await expect(page.getByText("The cut was ready before we finished the coffee.")).toHaveCount(0);

    await page.goto("/admin/testimonials");
    await hydrated(page);
    await confirmDelete(page, "Dana Whitfield", "Testimonials");
    await expect(toast(page, "Success", "Testimonial deleted successfully")).toBeVisible();
    await page.goto("/");
    await expect(page.getByText("The cut was ready before the coffee cooled.")).toHaveCount(0);
  });

  test("team: add with a portrait, edit and delete; the About page follows", async ({ page }) => {
    await page.goto("/admin/team");
    await hydrated(page);
    await page.getByRole("link", { name: "Add Team Member" }).click();
    await expect(page).toHaveURL(/\/admin\/team\/new$/);
    await hydrated(page);
    const form = page.getByRole("form", { name: "New team member" });
    await expectNoAxeViolations(page);

    await form.getByLabel("Name").fill("Marisol Vega");
    await form.getByLabel("Role").fill("Sound Designer");
    await form.getByLabel("Email").fill("marisol@");
    await form.getByLabel("LinkedIn URL").fill("linkedin.com/in/marisol");
    await form.getByRole("button", { name: "Create Team Member" }).click();
    await expect(form.getByText("Valid email is required").first()).toBeVisible();
    await expect(form.getByText("Must be a valid URL").first()).toBeVisible();
    await expect(form.getByLabel("Email")).toBeFocused();
    await expectNoAxeViolations(page);

    const imageUrl = await checkImageField(page, form);
    await form.getByLabel("Email").fill("marisol@example.com");
    await form.getByLabel("LinkedIn URL").fill("https://www.linkedin.com/in/marisol");
    await form.getByLabel("Bio").fill("Builds worlds out of sound.");
    await form.getByLabel("Display Order").fill("0");
    await form.getByRole("button", { name: "Create Team Member" }).click();
    await expect(toast(page, "Success", "Team member created successfully")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/team$/);

    await page.goto("/about");
    const member = page.getByRole("listitem").filter({ hasText: "Marisol Vega" });
    await expect(member).toContainText("Sound Designer");
    await expect(member.locator('source[type="image/avif"]')).toHaveAttribute(
      "srcset",
      new RegExp(`/img/avif/480${imageUrl}`),
    );

    await page.goto("/admin/team");
    await list(page, "Team members")
      .filter({ hasText: "Marisol Vega" })
      .getByRole("link", { name: /^Edit / })
      .click();
    await hydrated(page);
    const editForm = page.getByRole("form", { name: "Edit team member" });
    await expect(editForm.getByLabel("Role")).toHaveValue("Sound Designer");
    await expect(editForm.getByLabel("Active")).toBeChecked();
    await expectNoAxeViolations(page);
    await editForm.getByLabel("Role").fill("Head of Sound");
    await editForm.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page, "Success", "Team member updated successfully")).toBeVisible();
    await page.goto("/about");
    await expect(member).toContainText("Head of Sound");

    await page.goto("/admin/team");
    await hydrated(page);
    await confirmDelete(page, "Marisol Vega", "Team members");
    await expect(toast(page, "Success", "Team member deleted successfully")).toBeVisible();
    await page.goto("/about");
    await expect(page.getByText("Marisol Vega")).toHaveCount(0);
  });
});

test.describe("portfolio editor without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test.describe.configure({ timeout: 120_000 });

  test("plain posts: errors come back with the form, the image travels with it, delete confirms on a page", async ({
    page,
  }) => {
    await signIn(page);
    await page.goto("/admin/portfolio");
    await page.getByRole("link", { name: "Add Portfolio Item" }).click();
    const form = page.getByRole("form", { name: "New portfolio item" });
    await form.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Title is required" })).toBeVisible();
    await expect(form.getByLabel("Title")).toHaveAttribute("aria-invalid", "true");

    await form.getByLabel("Title").fill("Paper Lantern Spot");
    await form.getByLabel("Service Type").selectOption({ label: "Social Content" });
    await form.getByLabel("Upload image").setInputFiles(notAnImage);
    await form.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(form.getByText("Only image files are accepted.").first()).toBeVisible();
    await expect(
      page.getByRole("alert").filter({ hasText: "Failed to upload image" }),
    ).toBeVisible();
    // What was typed is kept.
    await expect(form.getByLabel("Title")).toHaveValue("Paper Lantern Spot");
    await expect(form.getByLabel("Service Type")).toHaveValue("social-content");

    await form.getByLabel("Upload image").setInputFiles(await aPicture("lantern.png"));
    await form.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Portfolio item created successfully" }),
    ).toBeVisible();
    // The list is paged (12): the search finds the item on whichever page it is.
    await page.goto("/portfolio?q=Paper+Lantern");
    const card = page.getByRole("article").filter({ hasText: "Paper Lantern Spot" });
    await expect(card.locator("img")).toHaveAttribute(
      "src",
      /^\/files\/portfolio-images\/images\/\d+_[0-9a-f]+\.png$/,
    );

    await page.goto("/admin/portfolio");
    await list(page, "Portfolio items")
      .filter({ hasText: "Paper Lantern Spot" })
      .getByRole("button", { name: /^Delete / })
      .click();
    await expect(page.getByRole("heading", { name: "Delete this portfolio item?" })).toBeVisible();
    await page.getByRole("button", { name: "Delete" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Portfolio item deleted successfully" }),
    ).toBeVisible();
    await page.goto("/portfolio?q=Paper+Lantern");
    await expect(page.getByText("Paper Lantern Spot")).toHaveCount(0);
  });
});
