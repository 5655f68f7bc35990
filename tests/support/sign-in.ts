import { expect, type Page } from "@playwright/test";

/**
 * Signs in by posting the sign-in form's fields, as the form itself does without JavaScript
 * (admin-auth.spec.ts exercises the form): no page load, and the session cookie lands in the
 * page's browser context. The test then opens the page it needs.
 */
export async function signInAs(page: Page, account: { email: string; password: string }) {
  const response = await page.request.post("/admin/login", {
    form: { email: account.email, password: account.password },
    maxRedirects: 0,
  });
  expect(response.status(), `signing in as ${account.email} answers with a redirect`).toBe(302);
}
