import { randomUUID } from "node:crypto";
import { account, user } from "@server/db/schema";
import { hashPassword } from "better-auth/crypto";
import { expect, expectNoAxeViolations, hydrated, test } from "../support/admin-e2e";

/**
 * Passkeys (issue #29 item 4, decision 0304) in Chromium with its virtual authenticator (CDP's
 * WebAuthn domain: CTAP2, built in, resident keys, user verification): a staff member adds a
 * passkey on /admin/account, signs out, and signs in with it from /admin/login with no password
 * and no code; then removes it. The server runs on http://localhost (WebAuthn refuses an IP
 * address as the site's domain). Without JavaScript both pages say passkeys need it.
 */

const PASSWORD = "a passkeys e2e passphrase";
const EMAIL = "passkey@passkeys-e2e.test";

test.use({
  adminData: {
    seed: true,
    hostname: "localhost",
    content: async (db) => {
      const id = randomUUID();
      await db.insert(user).values({ id, email: EMAIL, name: "Pat Passkey", role: "editor" });
      await db.insert(account).values({
        id: randomUUID(),
        userId: id,
        accountId: id,
        providerId: "credential",
        password: await hashPassword(PASSWORD),
      });
    },
  },
});

test("a staff member adds a passkey, signs out, and signs in with it alone", async ({
  page,
  isMobile,
}) => {
  test.skip(isMobile, "the ceremony is the same at every width");
  test.setTimeout(120_000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  await page.goto("/admin/login");
  await hydrated(page);
  await page.getByRole("textbox", { name: "Email" }).fill(EMAIL);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/, { timeout: 20_000 });

  await page.goto("/admin/account");
  await hydrated(page);
  const section = page.getByRole("region", { name: "Passkeys" });
  await expect(section.getByText("No passkeys yet.")).toBeVisible();
  await section.getByRole("button", { name: "Add a passkey" }).click();
  const list = section.getByRole("list", { name: "Your passkeys" });
  await expect(list.getByRole("listitem")).toHaveCount(1, { timeout: 20_000 });
  await expect(list).toContainText(/Added /);
  await expect(page.getByText("Passkey added.")).toBeVisible();
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.isResidentCredential).toBe(true);
  await expectNoAxeViolations(page);

  // Signed out: the passkey alone signs in, with no password and no code step.
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/admin\/login/, { timeout: 20_000 });
  await hydrated(page);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/, { timeout: 20_000 });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  // The audit log is an admin's; the person's account page lists the passkey and removes it.
  await page.goto("/admin/account");
  await hydrated(page);
  await section.getByRole("button", { name: /^Remove passkey: / }).click();
  await expect(page.getByText("Passkey removed.")).toBeVisible();
  await expect(section.getByText("No passkeys yet.")).toBeVisible();
  await cdp.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId });
});

test("without JavaScript, both pages say that passkeys need it", async ({ browser, isMobile }) => {
  test.skip(isMobile, "the note is the same at every width");
  const context = await browser.newContext({ javaScriptEnabled: false });
  const nojs = await context.newPage();
  await nojs.goto("/admin/login");
  const note = /Passkeys need JavaScript and a browser that supports them/;
  await expect(nojs.getByText(note)).toBeVisible();
  await expect(nojs.getByRole("button", { name: "Sign in with a passkey" })).toHaveCount(0);
  await nojs.getByRole("textbox", { name: "Email" }).fill(EMAIL);
  await nojs.getByLabel("Password").fill(PASSWORD);
  await nojs.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(nojs).toHaveURL(/\/admin\/blog$/, { timeout: 20_000 });
  await nojs.goto("/admin/account");
  const section = nojs.getByRole("region", { name: "Passkeys" });
  await expect(section.getByText(note)).toBeVisible();
  await expect(section.getByRole("button", { name: "Add a passkey" })).toHaveCount(0);
  await context.close();
});
