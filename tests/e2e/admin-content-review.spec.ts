import { TEST_CONTRIBUTOR, TEST_EDITOR } from "../support/admin-data";
import {
  expect,
  expectNoAxeViolationsAtBothWidths,
  hydrated,
  signIn,
  test,
} from "../support/admin-e2e";

/**
 * Review before publishing (issue #31, decision 0333): a contributor submits a post, an editor
 * requests changes and then approves it, without JavaScript (every review form is a plain post).
 * And the workflow's screens (editor, history, preview, redirects) pass axe at 390 and 1280 px.
 */

test.skip(({ isMobile }) => isMobile, "desktop project only");

test.describe("review before publishing without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a contributor submits for review; an editor requests changes, then approves and publishes", async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const contributorContext = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const writer = await contributorContext.newPage();
    await signIn(writer, TEST_CONTRIBUTOR);
    // A contributor sees only what they may write; the inquiries are refused.
    expect((await writer.goto("/admin"))?.status()).toBe(403);
    await writer.goto("/admin/blog");
    const nav = writer.getByRole("navigation", { name: "Admin" });
    await expect(nav.getByRole("link")).toHaveText(["Case Studies", "Blog Posts", "Your account"]);

    await writer.goto("/admin/blog/new");
    await writer.getByRole("textbox", { name: "Title", exact: true }).fill("Review Walk");
    await writer.getByLabel("Content").fill("<p>A contributor's first words.</p>");
    await expect(writer.getByRole("button", { name: "Publish", exact: true })).toHaveCount(0);
    await expect(writer.getByRole("button", { name: "Schedule" })).toHaveCount(0);
    await writer.getByRole("button", { name: "Save draft" }).first().click();
    await expect(writer.getByRole("status")).toHaveText(
      "Success: Draft saved. The website shows the published version until you publish.",
    );
    await writer.getByRole("button", { name: "Submit for review" }).click();
    await expect(writer.getByRole("status")).toHaveText(
      "Success: Submitted for review. An editor will approve it or ask for changes.",
    );
    await expect(writer.getByRole("region", { name: "Publishing status" })).toContainText(
      "In review",
    );

    // The editor finds it with the "In review" filter.
    const editorContext = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const reviewer = await editorContext.newPage();
    await signIn(reviewer, TEST_EDITOR);
    await reviewer.goto("/admin/blog");
    await reviewer.getByLabel("Status").selectOption({ label: "In review" });
    await reviewer.getByRole("button", { name: "Apply" }).click();
    await expect(reviewer).toHaveURL(/status=in_review/);
    await reviewer.getByRole("link", { name: "Edit Review Walk" }).click();

    // "Request changes" needs a comment.
    await reviewer.getByRole("button", { name: "Request changes" }).click();
    await expect(reviewer.getByText("Write what should change.").first()).toBeVisible();
    await reviewer.getByLabel("Comment").fill("Please add a closing line.");
    await reviewer.getByRole("button", { name: "Request changes" }).click();
    await expect(reviewer.getByRole("status")).toHaveText(
      "Success: Changes requested. The author has been e-mailed.",
    );
    await expect(reviewer.getByRole("region", { name: "Publishing status" })).toContainText(
      "Draft",
    );

    // The contributor adds the line and submits again; the editor approves.
    await writer.reload();
    await writer.getByLabel("Content").fill("<p>A contributor's first words.</p><p>The end.</p>");
    await writer.getByRole("button", { name: "Submit for review" }).click();
    await expect(writer.getByRole("status")).toContainText("Submitted for review.");
    await reviewer.reload();
    await reviewer.getByRole("button", { name: "Approve and publish" }).click();
    await expect(reviewer.getByRole("status")).toHaveText(
      "Success: Approved and published. The author has been e-mailed.",
    );

    const visitor = await browser.newPage({ baseURL });
    await visitor.goto("/blog/review-walk");
    await expect(visitor.getByText("The end.")).toBeVisible();
    await visitor.close();
    await contributorContext.close();
    await editorContext.close();
  });
});

test("the editor, history, preview and redirects screens pass axe at 390 and 1280 px", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await signIn(page);
  // A published post with a draft: the editor shows its status, Preview and History.
  await page.goto("/admin/blog/new");
  await hydrated(page);
  await page.getByRole("textbox", { name: "Title", exact: true }).fill("Axe Walk");
  await page.getByLabel("Content").fill("<p>Checked words.</p>");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await page.getByRole("link", { name: "Edit Axe Walk" }).click();
  await hydrated(page);
  const editorUrl = page.url();
  const status = page.getByRole("region", { name: "Publishing status" });
  const preview = (await status.getByRole("link", { name: /^Preview/ }).getAttribute("href")) ?? "";
  const history = (await status.getByRole("link", { name: "History" }).getAttribute("href")) ?? "";
  expect(history).toMatch(/^\/admin\/history\/blog\//);

  const visitorContext = await browser.newContext({ baseURL });
  const visitor = await visitorContext.newPage();
  for (const path of [editorUrl, history, "/admin/redirects"]) {
    await page.goto(path);
    await hydrated(page);
    await expectNoAxeViolationsAtBothWidths(page);
  }
  await visitor.goto(preview);
  await expect(visitor.getByRole("complementary", { name: "Preview" })).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(visitor);
  await visitorContext.close();
});
