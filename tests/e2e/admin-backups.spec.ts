import { readFile } from "node:fs/promises";
import {
  expect,
  expectNoAxeViolations,
  hydrated,
  openFromNav,
  signIn,
  test,
  toast,
} from "../support/admin-e2e";

/**
 * The Backups screen (issue #21, decision 0245) on the production build with its embedded
 * database: "Back up now", the run's progress while it runs, the succeeded row with its size, the
 * download through a short-lived link, and the same without JavaScript.
 */

test.describe("backups (/admin/backups)", () => {
  test.skip(({ isMobile }) => isMobile, "the 390 px layout has its own spec");
  // One worker server: the runs of one test are in the next one's list.
  test.describe.configure({ mode: "serial" });

  const rows = (page: import("@playwright/test").Page) =>
    page.getByRole("list", { name: "Backups" }).getByRole("listitem");

  test("Back up now shows the run's progress, then the succeeded row; Download gives the archive", async ({
    page,
  }) => {
    await signIn(page);
    await openFromNav(page, "Backups");
    await expect(page.getByRole("heading", { level: 1, name: "Backups" })).toBeVisible();
    await hydrated(page);
    const before = await rows(page).count();
    // Whatever the status says while the run goes on is recorded, to check what was announced.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seenStatus: string[] }).seenStatus = seen;
      const status = document.querySelector('[role="status"][aria-live="polite"]');
      if (!status) return;
      new MutationObserver(() => seen.push(status.textContent ?? "")).observe(status, {
        subtree: true,
        characterData: true,
        childList: true,
      });
    });

    await page.getByRole("button", { name: "Back up now" }).click();
    await expect(toast(page, "Success", "Backup started.")).toBeVisible();
    await expect(rows(page)).toHaveCount(before + 1);
    const newest = rows(page).first();
    await expect(newest).toContainText("Succeeded");
    await expect(newest).toContainText("Back up now");
    await expect(newest).toContainText(/\d+(\.\d)? (B|KB|MB)/);
    await expect(page.getByRole("button", { name: "Back up now" })).toBeEnabled();
    // If the run was still going when the page came back, its progress was announced politely.
    const seen = await page.evaluate(
      () => (window as unknown as { seenStatus: string[] }).seenStatus,
    );
    for (const text of seen.filter(Boolean)) expect(text).toMatch(/^Backup in progress: /);

    const downloading = page.waitForEvent("download");
    await newest.getByRole("link", { name: /^Download the backup of / }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^backup-\d{8}T\d{6}Z-[0-9a-f]{6}\.tar\.gz$/);
    const bytes = await readFile((await download.path()) ?? "");
    // A gzip stream.
    expect([...bytes.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
    await expectNoAxeViolations(page);
  });

  test("a signed download link stops working once tampered with", async ({ page }) => {
    await signIn(page);
    await page.goto("/admin/backups");
    const href = await rows(page)
      .first()
      .getByRole("link", { name: /^Download/ })
      .getAttribute("href");
    const response = await page.request.get(href ?? "", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    const link = response.headers().location ?? "";
    expect(link).toMatch(/^\/admin\/backup-files\/backup-.*\?expires=\d+&signature=[0-9a-f]{64}$/);
    expect((await page.request.get(link)).status()).toBe(200);
    const tampered = link.replace(/expires=(\d+)/, (_, n: string) => `expires=${Number(n) + 60}`);
    const refused = await page.request.get(tampered);
    expect(refused.status()).toBe(403);
    expect(await refused.text()).toContain("expired or is invalid");
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("Back up now is a plain form post; the page lists the run", async ({ page }) => {
      await signIn(page);
      await page.goto("/admin/backups");
      const before = await rows(page).count();
      await page.getByRole("button", { name: "Back up now" }).click();
      await expect(page).toHaveURL(/\/admin\/backups$/);
      await expect(rows(page)).toHaveCount(before + 1);
      // The run ends on its own; without JavaScript a reload shows the outcome.
      await expect(async () => {
        await page.reload();
        await expect(rows(page).first()).toContainText("Succeeded", { timeout: 1_000 });
      }).toPass({ timeout: 30_000 });
      // (axe runs in the browser's JavaScript: the test with JavaScript audits this page.)
    });
  });
});
