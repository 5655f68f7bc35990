import { randomUUID } from "node:crypto";
import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import type { Browser, Page } from "@playwright/test";
import { account, user } from "@server/db/schema";
import { hashPassword } from "better-auth/crypto";
import { expect, expectNoAxeViolations, hydrated, test } from "../support/admin-e2e";

/**
 * The account page and two-factor sign-in (issue #29 item 4) against the production server: a
 * staff member turns on two-factor from the QR code's setup key, keeps the recovery codes, and
 * signs in again with a code the test computes from that key; axe at 1280 and 390 px on
 * /admin/account and the code step; without JavaScript, "Change password" and the code step.
 */

const PASSWORD = "an account e2e passphrase";
/** Staff members of this spec, one per test (each worker's server has its own database). */
const PEOPLE = ["two-factor", "nojs-password", "nojs-code"].map(
  (name) => `${name}@account-e2e.test`,
);

test.use({
  adminData: {
    seed: true,
    content: async (db) => {
      const hash = await hashPassword(PASSWORD);
      for (const email of PEOPLE) {
        const id = randomUUID();
        await db
          .insert(user)
          .values({ id, email, name: email.split("@")[0] ?? email, role: "editor" });
        await db.insert(account).values({
          id: randomUUID(),
          userId: id,
          accountId: id,
          providerId: "credential",
          password: hash,
        });
      }
    },
  },
});

const codeFor = (setupKey: string) => createOTP(base32.decode(setupKey)).totp();

async function signInWithForm(page: Page, email: string, javaScript = true) {
  await page.goto("/admin/login");
  if (javaScript) await hydrated(page);
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

/** Turns two-factor on from /admin/account; returns the setup key the page showed. */
async function turnOnTwoFactor(page: Page): Promise<string> {
  await page.goto("/admin/account");
  const section = page.getByRole("region", { name: "Two-factor authentication" });
  await section.getByLabel("Password").fill(PASSWORD);
  await section.getByRole("button", { name: "Turn on two-factor" }).click();
  await expect(section.getByRole("img", { name: /QR code/ })).toBeVisible();
  const setupKey = (
    (await section.locator("dt:text-is('Setup key') + dd").textContent()) ?? ""
  ).trim();
  expect(setupKey).toMatch(/^[A-Z2-7]{32,}$/);
  await section.getByRole("textbox", { name: "Code" }).fill(await codeFor(setupKey));
  await section.getByRole("button", { name: "Verify" }).click();
  await expect(section.getByText("Two-factor authentication is on.")).toBeVisible();
  await expect(
    section.getByRole("list", { name: "Recovery codes" }).getByRole("listitem"),
  ).toHaveCount(10);
  return setupKey;
}

async function freshPage(browser: Browser, page: Page, javaScriptEnabled = true): Promise<Page> {
  const width = page.viewportSize()?.width ?? 1280;
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width, height: 844 } });
  return context.newPage();
}

test("a staff member turns on two-factor and signs in with a code computed from the setup key", async ({
  page,
  browser,
}) => {
  // Three sign-ins, two scrypt hashes each way, four axe passes: more than the default minute.
  test.setTimeout(180_000);
  const email = PEOPLE[0] as string;
  await signInWithForm(page, email);
  await expect(page).toHaveURL(/\/admin\/blog$/, { timeout: 20_000 });
  await page.goto("/admin/account");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Sessions" })).toContainText("This session");
  await expect(page.getByRole("region", { name: "Passkeys" })).toBeVisible();
  // No sideways scrolling of the page at 390 px either.
  const width = page.viewportSize()?.width ?? 0;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );
  await expectNoAxeViolations(page);

  const setupKey = await turnOnTwoFactor(page);
  await expectNoAxeViolations(page);

  // Another browser: the password, then the code step, which grants nothing until the code.
  const other = await freshPage(browser, page);
  await signInWithForm(other, email);
  await expect(other).toHaveURL(/\/admin\/two-factor$/, { timeout: 20_000 });
  await expect(
    other.getByRole("heading", { level: 1, name: "Two-factor authentication" }),
  ).toBeVisible();
  await expectNoAxeViolations(other);
  const refused = await other.request.get("/admin/blog", { maxRedirects: 0 });
  expect(refused.status()).toBe(302);
  await other.getByRole("textbox", { name: "Code" }).fill("000000");
  await other.getByRole("button", { name: "Verify" }).click();
  await expect(other.getByRole("alert")).toContainText("That code is not valid.");
  await other.getByRole("textbox", { name: "Code" }).fill(await codeFor(setupKey));
  await other.getByRole("button", { name: "Verify" }).click();
  await expect(other).toHaveURL(/\/admin\/blog$/, { timeout: 20_000 });

  // The first browser sees the second session, and ends it.
  await page.goto("/admin/account");
  const sessions = page.getByRole("region", { name: "Sessions" });
  await expect(sessions.getByRole("listitem")).toHaveCount(2);
  await sessions.getByRole("button", { name: "Sign out everywhere else" }).click();
  await expect(sessions.getByRole("listitem")).toHaveCount(1);
  const ended = await other.request.get("/admin/blog", { maxRedirects: 0 });
  expect(ended.status()).toBe(302);
  await other.context().close();
});

test.describe("without JavaScript", () => {
  test("Change password works as a plain form", async ({ page, browser, isMobile }) => {
    test.skip(isMobile, "the form is the same at every width");
    const nojs = await freshPage(browser, page, false);
    await signInWithForm(nojs, PEOPLE[1] as string, false);
    await nojs.goto("/admin/account");
    const section = nojs.getByRole("region", { name: "Change password" });
    await section.getByLabel("Current password").fill("a wrong passphrase here");
    await section.getByLabel("New password").fill("a brand new passphrase");
    await section.getByRole("button", { name: "Change password" }).click();
    await expect(nojs.getByText("The current password is not correct.")).toBeVisible();
    await nojs
      .getByRole("region", { name: "Change password" })
      .getByLabel("Current password")
      .fill(PASSWORD);
    await nojs
      .getByRole("region", { name: "Change password" })
      .getByLabel("New password")
      .fill("a brand new passphrase");
    await nojs.getByRole("button", { name: "Change password" }).click();
    await expect(nojs.getByText("Password changed. Your other sessions have ended.")).toBeVisible();
    await nojs.context().close();
  });

  test("two-factor is turned on, and the code step signs in", async ({
    page,
    browser,
    isMobile,
  }) => {
    test.skip(isMobile, "the form is the same at every width");
    const email = PEOPLE[2] as string;
    const nojs = await freshPage(browser, page, false);
    await signInWithForm(nojs, email, false);
    const setupKey = await turnOnTwoFactor(nojs);
    const again = await freshPage(browser, page, false);
    await signInWithForm(again, email, false);
    await expect(again).toHaveURL(/\/admin\/two-factor$/, { timeout: 20_000 });
    await again.getByRole("textbox", { name: "Code" }).fill(await codeFor(setupKey));
    await again.getByRole("button", { name: "Verify" }).click();
    await expect(again).toHaveURL(/\/admin\/blog$/, { timeout: 20_000 });
    await nojs.context().close();
    await again.context().close();
  });
});
