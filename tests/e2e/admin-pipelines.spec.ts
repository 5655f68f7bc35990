import type { Browser, Frame, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, hydrated, signIn, test } from "../support/admin-e2e";
import { readInbox } from "../support/e2e-smtp";
import { BOOKING_URL, isolate, presetConsent, hydrated as siteHydrated } from "./site-support";

/**
 * The pipelines (issue #30) against the production server: an inquiry sent on /contact is opened
 * from the back-office list, assigned, noted, replied to from a template (the mail reaches a real
 * SMTP server, to the visitor), given a follow-up, every step in its Activity; "Book a call now"
 * opens the scheduler prefilled, and the scheduler's `calendly.event_scheduled` from its origin
 * lands on that inquiry while the same message from another origin is ignored. The external
 * scheduler is routed at the network edge to a tiny page. The pipeline screens pass axe at
 * 1280 and 390 px.
 */

const SMTP_PORT = Number(process.env.E2E_PORT ?? 3100) + 20;
const inbox = () => {
  const file = process.env.E2E_SMTP_INBOX;
  if (!file) throw new Error("E2E_SMTP_INBOX is not set (playwright.config.ts)");
  return file;
};

// This worker's server sends its mail to the SMTP server playwright.config.ts started.
test.use({
  adminData: {
    seed: true,
    submissions: true,
    env: { SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`, MAIL_POLL_MS: "200" },
  },
});

const SCHEDULER_ORIGIN = new URL(BOOKING_URL).origin;
const SCHEDULED = { event: "calendly.event_scheduled", payload: { event: { uri: "x" } } };

/** A visitor's page: nothing leaves the machine, the scheduler answers with a tiny page. */
async function visitorPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await isolate(page);
  await page.route(`${SCHEDULER_ORIGIN}/**`, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: "<!doctype html><title>Scheduler</title><p>Pick a time</p>",
    }),
  );
  await presetConsent(page, "granted");
  return page;
}

/** Events recorded for analytics (queued: consent is granted, no measurement id here). */
const recordedEvents = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __northlightQueue?: unknown[][] }).__northlightQueue ?? [],
  );

/** Posts a message to the page from the page itself, then waits until it has been handled. */
async function postFromOwnOrigin(page: Page, data: unknown) {
  await page.evaluate(
    (message) =>
      new Promise<void>((resolve) => {
        window.addEventListener("message", function handled(event) {
          if (event.data !== "handled") return;
          window.removeEventListener("message", handled);
          resolve();
        });
        window.postMessage(message, "*");
        window.postMessage("handled", "*");
      }),
    data,
  );
}

test("an inquiry from /contact is worked in the back-office, and a call booked from its success message lands in its Activity", async ({
  page,
  browser,
  baseURL,
  isMobile,
}) => {
  test.skip(isMobile, "the flow is the same at every width; axe runs at both below");
  test.setTimeout(120_000);
  const tag = `${Date.now().toString(36)}`;
  const visitor = { name: `Rosa Delgado ${tag}`, email: `rosa-${tag}@visitor-e2e.test` };

  // The visitor sends an inquiry.
  const site = await visitorPage(browser, baseURL as string);
  await site.goto("/contact");
  await siteHydrated(site);
  const form = site.getByRole("region", { name: "Project Inquiry" });
  await form.getByLabel("Name").fill(visitor.name);
  await form.getByLabel("Email").fill(visitor.email);
  await form.getByLabel("Project Overview").fill("A launch film for our spring collection.");
  await form.getByRole("button", { name: "Submit Project" }).click();
  await expect(form.getByRole("status")).toHaveText(
    "Thank you! We'll get back to you within 24 hours.",
  );

  // "Book a call now": the dialog, its frame prefilled with the visitor's name and e-mail.
  await form.getByRole("button", { name: "Book a call now" }).click();
  const dialog = site.getByRole("dialog", { name: "Schedule Your Consultation" });
  await expect(dialog).toBeVisible();
  const frameElement = dialog.locator("iframe");
  const src = new URL((await frameElement.getAttribute("src")) ?? "");
  expect(`${src.origin}${src.pathname}`).toBe(BOOKING_URL);
  expect(src.searchParams.get("name")).toBe(visitor.name);
  expect(src.searchParams.get("email")).toBe(visitor.email);
  const scheduler = (await (await frameElement.elementHandle())?.contentFrame()) as Frame;
  await expect(scheduler.getByText("Pick a time")).toBeVisible();

  const reports: string[] = [];
  site.on("request", (request) => {
    if (new URL(request.url()).pathname === "/contact/booked") reports.push(request.method());
  });

  // The same message from another origin (the page's own) is ignored.
  await postFromOwnOrigin(site, SCHEDULED);
  await expect(dialog.getByRole("status")).toHaveText("");
  expect((await recordedEvents(site)).filter((args) => args[1] === "calendar_booked")).toHaveLength(
    0,
  );
  expect(reports).toEqual([]);

  // From the scheduler's origin: a conversion, "Your call is booked.", and the inquiry told.
  const reported = site.waitForResponse(
    (response) => new URL(response.url()).pathname === "/contact/booked",
  );
  await scheduler.evaluate((message) => window.parent.postMessage(message, "*"), SCHEDULED);
  await expect(dialog.getByRole("status")).toHaveText("Your call is booked.");
  expect((await reported).status()).toBe(204);
  expect((await recordedEvents(site)).filter((args) => args[1] === "calendar_booked")).toEqual([
    ["event", "calendar_booked", { event_category: "conversion", event_label: "contact_success" }],
  ]);
  await site.context().close();

  // Staff open it from the list.
  await signIn(page);
  await page.goto("/admin");
  await page.getByRole("link", { name: visitor.name, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: visitor.name })).toBeVisible();
  await hydrated(page);
  const activity = page.getByRole("list", { name: "Activity" });
  const entry = (label: string) => activity.getByRole("listitem").filter({ hasText: label });
  await expect(entry("Submitted")).toHaveCount(1);
  await expect(entry("Booked a call")).toHaveCount(1);
  await expect(entry("Booked a call")).toContainText("The visitor");

  // Assigned.
  await page.getByLabel("Owner").selectOption({ label: "Test Admin" });
  await expect(entry("Owner changed")).toContainText("Owner changed: Test Admin");
  await expect(page.getByLabel("Owner")).toHaveValue(/.+/);

  // Noted.
  await page.getByLabel("Note", { exact: true }).fill(`Wants a spring shoot ${tag}`);
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(entry("Note added")).toContainText(`Wants a spring shoot ${tag}`);

  // Replied to from a template.
  await page.getByLabel("Template").selectOption({ label: "Propose a call" });
  await expect(page.getByLabel("Message")).toHaveValue(/discovery call/);
  await expect(page.getByLabel("Message")).toHaveValue(new RegExp(`Hi ${visitor.name}`));
  const subject = await page.getByLabel("Subject").inputValue();
  expect(subject).toMatch(/^Re: Your .*Project Inquiry$/);
  await page.getByRole("button", { name: "Send reply" }).click();
  await expect(entry("Reply sent")).toContainText(subject);
  await expect
    .poll(
      () =>
        readInbox(inbox()).filter(
          (mail) =>
            mail.to.includes(visitor.email) &&
            mail.raw.replace(/\r?\n[ \t]/g, " ").includes(`Subject: ${subject}`),
        ).length,
      { message: `the reply mailed to ${visitor.email}`, timeout: 20_000 },
    )
    .toBe(1);

  // Given a follow-up.
  await page.getByLabel("Follow-up").fill("2031-03-14");
  await page.getByRole("button", { name: "Set follow-up" }).click();
  await expect(entry("Follow-up changed")).toHaveCount(1);
  await expect(page.getByLabel("Follow-up")).toHaveValue("2031-03-14");

  // Every step, each once, by whom.
  for (const label of ["Owner changed", "Note added", "Reply sent", "Follow-up changed"]) {
    await expect(entry(label)).toHaveCount(1);
    await expect(entry(label)).toContainText("Test Admin");
  }
  await expect(entry("Booked a call")).toHaveCount(1);
});

test.describe("pipeline screens pass axe", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test("the dashboard", async ({ page }) => {
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    await hydrated(page);
    await expectNoAxeViolations(page);
  });

  test("an inquiry's page", async ({ page, adminServer }) => {
    const id = adminServer.fixtures?.weddingInquiry.id;
    await page.goto(`/admin/inquiries/${id}`);
    await expect(page.getByRole("heading", { name: "Activity" })).toBeVisible();
    await hydrated(page);
    await expectNoAxeViolations(page);
  });

  test("an application's page", async ({ page, adminServer }) => {
    const id = adminServer.fixtures?.applicationWithResume.id;
    await page.goto(`/admin/job-applications/${id}`);
    await expect(page.getByRole("group", { name: "Your rating" })).toBeVisible();
    await hydrated(page);
    await expectNoAxeViolations(page);
  });

  test("the reply templates", async ({ page }) => {
    await page.goto("/admin/templates");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await hydrated(page);
    await expectNoAxeViolations(page);
  });
});
