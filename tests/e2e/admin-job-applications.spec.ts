import { readFile } from "node:fs/promises";
import { RESUME_BYTES } from "../support/admin-data";
import { expect, expectNoAxeViolations, hydrated, signIn, test, toast } from "../support/admin-e2e";

test.describe("job applications (/admin/job-applications)", () => {
  test.skip(({ isMobile }) => isMobile, "the 390 px layout has its own spec");

  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  const rows = (page: import("@playwright/test").Page) =>
    page.getByRole("list", { name: "Job applications" }).getByRole("listitem");

  test("newest first, paginated, filtered by status and position", async ({ page }) => {
    await page.goto("/admin/job-applications");
    await expect(rows(page)).toHaveCount(25);
    await expect(rows(page).first().getByRole("heading")).toContainText("Applicant 01");
    await expect(page.getByRole("navigation", { name: "Pagination" })).toContainText(
      "30 applications · Page 1 of 2",
    );
    await page.getByRole("link", { name: "Next" }).click();
    await expect(rows(page)).toHaveCount(5);

    // With JavaScript a filter applies as soon as it is chosen (no Apply), from page 2 back to 1.
    await hydrated(page);
    await page.getByLabel("Position").selectOption("Producer");
    await expect(page).toHaveURL(/\?status=&position=Producer$/);
    // The URL may change a moment before the list re-renders: wait for the eight rows.
    await expect(rows(page).getByRole("heading")).toHaveText(Array(8).fill(/· Producer$/));

    await page.goto("/admin/job-applications?status=hired");
    await expect(page.getByText("No applications yet.")).toBeVisible();
    await page.goto("/admin/job-applications?position=Nobody");
    await expect(page.getByText("No applications yet.")).toBeVisible();
    await page.goto("/admin/job-applications");
    await hydrated(page);
    await expectNoAxeViolations(page);
  });

  test("a status change is saved at once and survives a reload", async ({ page }) => {
    await page.goto("/admin/job-applications?position=Motion%20Designer");
    await hydrated(page);
    const select = page.getByLabel("Status of Applicant 03's application");
    await select.selectOption("interview");
    await expect(toast(page, "Success", "Application marked Interview")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Status of Applicant 03's application")).toHaveValue("interview");
    await page.goto("/admin/job-applications?status=interview");
    await expect(rows(page).getByRole("heading")).toContainText(["Applicant 03"]);
  });

  test("the resume opens at once in a new tab through a signed link refused from 60 s", async ({
    page,
    adminServer,
  }) => {
    await page.goto("/admin/job-applications");
    await hydrated(page);
    const link = page.getByRole("link", { name: "Resume of Applicant 01" });
    await expect(link).toHaveAttribute("target", "_blank");
    const [popup, response] = await Promise.all([
      page.waitForEvent("popup"),
      page.context().waitForEvent("response", (r) => r.url().includes("/files/job-applications/")),
      link.click(),
    ]);
    expect(popup).toBeTruthy();
    expect(response.status()).toBe(200);
    // Served in the browser's PDF viewer (a resume's PDF: decision 0312), under its original name.
    expect(response.url()).toMatch(/\?disposition=inline[^&]*&expires=\d+&signature=[0-9a-f]{64}$/);
    expect(response.headers()["content-disposition"]).toBe('inline; filename="resume.pdf"');
    const expires = Number(new URL(response.url()).searchParams.get("expires"));
    expect(expires * 1000 - Date.now()).toBeLessThanOrEqual(60_000);
    expect(expires * 1000 - Date.now()).toBeGreaterThan(45_000);

    // The server's clock moved on: the same link still opens just before 60 s (a margin for the
    // request's own time) and is refused from 60 s.
    const issuedAt = (expires - 60) * 1000;
    try {
      await adminServer.shiftClock(issuedAt + 58_500 - Date.now());
      expect((await page.request.get(response.url())).status()).toBe(200);
      await adminServer.shiftClock(issuedAt + 60_000 - Date.now());
      const expired = await page.request.get(response.url());
      expect(expired.status()).toBe(403);
      expect(await expired.text()).toBe("This link has expired or is invalid.");
    } finally {
      await adminServer.shiftClock(0);
    }

    // The same through the plain link (no JavaScript): a 302 to the signed link, which serves the PDF.
    const id = adminServer.fixtures?.applicationWithResume.id;
    const redirect = await page.request.get(`/admin/job-applications/${id}/resume`, {
      maxRedirects: 0,
    });
    expect(redirect.status()).toBe(302);
    const file = await page.request.get(redirect.headers().location ?? "");
    expect(file.status()).toBe(200);
    expect(file.headers()["cache-control"]).toBe("private, no-store");
    expect(Buffer.from(await file.body())).toEqual(RESUME_BYTES);
    // Without a signature the private bucket stays shut: no such file, as far as anyone can tell.
    expect(
      (await page.request.get((redirect.headers().location ?? "").split("?")[0] ?? "")).status(),
    ).toBe(404);
  });

  test("a resume that cannot be opened is logged and toasted", async ({ page, adminServer }) => {
    await page.goto("/admin/job-applications");
    await hydrated(page);
    const [popup] = await Promise.all([
      page.waitForEvent("popup"),
      page.getByRole("link", { name: "Resume of Applicant 02" }).click(),
    ]);
    await expect(toast(page, "Error", "Failed to open the resume")).toBeVisible();
    await expect.poll(() => popup.isClosed()).toBe(true);
    await expect
      .poll(() => adminServer.output())
      .toContain("Failed to open the resume: file missing");
  });

  test("exports the filtered applications as CSV", async ({ page }) => {
    await page.goto("/admin/job-applications?position=Video%20Editor");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^job-applications-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile((await download.path()) ?? "", "utf8"))
      .split("\r\n")
      .filter(Boolean);
    expect(lines).toHaveLength(1 + 8);
    expect(lines.slice(1).every((line) => line.includes('"Video Editor"'))).toBe(true);
  });
});
