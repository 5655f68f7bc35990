import { contactSubmissions, jobApplications, notifications, uploads } from "@server/db/schema";
import {
  type HandledForm,
  handleApplicationPost,
  handleContactPost,
  handleWeddingPost,
} from "@server/route-kit/public-forms";
import { count, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestRuntime, type TestRuntime } from "../support/admin-runtime";
import { testDrivers } from "../support/database";
import { docxBytes, exeBytes, largePdfBytes, pdfBytes, pngBytes } from "../support/files";

const SITE = "http://localhost:3999";

function post(
  path: string,
  fields: Record<string, string | string[]>,
  files: [string, string, Uint8Array][] = [],
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) form.append(name, v);
  }
  for (const [field, name, bytes] of files)
    form.append(field, new File([new Uint8Array(bytes)], name));
  return new Request(new URL(path, SITE), { method: "POST", body: form });
}

let ipCounter = 0;
/** A fresh address per request, so the per-IP limit only bites where a test wants it to. */
const freshIp = () => `198.51.100.${(ipCounter++ % 250) + 1}:${ipCounter}`;

describe.each(testDrivers)("public forms on %s", (driver) => {
  let t: TestRuntime;
  beforeAll(async () => {
    t = await createTestRuntime(driver);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function counts() {
    const db = t.runtime.database.db;
    const [inquiries] = await db.select({ n: count() }).from(contactSubmissions);
    const [applications] = await db.select({ n: count() }).from(jobApplications);
    const [mails] = await db.select({ n: count() }).from(notifications);
    return {
      inquiries: inquiries?.n ?? 0,
      applications: applications?.n ?? 0,
      mails: mails?.n ?? 0,
    };
  }

  const contact = {
    name: "Dana Whitfield",
    email: "dana@example.com",
    description: "A launch film.",
  };

  it("stores a project inquiry with files sent in the post (no JavaScript)", async () => {
    const before = await counts();
    const { status, result } = await handleContactPost(
      t.runtime,
      post("/contact", { ...contact, service: "video-production", budget: "" }, [
        ["attachment_files", "brief.pdf", pdfBytes()],
        ["attachment_files", "mood.png", await pngBytes()],
      ]),
      freshIp(),
    );
    expect(status).toBe(200);
    expect(result).toEqual({
      status: "success",
      message: "Thank you! We'll get back to you within 24 hours.",
      // "Book a call now": the scheduler's prefill and the inquiry's signed reference (issue #30).
      booking: {
        name: "Dana Whitfield",
        email: "dana@example.com",
        reference: expect.stringMatching(/^[0-9a-f-]{36}\.\d+\.[0-9a-f]{64}$/),
      },
    });
    expect(await counts()).toEqual({
      ...before,
      inquiries: before.inquiries + 1,
      mails: before.mails + 2,
    });
    const [row] = await t.runtime.database.db
      .select()
      .from(contactSubmissions)
      .where(eq(contactSubmissions.email, "dana@example.com"));
    expect(row?.fileAttachments).toHaveLength(2);
    expect(row?.budget).toBeNull();
  });

  it("refuses 6 files with 'Maximum 5 files allowed' and stores nothing", async () => {
    const before = await counts();
    const files = Array.from({ length: 6 }, (_, i): [string, string, Uint8Array] => [
      "attachment_files",
      `f${i}.pdf`,
      pdfBytes(),
    ]);
    const { status, result } = await handleContactPost(
      t.runtime,
      post("/contact", contact, files),
      freshIp(),
    );
    expect(status).toBe(400);
    expect(result).toMatchObject({ status: "error", message: "Maximum 5 files allowed" });
    expect(await counts()).toEqual(before);
  });

  it("refuses a renamed executable and keeps what the visitor typed", async () => {
    const before = await counts();
    const { status, result } = await handleContactPost(
      t.runtime,
      post("/contact", contact, [["attachment_files", "brief.pdf", exeBytes()]]),
      freshIp(),
    );
    expect(status).toBe(415);
    expect(result.status).toBe("error");
    expect(result.status === "error" && result.message).toContain(
      "Failed to upload files. Please try again.",
    );
    expect(result.status === "error" && result.values?.name).toBe("Dana Whitfield");
    expect(await counts()).toEqual(before);
  });

  it("answers the spam trap like a success and stores nothing", async () => {
    const before = await counts();
    const { status, result } = await handleContactPost(
      t.runtime,
      post("/contact", { ...contact, website: "https://spam.example" }),
      freshIp(),
    );
    expect(status).toBe(200);
    expect(result.status).toBe("success");
    expect(await counts()).toEqual(before);
  });

  it("limits submissions per IP address with a clear message", async () => {
    const ip = "192.0.2.99";
    const results: HandledForm[] = [];
    for (let i = 0; i < t.runtime.config.SUBMISSION_RATE_LIMIT + 1; i++) {
      results.push(
        await handleContactPost(t.runtime, post("/contact", { name: "", email: "x" }), ip),
      );
    }
    expect(results.slice(0, -1).every((r) => r.status === 400)).toBe(true);
    expect(results.at(-1)).toMatchObject({
      status: 429,
      result: { message: expect.stringContaining("try again") },
    });
  });

  it("stores an application with its resume, and refuses a 6 MB one with SPEC's message", async () => {
    const fields = { name: "Sam Ortiz", email: "sam@example.com", position_title: "Video Editor" };
    const before = await counts();
    const big = await handleApplicationPost(
      t.runtime,
      post("/careers", fields, [["resume", "cv.pdf", largePdfBytes(6 * 1024 * 1024)]]),
      freshIp(),
    );
    expect(big.status).toBe(413);
    expect(big.result).toMatchObject({
      status: "error",
      title: "File Too Large",
      message: "Resume must be smaller than 5MB.",
      clear: "resume",
    });
    expect(await counts()).toEqual(before);

    const ok = await handleApplicationPost(
      t.runtime,
      post("/careers", { ...fields, experience_years: "3" }, [["resume", "cv.docx", docxBytes()]]),
      freshIp(),
    );
    expect(ok).toEqual({
      status: 200,
      result: {
        status: "success",
        title: "Application Submitted",
        message: "Thank you for your application! We'll be in touch soon.",
      },
    });
    const [row] = await t.runtime.database.db
      .select()
      .from(jobApplications)
      .where(eq(jobApplications.email, "sam@example.com"));
    expect(row?.resumeUrl).toMatch(/^resumes\/\d+_[0-9a-f]+\.docx$/);
    const [owned] = await t.runtime.database.db
      .select()
      .from(uploads)
      .where(eq(uploads.ownerId, row?.id ?? ""));
    expect(owned?.bucket).toBe("job-applications");
  });

  it("answers an invalid application with every SPEC message", async () => {
    const { status, result } = await handleApplicationPost(
      t.runtime,
      post("/careers", {
        name: "",
        email: "no",
        position_title: "",
        portfolio_url: "x",
        experience_years: "-2",
      }),
      freshIp(),
    );
    expect(status).toBe(400);
    const messages =
      result.status === "error" ? Object.values(result.fieldErrors ?? {}).flat() : [];
    expect(messages).toEqual(
      expect.arrayContaining([
        "Name is required",
        "Valid email is required",
        "Position is required",
        "Must be a valid URL",
        "Experience must be 0 or more years",
      ]),
    );
  });

  it("refuses a resume that is not a PDF or Word file by its content", async () => {
    const { status, result } = await handleApplicationPost(
      t.runtime,
      post("/careers", { name: "A", email: "a@example.com", position_title: "Producer" }, [
        ["resume", "cv.pdf", exeBytes()],
      ]),
      freshIp(),
    );
    expect(status).toBe(415);
    expect(result).toMatchObject({ status: "error", title: "Upload Failed", clear: "resume" });
  });

  it("stores a wedding inquiry and refuses one without an e-mail", async () => {
    const ok = await handleWeddingPost(
      t.runtime,
      post("/weddings", {
        name: "Ana",
        email: "ana@example.com",
        wedding_date: "2027-06-12",
        budget: "4500-7500",
      }),
      freshIp(),
    );
    expect(ok.status).toBe(200);
    const bad = await handleWeddingPost(
      t.runtime,
      post("/weddings", { name: "Ana", email: "" }),
      freshIp(),
    );
    expect(bad.status).toBe(400);
    expect(bad.result.status === "error" && bad.result.fieldErrors?.email).toEqual([
      "Valid email is required",
    ]);
  });

  // Property: whatever a visitor (or a bot) sends, the answer is never a 5xx, and either exactly
  // one row and two mails (the notification, the acknowledgement) were written (success) or nothing was.
  const text = fc.oneof(
    fc.string({ maxLength: 60 }),
    fc.constantFrom(
      "",
      " ",
      "a@b.co",
      "https://x.test",
      "-1",
      "0",
      "2027-02-30",
      "<script>",
      "'; drop table x;--",
    ),
  );
  /** Mostly a valid value (so both outcomes occur), sometimes anything at all. */
  const field = (...valid: string[]) =>
    fc.oneof({ arbitrary: fc.constantFrom(...valid), weight: 5 }, { arbitrary: text, weight: 1 });

  /**
   * Any input of `fields` posted to `path` through `handle`: never a 5xx, and either one whole
   * submission (its row in `table` and its two mails) or nothing at all.
   */
  async function noPartialRows(
    fields: fc.Arbitrary<Record<string, string | string[]>>,
    form: {
      path: string;
      handle: (
        runtime: TestRuntime["runtime"],
        request: Request,
        ip: string,
      ) => Promise<{ status: number; result: { status: string } }>;
      table: "inquiries" | "applications";
    },
  ) {
    let successes = 0;
    await fc.assert(
      fc.asyncProperty(fields, async (values) => {
        const before = await counts();
        const { status, result } = await form.handle(t.runtime, post(form.path, values), freshIp());
        const after = await counts();
        expect(status).toBeLessThan(500);
        const added = result.status === "success" ? 1 : 0;
        successes += added;
        expect(after).toEqual({
          ...before,
          [form.table]: before[form.table] + added,
          mails: before.mails + 2 * added,
        });
      }),
      { numRuns: 40 },
    );
    // The inputs reach both outcomes: a handler refusing everything would fail here.
    expect(successes).toBeGreaterThan(0);
    expect(successes).toBeLessThan(40);
  }

  it("contact: no 5xx and no partial rows for any input", () =>
    noPartialRows(
      fc.record({
        name: field("Dana"),
        email: field("dana@example.com"),
        description: field("A launch film."),
        service: field("video-production", "full-service", ""),
        budget: field("under-25k", ""),
        timeline: field("asap", ""),
        attachments: fc.oneof(
          { arbitrary: fc.constant<string[]>([]), weight: 5 },
          { arbitrary: fc.array(fc.oneof(fc.uuid(), text), { maxLength: 6 }), weight: 1 },
        ),
      }),
      { path: "/contact", handle: handleContactPost, table: "inquiries" },
    ));

  it("application: no 5xx and no partial rows for any input", () =>
    noPartialRows(
      fc.record({
        name: field("Sam"),
        email: field("sam@example.com"),
        position_title: field("Producer"),
        portfolio_url: field("https://x.test", ""),
        linkedin_url: field("", "javascript:alert(1)"),
        experience_years: field("0", "12", "", "1e3", "NaN"),
        availability_date: field("2027-01-15", ""),
        remote_preference: field("remote", "flexible", ""),
      }),
      { path: "/careers", handle: handleApplicationPost, table: "applications" },
    ));

  it("wedding: no 5xx and no partial rows for any input", () =>
    noPartialRows(
      fc.record({
        name: field("Ana"),
        email: field("ana@example.com"),
        wedding_date: field("2027-06-12", ""),
        location: field("Ojai, CA", ""),
        budget: field("4500-7500", "20000+", ""),
        vision: field("Golden hour", ""),
      }),
      { path: "/weddings", handle: handleWeddingPost, table: "inquiries" },
    ));

  it("answers SPEC's failure messages when the database fails, without a 500", async () => {
    const broken = await createTestRuntime(driver);
    await broken.database.close();
    try {
      const contact = await handleContactPost(
        broken.runtime,
        post("/contact", { name: "A", email: "a@example.com", description: "Hi" }),
        freshIp(),
      );
      expect(contact).toMatchObject({
        status: 503,
        result: {
          status: "error",
          message: "Something went wrong. Please try again or email us directly.",
        },
      });
      const application = await handleApplicationPost(
        broken.runtime,
        post("/careers", { name: "A", email: "a@example.com", position_title: "Producer" }),
        freshIp(),
      );
      expect(application).toMatchObject({
        status: 503,
        result: {
          status: "error",
          title: "Submission Failed",
          message: "Failed to submit application. Please try again.",
        },
      });
      const withResume = await handleApplicationPost(
        broken.runtime,
        post("/careers", { name: "A", email: "a@example.com", position_title: "Producer" }, [
          ["resume", "cv.pdf", pdfBytes()],
        ]),
        freshIp(),
      );
      expect(withResume).toMatchObject({
        status: 503,
        result: {
          status: "error",
          title: "Upload Failed",
          message: "Failed to upload resume. Please try again.",
        },
      });
    } finally {
      await broken.close().catch(() => {});
    }
  });
});
