import { type Browser, expect, type Page, test } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { expectNoAxeViolations } from "../support/axe";
import { waitForMail } from "../support/e2e-smtp";

/**
 * The visitor submissions (issue #5) against the production server: each form with JavaScript on
 * and off, every SPEC message, the rows visible in the back-office, and the notification received
 * by a real SMTP server.
 */

const inbox = () => {
  const file = process.env.E2E_SMTP_INBOX;
  if (!file) throw new Error("E2E_SMTP_INBOX is not set (playwright.config.ts)");
  return file;
};

const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<< /Type /Catalog /Pages 2 0 R >>endobj\n2 0 obj<< /Type /Pages /Kids [] /Count 0 >>endobj\ntrailer<< /Root 1 0 R >>\n%%EOF\n",
);
const pdf = (name: string) => ({ name, mimeType: "application/pdf", buffer: PDF });
const exe = (name: string) => {
  const buffer = Buffer.alloc(512);
  buffer.set([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0xff, 0xff]);
  return { name, mimeType: "application/pdf", buffer };
};
const bigPdf = (name: string) => {
  const buffer = Buffer.alloc(6 * 1024 * 1024, 0x20);
  PDF.copy(buffer);
  return { name, mimeType: "application/pdf", buffer };
};

/** A gate for a held request: `held` resolves when `release()` is called. */
function hold() {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { held, release: () => release() };
}

/** A name unique to this test run and project, to find its row and its mail. */
const unique = (label: string) => `${label} ${test.info().project.name} ${Date.now().toString(36)}`;

async function noJsPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  return context.newPage();
}

async function blockExternal(page: Page) {
  await page.route(/calendly\.com|googletagmanager\.com/, (route) => route.abort());
}

/** Signs in to the back-office and finds `text` in a list (searched, or by `query`). */
async function expectInquiryInBackOffice(
  page: Page,
  text: string,
  path = "/admin",
  query?: string,
) {
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/admin/login"));
  await page.goto(`${path}?${query ?? `q=${encodeURIComponent(text)}`}`);
  await expect(page.getByText(text).first()).toBeVisible();
}

test("the forms' scripts run within the Content-Security-Policy: no violation reported", async ({
  page,
}) => {
  await blockExternal(page);
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  for (const path of ["/contact", "/careers", "/weddings"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    // Validation in the browser runs the schemas (zod's compiled parsers would need eval).
    if (path === "/contact") await page.getByRole("button", { name: "Submit Project" }).click();
    const violations = await page.evaluate(
      () => (window as unknown as { cspViolations: string[] }).cspViolations,
    );
    expect(violations, path).toEqual([]);
  }
});

test.describe("project inquiry (/contact)", () => {
  test("with JavaScript: files upload on selection, a sixth is refused, success clears the form", async ({
    page,
  }) => {
    await blockExternal(page);
    const name = unique("Dana JS");
    await page.goto("/contact");
    await expect(page.getByRole("heading", { name: "Project Inquiry" })).toBeVisible();
    await expect(page.getByLabel("Project Overview")).toHaveAttribute("rows", "6");

    await page.getByLabel("Name").fill(name);
    await page.getByLabel("Email").fill("dana@example.com");
    await page.getByLabel("Service", { exact: true }).selectOption("video-production");
    await page.getByLabel("Project Overview").fill("A launch film for our spring line.");

    const files = page.getByLabel("Attachments", { exact: true });
    // Hold the upload to see its state: 'Uploading...' and the control disabled.
    const upload = hold();
    await page.route("**/uploads/contact-attachments", async (route) => {
      await upload.held;
      await route.continue();
    });
    await files.setInputFiles([pdf("brief.pdf"), pdf("schedule.pdf")]);
    await expect(page.getByText("Uploading...")).toBeVisible();
    await expect(files).toBeDisabled();
    upload.release();
    const list = page.getByRole("list", { name: "Attached files" });
    await expect(list.getByText("brief.pdf", { exact: true })).toBeVisible();
    await expect(list.getByText("schedule.pdf", { exact: true })).toBeVisible();

    await files.setInputFiles([pdf("a.pdf"), pdf("b.pdf"), pdf("c.pdf"), pdf("d.pdf")]);
    await expect(page.getByRole("alert")).toHaveText("Maximum 5 files allowed");
    await expect(list.getByRole("listitem")).toHaveCount(2);

    await files.setInputFiles([pdf("c.pdf"), pdf("d.pdf"), pdf("e.pdf")]);
    await expect(list.getByRole("listitem")).toHaveCount(5);
    await expect(files).toBeDisabled();

    // Hold the post to see 'Submitting...' on a disabled button.
    const submission = hold();
    await page.route(
      (url) => url.pathname.startsWith("/contact"),
      async (route) => {
        if (route.request().method() === "POST") await submission.held;
        await route.continue();
      },
    );
    await page.getByRole("button", { name: "Submit Project" }).click();
    await expect(page.getByRole("button", { name: "Submitting..." })).toBeDisabled();
    submission.release();
    await expect(page.getByRole("status").filter({ hasText: "Thank you!" })).toHaveText(
      "Thank you! We'll get back to you within 24 hours.",
    );
    await expect(page.getByLabel("Name")).toHaveValue("");
    await expect(page.getByLabel("Project Overview")).toHaveValue("");
    await expect(list).toHaveCount(0);
    await expect(files).toBeEnabled();

    const mail = await waitForMail(inbox(), name);
    expect(mail.raw).toContain("A launch film for our spring line.");
    expect(mail.raw).toMatch(/Reply-To: dana@example\.com/i);
    expect(mail.raw).toContain("/files/contact-uploads/inquiries/");
    await expectInquiryInBackOffice(page, name);
  });

  test("with JavaScript: a renamed executable is refused on upload", async ({ page }) => {
    await blockExternal(page);
    await page.goto("/contact");
    await page.getByLabel("Attachments", { exact: true }).setInputFiles([exe("invoice.pdf")]);
    await expect(page.getByRole("alert")).toContainText(
      "Failed to upload files. Please try again.",
    );
    await expect(page.getByRole("list", { name: "Attached files" })).toHaveCount(0);
  });

  test("without JavaScript: the files go with the post, and errors keep what was typed", async ({
    browser,
  }) => {
    const page = await noJsPage(browser);
    const name = unique("Dana noJS");
    await page.goto("/contact");
    const fill = async () => {
      await page.getByLabel("Name").fill(name);
      await page.getByLabel("Email").fill("dana@example.com");
      await page.getByLabel("Project Overview").fill("Six cut-downs of our brand film.");
    };

    await fill();
    await page
      .getByLabel("Attachments", { exact: true })
      .setInputFiles(Array.from({ length: 6 }, (_, i) => pdf(`f${i}.pdf`)));
    await page.getByRole("button", { name: "Submit Project" }).click();
    await expect(page.getByRole("alert").first()).toContainText("Maximum 5 files allowed");
    await expect(page.getByLabel("Name")).toHaveValue(name);

    await page.getByLabel("Attachments", { exact: true }).setInputFiles([exe("invoice.pdf")]);
    await page.getByRole("button", { name: "Submit Project" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Failed to upload files. Please try again." }),
    ).toBeVisible();

    await page.getByLabel("Attachments", { exact: true }).setInputFiles([pdf("brief.pdf")]);
    await page.getByRole("button", { name: "Submit Project" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Thank you!" })).toHaveText(
      "Thank you! We'll get back to you within 24 hours.",
    );
    await expect(page.getByLabel("Name")).toHaveValue("");
    const mail = await waitForMail(inbox(), name);
    expect(mail.raw).toContain("/files/contact-uploads/inquiries/");
    await page.context().close();
  });

  test("has no accessibility violations", async ({ page }) => {
    await blockExternal(page);
    await page.goto("/contact");
    await expectNoAxeViolations(page, { exclude: ["iframe"] });
  });
});

test.describe("job application (/careers)", () => {
  test("with JavaScript: the dialog refuses a 6 MB resume, submits, toasts and closes", async ({
    page,
  }) => {
    await blockExternal(page);
    const name = unique("Sam JS");
    await page.goto("/careers");
    await page.getByRole("button", { name: /Apply Now\s*: Video Editor/ }).click();
    const dialog = page.getByRole("dialog", { name: "Apply for Position" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Position")).toHaveValue("Video Editor");
    await expect(dialog.getByLabel("Work preference")).toHaveValue("flexible");

    await dialog.getByLabel("Full name").fill(name);
    await dialog.getByLabel("Email").fill("sam@example.com");
    const resume = dialog.getByLabel("Resume");
    await resume.setInputFiles([bigPdf("cv.pdf")]);
    await expect(page.getByText("File Too Large").first()).toBeVisible();
    await expect(page.getByText("Resume must be smaller than 5MB.").first()).toBeVisible();
    await expect(resume).toHaveValue("");

    await resume.setInputFiles([pdf("cv.pdf")]);
    await dialog.getByRole("button", { name: "Submit Application" }).click();
    await expect(page.getByText("Application Submitted").first()).toBeVisible();
    await expect(
      page.getByText("Thank you for your application! We'll be in touch soon.").first(),
    ).toBeVisible();
    await expect(dialog).toBeHidden();

    const mail = await waitForMail(inbox(), name);
    expect(mail.raw).toContain("Resume attached: yes");
    expect(mail.raw).toContain("Position: Video Editor");
    await expectInquiryInBackOffice(
      page,
      name,
      "/admin/job-applications",
      "position=Video%20Editor",
    );
  });

  test("with JavaScript: server messages show, Cancel closes, 'Don't See Your Role' applies generally", async ({
    page,
  }) => {
    await blockExternal(page);
    await page.goto("/careers");
    await page.getByRole("button", { name: /Apply Now\s*: General Application/ }).click();
    const dialog = page.getByRole("dialog", { name: "Apply for Position" });
    await expect(dialog.getByLabel("Position")).toHaveValue("General Application");
    await dialog.getByLabel("Full name").fill("   ");
    await dialog.getByLabel("Email").fill("sam@nowhere");
    await dialog.getByLabel("Portfolio URL").fill("ftp://files.example.com");
    await dialog.getByRole("button", { name: "Submit Application" }).click();
    await expect(dialog.getByText("Name is required")).toBeVisible();
    await expect(dialog.getByText("Valid email is required")).toBeVisible();
    await expect(dialog.getByText("Must be a valid URL")).toBeVisible();
    await expect(page.getByText("Submission Failed").first()).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
  });

  test("without JavaScript: Apply Now opens the form on the page; oversize and success messages", async ({
    browser,
  }) => {
    const page = await noJsPage(browser);
    const name = unique("Sam noJS");
    await page.goto("/careers");
    await page.getByRole("link", { name: /Apply Now\s*: Producer/ }).click();
    await expect(page).toHaveURL(/apply=Producer/);
    const form = page.locator("#apply");
    await expect(form.getByRole("heading", { name: "Apply for Position" })).toBeVisible();
    await form.getByLabel("Full name").fill(name);
    await form.getByLabel("Email").fill("sam@example.com");
    await form.getByLabel("Resume").setInputFiles([bigPdf("cv.pdf")]);
    await form.getByRole("button", { name: "Submit Application" }).click();
    await expect(page.getByRole("alert").first()).toContainText(
      "File Too Large: Resume must be smaller than 5MB.",
    );

    await page.locator("#apply").getByLabel("Full name").fill(name);
    await page.locator("#apply").getByLabel("Email").fill("sam@example.com");
    await page
      .locator("#apply")
      .getByLabel("Resume")
      .setInputFiles([pdf("cv.pdf")]);
    await page.locator("#apply").getByRole("button", { name: "Submit Application" }).click();
    await expect(page.getByRole("status").first()).toContainText(
      "Application Submitted: Thank you for your application! We'll be in touch soon.",
    );
    const mail = await waitForMail(inbox(), name);
    expect(mail.raw).toContain("Position: Producer");
    await page.context().close();
  });

  test("with JavaScript: a link to the form on the page (?apply=) hydrates it once its code arrives", async ({
    page,
  }) => {
    // The form's code is not in the first JavaScript of /careers: React keeps the server's HTML
    // and hydrates the form when it has loaded; then its checks and toasts work as in the dialog.
    await blockExternal(page);
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await page.goto("/careers?apply=Producer#apply");
    const form = page.locator("#apply");
    await expect(form.getByLabel("Position")).toHaveValue("Producer");
    await page.waitForFunction(() => {
      const element = document.querySelector("#apply form");
      return element !== null && Object.keys(element).some((key) => key.startsWith("__react"));
    });
    const resume = form.getByLabel("Resume");
    await resume.setInputFiles([bigPdf("cv.pdf")]);
    await expect(page.getByText("File Too Large").first()).toBeVisible();
    await expect(page.getByText("Resume must be smaller than 5MB.").first()).toBeVisible();
    await expect(resume).toHaveValue("");
    await expect(page.getByRole("region", { name: /^Notifications/ })).toBeAttached();
    // No hydration mismatch: the server's form is the one that hydrated.
    expect(errors).toEqual([]);
  });
});

test.describe("wedding inquiry (/weddings)", () => {
  for (const javaScript of [true, false]) {
    test(`submits ${javaScript ? "with" : "without"} JavaScript`, async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: javaScript });
      const page = await context.newPage();
      await blockExternal(page);
      const name = unique(`Ana & Leo ${javaScript ? "JS" : "noJS"}`);
      await page.goto("/weddings#inquire");
      const form = page.locator("#inquire form");
      await expect(form.getByLabel("Email")).toHaveAttribute("type", "email");
      await form.getByLabel("Your names").fill(name);
      await form.getByLabel("Email").fill("ana@example.com");
      await form.getByLabel("Wedding date").fill("2027-06-12");
      await form.getByLabel("Location").fill("Ojai, CA");
      await form.getByLabel("Budget range").selectOption("7500-12000");
      await form.getByLabel("Your vision").fill("Golden hour vows, documentary style.");
      await form.getByRole("button", { name: "Send Inquiry" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Thank you!" })).toBeVisible();
      await expect(page.locator("#inquire form").getByLabel("Your names")).toHaveValue("");
      const mail = await waitForMail(inbox(), name);
      expect(mail.raw).toContain("Wedding date: 2027-06-12");
      expect(mail.raw).toContain("Budget range: 7500-12000");
      await context.close();
    });
  }
});
