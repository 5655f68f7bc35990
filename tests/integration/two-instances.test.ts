import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { CONTENT_CACHE_TTL_MS } from "@server/caches";
import { startContentChangeFeed } from "@server/content/change-feed";
import { publishDue } from "@server/content/workflow/scheduled-publishing";
import {
  blogPosts,
  contactSubmissions,
  contentRevisions,
  jobApplications,
  notifications,
  testimonials,
} from "@server/db/schema";
import { deriveKeys } from "@server/keys";
import { LocalStorage } from "@server/storage";
import { and, eq, isNull } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toZonedInput } from "~/lib/studio-time";
import { RESUME_BYTES, TEST_ADMIN } from "../support/admin-data";
import {
  type AdminServer,
  hasBuild,
  signInCookie,
  startAdminServer,
} from "../support/admin-server";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { pdfBytes } from "../support/files";
import { type S3Peer, startS3Peer } from "../support/s3rver";
import { type SmtpPeer, startSmtpPeer } from "../support/smtp-peer";
import { waitFor } from "../support/wait";

/**
 * Two production servers (`node server.js`, the build) behind an imaginary load balancer: one
 * fresh PostgreSQL database, one S3 peer (s3rver), one SMTP peer, the same AUTH_SECRET. What one
 * instance does, the other sees (issue #13; decisions 0170 to 0172). Every wait polls a condition
 * with a deadline: the machine may be busy.
 */

const AUTH_SECRET = "two-instances-share-this-secret-of-32-chars-or-more";
const SUBMISSION_LIMIT = 3;

describe.runIf(hasBuild() && process.env.TEST_DATABASE_URL)("two instances on one database", () => {
  let database: TestDatabase;
  let s3: S3Peer;
  let smtp: SmtpPeer;
  let a: AdminServer;
  let b: AdminServer;

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    s3 = await startS3Peer("two-instances");
    smtp = await startSmtpPeer();
    const env = {
      AUTH_SECRET,
      STORAGE_DRIVER: "s3",
      ...s3.env,
      S3_BUCKET_PREFIX: "two-",
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      // Both instances work the mail queue: each mail must still go out once.
      JOBS_WORK: "on",
      SUBMISSION_RATE_LIMIT: String(SUBMISSION_LIMIT),
    };
    // A prepares the database (migrations, the demo content, the test admin); B starts on it.
    a = await startAdminServer({ databaseUrl: database.url, seed: true, env });
    b = await startAdminServer({ databaseUrl: database.url, env });
  }, 300_000);

  afterAll(async () => {
    await Promise.all([a?.dispose(), b?.dispose()]);
    await smtp?.close();
    await s3?.close();
    await database?.destroy();
  });

  const page = async (server: AdminServer, pathname: string, cookie?: string) => {
    const response = await fetch(`${server.baseURL}${pathname}`, {
      headers: cookie ? { cookie } : {},
      redirect: "manual",
    });
    return { status: response.status, text: await response.text() };
  };
  /** A visitor's form post from `ip` (loopback is a trusted proxy: X-Forwarded-For is used). */
  const visitorPost = (server: AdminServer, pathname: string, body: FormData, ip: string) =>
    fetch(`${server.baseURL}${pathname}`, {
      method: "POST",
      body,
      headers: { origin: server.baseURL, "x-forwarded-for": ip },
      redirect: "manual",
    });
  const formOf = (fields: Record<string, string | string[]>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) {
      for (const v of Array.isArray(value) ? value : [value]) form.append(name, v);
    }
    return form;
  };

  it("shows an admin's edit on A in B's next responses, well before B's cache would expire", async () => {
    const db = database.db;
    const featured = await db
      .select()
      .from(testimonials)
      .where(and(eq(testimonials.status, "published"), eq(testimonials.isFeatured, true)));
    // Signed in first: a password hash on a busy machine must not eat into B's cache lifetime.
    const cookie = await signInCookie(a.baseURL, TEST_ADMIN);
    // B renders (and caches) its home page; pick a testimonial it shows.
    const warmedAt = Date.now();
    const before = await page(b, "/");
    expect(before.status).toBe(200);
    const shown = featured.find((row) => before.text.includes(row.author));
    if (!shown) throw new Error("no featured testimonial on the home page");
    const quote = `Two instances, one truth ${Date.now()}`;
    expect(before.text).not.toContain(quote);

    const edit = await fetch(`${a.baseURL}/admin/testimonials/${shown.id}/edit`, {
      method: "POST",
      headers: { cookie, origin: a.baseURL },
      body: new URLSearchParams({
        quote,
        author: shown.author,
        role: shown.role ?? "",
        company: shown.company ?? "",
        rating: String(shown.rating),
        status: "published",
        isFeatured: "on",
      }),
      redirect: "manual",
    });
    expect(edit.status).toBe(302);
    await waitFor(async () => (await page(b, "/")).text.includes(quote), "B to show the edit");
    // Within B's cache lifetime: B heard of the write (NOTIFY), it did not wait for expiry.
    expect(Date.now() - warmedAt).toBeLessThan(CONTENT_CACHE_TTL_MS);
    expect((await page(a, "/")).text).toContain(quote);
  });

  it("accepts a session made on A on B", async () => {
    const cookie = await signInCookie(a.baseURL, TEST_ADMIN);
    const onB = await page(b, "/admin", cookie);
    expect(onB.status).toBe(200);
    expect(onB.text).toContain("Inquiries");
    // Without it, B sends a visitor to the sign-in page.
    expect((await page(b, "/admin")).status).toBe(302);
  });

  it("opens a resume link signed on A, for an application sent to B (S3: the link is S3's)", async () => {
    const email = "applicant@two-instances.test";
    const form = formOf({ name: "Sam Two", email, position_title: "Producer" });
    form.append("resume", new File([new Uint8Array(RESUME_BYTES)], "resume.pdf"));
    const sent = await visitorPost(b, "/careers", form, "198.51.100.77");
    expect(sent.status).toBe(200);
    const [application] = await database.db
      .select({ id: jobApplications.id })
      .from(jobApplications)
      .where(eq(jobApplications.email, email));
    expect(application).toBeDefined();
    const cookie = await signInCookie(b.baseURL, TEST_ADMIN);
    const linkFrom = async (server: AdminServer) => {
      const response = await fetch(
        `${server.baseURL}/admin/job-applications/${application?.id}/resume`,
        { headers: { cookie, accept: "application/json" } },
      );
      expect(response.status).toBe(200);
      return ((await response.json()) as { url: string }).url;
    };
    const signedOnA = await linkFrom(a);
    expect(signedOnA).toContain("X-Amz-Signature=");
    const opened = await fetch(signedOnA);
    expect(opened.status).toBe(200);
    expect(Buffer.from(await opened.arrayBuffer())).toEqual(RESUME_BYTES);
    // B signs its own link to the same object.
    expect((await fetch(await linkFrom(b))).status).toBe(200);
  });

  it("with local storage, a /files link signed by one instance verifies on another (same AUTH_SECRET)", async () => {
    const keys = deriveKeys(AUTH_SECRET);
    const dirs = [
      await mkdtemp(path.join(os.tmpdir(), "two-a-")),
      await mkdtemp(path.join(os.tmpdir(), "two-b-")),
    ];
    try {
      const [onA, onB] = dirs.map(
        (directory) => new LocalStorage({ directory, secret: keys.storageLinks }),
      );
      const url = new URL(
        (await onA?.signedUrl("job-applications", "resumes/1_ab.pdf", { expiresInSeconds: 60 })) ??
          "",
        "http://x",
      );
      expect(onB?.verifySignature("job-applications", "resumes/1_ab.pdf", url.searchParams)).toBe(
        true,
      );
      const other = new LocalStorage({
        directory: dirs[1] ?? "",
        secret: deriveKeys(`${AUTH_SECRET}!`).storageLinks,
      });
      expect(other.verifySignature("job-applications", "resumes/1_ab.pdf", url.searchParams)).toBe(
        false,
      );
    } finally {
      for (const dir of dirs) await rm(dir, { recursive: true, force: true });
    }
  });

  it("serves through B an attachment uploaded through A; 3 submissions per IP across both; one mail each", async () => {
    const ip = "203.0.113.33";
    const upload = new FormData();
    upload.append("files", new File([new Uint8Array(pdfBytes())], "brief.pdf"));
    const uploaded = await visitorPost(a, "/uploads/contact-attachments", upload, ip);
    expect(uploaded.status).toBe(201);
    const { files } = (await uploaded.json()) as { files: { id: string }[] };
    const contact = (n: number, extra: Record<string, string> = {}) =>
      formOf({
        name: `Visitor ${n}`,
        email: `visitor${n}@two-instances.test`,
        description: "A launch film.",
        ...extra,
      });

    // The inquiry claiming A's upload is sent to B; then A, then B: the limit's 3.
    const statuses = [
      (await visitorPost(b, "/contact", contact(1, { attachments: files[0]?.id ?? "" }), ip))
        .status,
      (await visitorPost(a, "/contact", contact(2), ip)).status,
      (await visitorPost(b, "/contact", contact(3), ip)).status,
      // The 4th is refused on either instance.
      (await visitorPost(a, "/contact", contact(4), ip)).status,
      (await visitorPost(b, "/contact", contact(5), ip)).status,
    ];
    expect(statuses).toEqual([200, 200, 200, 429, 429]);

    const [inquiry] = await database.db
      .select({ id: contactSubmissions.id, files: contactSubmissions.fileAttachments })
      .from(contactSubmissions)
      .where(eq(contactSubmissions.email, "visitor1@two-instances.test"));
    // The inquiry keeps its file's key; B's admin route signs a link, S3 holds the bytes A stored.
    expect(inquiry?.files).toEqual([expect.stringMatching(/^inquiries\/\d+_[0-9a-f]{16}\.pdf$/)]);
    const signed = await fetch(`${b.baseURL}/admin/inquiries/${inquiry?.id}/attachments/0`, {
      headers: { cookie: await signInCookie(b.baseURL, TEST_ADMIN), accept: "application/json" },
    });
    expect(signed.status).toBe(200);
    const served = await fetch(new URL(((await signed.json()) as { url: string }).url));
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(Buffer.from(pdfBytes()));

    // Every mail (the three inquiries and the application above, each a staff notification and
    // the visitor's acknowledgement) is sent once, though both instances' workers poll the outbox.
    const rows = await database.db.select({ id: notifications.id }).from(notifications);
    await waitFor(
      async () =>
        (await database.db.select().from(notifications).where(isNull(notifications.sentAt)))
          .length === 0,
      "the outbox to empty",
    );
    // Every send finished before its row was marked sent: what arrived is all there will be.
    expect(rows.length).toBe(8);
    expect(smtp.messages).toHaveLength(rows.length);
  });

  it("publishes a scheduled post once at the test's clock; both instances' caches drop the old version", async () => {
    const cookie = await signInCookie(a.baseURL, TEST_ADMIN);
    const editorPost = (pathname: string, fields: Record<string, string>) =>
      fetch(`${a.baseURL}${pathname}`, {
        method: "POST",
        headers: { cookie, origin: a.baseURL },
        body: new URLSearchParams(fields),
        redirect: "manual",
      });
    const fields = { title: "Scheduled Twice", content: "<p>The live words.</p>" };
    expect((await editorPost("/admin/blog/new", { ...fields, workflow: "publish" })).status).toBe(
      302,
    );
    const [post] = await database.db
      .select()
      .from(blogPosts)
      .where(eq(blogPosts.title, "Scheduled Twice"));
    if (!post) throw new Error("the post was not published");
    // An hour ahead: neither instance's own scheduler (the real clock) publishes it.
    const at = new Date(Date.now() + 60 * 60 * 1000);
    const scheduled = await editorPost(`/admin/blog/edit/${post.id}`, {
      ...fields,
      content: "<p>The scheduled words.</p>",
      excerpt: "The scheduled excerpt.",
      workflow: "schedule",
      publishAt: toZonedInput(at, "America/Los_Angeles"),
    });
    expect(scheduled.status).toBe(302);

    // Both instances render (and cache) the live version.
    const path = `/blog/${post.slug}`;
    for (const server of [a, b]) {
      expect((await page(server, path)).text).toContain("The live words.");
      expect((await page(server, "/blog/rss.xml")).text).not.toContain("The scheduled excerpt.");
    }
    // The test's own handle reports its changes on the change feed, as an instance does.
    const feed = await startContentChangeFeed({
      url: database.url ?? "",
      pool: database.pool as NonNullable<typeof database.pool>,
      caches: database.caches,
      logger: pino({ level: "silent" }),
    });
    try {
      await feed.listening();
      const publishedAt = Date.now();
      // Two workers racing at a clock past its time: it goes live once.
      const counts = await Promise.all([
        publishDue(database.db, "http://127.0.0.1", new Date(at.getTime() + 1000)),
        publishDue(database.db, "http://127.0.0.1", new Date(at.getTime() + 1000)),
      ]);
      expect(counts.reduce((sum, n) => sum + n, 0)).toBe(1);
      for (const server of [a, b]) {
        await waitFor(
          async () => (await page(server, path)).text.includes("The scheduled words."),
          "each instance to show the scheduled version",
        );
        await waitFor(
          async () => (await page(server, "/blog/rss.xml")).text.includes("The scheduled excerpt."),
          "each instance's RSS to show it",
        );
      }
      // Heard on the feed, not waited out: well within the caches' lifetime.
      expect(Date.now() - publishedAt).toBeLessThan(CONTENT_CACHE_TTL_MS);
      const published = await database.db
        .select()
        .from(contentRevisions)
        .where(and(eq(contentRevisions.entityId, post.id), eq(contentRevisions.kind, "published")));
      expect(published).toHaveLength(2);
    } finally {
      await feed.close();
    }
  });
});
