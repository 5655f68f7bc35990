import { readFile } from "node:fs/promises";
import { expect, expectNoAxeViolations, hydrated, signIn, test, toast } from "../support/admin-e2e";

test.describe("inquiries (/admin)", () => {
  test.skip(({ isMobile }) => isMobile, "the 390 px layout has its own spec");

  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  const rows = (page: import("@playwright/test").Page) =>
    page
      .getByRole("list", { name: "Inquiries" })
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading") });

  test("newest first, 25 a page, paged on the server", async ({ page }) => {
    await page.goto("/admin");
    await expect(page.getByRole("heading", { level: 1, name: "Inquiries" })).toBeVisible();
    await expect(rows(page)).toHaveCount(25);
    await expect(rows(page).first().getByRole("heading")).toHaveText("Client 01");
    await expect(rows(page).nth(1).getByRole("heading")).toContainText("Ada & Grace");
    await expect(page.getByRole("navigation", { name: "Pagination" })).toContainText(
      "60 inquiries · Page 1 of 3",
    );
    await page.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\?page=2$/);
    await expect(rows(page)).toHaveCount(25);
    await expect(rows(page).first().getByRole("heading")).toHaveText("Client 26");
    await page.getByRole("link", { name: "Next" }).click();
    await expect(rows(page)).toHaveCount(10);
    await expect(page.getByRole("link", { name: "Next" })).toHaveCount(0);
    await hydrated(page);
    await expectNoAxeViolations(page);
  });

  test("searches name, email and description; filters by status; shows the empty state", async ({
    page,
  }) => {
    await page.goto("/admin");
    await page.getByLabel("Search name, email or description").fill("ADA.GRACE@");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/q=ADA.GRACE%40/);
    await expect(rows(page)).toHaveCount(1);
    await page.getByLabel("Search name, email or description").fill("100% organic_growth");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first().getByRole("heading")).toHaveText("Brief With Files");
    await page.getByLabel("Search name, email or description").fill("no such inquiry");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText("No inquiries found.")).toBeVisible();

    await page.goto("/admin?status=qualified");
    await expect(page.getByLabel("Status", { exact: true })).toHaveValue("qualified");
    const statuses = await page
      .locator('select[name="status"]:not(#inquiry-status)')
      .evaluateAll((selects) => selects.map((s) => (s as HTMLSelectElement).value));
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(["qualified"]));
  });

  test("a wedding inquiry shows its wedding fields; Reply opens its reply form with SPEC's subject", async ({
    page,
    adminServer,
  }) => {
    await page.goto("/admin?q=Ada");
    const wedding = rows(page).first();
    await expect(wedding.getByText("Wedding", { exact: true })).toBeVisible();
    await expect(wedding).toContainText("Wedding dateJun 12, 2027");
    await expect(wedding).toContainText("LocationMalibu, CA");
    await expect(wedding).toContainText("Budget$7,500 – $12,000");
    await expect(wedding).toContainText("Sunset ceremony on the bluffs");
    // The inquiry's own reply form, not a mailto: link (issue #47 item 17).
    const id = adminServer.fixtures?.weddingInquiry.id;
    const reply = wedding.getByRole("link", { name: "Reply to Ada & Grace" });
    await expect(reply).toHaveAttribute("href", `/admin/inquiries/${id}#reply`);
    await reply.click();
    await expect(page).toHaveURL(new RegExp(`/admin/inquiries/${id}#reply$`));
    const form = page.getByRole("form", { name: "Reply" });
    await expect(form.getByLabel("Subject")).toHaveValue("Re: Your Wedding Film Project Inquiry");
    await expect(form).toBeInViewport();
    await page.goto("/admin?q=client1%40example");
    await expect(
      rows(page)
        .first()
        .getByRole("link", { name: /^Reply/ }),
    ).toHaveAttribute("href", /^\/admin\/inquiries\/[0-9a-f-]{36}#reply$/);
  });

  test("attachments open in a new tab through a signed link; the file itself is not public", async ({
    page,
    adminServer,
    browser,
  }) => {
    const fixture = adminServer.fixtures?.attachmentInquiry;
    const adminLink = `/admin/inquiries/${fixture?.id}/attachments/0`;
    await page.goto("/admin?q=Brief%20With%20Files");
    await hydrated(page);
    const link = rows(page)
      .first()
      // Shown by the visitor's own file name (as text), linked to its admin route.
      .getByRole("link", { name: "Campaign brief <final>.pdf" });
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("href", adminLink);
    // The PDF opens in a new tab (which the browser turns into a download), by a 60 s link.
    const [popup, response] = await Promise.all([
      page.waitForEvent("popup"),
      page.context().waitForEvent("response", (r) => r.url().includes("/files/contact-uploads/")),
      link.click(),
    ]);
    expect(popup).toBeTruthy();
    expect(response.status()).toBe(200);
    expect(response.url()).toMatch(
      /\?disposition=attachment[^&]*&expires=\d+&signature=[0-9a-f]{64}$/,
    );
    // A download under the visitor's own name (only a resume's PDF shows inline: decision 0312).
    expect(response.headers()["content-disposition"]).toBe(
      'attachment; filename="Campaign brief <final>.pdf"',
    );
    const expires = Number(new URL(response.url()).searchParams.get("expires"));
    expect(expires * 1000 - Date.now()).toBeLessThanOrEqual(60_000);

    // Without JavaScript: a 302 to the signed link, which serves the PDF.
    const redirect = await page.request.get(adminLink, { maxRedirects: 0 });
    expect(redirect.status()).toBe(302);
    const file = await page.request.get(redirect.headers().location ?? "");
    expect(file.status()).toBe(200);
    expect(file.headers()["cache-control"]).toBe("private, no-store");
    expect((await file.body()).subarray(0, 4).toString()).toBe("%PDF");

    // The old public URL of the file answers 404; a visitor gets no link from the admin route.
    expect((await page.request.get(`/files/contact-uploads/${fixture?.key}`)).status()).toBe(404);
    const visitor = await browser.newContext({ baseURL: adminServer.baseURL });
    try {
      const refused = await visitor.request.get(adminLink, { maxRedirects: 0 });
      expect(refused.status()).toBe(401);
    } finally {
      await visitor.close();
    }
  });

  test("a status change is saved at once and survives a reload", async ({ page }) => {
    await page.goto("/admin?q=client5%40example");
    await hydrated(page);
    const select = page.getByLabel("Status of the inquiry from Client 05");
    const before = await select.inputValue();
    const next = before === "contacted" ? "qualified" : "contacted";
    await select.selectOption(next);
    await expect(
      toast(page, "Success", `Inquiry marked ${next[0]?.toUpperCase()}${next.slice(1)}`),
    ).toBeVisible();
    await expect(select).toHaveValue(next);
    await page.reload();
    await expect(page.getByLabel("Status of the inquiry from Client 05")).toHaveValue(next);
    // The filters stay as they were.
    await expect(page).toHaveURL(/q=client5%40example/);
  });

  test("exports the filtered list as CSV, formulas defused", async ({ page }) => {
    await page.goto("/admin?q=example.test&status=new");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^inquiries-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = (await readFile((await download.path()) ?? "", "utf8")).replace(/^\uFEFF/, "");
    const lines = text.split("\r\n").filter(Boolean);
    expect(lines[0]).toContain('"Name","Email"');
    expect(lines.slice(1).every((line) => line.endsWith('"new"'))).toBe(true);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.test"",""click"")"`);
    expect(text).toContain(`"'+1 ""quoted"", with a comma\nand a second line"`);
  });
});

test.describe("inquiries without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test.skip(({ isMobile }) => isMobile, "the 390 px layout has its own spec");

  test("the status filter applies with the Apply button", async ({ page }) => {
    await signIn(page);
    await page.goto("/admin");
    await page.getByLabel("Status", { exact: true }).selectOption("qualified");
    await expect(page).toHaveURL(/\/admin$/);
    await page.getByRole("button", { name: "Apply" }).click();
    // A plain GET form: every filter of the bar is in the query, empty ones too.
    await expect(page).toHaveURL(/\/admin\?q=&status=qualified&owner=&due=&sort=$/);
    await expect(page.getByLabel("Status", { exact: true })).toHaveValue("qualified");
  });

  test("the status form has a Save button and reports the change in the page", async ({ page }) => {
    await signIn(page);
    await page.goto("/admin?q=client6%40example");
    const row = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: "Client 06" }) });
    const select = row.getByLabel("Status of the inquiry from Client 06");
    const next = (await select.inputValue()) === "closed" ? "new" : "closed";
    await select.selectOption(next);
    await row.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(/\/admin\?q=client6%40example$/);
    await expect(page.getByRole("status")).toContainText("Success: Inquiry marked");
    await expect(page.getByLabel("Status of the inquiry from Client 06")).toHaveValue(next);
  });
});
