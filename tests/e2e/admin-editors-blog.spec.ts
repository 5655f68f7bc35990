import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, hydrated, signIn, test, toast } from "../support/admin-e2e";
import { holdScripts } from "../support/hydration";

/**
 * The blog editor (/admin/blog/new, /admin/blog/edit/{id}), delete from the list and category
 * management, seen from the public site. Desktop only: one pass is enough for these flows.
 */

// Desktop project only (the pattern of the other admin specs): one pass is enough for these flows.
test.skip(({ isMobile }) => isMobile, "desktop project only");

const posts = (page: Page) => page.getByRole("list", { name: "Blog posts" }).getByRole("listitem");
const postRow = (page: Page, title: string) => posts(page).filter({ hasText: title });

/** The payloads of issue #7: script, event handlers, a javascript: URL, data-* attributes. */
const HOSTILE_BODY = [
  "<p>Safe <strong>text</strong> stays.</p>",
  "<script>window.__pwned = 'script'</script>",
  '<img src="/favicon.svg" onerror="window.__pwned=\'onerror\'" data-track="1" alt="Logo">',
  '<p onclick="window.__pwned=\'onclick\'" data-id="7">Click me</p>',
  '<a href="javascript:window.__pwned=\'href\'" data-x="y">Bad link</a>',
  '<div data-payload="<script>x</script>"><span>Span text</span></div>',
].join("\n");

function expectCleanHtml(html: string) {
  expect(html).not.toMatch(/<script|onerror|onclick|javascript:|data-/i);
}

test.describe("blog editor", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test("a title and body typed before the scripts start are kept at hydration, and the slug follows", async ({
    page,
  }) => {
    const release = await holdScripts(page);
    await page.goto("/admin/blog/new", { waitUntil: "domcontentloaded" });
    const title = page.getByRole("textbox", { name: "Title", exact: true });
    await title.fill("Typed Before Hydration");
    // Before the scripts, the body is a textarea of HTML; the editor that replaces it keeps it.
    await page
      .getByRole("textbox", { name: "Content" })
      .fill("<p>Written <strong>early</strong>.</p>");
    release();
    await hydrated(page);
    await expect(title).toHaveValue("Typed Before Hydration");
    const editor = page.getByRole("textbox", { name: "Content" });
    await expect(editor.locator("strong")).toHaveText("early");
    await expect(editor).toHaveText("Written early.");
    await expect(page.getByLabel("Slug")).toHaveValue("typed-before-hydration");
    // React's state has it too: a key typed now adds to it rather than to an empty title.
    await title.press("End");
    await title.press("!");
    await expect(title).toHaveValue("Typed Before Hydration!");
  });

  test("create with the rich-text editor and its keyboard toolbar; it appears on /blog", async ({
    page,
  }) => {
    const title = "Shooting at Blue Hour";
    await page.goto("/admin/blog/new");
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1, name: "New Blog Post" })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole("textbox", { name: "Title", exact: true }).fill(title);
    await expect(page.getByLabel("Slug")).toHaveValue("shooting-at-blue-hour");
    await page.getByLabel("Excerpt").fill("Twenty minutes of perfect light, planned for.");

    // The toolbar: one tab stop, arrow keys between labelled buttons, pressed state reported.
    const editor = page.getByRole("textbox", { name: "Content" });
    await editor.click();
    await editor.pressSequentially("The light goes soft and ");
    const toolbar = page.getByRole("toolbar", { name: "Formatting" });
    const bold = toolbar.getByRole("button", { name: "Bold" });
    await expect(bold).toHaveAttribute("aria-pressed", "false");
    await toolbar.getByRole("button", { name: "Paragraph" }).focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
    await expect(bold).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(bold).toHaveAttribute("aria-pressed", "true");
    await editor.pressSequentially("blue");
    await page.keyboard.press("ControlOrMeta+b");
    await editor.pressSequentially(" for twenty minutes.");

    await page.getByLabel("Tags").fill("Lighting, Blue Hour Tips");
    await page.getByLabel("Category").selectOption({ index: 1 });
    await page.getByLabel("Author name").fill("Mara Quinn");
    await page.getByRole("button", { name: "Publish", exact: true }).click();

    await expect(page).toHaveURL(/\/admin\/blog$/);
    await expect(toast(page, "Success", "Blog post created successfully")).toBeVisible();
    await expect(postRow(page, title).getByRole("link", { name: `View ${title}` })).toBeVisible();
    await expectNoAxeViolations(page);

    // On the public site at once: the list and the post with its formatted body.
    await page.goto("/blog");
    await expect(page.getByRole("link", { name: title })).toBeVisible();
    await page.goto("/blog/shooting-at-blue-hour");
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.locator("strong", { hasText: "blue" })).toBeVisible();
    await expect(page.getByText("Blue Hour Tips")).toBeVisible();
  });

  test("edit a post and the change shows at once; delete it and it is gone", async ({ page }) => {
    const title = "Lens Notes";
    await page.goto("/admin/blog/new");
    // The title is a controlled field (it writes the slug): typed before hydration, it is reset.
    await hydrated(page);
    await page.getByRole("textbox", { name: "Title", exact: true }).fill(title);
    await page.getByLabel("Tags").fill("Lenses");
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    await page.goto("/blog/lens-notes");
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

    // Edit: the change shows at once.
    await page.goto("/admin/blog");
    await postRow(page, title)
      .getByRole("link", { name: `Edit ${title}` })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Edit Blog Post" })).toBeVisible();
    await hydrated(page);
    await expect(page.getByLabel("Tags")).toHaveValue("Lenses");
    await expectNoAxeViolations(page);
    await page.getByRole("textbox", { name: "Title", exact: true }).fill(`${title} (Revised)`);
    // A saved post keeps its address when the title changes.
    await expect(page.getByLabel("Slug")).toHaveValue("lens-notes");
    await page.getByRole("button", { name: "Update", exact: true }).click();
    await expect(toast(page, "Success", "Blog post updated successfully")).toBeVisible();
    await page.goto("/blog/lens-notes");
    await expect(page.getByRole("heading", { level: 1, name: `${title} (Revised)` })).toBeVisible();

    // Delete after confirmation: SPEC's toast, and the post is gone from the site.
    await page.goto("/admin/blog");
    await hydrated(page);
    await postRow(page, title)
      .getByRole("button", { name: /^Delete / })
      .click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText("Delete this blog post?");
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(
      toast(page, "Success", `"${title} (Revised)" has been deleted successfully.`),
    ).toBeVisible();
    await expect(postRow(page, title)).toHaveCount(0);
    const gone = await page.goto("/blog/lens-notes");
    expect(gone?.status()).toBe(404);
    await page.goto("/blog");
    await expect(page.getByRole("link", { name: `${title} (Revised)` })).toHaveCount(0);
  });

  test("invalid input shows its message and stores nothing", async ({ page }) => {
    await page.goto("/admin/blog");
    const before = await posts(page).count();
    const takenSlug = (
      (await posts(page)
        .getByRole("link", { name: /^View / })
        .first()
        .getAttribute("href")) ?? ""
    ).replace("/blog/", "");
    expect(takenSlug).not.toBe("");

    await page.goto("/admin/blog/new");
    await hydrated(page);
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    const summary = page.getByRole("alert").filter({ hasText: "The post was not saved" });
    await expect(summary).toBeFocused();
    await expect(summary).toContainText("Title is required");
    const titleField = page.getByRole("textbox", { name: "Title", exact: true });
    await expect(titleField).toHaveAttribute("aria-invalid", "true");
    await expect(titleField).toHaveAccessibleDescription("Title is required");

    await titleField.fill("A perfectly fine title");
    await page.getByLabel("Slug").fill(takenSlug);
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByLabel("Slug")).toHaveAccessibleDescription(
      /This slug is already used by another post\. Choose a different one\./,
    );
    // What was typed is still there.
    await expect(titleField).toHaveValue("A perfectly fine title");

    await page.goto("/admin/blog");
    await expect(posts(page)).toHaveCount(before);
  });

  test("the featured image field refuses a non-image renamed .png", async ({ page }) => {
    await page.goto("/admin/blog/new");
    await hydrated(page);
    await page.getByLabel("Upload featured image").setInputFiles({
      name: "holiday.png",
      mimeType: "image/png",
      buffer: Buffer.from("This is plain text pretending to be a PNG."),
    });
    await expect(toast(page, "Error", "Failed to upload image")).toBeVisible();
    await expect(page.getByText("Only image files are accepted.")).toBeVisible();
    await expect(page.getByLabel("Featured image URL")).toHaveValue("");
  });
});

test.describe("blog editor without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("hostile HTML is stored clean and rendered clean", async ({ page, browser, baseURL }) => {
    await signIn(page);
    await page.goto("/admin/blog/new");
    // The editor degrades to a textarea of HTML.
    await page.getByRole("textbox", { name: "Title", exact: true }).fill("Payload Probe");
    await page.getByLabel("Content").fill(HOSTILE_BODY);
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    await expect(page.getByRole("status")).toHaveText("Success: Blog post created successfully");

    // Stored clean: the edit screen's textarea holds what the database holds.
    await postRow(page, "Payload Probe").getByRole("link", { name: "Edit Payload Probe" }).click();
    const stored = await page.getByLabel("Content").inputValue();
    expectCleanHtml(stored);
    expect(stored).toContain("<strong>text</strong>");
    expect(stored).toContain("<span>Span text</span>");
    expect(stored).toContain("<a>Bad link</a>");

    // Rendered clean, with scripts on: nothing runs, no handler or javascript: URL in the DOM.
    const context = await browser.newContext({ baseURL });
    const visitor = await context.newPage();
    let dialogs = 0;
    visitor.on("dialog", (dialog) => {
      dialogs++;
      void dialog.dismiss();
    });
    await visitor.goto("/blog/payload-probe");
    await expect(visitor.getByRole("heading", { level: 1, name: "Payload Probe" })).toBeVisible();
    await visitor.getByText("Click me").click();
    await visitor.getByText("Bad link").click();
    const found = await visitor.evaluate(() => {
      // The post body: the element holding the stored HTML (the page's own links are not ours).
      const safe = [...document.querySelectorAll("main p")].find((p) =>
        p.textContent?.startsWith("Safe text stays."),
      );
      const body = safe?.parentElement;
      if (!body) throw new Error("the post body is missing");
      const attributes = [...body.querySelectorAll("*")].flatMap((el) =>
        [...el.attributes].map((a) => `${a.name}=${a.value}`),
      );
      return {
        scripts: body.querySelectorAll("script").length,
        bad: attributes.filter((a) => /^(on|data-)|javascript:/i.test(a)),
        pwned: (window as unknown as { __pwned?: string }).__pwned ?? null,
      };
    });
    expect(found).toEqual({ scripts: 0, bad: [], pwned: null });
    expect(dialogs).toBe(0);
    await context.close();
  });
});

test.describe("blog categories", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test("create, validate, rename, recolour, deactivate and activate", async ({ page }) => {
    await page.goto("/admin/blog");
    await page.getByRole("link", { name: "Categories" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Blog Categories" })).toBeVisible();
    await hydrated(page);
    await expectNoAxeViolations(page);

    const newSection = page.getByRole("region", { name: "New category" });
    const rows = page.getByRole("list", { name: "Blog categories" }).getByRole("listitem");
    const before = await rows.count();

    await newSection.getByRole("button", { name: "Add category" }).click();
    await expect(newSection.getByLabel("Name")).toHaveAccessibleDescription("Name is required");
    await expect(newSection.getByLabel("Name")).toBeFocused();
    const existing = (
      await rows
        .first()
        .getByLabel(/^Name of /)
        .inputValue()
    ).toUpperCase();
    await newSection.getByLabel("Name").fill(existing);
    await newSection.getByRole("button", { name: "Add category" }).click();
    await expect(newSection.getByLabel("Name")).toHaveAccessibleDescription(
      "A category with this name already exists.",
    );
    await expect(rows).toHaveCount(before);
    await expectNoAxeViolations(page);

    await newSection.getByLabel("Name").fill("Night Work");
    await newSection.getByLabel("Colour").fill("#2255aa");
    await newSection.getByRole("button", { name: "Add category" }).click();
    await expect(
      toast(page, "Success", 'Category "Night Work" created successfully'),
    ).toBeVisible();
    await expect(rows).toHaveCount(before + 1);
    const row = rows.filter({ has: page.getByRole("button", { name: "Save Night Work" }) });
    await expect(row.getByLabel("Colour of Night Work")).toHaveValue("#2255aa");

    await row.getByLabel("Name of Night Work").fill("Night Shoots");
    await row.getByLabel("Colour of Night Work").fill("#aa2255");
    await row.getByRole("button", { name: "Save Night Work" }).click();
    await expect(
      toast(page, "Success", 'Category "Night Shoots" updated successfully'),
    ).toBeVisible();
    const renamed = rows.filter({ has: page.getByRole("button", { name: "Save Night Shoots" }) });
    await expect(renamed.getByLabel("Colour of Night Shoots")).toHaveValue("#aa2255");

    // The new post editor offers active categories only.
    const choices = async () => {
      await page.goto("/admin/blog/new");
      return page.getByLabel("Category").locator("option").allTextContents();
    };
    expect(await choices()).toContain("Night Shoots");
    await page.goto("/admin/blog/categories");
    await renamed.getByRole("button", { name: "Deactivate Night Shoots" }).click();
    await expect(toast(page, "Success", 'Category "Night Shoots" deactivated')).toBeVisible();
    await expect(renamed).toContainText("Inactive");
    expect(await choices()).not.toContain("Night Shoots");
    await page.goto("/admin/blog/categories");
    await renamed.getByRole("button", { name: "Activate Night Shoots" }).click();
    await expect(toast(page, "Success", 'Category "Night Shoots" activated')).toBeVisible();
  });
});
