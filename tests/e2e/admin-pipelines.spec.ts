import type { Browser, Frame, Page } from "@playwright/test";
import { TEST_CONTRIBUTOR, TEST_EDITOR } from "../support/admin-data";
import {
  expect,
  expectNoAxeViolationsAtBothWidths,
  hydrated,
  signIn,
  test,
} from "../support/admin-e2e";
import { readInbox } from "../support/e2e-smtp";
import { BOOKING_URL, isolate, presetConsent, hydrated as siteHydrated } from "./site-support";

/**
 * The pipelines (issue #30) against the production server: an inquiry sent on /contact is opened
 * from the back-office list, assigned, noted, replied to from a template (the mail reaches a real
 * SMTP server, to the visitor), given a follow-up, every step in its Activity; "Book a call now"
 * opens the scheduler prefilled, and the scheduler's `calendly.event_scheduled` from its origin
 * lands on that inquiry while the same message from another origin is ignored. The external
 * scheduler is routed at the network edge to a tiny page. The pipeline screens pass axe at
 * 1280 and 390 px (resized in the desktop project, decision 0410).
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
    env: { SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`, JOBS_WORK: "on" },
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
}) => {
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

/** Sends an inquiry as a visitor would without JavaScript (the contact form's plain post). */
async function sendInquiry(page: Page, visitor: { name: string; email: string }) {
  const sent = await page.request.post("/contact", {
    form: { name: visitor.name, email: visitor.email, description: "A short film for our launch." },
  });
  expect(sent.ok()).toBe(true);
}

/** The page is no wider than the screen (nothing scrolls sideways). */
async function expectNoSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );
}

test("the reply workflow at 1280 and 390 px: Reply from the list, typed text kept until Replace, the reply recorded and the New inquiry Contacted", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    const tag = `${width}-${Date.now().toString(36)}`;
    const visitor = { name: `Noa Reply ${tag}`, email: `noa-${tag}@visitor-e2e.test` };
    await sendInquiry(page, visitor);

    // The list's Reply opens the inquiry's reply form (not a mailto: link).
    await page.goto(`/admin?q=${encodeURIComponent(visitor.email)}`);
    await hydrated(page);
    await page.getByRole("link", { name: `Reply to ${visitor.name}` }).click();
    await expect(page).toHaveURL(/\/admin\/inquiries\/[0-9a-f-]{36}#reply$/);
    await hydrated(page);
    const form = page.getByRole("form", { name: "Reply" });
    await expect(form).toBeInViewport();
    const message = form.getByLabel("Message");
    const template = form.getByLabel("Template");
    const status = page.getByLabel("Status", { exact: true });
    await expect(status).toHaveValue("new");

    // Typed text, then a template: asked first; "Keep what I typed" keeps it.
    await message.fill("Hi Noa, I loved the brief.");
    await template.selectOption({ label: "Propose a call" });
    const dialog = page.getByRole("alertdialog", { name: "Replace what you typed?" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Propose a call");
    const box = await dialog.boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= width).toBe(true);
    await dialog.getByRole("button", { name: "Keep what I typed" }).click();
    await expect(dialog).toBeHidden();
    // Focus goes back to the Template select the dialog was opened from.
    await expect(template).toBeFocused();
    await expect(message).toHaveValue("Hi Noa, I loved the brief.");
    await expect(template).toHaveValue("");

    // Asked again; "Replace" puts the template in, filled for the visitor.
    await template.selectOption({ label: "Propose a call" });
    await dialog.getByRole("button", { name: "Replace" }).click();
    await expect(dialog).toBeHidden();
    await expect(template).toBeFocused();
    await expect(message).toHaveValue(new RegExp(`^Hi ${visitor.name},`));
    await expect(message).toHaveValue(/discovery call/);
    // Text the page put there is replaced without a question.
    await template.selectOption({ label: "Ask for details" });
    await expect(message).toHaveValue(/realistic plan/);
    await expect(dialog).toHaveCount(0);

    // Sent: in the Activity, and the New inquiry is Contacted; the form starts empty again.
    const subject = await form.getByLabel("Subject").inputValue();
    expect(subject).toMatch(/^Re: Your .*Project Inquiry$/);
    await form.getByRole("button", { name: "Send reply" }).click();
    const activity = page.getByRole("list", { name: "Activity" });
    const entry = (label: string) => activity.getByRole("listitem").filter({ hasText: label });
    await expect(entry("Reply sent")).toContainText(subject);
    await expect(entry("Status changed: New → Contacted")).toHaveCount(1);
    await expect(status).toHaveValue("contacted");
    await expect(message).toHaveValue("");
    await expect(template).toHaveValue("");
    await expectNoSidewaysScroll(page, width);
  }
});

test("the Owner select offers only staff who can open inquiries; anyone else is refused by the select with a message", async ({
  page,
  adminServer,
}) => {
  await signIn(page);
  await page.goto(`/admin/inquiries/${adminServer.fixtures?.weddingInquiry.id}`);
  await hydrated(page);
  const owner = page.getByLabel("Owner");
  // Admins only (editors and contributors cannot open inquiries).
  const offered = await owner.locator("option").allTextContents();
  expect(offered).toContain("Test Admin");
  for (const name of ["Test Editor", "Test Contributor", "Test Viewer"]) {
    expect(offered).not.toContain(name);
  }
  // A choice the page never offered (an editor's id, say) is refused: a 400 and its message.
  await owner.evaluate((select) => {
    const option = document.createElement("option");
    option.value = "an-editors-id";
    option.textContent = "Eddie Editor";
    select.append(option);
  });
  const refused = page.waitForResponse((response) => response.request().method() === "POST");
  await owner.selectOption("an-editors-id");
  expect((await refused).status()).toBe(400);
  await expect(page.getByRole("alert").filter({ hasText: "can open" })).toHaveText(
    "Choose an active staff member who can open inquiries",
  );
  await expect(owner).toHaveValue("");
  await expect(owner).toHaveAttribute("aria-invalid", "true");
});

test("without JavaScript, Use template keeps typed text until Replace, and the reply is sent (390 px)", async ({
  browser,
  adminServer,
}) => {
  const context = await browser.newContext({
    baseURL: adminServer.baseURL,
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
  });
  try {
    const page = await context.newPage();
    await signIn(page);
    const tag = `plain-${Date.now().toString(36)}`;
    const visitor = { name: `Ola Plain ${tag}`, email: `ola-${tag}@visitor-e2e.test` };
    await sendInquiry(page, visitor);
    await page.goto(`/admin?q=${encodeURIComponent(visitor.email)}`);
    await page.getByRole("link", { name: `Reply to ${visitor.name}` }).click();
    const form = page.getByRole("form", { name: "Reply" });
    const message = form.getByLabel("Message");
    await message.fill("Hi Ola, typed before choosing.");
    await form.getByLabel("Template").selectOption({ label: "Propose a call" });
    await form.getByRole("button", { name: "Use template" }).click();
    // Nothing dropped: the question, with the typed text still there.
    const question = form.getByRole("region", { name: "Replace what you typed?" });
    await expect(question).toContainText("Propose a call");
    await expect(message).toHaveValue("Hi Ola, typed before choosing.");
    await question.getByRole("button", { name: "Keep what I typed" }).click();
    await expect(message).toHaveValue("Hi Ola, typed before choosing.");
    await expect(form.getByRole("region", { name: "Replace what you typed?" })).toHaveCount(0);
    await form.getByRole("button", { name: "Use template" }).click();
    await form
      .getByRole("region", { name: "Replace what you typed?" })
      .getByRole("button", { name: "Replace" })
      .click();
    await expect(message).toHaveValue(new RegExp(`^Hi ${visitor.name},`));
    await expectNoSidewaysScroll(page, 390);
    await form.getByRole("button", { name: "Send reply" }).click();
    const activity = page.getByRole("list", { name: "Activity" });
    await expect(activity.getByRole("listitem").filter({ hasText: "Reply sent" })).toHaveCount(1);
    await expect(
      activity.getByRole("listitem").filter({ hasText: "Status changed: New → Contacted" }),
    ).toHaveCount(1);
  } finally {
    await context.close();
  }
});

test.describe("pipeline screens pass axe", () => {
  // A sign-in and axe at two widths: on a busy machine this takes longer than one default minute.
  test.describe.configure({ timeout: 120_000 });
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test("the dashboard", async ({ page }) => {
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    await hydrated(page);
    await expectNoAxeViolationsAtBothWidths(page);
  });

  test("an inquiry's page", async ({ page, adminServer }) => {
    const id = adminServer.fixtures?.weddingInquiry.id;
    await page.goto(`/admin/inquiries/${id}`);
    await expect(page.getByRole("heading", { name: "Activity" })).toBeVisible();
    await hydrated(page);
    await expectNoAxeViolationsAtBothWidths(page);
  });

  test("an application's page", async ({ page, adminServer }) => {
    const id = adminServer.fixtures?.applicationWithResume.id;
    await page.goto(`/admin/job-applications/${id}`);
    await expect(page.getByRole("group", { name: "Your rating" })).toBeVisible();
    await hydrated(page);
    await expectNoAxeViolationsAtBothWidths(page);
  });

  test("the reply templates", async ({ page }) => {
    await page.goto("/admin/templates");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await hydrated(page);
    await expectNoAxeViolationsAtBothWidths(page);
  });
});

/** The CSP directive's sources of a document response. */
function frameSources(csp: string | undefined): string[] {
  const found = (csp ?? "").split("; ").find((d) => d.startsWith("frame-src "));
  return found ? found.split(" ").slice(1) : [];
}

test.describe("the resume in place (decision 0312)", () => {
  test("an application's page shows the PDF in a frame of a fresh signed link, with and without JavaScript", async ({
    page,
    browser,
    adminServer,
  }) => {
    await signIn(page);
    const id = adminServer.fixtures?.applicationWithResume.id;
    // The frame itself loads the PDF (the page's CSP lets it): its own response, not a re-fetch.
    const framed = page.waitForResponse(
      (r) => r.url().includes("/files/job-applications/") && r.frame() !== page.mainFrame(),
    );
    const response = await page.goto(`/admin/job-applications/${id}`);
    const loaded = await framed;
    expect(loaded.status()).toBe(200);
    expect(loaded.headers()["content-type"]).toBe("application/pdf");
    expect(loaded.headers()["content-disposition"]).toBe('inline; filename="resume.pdf"');
    // The back-office may frame this site's files; a public page still frames only the scheduler.
    expect(frameSources(response?.headers()["content-security-policy"])).toContain("'self'");
    expect(response?.headers()["x-frame-options"]).toBe("DENY");
    const home = await page.request.get("/careers");
    expect(frameSources(home.headers()["content-security-policy"])).not.toContain("'self'");

    const frame = page.locator('iframe[title^="Resume of Applicant 01"]');
    await expect(frame).toBeVisible();
    const src = (await frame.getAttribute("src")) ?? "";
    expect(new URL(loaded.url()).pathname + new URL(loaded.url()).search).toBe(src);
    expect(src).toMatch(
      /^\/files\/job-applications\/resumes\/\d+_r4nd0m\.pdf\?disposition=inline[^&]*&expires=\d+&signature=[0-9a-f]{64}$/,
    );
    const expires = Number(new URL(src, "http://x").searchParams.get("expires"));
    expect(expires * 1000 - Date.now()).toBeLessThanOrEqual(60_000);
    expect(expires * 1000 - Date.now()).toBeGreaterThan(30_000);
    const file = await page.request.get(src);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toBe("application/pdf");
    expect(file.headers()["content-disposition"]).toBe('inline; filename="resume.pdf"');
    expect(file.headers()["x-frame-options"]).toBe("SAMEORIGIN");
    expect(file.headers()["content-security-policy"]).toBe("frame-ancestors 'self'");
    // A sensible height at each width: a page's worth on a desktop, most of a phone's screen.
    const desktop = await frame.boundingBox();
    expect(desktop?.height ?? 0).toBeGreaterThanOrEqual(700);
    expect(desktop?.width ?? 0).toBeGreaterThan(500);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(async () => (await frame.boundingBox())?.width ?? 0).toBeLessThanOrEqual(390);
    const phone = await frame.boundingBox();
    expect(phone?.height ?? 0).toBeGreaterThanOrEqual(480);
    expect(phone?.width ?? 0).toBeGreaterThan(300);
    // The fallback link stays, for a browser that shows no PDF.
    await expect(
      page.getByRole("region", { name: "Resume" }).getByRole("link", { name: "Open resume.pdf" }),
    ).toHaveAttribute("href", `/admin/job-applications/${id}/resume`);
    await hydrated(page);
    await expectNoAxeViolationsAtBothWidths(page);

    // Without JavaScript the server's page has the frame, its link signed for this request.
    const context = await browser.newContext({
      baseURL: adminServer.baseURL,
      javaScriptEnabled: false,
      viewport: page.viewportSize() ?? undefined,
    });
    try {
      const plain = await context.newPage();
      await signIn(plain);
      await plain.goto(`/admin/job-applications/${id}`);
      const plainFrame = plain.locator('iframe[title^="Resume of Applicant 01"]');
      await expect(plainFrame).toBeVisible();
      const plainSrc = (await plainFrame.getAttribute("src")) ?? "";
      expect(plainSrc).not.toBe(src);
      const served = await plain.request.get(plainSrc);
      expect(served.status()).toBe(200);
      expect(served.headers()["content-type"]).toBe("application/pdf");
      expect(served.headers()["content-disposition"]).toMatch(/^inline;/);
    } finally {
      await context.close();
    }
  });

  test("editors and contributors never see the frame, and the file route refuses them", async ({
    page,
    adminServer,
  }) => {
    const id = adminServer.fixtures?.applicationWithResume.id;
    for (const account of [TEST_EDITOR, TEST_CONTRIBUTOR]) {
      await page.context().clearCookies();
      await signIn(page, account);
      const response = await page.goto(`/admin/job-applications/${id}`);
      expect(response?.status()).toBe(403);
      await expect(page.locator("iframe")).toHaveCount(0);
      const link = await page.request.get(`/admin/job-applications/${id}/resume`, {
        maxRedirects: 0,
      });
      expect(link.status()).toBe(403);
    }
  });
});
