export { expectNoAxeViolations, expectNoAxeViolationsAtBothWidths } from "./axe";

import { test as base, expect, type Locator, type Page } from "@playwright/test";
import { type PrepareOptions, TEST_ADMIN } from "./admin-data";
import { type AdminServer, startAdminServer } from "./admin-server";
import { signInAs } from "./sign-in";

/**
 * Playwright fixtures of the back-office specs. Each worker (so each project, and a fresh one after
 * a failure) runs its own production server on its own DATA_DIR with the demo content and the
 * admin test data, so deleting and toggling never disturb the shared server of the public specs.
 */
export const test = base.extend<
  object,
  {
    adminServer: AdminServer;
    /** The server's data, and settings of its environment (e.g. SMTP_URL). */
    adminData: Omit<PrepareOptions, "dataDir"> & {
      env?: Record<string, string>;
      /** "localhost" for the passkey spec (WebAuthn refuses an IP address as the site). */
      hostname?: "127.0.0.1" | "localhost";
    };
  }
>({
  /** What the worker's server starts with; a spec may ask for more with test.use(). */
  adminData: [
    { seed: true, submissions: true },
    { option: true, scope: "worker" },
  ],
  adminServer: [
    async ({ adminData }, use) => {
      const server = await startAdminServer(adminData);
      await use(server);
      await server.dispose();
    },
    { scope: "worker", timeout: 180_000 },
  ],
  baseURL: async ({ adminServer }, use) => {
    await use(adminServer.baseURL);
  },
});

export { expect };

/** Signs in (as the test admin unless told otherwise) without a page load; see sign-in.ts. */
export async function signIn(page: Page, account = TEST_ADMIN) {
  await signInAs(page, account);
}

/** Opens a screen by its link in the admin navigation, from the dashboard. */
export async function openFromNav(page: Page, label: string) {
  await page.goto("/admin");
  await page
    .getByRole("navigation", { name: "Admin" })
    .getByRole("link", { name: label, exact: true })
    .click();
}

/** The toast region (SPEC section 9): bottom-right, labelled 'Notifications'. */
export function notifications(page: Page): Locator {
  return page.getByRole("region", { name: /^Notifications/ });
}

/** A toast with this title and description (SPEC section 8: "Title: description"). */
export function toast(page: Page, title: string, description: string): Locator {
  return notifications(page)
    .getByRole("listitem")
    .filter({ has: page.getByText(title, { exact: true }) })
    .filter({ has: page.getByText(description, { exact: true }) });
}

/** Waits for React to take over the server-rendered page. */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const root = document.querySelector("#admin-main") ?? document.body;
    return Object.keys(root).some((key) => key.startsWith("__react"));
  });
}

/** Whether the public pages of issues #3/#4 are in this build (they arrive at merge). */
export async function publicPageExists(page: Page, path: string): Promise<boolean> {
  const response = await page.request.get(path);
  return response.status() !== 404;
}
