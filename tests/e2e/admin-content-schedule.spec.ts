import { test as base } from "@playwright/test";
import { TEST_ADMIN } from "../support/admin-data";
import { expect, signIn } from "../support/admin-e2e";
import { type AdminServer, startAdminServer } from "../support/admin-server";

/**
 * Scheduled publishing (issue #31, decisions 0332, 0493), without JavaScript: a post scheduled
 * for the next whole minute appears in /blog, the sitemap and the RSS feed only once its time has
 * come. Its job is due at that time by the database's clock, which a test cannot move, so the
 * test waits the minute out in real time, on a server of its own that works its jobs.
 */
const test = base.extend<object, { jobServer: AdminServer }>({
  jobServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies
    async ({}, use) => {
      const server = await startAdminServer({
        seed: true,
        submissions: false,
        env: { JOBS_WORK: "on" },
      });
      await use(server);
      await server.dispose();
    },
    { scope: "worker", timeout: 180_000 },
  ],
  baseURL: async ({ jobServer }, use) => {
    await use(jobServer.baseURL);
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
}) => {
  test.setTimeout(180_000);
  await signIn(page, TEST_ADMIN);
  await page.goto("/admin/blog/new");
  await page.getByRole("textbox", { name: "Title", exact: true }).fill("Scheduled Walk");
  await page.getByLabel("Content").fill("<p>Words for later.</p>");
  await page.getByRole("button", { name: "Save draft" }).first().click();
  await expect(page.getByRole("status")).toContainText("Draft saved.");

  // The first whole minute at least 30 seconds ahead, in the studio's zone.
  const zone = (
    await page
      .getByText(/^Time zone: /)
      .first()
      .textContent()
  )?.replace("Time zone: ", "");
  const at = new Date(Math.ceil((Date.now() + 30_000) / 60_000) * 60_000);
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
  // Before its time: nowhere.
  expect(Date.now()).toBeLessThan(at.getTime());
  expect(await shown()).toEqual([false, false, false]);
  // From its time (its job is polled every second): everywhere, within seconds.
  await expect
    .poll(shown, { timeout: at.getTime() - Date.now() + 30_000, intervals: [1_000] })
    .toEqual([true, true, true]);
  await visitorContext.close();
});
