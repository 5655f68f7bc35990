import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import type { Browser, Page } from "@playwright/test";
import { account, user } from "@server/db/schema";
import { hashPassword } from "better-auth/crypto";
import { expect, expectNoAxeViolationsAtBothWidths, hydrated, test } from "../support/admin-e2e";

/**
 * The account page and two-factor sign-in (issue #29 item 4) against the production server: a
 * staff member turns on two-factor from the QR code's setup key, keeps the recovery codes, and
 * signs in again with a code the test computes from that key; axe at 1280 and 390 px on
 * /admin/account and the code step; without JavaScript, "Change password", the code step, ending
 * one session and every other, new recovery codes, turning two-factor off, and the step-up page
 * (/admin/confirm) in front of a role change.
 */

const PASSWORD = "an account e2e passphrase";
/** Staff members of this spec, one per test (each worker's server has its own database). */
const PEOPLE = [
  "two-factor",
  "nojs-password",
  "nojs-code",
  "nojs-sessions",
  "nojs-two-factor-off",
  "nojs-step-up-target",
  "two-factor-off-after-refusal",
].map((name) => `${name}@account-e2e.test`);
/** An admin of this spec, who changes the role of `PEOPLE[5]` behind the step-up. */
const STEP_UP_ADMIN = "nojs-step-up@account-e2e.test";

test.use({
  adminData: {
    seed: true,
    content: async (db) => {
      const hash = await hashPassword(PASSWORD);
      for (const email of [...PEOPLE, STEP_UP_ADMIN]) {
        const id = randomUUID();
        const role = email === STEP_UP_ADMIN ? "admin" : "editor";
        await db.insert(user).values({ id, email, name: email.split("@")[0] ?? email, role });
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

/** The code of `setupKey` now, or `steps` 30-second steps later (a code works once: 0430). */
const codeFor = (setupKey: string, steps = 0) =>
  createOTP(base32.decode(setupKey)).hotp(Math.floor(Date.now() / 30_000) + steps);

async function signInWithForm(page: Page, email: string, javaScript = true) {
  await page.goto("/admin/login");
  if (javaScript) await hydrated(page);
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

/** Turns two-factor on from /admin/account; returns the setup key the page showed. */
async function turnOnTwoFactor(page: Page): Promise<string> {
  return (await turnOnTwoFactorWithCode(page)).setupKey;
}

/** The same, with the code that turned it on (spent: a code works once, decision 0430). */
async function turnOnTwoFactorWithCode(page: Page): Promise<{ setupKey: string; code: string }> {
  await page.goto("/admin/account");
  const section = page.getByRole("region", { name: "Two-factor authentication" });
  await section.getByLabel("Password").fill(PASSWORD);
  await section.getByRole("button", { name: "Turn on two-factor" }).click();
  await expect(section.getByRole("img", { name: /QR code/ })).toBeVisible();
  const setupKey = (
    (await section.locator("dt:text-is('Setup key') + dd").textContent()) ?? ""
  ).trim();
  expect(setupKey).toMatch(/^[A-Z2-7]{32,}$/);
  const code = await codeFor(setupKey);
  await section.getByRole("textbox", { name: "Code" }).fill(code);
  await section.getByRole("button", { name: "Verify" }).click();
  await expect(section.getByText("Two-factor authentication is on.")).toBeVisible();
  await expect(
    section.getByRole("list", { name: "Recovery codes" }).getByRole("listitem"),
  ).toHaveCount(10);
  return { setupKey, code };
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
  await expectNoAxeViolationsAtBothWidths(page, { fits: true });

  const { setupKey, code: enrolmentCode } = await turnOnTwoFactorWithCode(page);
  await expectNoAxeViolationsAtBothWidths(page);
  // The codes can be copied and downloaded as a text file (issue #47 item 21).
  const shown = await page
    .getByRole("list", { name: "Recovery codes" })
    .getByRole("listitem")
    .allTextContents();
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: "Copy the codes" }).click();
  await expect(page.getByText("Copied.", { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown.join("\n"));
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download as a text file" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("recovery-codes.txt");
  const file = await readFile((await download.path()) ?? "", "utf8");
  for (const code of shown) expect(file).toContain(`\n${code}\n`);

  // Another browser: the password, then the code step, which grants nothing until the code.
  const other = await freshPage(browser, page);
  await signInWithForm(other, email);
  await expect(other).toHaveURL(/\/admin\/two-factor$/, { timeout: 20_000 });
  await expect(
    other.getByRole("heading", { level: 1, name: "Two-factor authentication" }),
  ).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(other);
  const refused = await other.request.get("/admin/blog", { maxRedirects: 0 });
  expect(refused.status()).toBe(302);
  await other.getByRole("textbox", { name: "Code" }).fill("000000");
  await other.getByRole("button", { name: "Verify" }).click();
  await expect(other.getByRole("alert")).toContainText("That code is not valid.");
  // The code that turned it on is spent; the next step's code signs in.
  await other.getByRole("textbox", { name: "Code" }).fill(enrolmentCode);
  await other.getByRole("button", { name: "Verify" }).click();
  // (Past its window, a slow run sees it as no longer valid: refused either way.)
  await expect(other.getByRole("alert")).toContainText(/That code has already been used|not valid/);
  await other.getByRole("textbox", { name: "Code" }).fill(await codeFor(setupKey, 1));
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

test("two-factor is turned off after a refused try: the page shows it off", async ({ page }) => {
  await signInWithForm(page, PEOPLE[6] as string);
  await expect(page).toHaveURL(/\/admin\/blog$/, { timeout: 20_000 });
  await page.goto("/admin/account");
  await hydrated(page);
  const { setupKey } = await turnOnTwoFactorWithCode(page);
  await page.goto("/admin/account#two-factor");
  await hydrated(page);
  const section = page.getByRole("region", { name: "Two-factor authentication" });
  // The password alone is refused: a code is asked for.
  await section.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await section.getByRole("button", { name: "Turn off two-factor" }).click();
  await expect(
    section.getByText(/^Enter the current code from your authenticator app/),
  ).toBeVisible();
  // Then with a code (the next step's: the one that turned it on is spent), it is off.
  await section.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await section
    .getByRole("textbox", { name: "Code", exact: true })
    .fill(await codeFor(setupKey, 1));
  await section.getByRole("button", { name: "Turn off two-factor" }).click();
  // The password check (scrypt) and the code: seconds on a busy machine.
  await expect(page.getByText("Two-factor authentication is off.")).toBeVisible({
    timeout: 20_000,
  });
  await expect(section.getByRole("button", { name: "Turn on two-factor" })).toBeVisible();
  await expect(section.getByText("Two-factor authentication is on.")).toHaveCount(0);
  await expect(section.getByText(/^Enter the current code/)).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\/account#two-factor$/);
  // Focus is on the section, not dropped to <body>.
  await expect(
    section.getByRole("heading", { name: "Two-factor authentication", level: 2 }),
  ).toBeFocused();
});

test.describe("without JavaScript", () => {
  test("Change password works as a plain form", async ({ page, browser }) => {
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

  test("two-factor is turned on, and the code step signs in", async ({ page, browser }) => {
    const email = PEOPLE[2] as string;
    const nojs = await freshPage(browser, page, false);
    await signInWithForm(nojs, email, false);
    const setupKey = await turnOnTwoFactor(nojs);
    const again = await freshPage(browser, page, false);
    await signInWithForm(again, email, false);
    await expect(again).toHaveURL(/\/admin\/two-factor$/, { timeout: 20_000 });
    await again.getByRole("textbox", { name: "Code" }).fill(await codeFor(setupKey, 1));
    await again.getByRole("button", { name: "Verify" }).click();
    await expect(again).toHaveURL(/\/admin\/blog$/, { timeout: 20_000 });
    await nojs.context().close();
    await again.context().close();
  });

  test("Sessions: one other session is ended, then every other", async ({ page, browser }) => {
    const email = PEOPLE[3] as string;
    const nojs = await freshPage(browser, page, false);
    await signInWithForm(nojs, email, false);
    const others: Page[] = [];
    for (let index = 0; index < 2; index += 1) {
      const other = await freshPage(browser, page, false);
      await signInWithForm(other, email, false);
      await expect(other).toHaveURL(/\/admin\/blog$/, { timeout: 20_000 });
      others.push(other);
    }
    const signedIn = async () => {
      const statuses = [];
      for (const other of others) {
        statuses.push((await other.request.get("/admin/blog", { maxRedirects: 0 })).status());
      }
      return statuses.sort();
    };
    expect(await signedIn()).toEqual([200, 200]);

    await nojs.goto("/admin/account");
    const sessions = nojs.getByRole("region", { name: "Sessions" });
    await expect(sessions.getByRole("listitem")).toHaveCount(3);
    await sessions
      .getByRole("button", { name: /^End session: / })
      .first()
      .click();
    await expect(nojs.getByText("Session ended.")).toBeVisible();
    await expect(sessions.getByRole("listitem")).toHaveCount(2);
    // One of the two other browsers is signed out (sent to the sign-in page), the other is not.
    expect(await signedIn()).toEqual([200, 302]);

    await sessions.getByRole("button", { name: "Sign out everywhere else" }).click();
    await expect(nojs.getByText("Every other session has ended.")).toBeVisible();
    await expect(sessions.getByRole("listitem")).toHaveCount(1);
    await expect(sessions.getByRole("listitem")).toContainText("This session");
    await expect(sessions.getByRole("button", { name: "Sign out everywhere else" })).toHaveCount(0);
    expect(await signedIn()).toEqual([302, 302]);
    for (const context of [nojs, ...others].map((open) => open.context())) await context.close();
  });

  test("new recovery codes are made, and two-factor is turned off", async ({ page, browser }) => {
    const email = PEOPLE[4] as string;
    const nojs = await freshPage(browser, page, false);
    await signInWithForm(nojs, email, false);
    await turnOnTwoFactor(nojs);
    const first = await nojs
      .getByRole("list", { name: "Recovery codes" })
      .getByRole("listitem")
      .allTextContents();

    await nojs.goto("/admin/account");
    const section = nojs.getByRole("region", { name: "Two-factor authentication" });
    await section.getByLabel("Password for new recovery codes").fill(PASSWORD);
    await section.getByRole("button", { name: "Regenerate recovery codes" }).click();
    await expect(section.getByText(/^New recovery codes made\./)).toBeVisible();
    const codes = section.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
    await expect(codes).toHaveCount(10);
    const regenerated = await codes.allTextContents();
    expect(regenerated.filter((code) => first.includes(code))).toEqual([]);
    // The download is a plain link: it works without JavaScript.
    const downloading = nojs.waitForEvent("download");
    await section.getByRole("link", { name: "Download as a text file" }).click();
    const file = await readFile((await (await downloading).path()) ?? "", "utf8");
    for (const code of regenerated) expect(file).toContain(code);
    await expect(section.getByRole("button", { name: "Copy the codes" })).toHaveCount(0);

    await nojs.goto("/admin/account");
    // The count of codes left is shown.
    await expect(section.getByText("10 recovery codes left.")).toBeVisible();
    await section.getByLabel("Password", { exact: true }).fill("not the passphrase at all");
    await section.getByRole("button", { name: "Turn off two-factor" }).click();
    await expect(section.getByRole("button", { name: "Turn off two-factor" })).toBeVisible();
    await expect(section.getByText("The current password is not correct.")).toBeVisible();
    // The password alone no longer turns it off: a code is asked for too (issue #47 item 4).
    await section.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await section.getByRole("button", { name: "Turn off two-factor" }).click();
    await expect(
      section.getByText(/^Enter the current code from your authenticator app/),
    ).toBeVisible();
    await section.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await section.getByRole("textbox", { name: "Code", exact: true }).fill(regenerated[0] ?? "");
    await section.getByRole("button", { name: "Turn off two-factor" }).click();
    await expect(nojs.getByText("Two-factor authentication is off.")).toBeVisible();
    await expect(section.getByRole("button", { name: "Turn on two-factor" })).toBeVisible();

    // Signing in again asks for no code.
    const again = await freshPage(browser, page, false);
    await signInWithForm(again, email, false);
    await expect(again).toHaveURL(/\/admin\/blog$/, { timeout: 20_000 });
    await nojs.context().close();
    await again.context().close();
  });

  test("the step-up: a role change past 10 minutes asks for the password, then goes back", async ({
    page,
    browser,
    adminServer,
  }) => {
    const target = PEOPLE[5] as string;
    const nojs = await freshPage(browser, page, false);
    await signInWithForm(nojs, STEP_UP_ADMIN, false);
    await expect(nojs).toHaveURL(/\/admin\/portfolio$/, { timeout: 20_000 });
    try {
      // The password was given 11 minutes ago, as far as the server can tell.
      await adminServer.shiftClock(11 * 60_000);
      await nojs.goto("/admin/staff");
      const row = nojs.getByRole("row").filter({ hasText: target });
      const changeRole = async () => {
        await row.getByRole("combobox", { name: `Role of ${target}` }).selectOption("admin");
        await row.getByRole("button", { name: `Change role of ${target}` }).click();
      };
      await changeRole();
      await expect(nojs).toHaveURL(/\/admin\/confirm\?redirectTo=%2Fadmin%2Fstaff$/);
      await expect(nojs.getByRole("heading", { level: 1, name: "Confirm it's you" })).toBeVisible();
      await nojs.getByLabel("Password").fill("not the passphrase at all");
      await nojs.getByRole("button", { name: "Confirm" }).click();
      await expect(nojs.getByText("That is neither your password nor a valid code.")).toBeVisible();
      await nojs.getByLabel("Password").fill(PASSWORD);
      await nojs.getByRole("button", { name: "Confirm" }).click();
      await expect(nojs).toHaveURL(/\/admin\/staff$/);
      // Nothing changed yet: the page is opened again to repeat the action, which now goes through.
      await expect(row.getByRole("cell").nth(1)).toHaveText("Editor");
      await changeRole();
      await expect(nojs).toHaveURL(/\/admin\/staff$/);
      await expect(row.getByRole("cell").nth(1)).toHaveText("Admin");
    } finally {
      await adminServer.shiftClock(0);
    }
    await nojs.context().close();
  });
});
