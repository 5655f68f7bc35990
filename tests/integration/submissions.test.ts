import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadConfig } from "@server/config";
import { contactSubmissions, jobApplications, notifications, uploads } from "@server/db/schema";
import {
  AttachmentsUnavailableError,
  submitProjectInquiry,
  submitWeddingInquiry,
} from "@server/inquiries/intake";
import { submitJobApplication } from "@server/job-applications/intake";
import type { JobEngine } from "@server/jobs/engine";
import { createStorage, type StorageDriver } from "@server/storage";
import {
  claimUploads,
  deleteOrphanUploads,
  detectKind,
  storeUpload,
  UploadRejectedError,
} from "@server/uploads/store";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contactInquirySchema } from "~/entities/inquiry/contact-form";
import { weddingInquirySchema } from "~/entities/inquiry/wedding-form";
import { jobApplicationSchema } from "~/entities/job-application/form";
import { isCalendarDate } from "~/lib/forms/common";
import { createTestDatabase, type TestDatabase, testDrivers } from "../support/database";
import {
  docBytes,
  docxBytes,
  exeBytes,
  largePdfBytes,
  pdfBytes,
  pngBytes,
  storedObject,
  textBytes,
} from "../support/files";
import { queueingEngine } from "../support/jobs";

describe("upload content checks", () => {
  const DOCX_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
  /** What detectKind answers: the name's extension and the kind the content was found to be. */
  const kind = (ext: string, extensions: string[], contentType: string) => ({
    ext,
    kind: { extensions, contentType },
  });
  const PNG = kind("png", ["png"], "image/png");
  const PDF = kind("pdf", ["pdf"], "application/pdf");
  const DOC = kind("doc", ["doc"], "application/msword");
  const DOCX = kind("docx", ["docx"], DOCX_TYPE);

  it.each([
    ["photo.png", pngBytes, PNG],
    ["brief.pdf", pdfBytes, PDF],
    ["brief.doc", docBytes, DOC],
    ["brief.docx", docxBytes, DOCX],
    ["notes.txt", textBytes, kind("txt", ["txt"], "text/plain; charset=utf-8")],
  ])("accepts a real %s as a contact attachment", async (name, bytes, detected) => {
    expect(await detectKind("contact-attachment", name, await bytes())).toEqual(detected);
  });

  it("keeps the name's own spelling of a kind's extension", async () => {
    const jpeg = await sharp({ create: { width: 2, height: 2, channels: 3, background: "#000" } })
      .jpeg()
      .toBuffer();
    expect(await detectKind("image", "cover.JPEG", new Uint8Array(jpeg))).toEqual(
      kind("jpeg", ["jpg", "jpeg"], "image/jpeg"),
    );
  });

  it.each([
    ["a renamed executable", "brief.pdf", exeBytes],
    ["a renamed executable as text", "notes.txt", exeBytes],
    ["a PDF named .png", "photo.png", pdfBytes],
    ["an image named .pdf", "brief.pdf", pngBytes],
  ])("refuses %s", async (_label, name, bytes) => {
    await expect(detectKind("contact-attachment", name, await bytes())).rejects.toBeInstanceOf(
      UploadRejectedError,
    );
  });

  it("accepts only PDF and Word resumes of at most 5 MB", async () => {
    expect(await detectKind("resume", "cv.pdf", pdfBytes())).toEqual(PDF);
    expect(await detectKind("resume", "cv.docx", docxBytes())).toEqual(DOCX);
    expect(await detectKind("resume", "cv.doc", docBytes())).toEqual(DOC);
    await expect(detectKind("resume", "cv.png", await pngBytes())).rejects.toThrow(/PDF or Word/);
    await expect(detectKind("resume", "cv.txt", textBytes())).rejects.toThrow(/PDF or Word/);
    expect(await detectKind("resume", "cv.pdf", largePdfBytes(5 * 1024 * 1024))).toEqual(PDF);
    const tooBig = detectKind("resume", "cv.pdf", largePdfBytes(5 * 1024 * 1024 + 1));
    await expect(tooBig).rejects.toMatchObject({ reason: "size" });
  });

  it("accepts only images as images", async () => {
    expect(await detectKind("image", "cover.png", await pngBytes())).toEqual(PNG);
    await expect(detectKind("image", "cover.png", exeBytes())).rejects.toThrow(/image/);
  });
});

describe("form schemas (SPEC messages)", () => {
  const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.error?.issues.map((i) => i.message) ?? [];

  it("application: every SPEC message", () => {
    const result = jobApplicationSchema.safeParse({
      name: " ",
      email: "not-an-email",
      position_title: "",
      portfolio_url: "javascript:alert(1)",
      linkedin_url: "nope",
      experience_years: "-1",
    });
    expect(messages(result)).toEqual(
      expect.arrayContaining([
        "Name is required",
        "Valid email is required",
        "Position is required",
        "Must be a valid URL",
        "Experience must be 0 or more years",
      ]),
    );
  });

  it("application: empty optional values become null, work preference defaults to flexible", () => {
    const parsed = jobApplicationSchema.parse({
      name: "Rae",
      email: "rae@example.com",
      position_title: "Producer",
      phone: "",
      portfolio_url: "",
      experience_years: "",
      availability_date: "",
      remote_preference: "",
    });
    expect(parsed).toMatchObject({
      phone: null,
      portfolio_url: null,
      experience_years: null,
      availability_date: null,
      remote_preference: "flexible",
    });
    const zero = jobApplicationSchema.parse({
      name: "Rae",
      email: "rae@example.com",
      position_title: "Producer",
      experience_years: "0",
    });
    expect(zero.experience_years).toBe(0);
  });

  it("contact: required fields, options and the 5-attachment limit", () => {
    const result = contactInquirySchema.safeParse({ name: "", email: "x", description: "" });
    expect(messages(result)).toEqual(
      expect.arrayContaining([
        "Name is required",
        "Valid email is required",
        "Project overview is required",
      ]),
    );
    expect(
      contactInquirySchema.safeParse({
        name: "A",
        email: "a@b.co",
        description: "d",
        budget: "lots",
      }).success,
    ).toBe(false);
    const six = Array.from({ length: 6 }, () => crypto.randomUUID());
    expect(
      messages(
        contactInquirySchema.safeParse({
          name: "A",
          email: "a@b.co",
          description: "d",
          attachments: six,
        }),
      ),
    ).toContain("Maximum 5 files allowed");
  });

  it("dates must exist on the calendar", () => {
    expect(isCalendarDate("2028-02-29")).toBe(true);
    for (const bad of ["2027-02-29", "2027-02-30", "2027-13-01", "2027-1-1", "0000-01-01", "x"]) {
      expect(isCalendarDate(bad), bad).toBe(false);
    }
  });

  it("wedding: name and e-mail, a real date, the four budget ranges", () => {
    expect(weddingInquirySchema.safeParse({ name: "Ana", email: "ana@example.com" }).success).toBe(
      true,
    );
    expect(
      weddingInquirySchema.safeParse({
        name: "Ana",
        email: "ana@example.com",
        wedding_date: "2027-02-30x",
      }).success,
    ).toBe(false);
    expect(
      weddingInquirySchema.safeParse({ name: "Ana", email: "ana@example.com", budget: "1000" })
        .success,
    ).toBe(false);
    expect(
      weddingInquirySchema.parse({ name: "Ana", email: "ana@example.com", budget: "20000+" })
        .budget,
    ).toBe("20000+");
  });
});

describe.each(testDrivers)("submissions on %s", (driver) => {
  let database: TestDatabase;
  let storage: StorageDriver;
  let storageDir: string;
  const config = loadConfig({ SITE_URL: "https://studio.test" });
  let jobs: JobEngine;
  const services = () => ({
    db: database.db,
    jobs,
    notifyEmail: "team@studio.test",
    siteUrl: config.SITE_URL,
    bookingUrl: "https://calendly.test/northlight/call",
  });
  /** The staff's notification and the visitor's acknowledgement, by recipient. */
  async function mailsTo(recipient: string) {
    return database.db.select().from(notifications).where(eq(notifications.recipient, recipient));
  }

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    jobs = await queueingEngine(database);
    storageDir = mkdtempSync(path.join(tmpdir(), "submissions-"));
    storage = createStorage({ ...config, DATA_DIR: storageDir }, { secret: "s".repeat(32) });
  });
  afterAll(async () => {
    await jobs?.stop();
    await database?.destroy();
    rmSync(storageDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await database.db.delete(notifications);
    await database.db.delete(contactSubmissions);
    await database.db.delete(jobApplications);
    await database.db.delete(uploads);
  });

  async function counts() {
    const [inquiries] = await database.db.select({ n: count() }).from(contactSubmissions);
    const [applications] = await database.db.select({ n: count() }).from(jobApplications);
    const [mails] = await database.db.select({ n: count() }).from(notifications);
    return { inquiries: inquiries?.n, applications: applications?.n, mails: mails?.n };
  }

  it("stores an upload under a random key, never the visitor's name", async () => {
    const stored = await storeUpload({ db: database.db, storage }, "contact-attachment", {
      name: "../../etc/My Brief.pdf",
      bytes: pdfBytes(),
    });
    expect(stored.key).toMatch(/^inquiries\/\d+_[0-9a-f]{16}\.pdf$/);
    expect(stored.originalName).toBe("My Brief.pdf");
    // The bucket is private: no public URL (decision 0275).
    expect(stored.url).toBeNull();
    const file = await storedObject(storage, "contact-uploads", stored.key);
    expect(file?.contentType).toBe("application/pdf");
    const resume = await storeUpload({ db: database.db, storage }, "resume", {
      name: "cv.docx",
      bytes: docxBytes(),
    });
    expect(resume.key).toMatch(/^resumes\/\d+_[0-9a-f]{16}\.docx$/);
    expect(resume.url).toBeNull();
  });

  it("commits a project inquiry with its attachments, its notification and the acknowledgement", async () => {
    const files = await Promise.all(
      [pdfBytes(), textBytes()].map((bytes, i) =>
        storeUpload({ db: database.db, storage }, "contact-attachment", {
          name: `f${i}.${i ? "txt" : "pdf"}`,
          bytes,
        }),
      ),
    );
    const input = contactInquirySchema.parse({
      name: "Dana Whitfield",
      email: "dana@example.com",
      service: "video-production",
      description: "A launch film for our spring line.",
      attachments: files.map((f) => f.id),
    });
    const { id } = await submitProjectInquiry(services(), input);
    const [row] = await database.db
      .select()
      .from(contactSubmissions)
      .where(eq(contactSubmissions.id, id));
    expect(row).toMatchObject({
      kind: "project",
      status: "new",
      service: "video-production",
      budget: null,
    });
    // Storage keys, in the visitor's order: staff open them through signed links (decision 0275).
    expect(row?.fileAttachments).toEqual(files.map((f) => f.key));
    expect((await counts()).mails).toBe(2);
    const [mail] = await mailsTo("team@studio.test");
    expect(mail).toMatchObject({
      replyTo: "dana@example.com",
      subject: "New project inquiry from Dana Whitfield",
    });
    expect(mail?.textBody).toContain("A launch film for our spring line.");
    // Labels as the form showed them, never the stored keys.
    expect(mail?.textBody).toContain("Service: Video Production");
    expect(mail?.textBody).not.toContain("video-production");
    // The mail names the files and links the inquiry's page, never a file.
    expect(mail?.textBody).toContain("Attachments:\n\n- f0.pdf\n- f1.txt");
    expect(mail?.textBody).toContain(`https://studio.test/admin/inquiries/${id}`);
    expect(mail?.htmlBody).toContain(`<a href="https://studio.test/admin/inquiries/${id}">`);
    expect(mail?.htmlBody).toContain("<li>f0.pdf</li>");
    expect(mail?.textBody).not.toContain("/files/");
    for (const file of files) {
      expect(mail?.textBody).not.toContain(file.key);
      expect(mail?.htmlBody).not.toContain(file.key);
    }
    const owned = await database.db.select().from(uploads).where(eq(uploads.ownerId, id));
    expect(owned).toHaveLength(2);
  });

  it("stores null attachments when there are none", async () => {
    const input = contactInquirySchema.parse({ name: "A", email: "a@b.co", description: "Hi" });
    const { id } = await submitProjectInquiry(services(), input);
    const [row] = await database.db
      .select()
      .from(contactSubmissions)
      .where(eq(contactSubmissions.id, id));
    expect(row?.fileAttachments).toBeNull();
  });

  it("writes nothing when an attachment is unknown or already claimed", async () => {
    const file = await storeUpload({ db: database.db, storage }, "contact-attachment", {
      name: "a.pdf",
      bytes: pdfBytes(),
    });
    await claimUploads(database.db, "contact-uploads", [file.id], {
      table: "contact_submissions",
      id: "other",
    });
    const input = contactInquirySchema.parse({
      name: "A",
      email: "a@b.co",
      description: "Hi",
      attachments: [file.id],
    });
    await expect(submitProjectInquiry(services(), input)).rejects.toBeInstanceOf(
      AttachmentsUnavailableError,
    );
    const unknown = contactInquirySchema.parse({
      name: "A",
      email: "a@b.co",
      description: "Hi",
      attachments: [crypto.randomUUID()],
    });
    await expect(submitProjectInquiry(services(), unknown)).rejects.toBeInstanceOf(
      AttachmentsUnavailableError,
    );
    expect(await counts()).toMatchObject({ inquiries: 0, mails: 0 });
  });

  it("commits a wedding inquiry with its wedding fields", async () => {
    const input = weddingInquirySchema.parse({
      name: "Ana & Leo",
      email: "ana@example.com",
      wedding_date: "2027-06-12",
      location: "Ojai, CA",
      budget: "7500-12000",
      vision: "Golden hour vows, documentary style.",
    });
    const { id } = await submitWeddingInquiry(services(), input);
    const [row] = await database.db
      .select()
      .from(contactSubmissions)
      .where(eq(contactSubmissions.id, id));
    expect(row).toMatchObject({
      kind: "wedding",
      weddingDate: "2027-06-12",
      weddingLocation: "Ojai, CA",
      weddingBudget: "7500-12000",
      description: "Golden hour vows, documentary style.",
    });
    expect((await counts()).mails).toBe(2);
    const [ack] = await mailsTo("ana@example.com");
    expect(ack?.subject).toBe("We received your wedding inquiry");
    expect(ack?.textBody).toContain("Budget range: $7,500 – $12,000");
    expect(ack?.textBody).toContain("Wedding date: Jun 12, 2027");
  });

  it("acknowledges a project inquiry to the visitor: what they sent, labels, the promise, the booking link", async () => {
    const file = await storeUpload({ db: database.db, storage }, "contact-attachment", {
      name: "Brief <final>.pdf",
      bytes: pdfBytes(),
    });
    const input = contactInquirySchema.parse({
      name: "Kit <b>Marlowe</b>",
      email: "kit@example.com",
      service: "ads-media-buying",
      budget: "25k-50k",
      timeline: "1-month",
      description: "Paid social for a launch.",
      attachments: [file.id],
    });
    await submitProjectInquiry(services(), input);
    const [ack] = await mailsTo("kit@example.com");
    expect(ack).toMatchObject({
      subject: "We received your project inquiry",
      replyTo: "team@studio.test",
      kind: "contact-acknowledgement",
    });
    for (const part of [ack?.textBody, ack?.htmlBody]) {
      expect(part).toContain("Digital Growth Campaigns");
      expect(part).toContain("$25k – $50k");
      expect(part).toContain("Within a month");
      expect(part).toContain("Paid social for a launch.");
      expect(part).toContain("We will reply within 24 hours.");
      expect(part).toContain("https://calendly.test/northlight/call");
      expect(part).not.toContain("25k-50k");
      expect(part).not.toContain("/admin/");
    }
    expect(ack?.textBody).toContain("- Brief <final>.pdf");
    // What the visitor typed is text in the HTML part, never markup.
    expect(ack?.htmlBody).toContain("Brief &lt;final&gt;.pdf");
    expect(ack?.htmlBody).toContain("Hi Kit &lt;b&gt;Marlowe&lt;/b&gt;,");
    expect(ack?.htmlBody).not.toContain("<b>Marlowe");
  });

  it("commits a job application with its resume key and has_resume in the notification", async () => {
    const resume = await storeUpload({ db: database.db, storage }, "resume", {
      name: "cv.pdf",
      bytes: pdfBytes(),
    });
    const input = jobApplicationSchema.parse({
      name: "Sam Ortiz",
      email: "sam@example.com",
      position_title: "Video Editor",
      experience_years: "4",
    });
    const { id } = await submitJobApplication(services(), input, resume.id);
    const [row] = await database.db
      .select()
      .from(jobApplications)
      .where(eq(jobApplications.id, id));
    expect(row).toMatchObject({
      resumeUrl: resume.key,
      experienceYears: 4,
      remotePreference: "flexible",
      phone: null,
    });
    const [mail] = await mailsTo("team@studio.test");
    expect(mail?.textBody).toContain("Resume attached: yes (cv.pdf)");
    expect(mail?.textBody).toContain(`https://studio.test/admin/job-applications/${id}`);
    const [ack] = await mailsTo("sam@example.com");
    expect(ack).toMatchObject({
      subject: "We received your application",
      replyTo: "team@studio.test",
    });
    // SPEC's words for a sent application; no sales call and no 24-hour promise (issue #47 item
    // 18); without INTERVIEW_BOOKING_URL no link at all.
    expect(ack?.textBody).toContain("Thank you for your application! We'll be in touch soon.");
    expect(ack?.htmlBody).toContain("Thank you for your application! We&#39;ll be in touch soon.");
    for (const part of [ack?.textBody, ack?.htmlBody]) {
      expect(part).toContain("What you sent for the Video Editor role");
      expect(part).not.toContain("24 hours");
      expect(part).not.toContain("https://calendly.test/northlight/call");
      expect(part).not.toMatch(/book a call|discovery/i);
    }
    expect(ack?.htmlBody).not.toContain("<a ");
    expect(ack?.textBody).not.toContain("http");
    const interviewUrl = "https://cal.test/northlight/interview";
    const withoutResume = await submitJobApplication(
      { ...services(), interviewUrl },
      { ...input, email: "b@example.com" },
      null,
    );
    const [interview] = await mailsTo("b@example.com");
    expect(interview?.textBody).toContain(
      `Would you like to talk sooner? Pick a time for an interview: ${interviewUrl}`,
    );
    expect(interview?.htmlBody).toContain(`<a href="${interviewUrl}">`);
    expect(interview?.textBody).not.toContain("https://calendly.test/northlight/call");
    const [second] = await database.db
      .select()
      .from(jobApplications)
      .where(eq(jobApplications.id, withoutResume.id));
    expect(second?.resumeUrl).toBeNull();
  });

  it("deletes uploads nobody claimed within a day, and keeps claimed ones", async () => {
    const orphan = await storeUpload({ db: database.db, storage }, "contact-attachment", {
      name: "o.pdf",
      bytes: pdfBytes(),
    });
    const kept = await storeUpload({ db: database.db, storage }, "contact-attachment", {
      name: "k.pdf",
      bytes: pdfBytes(),
    });
    await claimUploads(database.db, "contact-uploads", [kept.id], {
      table: "contact_submissions",
      id: "x",
    });
    const soon = new Date(Date.now() + 60_000);
    expect(await deleteOrphanUploads({ db: database.db, storage }, { now: soon })).toBe(0);
    const tomorrow = new Date(Date.now() + 86_400_000 + 60_000);
    expect(await deleteOrphanUploads({ db: database.db, storage }, { now: tomorrow })).toBe(1);
    expect(await storedObject(storage, "contact-uploads", orphan.key)).toBeNull();
    expect(await storedObject(storage, "contact-uploads", kept.key)).not.toBeNull();
  });
});
