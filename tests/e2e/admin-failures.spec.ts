import { randomBytes } from "node:crypto";
import { test as base } from "@playwright/test";
import pg from "pg";
import { TEST_ADMIN } from "../support/admin-data";
import { expect, hydrated, signIn, toast } from "../support/admin-e2e";
import { type AdminServer, startAdminServer } from "../support/admin-server";

/**
 * Real failures, not mocks: a server on a PostgreSQL database of its own whose tables the test
 * takes away while an admin is signed in. Every list then says SPEC's 'Failed to fetch ...' (and
 * the server logs it); a status change says it failed. Needs TEST_DATABASE_URL.
 */
const base_url = process.env.TEST_DATABASE_URL;

const test = base.extend<object, { pgServer: AdminServer & { sql(text: string): Promise<void> } }>({
  pgServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies
    async ({}, use) => {
      if (!base_url) throw new Error("TEST_DATABASE_URL is not set");
      const name = `admin_e2e_${Date.now()}_${randomBytes(3).toString("hex")}`;
      const admin = new pg.Client({ connectionString: base_url });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const url = new URL(base_url);
      url.pathname = `/${name}`;
      const server = await startAdminServer({
        databaseUrl: url.toString(),
        seed: true,
        submissions: true,
        env: { AUTH_SECRET: randomBytes(32).toString("hex") },
      });
      const sql = async (text: string) => {
        const client = new pg.Client({ connectionString: url.toString() });
        await client.connect();
        await client.query(text);
        await client.end();
      };
      await use(Object.assign(server, { sql }));
      await server.dispose();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
    { scope: "worker", timeout: 180_000 },
  ],
  baseURL: async ({ pgServer }, use) => {
    await use(pgServer.baseURL);
  },
});

test.skip(!base_url, "needs TEST_DATABASE_URL (a PostgreSQL server)");
test.skip(({ isMobile }) => isMobile, "one layout is enough for failures");

test("failed updates and fetches are toasted (and logged)", async ({ page, pgServer }) => {
  await signIn(page, TEST_ADMIN);
  await page.goto("/admin");
  await hydrated(page);
  await page.goto("/admin/job-applications");
  await hydrated(page);
  const select = page.getByLabel("Status of Applicant 01's application");
  await expect(select).toBeVisible();

  await pgServer.sql(
    "alter table job_applications rename to job_applications_gone; alter table contact_submissions rename to contact_submissions_gone; alter table case_studies rename to case_studies_gone; alter table testimonials rename to testimonials_gone; alter table team_members rename to team_members_gone",
  );

  await select.selectOption("reviewing");
  await expect(toast(page, "Error", "Failed to update application status")).toBeVisible();
  await expect(toast(page, "Error", "Failed to fetch job applications")).toBeVisible();

  const lists: [string, string][] = [
    ["/admin", "Failed to fetch inquiries"],
    ["/admin/case-studies", "Failed to fetch case studies"],
    ["/admin/testimonials", "Failed to fetch testimonials"],
    ["/admin/team", "Failed to fetch team members"],
  ];
  for (const [path, message] of lists) {
    await page.goto(path);
    await hydrated(page);
    await expect(toast(page, "Error", message)).toBeVisible();
    await expect(page.getByRole("alert")).toContainText(message);
  }
  for (const [, message] of lists) expect(pgServer.output()).toContain(message);
  expect(pgServer.output()).toContain("Failed to update application status");
});
