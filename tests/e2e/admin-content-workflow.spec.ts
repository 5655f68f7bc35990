import { expect, signIn, test } from "../support/admin-e2e";

/**
 * Drafts, preview, "Update" and revisions (issue #31), without JavaScript in the back-office (every
 * new form is a plain post), the public site and the preview seen from fresh contexts.
 */

test.skip(({ isMobile }) => isMobile, "desktop project only");

test.describe("content workflow without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("edit a published post: the site keeps it until Update; the preview shows the draft to anyone; restore an older revision", async ({
    page,
    browser,
    baseURL,
  }) => {
    // One long walk through the workflow on a shared machine.
    test.setTimeout(180_000);
    await signIn(page);
    await page.goto("/admin/blog/new");
    await page.getByRole("textbox", { name: "Title", exact: true }).fill("Workflow Walk");
    await page.getByLabel("Content").fill("<p>The first words.</p>");
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);

    const visitorContext = await browser.newContext({ baseURL });
    const visitor = await visitorContext.newPage();
    await visitor.goto("/blog/workflow-walk");
    await expect(visitor.getByText("The first words.")).toBeVisible();

    // Edit and save a draft: the editor says so, the public page is unchanged.
    await page.getByRole("link", { name: "Edit Workflow Walk" }).click();
    await page.getByLabel("Content").fill("<p>The second words.</p>");
    await page.getByRole("button", { name: "Save draft" }).first().click();
    await expect(page.getByRole("status")).toHaveText(
      "Success: Draft saved. The website shows the published version until you publish.",
    );
    const status = page.getByRole("region", { name: "Publishing status" });
    await expect(status).toContainText("Changes not published");
    await expect(page.getByLabel("Content")).toHaveValue("<p>The second words.</p>");
    await visitor.reload();
    await expect(visitor.getByText("The first words.")).toBeVisible();
    await expect(visitor.getByText("The second words.")).toHaveCount(0);

    // The preview link opens the draft in a fresh context without a session.
    const preview = await status.getByRole("link", { name: /^Preview/ }).getAttribute("href");
    expect(preview).toMatch(/^\/preview\/blog\/[0-9a-f-]{36}\?expires=\d+&signature=[0-9a-f]{64}$/);
    const clientContext = await browser.newContext({ baseURL });
    const client = await clientContext.newPage();
    const answer = await client.goto(preview ?? "");
    expect(answer?.status()).toBe(200);
    expect(answer?.headers()["cache-control"]).toBe("private, no-store");
    await expect(client.getByRole("complementary", { name: "Preview" })).toBeVisible();
    await expect(client.getByText("The second words.")).toBeVisible();
    await expect(client.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    const forged = await client.goto(
      `${preview?.slice(0, -1)}${preview?.endsWith("0") ? "1" : "0"}`,
    );
    expect(forged?.status()).toBe(404);

    // "Revoke preview links" (issue #47 item 14): the link sent answers as an expired one, the
    // editor's Preview is a new link that opens.
    await status.getByRole("button", { name: "Revoke preview links" }).click();
    await expect(page.getByRole("status")).toHaveText(
      'Success: Preview links of "Workflow Walk" revoked: links sent before no longer open. Preview has a new one.',
    );
    const revoked = await client.goto(preview ?? "");
    expect(revoked?.status()).toBe(410);
    const fresh = await status.getByRole("link", { name: /^Preview/ }).getAttribute("href");
    expect(fresh).not.toBe(preview);
    expect((await client.goto(fresh ?? ""))?.status()).toBe(200);
    await clientContext.close();

    // "Update": the public page changes.
    await page.getByRole("button", { name: "Update", exact: true }).first().click();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    await visitor.reload();
    await expect(visitor.getByText("The second words.")).toBeVisible();

    // History: compare the first and the last revision, then restore the first as the draft.
    await page.getByRole("link", { name: "Edit Workflow Walk" }).click();
    await page.getByRole("link", { name: "History" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "History" })).toBeVisible();
    const boxes = page.getByRole("checkbox", { name: /^Compare the revision of/ });
    await expect(boxes).toHaveCount(3);
    await boxes.first().check();
    await boxes.last().check();
    await page.getByRole("button", { name: "Compare" }).click();
    const changes = page.getByRole("region", { name: "What changed" });
    await expect(changes.locator("del", { hasText: "first" })).toBeVisible();
    await expect(changes.locator("ins", { hasText: "second" })).toBeVisible();
    await page
      .getByRole("button", { name: /^Restore the revision of/ })
      .last()
      .click();
    await expect(page.getByRole("status")).toHaveText(
      "Success: Revision restored as the draft. Publish it to put it on the website.",
    );
    await expect(page.getByLabel("Content")).toHaveValue("<p>The first words.</p>");
    await visitor.reload();
    await expect(visitor.getByText("The second words.")).toBeVisible();

    // "Unpublish": off the site.
    await page.getByRole("button", { name: "Unpublish" }).first().click();
    await expect(page.getByRole("status")).toHaveText(
      "Success: Blog post unpublished. It is no longer on the website.",
    );
    const gone = await visitor.goto("/blog/workflow-walk");
    expect(gone?.status()).toBe(404);
    await visitorContext.close();
  });
});
