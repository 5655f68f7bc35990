import path from "node:path";
import type { Page } from "@playwright/test";
import { openDatabase } from "@server/db/client";
import { createJobEngine } from "@server/jobs/engine";
import { createLogger } from "@server/logger";
import { orphanSweepJob } from "@server/uploads/sweep-job";
import { TEST_EDITOR } from "../support/admin-data";
import {
  test as adminTest,
  expect,
  expectNoAxeViolationsAtBothWidths,
  hydrated,
  openFromNav,
  signIn,
  toast,
} from "../support/admin-e2e";
import { type AdminServer, startAdminServer } from "../support/admin-server";

/**
 * The Jobs screen (issue #49, decision 0491) on the production build with its embedded database:
 * the sweep's queue and schedule, a failed job retried from the screen (with JavaScript and
 * without), the audit log's row, axe at 390 and 1280 px, and an editor refused.
 */

const ERROR = "seeded failure of the Jobs spec";

/**
 * Two failed sweep jobs, written through pg-boss into a stopped server's embedded database (the
 * server made the queue when it first started): sent, fetched and failed, as a worker would.
 */
async function seedFailedJobs(dataDir: string): Promise<void> {
  const database = await openDatabase({
    driver: "pglite",
    directory: path.join(dataDir, "pgdata"),
  });
  const jobs = createJobEngine({
    database,
    logger: createLogger("silent"),
    types: [orphanSweepJob],
    services: () => ({}),
    work: false,
  });
  try {
    await jobs.start();
    for (let i = 0; i < 2; i++) {
      await jobs.send(orphanSweepJob, {});
      const [job] = await jobs.boss.fetch(orphanSweepJob.name);
      if (!job) throw new Error("the seeded job was not fetched");
      await jobs.boss.fail(orphanSweepJob.name, job.id, { message: `${ERROR} #${i + 1}` });
    }
  } finally {
    await jobs.stop();
    await database.close();
  }
}

/** This spec's own server: started once to make the queues, stopped, seeded, started again. */
const test = adminTest.extend<object, { jobsServer: AdminServer }>({
  jobsServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies
    async ({}, use) => {
      const first = await startAdminServer();
      await first.stop();
      await seedFailedJobs(first.dataDir);
      const server = await startAdminServer({ reuseDataDir: first.dataDir });
      await use(server);
      await server.dispose();
    },
    { scope: "worker", timeout: 180_000 },
  ],
  baseURL: async ({ jobsServer }, use) => {
    await use(jobsServer.baseURL);
  },
});

test.describe("jobs (/admin/jobs)", () => {
  test.describe.configure({ mode: "serial" });

  const failures = (page: Page) => page.getByRole("list", { name: "Recent failures" });

  test("an admin opens Jobs, sees the sweep's queue and schedule, and retries a failed job", async ({
    page,
  }) => {
    await signIn(page);
    await openFromNav(page, "Jobs");
    await expect(page.getByRole("heading", { level: 1, name: "Jobs" })).toBeVisible();
    await hydrated(page);

    const queues = page.getByRole("table", { name: "Job counts by queue" });
    await expect(queues.getByRole("rowheader", { name: orphanSweepJob.name })).toBeVisible();
    const schedule = page
      .getByRole("table", { name: "Job schedules" })
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader", { name: orphanSweepJob.name }) });
    await expect(schedule).toContainText("*/10 * * * *");
    await expect(schedule).toContainText("UTC");
    // The next run, in the studio's time zone as every date of the back-office.
    await expect(schedule).toContainText(/\d{1,2}:\d{2} (AM|PM) PT/);

    const first = failures(page)
      .getByRole("listitem")
      .filter({ hasText: `${ERROR} #1` });
    await expect(first).toContainText("Attempts 1 of 1");
    await expect(failures(page).getByRole("listitem")).toHaveCount(2);
    await expectNoAxeViolationsAtBothWidths(page, { fits: true });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      await page.screenshot({ path: `test-results/admin-screens/jobs-failures-${width}.png` });
    }

    await first.getByRole("button", { name: /^Retry/ }).click();
    await expect(toast(page, "Success", "Job sent back to its queue.")).toBeVisible();
    // The job runs on the server's worker (it polls every 2 s); the page shows it once reloaded.
    await expect(async () => {
      await page.reload();
      await expect(failures(page).getByRole("listitem")).toHaveCount(1);
    }).toPass({ timeout: 30_000 });
    await expect(failures(page)).not.toContainText(`${ERROR} #1`);

    await page.goto("/admin/audit");
    await expect(page.getByRole("heading", { name: /^Retried · Job/ }).first()).toBeVisible();
  });

  test("Retry works without JavaScript", async ({ browser, jobsServer }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      baseURL: jobsServer.baseURL,
    });
    const page = await context.newPage();
    try {
      await signIn(page);
      await page.goto("/admin/jobs");
      const second = failures(page)
        .getByRole("listitem")
        .filter({ hasText: `${ERROR} #2` });
      await second.getByRole("button", { name: /^Retry/ }).click();
      await expect(page).toHaveURL(/\/admin\/jobs$/);
      await expect(page.getByText("Job sent back to its queue.")).toBeVisible();
      await expect(async () => {
        await page.reload();
        await expect(page.getByText("No failures in 14 days.")).toBeVisible();
      }).toPass({ timeout: 30_000 });
    } finally {
      await context.close();
    }
  });

  test("an editor has no Jobs in the navigation and gets the 403 page", async ({ page }) => {
    await signIn(page, TEST_EDITOR);
    await page.goto("/admin/blog");
    await expect(
      page
        .getByRole("navigation", { name: "Admin" })
        .getByRole("link", { name: "Jobs", exact: true }),
    ).toHaveCount(0);
    const response = await page.goto("/admin/jobs");
    expect(response?.status()).toBe(403);
    await expect(
      page.getByRole("heading", { name: "You don't have access to this page." }),
    ).toBeVisible();
  });
});
