import { test as base } from "@playwright/test";
import { TEST_ADMIN } from "../support/admin-data";
import { expect, signIn } from "../support/admin-e2e";
import { type AdminServer, startAdminServer } from "../support/admin-server";

/**
 * Scheduled publishing (issue #31, decision 0332), without JavaScript: a post scheduled a day
 * ahead appears in /blog, the sitemap and the RSS feed only once its time has come. The test
 * moves the clock of a server of its own past that time (tests/support/shifted-clock.mjs) and
 * waits for the state: the scheduler checks every 20 seconds of real time.
 */
const test = base.extend<object, { clockServer: AdminServer }>({
  clockServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies
    async ({}, use) => {
      const server = await startAdminServer({ seed: true, submissions: false });
      await use(server);
      await server.dispose();
    },
    { scope: "worker", timeout: 180_000 },
  ],
  baseURL: async ({ clockServer }, use) => {
    await use(clockServer.baseURL);
  },
});

test.skip(({ isMobile }) => isMobile, "desktop project only");
test.use({ javaScriptEnabled: false });

/** `date` as a datetime-local value in `timeZone` (minutes precision). */
function zonedInput(date: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

test("a scheduled post shows in /blog, the sitemap and RSS only from its time", async ({
  page,
  browser,
  baseURL,
  clockServer,
}) => {
  test.setTimeout(120_000);
  await signIn(page, TEST_ADMIN);
  await page.goto("/admin/blog/new");
  await page.getByRole("textbox", { name: "Title", exact: true }).fill("Scheduled Walk");
  await page.getByLabel("Content").fill("<p>Words for later.</p>");
  await page.getByRole("button", { name: "Save draft" }).first().click();
  await expect(page.getByRole("status")).toContainText("Draft saved.");

  // A whole minute a day ahead, in the studio's zone.
  const zone = (
    await page
      .getByText(/^Time zone: /)
      .first()
      .textContent()
  )?.replace("Time zone: ", "");
  const at = new Date(Math.ceil((Date.now() + 86_400_000) / 60_000) * 60_000);
  await page
    .getByLabel("Publish at")
    .first()
    .fill(zonedInput(at, zone ?? "America/Los_Angeles"));
  await page.getByRole("button", { name: "Schedule" }).first().click();
  await expect(page.getByRole("status")).toContainText("Scheduled. It will be published on");
  await expect(page.getByRole("region", { name: "Publishing status" })).toContainText("Scheduled");

  const visitorContext = await browser.newContext({ baseURL });
  const visitor = await visitorContext.newPage();
  const shown = async () => {
    const blog = await visitor.request.get("/blog");
    const sitemap = await visitor.request.get("/sitemap.xml");
    const rss = await visitor.request.get("/blog/rss.xml");
    return [
      (await blog.text()).includes("Scheduled Walk"),
      (await sitemap.text()).includes("/blog/scheduled-walk"),
      (await rss.text()).includes("Scheduled Walk"),
    ];
  };
  // A minute before its time: nowhere.
  await clockServer.shiftClock(at.getTime() - Date.now() - 60_000);
  expect(await shown()).toEqual([false, false, false]);
  // From its time (the scheduler checks every 20 seconds): everywhere.
  await clockServer.shiftClock(at.getTime() - Date.now() + 1_000);
  await expect.poll(shown, { timeout: 60_000, intervals: [1_000] }).toEqual([true, true, true]);
  await visitorContext.close();
});
