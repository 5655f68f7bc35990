import { test as base } from "@playwright/test";
import { TEST_ADMIN } from "../support/admin-data";
import { expect, signIn } from "../support/admin-e2e";
import { type AdminServer, startAdminServer } from "../support/admin-server";

/**
 * SPEC section 8's empty states, on a server of their own with an empty database (no demo
 * content, no submissions).
 */
const test = base.extend<object, { emptyServer: AdminServer }>({
  emptyServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies
    async ({}, use) => {
      const server = await startAdminServer({ seed: false, submissions: false });
      await use(server);
      await server.dispose();
    },
    { scope: "worker", timeout: 180_000 },
  ],
  baseURL: async ({ emptyServer }, use) => {
    await use(emptyServer.baseURL);
  },
});

test.skip(({ isMobile }) => isMobile, "the 390 px layout has its own spec");

test("every admin list shows SPEC's empty state", async ({ page }) => {
  await signIn(page, TEST_ADMIN);
  const states: [string, string][] = [
    ["/admin", "No inquiries found."],
    ["/admin/case-studies", "No case studies found"],
    ["/admin/testimonials", "No testimonials found"],
    ["/admin/team", "No team members found"],
    ["/admin/portfolio", "No portfolio items found."],
    ["/admin/blog", "No blog posts yet. Create your first post to get started!"],
    ["/admin/job-applications", "No applications yet."],
  ];
  for (const [path, text] of states) {
    await page.goto(path);
    await expect(page.getByText(text, { exact: true })).toBeVisible();
  }
});
