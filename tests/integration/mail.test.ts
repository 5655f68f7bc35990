import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { notifications } from "@server/db/schema";
import { createJobEngine, type JobEngine } from "@server/jobs/engine";
import { createLogger } from "@server/logger";
import {
  createMailTransport,
  deliverMailJob,
  enqueueNotification,
  type MailTransport,
  queueUnsentMail,
} from "@server/mail";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testDrivers } from "../support/database";
import { type SmtpPeer, startSmtpPeer } from "../support/smtp-peer";
import { waitFor } from "../support/wait";

/**
 * The outbox (decision 0493): a notification row and its delivery job, committed together; the
 * job sends the mail through the transport, pg-boss retries a failure with backoff, and the row
 * says whether the mail went out, so it goes out once.
 */

const logger = createLogger("silent");
/** The delivery job with retries seconds apart instead of minutes: the same handler, a test's pace. */
const quickRetries = {
  ...deliverMailJob,
  queue: { ...deliverMailJob.queue, retryDelay: 1, retryDelayMax: 2 },
  pollSeconds: 0.5,
};

const FROM = "Studio Website <website@studio.test>";

/** Headers (unfolded, names lower-cased) and body of an RFC 822 message with CRLF line ends. */
function parseMessage(raw: string): { headers: Map<string, string>; body: string } {
  const split = raw.indexOf("\r\n\r\n");
  expect(split).toBeGreaterThan(0);
  const headers = new Map<string, string>();
  for (const line of raw
    .slice(0, split)
    .replace(/\r\n[ \t]+/g, " ")
    .split("\r\n")) {
    const colon = line.indexOf(":");
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: raw.slice(split + 4).replace(/\r\n/g, "\n") };
}

const sample = {
  kind: "contact_submission",
  recipient: "studio@example.com",
  replyTo: "visitor@example.org",
  subject: "New inquiry from Ada Lovelace",
  text: "Ada Lovelace wrote:\nWe need a brand film.",
  html: "<p>Ada Lovelace wrote:</p><p>We need a brand film.</p>",
};

describe.each(testDrivers)("mail outbox on %s", (driver) => {
  let database: TestDatabase;
  let smtp: SmtpPeer;
  let dataDir: string;
  const transports: MailTransport[] = [];
  const engines: JobEngine[] = [];
  const smtpTransport = (port: number) => {
    const transport = createMailTransport({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      dataDir,
      from: FROM,
    });
    transports.push(transport);
    return transport;
  };
  /** An engine delivering through `transport`: working (polling), or run by hand (`runDue`). */
  const engineWith = async (
    transport: MailTransport,
    options: { work?: boolean; type?: typeof deliverMailJob } = {},
  ) => {
    const engine = createJobEngine({
      database,
      logger,
      types: [options.type ?? deliverMailJob],
      services: () => ({ database, mail: { transport }, logger }),
      work: options.work ?? false,
    });
    engines.push(engine);
    await engine.start();
    return engine;
  };
  const rowOf = async (id: string) => {
    const [row] = await database.db.select().from(notifications).where(eq(notifications.id, id));
    if (!row) throw new Error(`notification ${id} not found`);
    return row;
  };
  const jobOf = (engine: JobEngine, id: string) => engine.boss.getJobById(deliverMailJob.name, id);

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    smtp = await startSmtpPeer();
  });
  afterAll(async () => {
    await smtp?.close();
    await database?.destroy();
  });
  beforeEach(async () => {
    await database.db.delete(notifications);
    smtp.messages.length = 0;
    dataDir = await mkdtemp(path.join(tmpdir(), "mail-test-"));
  });
  afterEach(async () => {
    for (const engine of engines.splice(0)) await engine.stop();
    for (const transport of transports.splice(0)) transport.close();
    // Each test starts from an empty queue.
    const cleaner = await engineWith(createMailTransport({ dataDir, from: FROM }));
    await cleaner.boss.deleteAllJobs(deliverMailJob.name);
    await cleaner.stop();
    engines.splice(0);
    await rm(dataDir, { recursive: true, force: true });
  });

  it("delivers a queued notification over SMTP with its recipient, reply-to, subject and body", async () => {
    const engine = await engineWith(smtpTransport(smtp.port));
    const { id } = await enqueueNotification(database.db, engine, sample);
    expect(await engine.runDue(deliverMailJob)).toEqual({ completed: 1, failed: 0 });

    expect(smtp.messages).toHaveLength(1);
    const [mail] = smtp.messages;
    expect(mail?.recipients).toEqual(["studio@example.com"]);
    const { headers, body } = parseMessage(mail?.raw ?? "");
    expect(headers.get("to")).toBe("studio@example.com");
    expect(headers.get("reply-to")).toBe("visitor@example.org");
    expect(headers.get("from")).toBe(FROM);
    expect(headers.get("subject")).toBe(sample.subject);
    // Stable Message-ID from the notification id: a resend is recognisable.
    expect(headers.get("message-id")).toBe(`<${id}@studio.test>`);
    expect(body).toContain(sample.text);
    expect(body).toContain(sample.html);

    const row = await rowOf(id);
    expect(row.sentAt).not.toBeNull();
    expect(row.attempts).toBe(0);
    expect(row.lastError).toBeNull();
    expect((await jobOf(engine, id))?.state).toBe("completed");
    // The job is done; one sent again for the same mail finds it sent and sends nothing.
    expect(await engine.runDue(deliverMailJob)).toEqual({ completed: 0, failed: 0 });
    await engine.send(deliverMailJob, { notificationId: id });
    expect(await engine.runDue(deliverMailJob)).toEqual({ completed: 1, failed: 0 });
    expect(smtp.messages).toHaveLength(1);
  });

  it("retries with backoff while SMTP is down and delivers exactly once when it is back", async () => {
    // A port with nothing listening: take a free one, then close its server.
    const down = await startSmtpPeer();
    const port = down.port;
    await down.close();
    const engine = await engineWith(smtpTransport(port), { work: true, type: quickRetries });
    const { id } = await enqueueNotification(database.db, engine, sample);

    const failing = await waitFor(async () => {
      const row = await rowOf(id);
      return row.attempts >= 2 ? row : null;
    }, "two failed attempts");
    expect(failing.sentAt).toBeNull();
    expect(failing.lastError).toMatch(/ECONNREFUSED|connect/i);
    const retrying = await jobOf(engine, id);
    expect(retrying?.state).toMatch(/^(retry|active)$/);
    expect(retrying?.retryCount).toBeGreaterThanOrEqual(1);

    // SMTP is back on the same port; at the next try the mail goes out, once.
    const back = await startSmtpPeer(port);
    try {
      const done = await waitFor(async () => {
        const job = await jobOf(engine, id);
        return job?.state === "completed" ? job : null;
      }, "the delivery job to complete");
      expect(done.retryCount).toBeGreaterThanOrEqual(2);
      expect(back.messages).toHaveLength(1);
      expect(back.messages[0]?.recipients).toEqual([sample.recipient]);
      expect(parseMessage(back.messages[0]?.raw ?? "").headers.get("subject")).toBe(sample.subject);
      expect((await rowOf(id)).sentAt).not.toBeNull();
    } finally {
      await back.close();
    }
  });

  it("retries for about two days, 30 s doubling to an hour apart, then keeps the failure", async () => {
    const engine = await engineWith(smtpTransport(smtp.port));
    const queue = await engine.boss.getQueue(deliverMailJob.name);
    expect(queue).toMatchObject({
      retryLimit: 40,
      retryDelay: 30,
      retryBackoff: true,
      retryDelayMax: 3_600,
      expireInSeconds: 120,
    });
  });

  it("delivers each mail once while two working instances race for them", async () => {
    const first = await engineWith(smtpTransport(smtp.port), { work: true });
    await engineWith(smtpTransport(smtp.port), { work: true });
    const ids = new Set<string>();
    for (let i = 0; i < 8; i++) {
      ids.add(
        (await enqueueNotification(database.db, first, { ...sample, subject: `Inquiry ${i}` })).id,
      );
    }
    await waitFor(async () => {
      const rows = await database.db.select().from(notifications);
      return rows.every((row) => row.sentAt !== null);
    }, "every mail sent");
    const delivered = smtp.messages.map((m) => parseMessage(m.raw).headers.get("message-id"));
    expect(delivered).toHaveLength(8);
    expect(new Set(delivered)).toEqual(new Set([...ids].map((i) => `<${i}@studio.test>`)));
  });

  it("writes a complete .eml file under DATA_DIR/mail when no SMTP_URL is set", async () => {
    const transport = createMailTransport({ dataDir, from: FROM });
    transports.push(transport);
    expect(transport.kind).toBe("file");
    const engine = await engineWith(transport);
    const { id } = await enqueueNotification(database.db, engine, sample);
    expect(await engine.runDue(deliverMailJob)).toEqual({ completed: 1, failed: 0 });

    const files = await readdir(path.join(dataDir, "mail"));
    expect(files).toHaveLength(1); // no temp file left behind
    const [file] = files;
    expect(file).toMatch(new RegExp(`^\\d{4}-\\d{2}-\\d{2}T[\\d-]+Z-${id}\\.eml$`));
    const raw = await readFile(path.join(dataDir, "mail", file ?? ""), "utf8");
    const { headers, body } = parseMessage(raw);
    expect(headers.get("to")).toBe(sample.recipient);
    expect(headers.get("reply-to")).toBe(sample.replyTo);
    expect(headers.get("subject")).toBe(sample.subject);
    expect(headers.get("message-id")).toBe(`<${id}@studio.test>`);
    expect(headers.get("mime-version")).toBe("1.0");
    expect(headers.get("date")).toBeTruthy();
    expect(body).toContain(sample.text);
    expect((await rowOf(id)).sentAt).not.toBeNull();
  });

  it("commits a notification and its job with the caller's transaction, and rolls both back", async () => {
    const engine = await engineWith(smtpTransport(smtp.port));
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueNotification(tx, engine, sample);
        throw new Error("the submission failed");
      }),
    ).rejects.toThrow("the submission failed");
    expect(await database.db.select().from(notifications)).toHaveLength(0);
    expect(await engine.boss.findJobs(deliverMailJob.name)).toHaveLength(0);

    await database.db.transaction(async (tx) => {
      await enqueueNotification(tx, engine, sample);
    });
    const rows = await database.db.select().from(notifications);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: sample.kind,
      recipient: sample.recipient,
      replyTo: sample.replyTo,
      subject: sample.subject,
      textBody: sample.text,
      htmlBody: sample.html,
      attempts: 0,
      sentAt: null,
    });
    const jobs = await engine.boss.findJobs(deliverMailJob.name);
    expect(jobs.map((job) => job.id)).toEqual([rows[0]?.id]);
  });

  it("gives unsent mail without a job one at start, and only once", async () => {
    const engine = await engineWith(smtpTransport(smtp.port));
    // As stored before the engine, or restored from an archive: a row, no job.
    const [row] = await database.db
      .insert(notifications)
      .values({ kind: "x", recipient: "a@studio.test", subject: "Stored", textBody: "Hello" })
      .returning();
    expect(await queueUnsentMail(database.db, engine)).toBe(1);
    expect(await queueUnsentMail(database.db, engine)).toBe(0);
    expect(await engine.runDue(deliverMailJob)).toEqual({ completed: 1, failed: 0 });
    expect(smtp.messages).toHaveLength(1);
    expect((await rowOf(row?.id ?? "")).sentAt).not.toBeNull();
    expect(await queueUnsentMail(database.db, engine)).toBe(0);
  });

  it("rejects a notification without a recipient", async () => {
    const engine = await engineWith(smtpTransport(smtp.port));
    await expect(
      enqueueNotification(database.db, engine, { ...sample, recipient: "  " }),
    ).rejects.toThrow(/recipient/);
  });
});
