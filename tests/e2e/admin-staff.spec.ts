import { randomUUID } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { account, user } from "@server/db/schema";
import { hashPassword } from "better-auth/crypto";
import { TEST_ADMIN, TEST_EDITOR } from "../support/admin-data";
import {
  expect,
  expectNoAxeViolationsAtBothWidths,
  hydrated,
  signIn,
  test,
  toast,
} from "../support/admin-e2e";
import { readInbox } from "../support/e2e-smtp";

/**
 * Staff accounts (issue #29 items 2 and 3) against the production server: an admin invites an
 * editor on /admin/staff, the invitation reaches a real SMTP server, the editor follows its link,
 * chooses a password and lands on the blog signed in; a forgotten password is reset by e-mail
 * (with and without JavaScript); the new screens pass axe at 1280 and 390 px (resized in the desktop
 * project, decision 0410).
 */

const SMTP_PORT = Number(process.env.E2E_PORT ?? 3100) + 20;
const inbox = () => {
  const file = process.env.E2E_SMTP_INBOX;
  if (!file) throw new Error("E2E_SMTP_INBOX is not set (playwright.config.ts)");
  return file;
};

/** An editor of this spec alone, who resets a forgotten password without JavaScript. */
const NO_SCRIPT_RESET = {
  email: "reset-nojs@staff-e2e.test",
  password: "a no-script editor passphrase",
};

// This worker's server sends its mail to the SMTP server playwright.config.ts started.
test.use({
  adminData: {
    seed: true,
    env: { SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`, JOBS_WORK: "on" },
    content: async (db) => {
      const id = randomUUID();
      await db
        .insert(user)
        .values({ id, email: NO_SCRIPT_RESET.email, name: "reset-nojs", role: "editor" });
      await db.insert(account).values({
        id: randomUUID(),
        userId: id,
        accountId: id,
        providerId: "credential",
        password: await hashPassword(NO_SCRIPT_RESET.password),
      });
    },
  },
});

/** The set-password link of the latest mail to `address` (quoted-printable undone). */
async function mailedLink(address: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const mails = readInbox(inbox()).filter((mail) => mail.to.includes(address));
        const text = (mails.at(-1)?.raw ?? "").replace(/=\r?\n/g, "").replace(/=3D/g, "=");
        link = text.match(/https?:\/\/\S+\/admin\/set-password\?token=[A-Za-z0-9_-]{43}/)?.[0];
        return link ?? null;
      },
      { message: `a set-password link mailed to ${address}`, timeout: 20_000 },
    )
    .not.toBeNull();
  return link as string;
}

/** A fresh page with nobody signed in. */
async function anonymousPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

const unique = (label: string) =>
  `${label}-${test.info().project.name}-${Date.now().toString(36)}@staff-e2e.test`;

async function invite(page: Page, email: string, role: "Admin" | "Editor") {
  await page.goto("/admin/staff");
  await hydrated(page);
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("combobox", { name: "Role", exact: true }).selectOption({ label: role });
  await page.getByRole("button", { name: "Send invitation", exact: true }).click();
  await expect(toast(page, "Success", `Invitation sent to ${email}`)).toBeVisible();
}

test("an admin invites an editor, who sets a password from the e-mail and lands on the blog", async ({
  page,
  browser,
}) => {
  await signIn(page);
  const email = unique("editor");
  await invite(page, email, "Editor");
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row.getByRole("cell").nth(2)).toHaveText(/^Invited/);

  const invitee = await anonymousPage(browser);
  await invitee.goto(await mailedLink(email));
  await expect(invitee.getByRole("heading", { level: 1, name: "Set your password" })).toBeVisible();
  await invitee.getByLabel("New password").fill("qwerty123456");
  await invitee.getByRole("button", { name: "Set password" }).click();
  await expect(invitee.getByText(/one of the most common passwords/)).toBeVisible();
  await invitee.getByLabel("New password").fill("an editor's own passphrase");
  await invitee.getByRole("button", { name: "Set password" }).click();
  await expect(invitee).toHaveURL(/\/admin\/blog$/);
  await expect(invitee.getByRole("heading", { level: 1, name: "Blog Posts" })).toBeVisible();
  await expect(invitee.getByText(email)).toBeVisible();

  await page.reload();
  await expect(row.getByRole("cell").nth(2)).toHaveText("Active");

  // The editor edits a post: its title before and after are on the audit log.
  const editLink = invitee.getByRole("link", { name: /^Edit / }).first();
  const before = ((await editLink.textContent()) ?? "").trim().replace(/^Edit\s+/, "");
  await editLink.click();
  await expect(invitee.getByRole("heading", { level: 1, name: "Edit Blog Post" })).toBeVisible();
  await hydrated(invitee);
  const after = `${before} (edited by ${email.split("@")[0]})`;
  await invitee.getByRole("textbox", { name: "Title", exact: true }).fill(after);
  // A live post's "Update", a draft's "Publish" (issue #31): either saves the title.
  await invitee.getByRole("button", { name: /^(Update|Publish)$/ }).click();
  await expect(toast(invitee, "Success", "Blog post updated successfully")).toBeVisible();

  // ...and is refused the rest: admin pages answer 403, admin-only resources too.
  for (const path of ["/admin", "/admin/job-applications", "/admin/staff"]) {
    const response = await invitee.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(
      invitee.getByRole("heading", { name: "You don't have access to this page." }),
    ).toBeVisible();
  }
  const resume = await invitee.request.get(
    "/admin/job-applications/00000000-0000-4000-8000-000000000000/resume",
    { maxRedirects: 0 },
  );
  expect(resume.status()).toBe(403);

  await page.goto("/admin/audit?entity=blog_post");
  const entry = page.getByRole("listitem").filter({ hasText: email }).first();
  await expect(entry).toContainText("Updated");
  await entry.getByText(/fields? changed/).click();
  await expect(entry.getByRole("deletion").filter({ hasText: before }).first()).toBeVisible();
  await expect(entry.getByRole("insertion").filter({ hasText: after })).toBeVisible();
  await invitee.context().close();
});

test("an admin resends an invitation (the old link ends) and revokes it; a deactivation asks first", async ({
  page,
  browser,
}) => {
  await signIn(page);
  const email = unique("resent");
  await invite(page, email, "Editor");
  const first = await mailedLink(email);
  const row = page.getByRole("row").filter({ hasText: email });
  await row.getByRole("button", { name: `Resend invitation ${email}` }).click();
  await expect(
    toast(
      page,
      "Success",
      `A new invitation was sent to ${email}; the previous link no longer works`,
    ),
  ).toBeVisible();
  await expect.poll(() => mailedLink(email)).not.toBe(first);
  const second = await mailedLink(email);

  const invitee = await anonymousPage(browser);
  await invitee.goto(first);
  await expect(invitee.getByText("This link is invalid, used or expired.")).toBeVisible();
  await invitee.goto(second);
  await expect(invitee.getByLabel("New password")).toBeVisible();

  await row.getByRole("button", { name: `Revoke invitation ${email}` }).click();
  await expect(
    toast(page, "Success", `The invitation of ${email} was revoked: its link no longer works`),
  ).toBeVisible();
  await expect(row.getByRole("cell").nth(2)).toHaveText(/^InvitedNo open link/);
  await invitee.reload();
  await expect(invitee.getByText("This link is invalid, used or expired.")).toBeVisible();
  await invitee.context().close();

  // Deactivate asks in a dialog: Cancel changes nothing, Deactivate deactivates.
  const deactivate = row.getByRole("button", { name: `Deactivate ${email}` });
  await deactivate.click();
  const dialog = page.getByRole("alertdialog", { name: "Deactivate this staff account?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(deactivate).toBeFocused();
  await expect(row.getByRole("cell").nth(2)).toHaveText(/^Invited/);
  await deactivate.click();
  await dialog.getByRole("button", { name: "Deactivate", exact: true }).click();
  await expect(
    toast(page, "Success", `${email} is deactivated and signed out everywhere`),
  ).toBeVisible();
  await expect(row.getByRole("cell").nth(2)).toHaveText("Deactivated");
  // Its Deactivate button went with the dialog: focus is on the Reactivate in its place.
  await expect(row.getByRole("button", { name: `Reactivate ${email}` })).toBeFocused();
});

test("inviting an admin past 10 minutes asks for the password, then the form is back filled in", async ({
  page,
  adminServer,
}) => {
  await signIn(page);
  const email = unique("stepup-admin");
  try {
    // The password was given 11 minutes ago, as far as the server can tell.
    await adminServer.shiftClock(11 * 60_000);
    await page.goto("/admin/staff");
    await hydrated(page);
    await page.getByRole("textbox", { name: "Email" }).fill(email);
    await page
      .getByRole("combobox", { name: "Role", exact: true })
      .selectOption({ label: "Admin" });
    await page.getByRole("button", { name: "Send invitation", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Confirm it's you" })).toBeVisible();
    await hydrated(page);
    await page.getByLabel("Password").fill(TEST_ADMIN.password);
    await page.getByRole("button", { name: "Confirm" }).click();
    // Not sent yet (a POST is not replayed): the form holds what was typed, and says so.
    await expect(page).toHaveURL(/\/admin\/staff\?confirmed=invite&/);
    await expect(page.getByRole("status").filter({ hasText: "Confirmed." })).toHaveText(
      "Confirmed. Press Send invitation again.",
    );
    await expect(page.getByRole("textbox", { name: "Email" })).toHaveValue(email);
    await expect(page.getByRole("combobox", { name: "Role", exact: true })).toHaveValue("admin");
    await expect(page.getByRole("row").filter({ hasText: email })).toHaveCount(0);
    await hydrated(page);
    await page.getByRole("button", { name: "Send invitation", exact: true }).click();
    await expect(toast(page, "Success", `Invitation sent to ${email}`)).toBeVisible();
    await expect(
      page.getByRole("row").filter({ hasText: email }).getByRole("cell").nth(1),
    ).toHaveText("Admin");
  } finally {
    await adminServer.shiftClock(0);
  }
});

test("a forgotten password is reset by e-mail, and the old one no longer signs in", async ({
  browser,
}) => {
  const page = await anonymousPage(browser);
  await page.goto("/admin/login");
  await hydrated(page);
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Forgot password?" })).toBeVisible();
  await page.getByRole("textbox", { name: "Email" }).fill(TEST_EDITOR.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(
    page.getByText("If an account exists for that address, we've sent a link."),
  ).toBeVisible();

  await page.goto(await mailedLink(TEST_EDITOR.email));
  await page.getByLabel("New password").fill("a reset editor passphrase");
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);

  // From a browser that is not signed in (the login page sends a signed-in editor on).
  const other = await anonymousPage(browser);
  const old = await other.request.post("/admin/login", {
    form: { email: TEST_EDITOR.email, password: TEST_EDITOR.password },
    maxRedirects: 0,
  });
  expect(old.status()).toBe(401);
  await other.context().close();
  await page.context().close();
});

test("the staff, forgot-password and set-password screens pass axe", async ({ page, browser }) => {
  await signIn(page, TEST_ADMIN);
  await page.goto("/admin/staff");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "Staff" })).toBeVisible();
  await expect(page.getByText("The last active admin: cannot be demoted")).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(page, { fits: true });

  const email = unique("axe");
  await invite(page, email, "Admin");
  const visitor = await anonymousPage(browser);
  await visitor.goto(await mailedLink(email));
  await expect(visitor.getByLabel("New password")).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(visitor);
  await visitor.goto("/admin/forgot-password");
  await expect(visitor.getByRole("button", { name: "Send reset link" })).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(visitor);
  await visitor.context().close();
});

test("without JavaScript: an admin invites, re-roles, deactivates, reactivates and removes; the invitee sets a password", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signIn(page);
  const email = unique("nojs");
  await page.goto("/admin/staff");
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("combobox", { name: "Role", exact: true }).selectOption({ label: "Editor" });
  await page.getByRole("button", { name: "Send invitation", exact: true }).click();
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row.getByRole("cell").nth(2)).toHaveText(/^Invited/);

  await row.getByRole("combobox", { name: `Role of ${email}` }).selectOption({ label: "Admin" });
  await row.getByRole("button", { name: `Change role of ${email}` }).click();
  await expect(row.getByRole("cell").nth(1)).toHaveText("Admin");
  const firstLink = await mailedLink(email);
  // Deactivate: the button leads to the confirmation page (issue #47), whose button deactivates.
  await row.getByRole("button", { name: `Deactivate ${email}` }).click();
  await expect(page.getByRole("heading", { name: "Deactivate this staff account?" })).toBeVisible();
  await page.getByRole("button", { name: "Deactivate", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/staff$/);
  await expect(row.getByRole("cell").nth(2)).toHaveText("Deactivated");
  await row.getByRole("button", { name: `Reactivate ${email}` }).click();
  // The deactivation ended the invitation's link: it is sent again.
  await expect(row.getByRole("cell").nth(2)).toHaveText(/^InvitedNo open link/);
  await row.getByRole("button", { name: `Resend invitation ${email}` }).click();
  await expect(page.getByText(`A new invitation was sent to ${email}`)).toBeVisible();
  await expect(row.getByRole("cell").nth(2)).toHaveText(/^InvitedLink valid until/);

  // The invitee, without JavaScript too, chooses a password and lands signed in.
  const inviteeContext = await browser.newContext({ javaScriptEnabled: false });
  const invitee = await inviteeContext.newPage();
  await invitee.goto(firstLink);
  await expect(invitee.getByText("This link is invalid, used or expired.")).toBeVisible();
  await expect.poll(() => mailedLink(email)).not.toBe(firstLink);
  await invitee.goto(await mailedLink(email));
  await invitee.getByLabel("New password").fill("a no-script admin passphrase");
  await invitee.getByRole("button", { name: "Set password" }).click();
  await expect(invitee).toHaveURL(/\/admin\/portfolio$/);
  await inviteeContext.close();

  // Remove: the button leads to the confirmation page, whose button removes.
  await page.reload();
  await expect(row.getByRole("cell").nth(2)).toHaveText("Active");
  await row.getByRole("button", { name: `Remove ${email}` }).click();
  await expect(page.getByRole("heading", { name: "Remove this staff account?" })).toBeVisible();
  await page.getByRole("button", { name: "Remove", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/staff$/);
  await expect(page.getByRole("row").filter({ hasText: email })).toHaveCount(0);
  await context.close();
});

test("without JavaScript: a forgotten password is reset (the same answer for an unknown and a known address)", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  for (const email of [unique("nobody"), NO_SCRIPT_RESET.email]) {
    await page.goto("/admin/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.getByRole("textbox", { name: "Email" }).fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(
      page.getByText("If an account exists for that address, we've sent a link."),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Send reset link" })).toHaveCount(0);
  }

  await page.goto(await mailedLink(NO_SCRIPT_RESET.email));
  await page.getByLabel("New password").fill("a reset no-script passphrase");
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(page.getByText(NO_SCRIPT_RESET.email)).toBeVisible();
  await context.close();
});
