import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { notifications } from "@server/db/schema";
import {
  BACKOFF_BASE_MS,
  BACKOFF_MAX_MS,
  backoffMs,
  createMailTransport,
  createOutboxWorker,
  enqueueNotification,
  type MailTransport,
} from "@server/mail";
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testDrivers } from "../support/database";
import { type SmtpPeer, startSmtpPeer } from "../support/smtp-peer";

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
  let clock: Date;
  const now = () => clock;
  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  const transports: MailTransport[] = [];
  const smtpTransport = (port: number) => {
    const transport = createMailTransport({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      dataDir,
      from: FROM,
    });
    transports.push(transport);
    return transport;
  };
  const rowOf = async (id: string) => {
    const [row] = await database.db.select().from(notifications).where(eq(notifications.id, id));
    if (!row) throw new Error(`notification ${id} not found`);
    return row;
  };

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
    // Ahead of the database clock, so rows enqueued with its now() are due.
    clock = new Date(Date.now() + 5_000);
  });
  afterEach(async () => {
    for (const transport of transports.splice(0)) transport.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("delivers a queued notification over SMTP with its recipient, reply-to, subject and body", async () => {
    const { id } = await enqueueNotification(database.db, sample);
    const worker = createOutboxWorker({
      db: database.db,
      transport: smtpTransport(smtp.port),
      now,
    });

    expect(await worker.runOnce()).toEqual({ sent: 1, failed: 0 });

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
    expect(row.sentAt?.getTime()).toBe(clock.getTime());
    expect(row.attempts).toBe(0);
    expect(row.lastError).toBeNull();
    // Sent rows are never claimed again.
    expect(await worker.runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.messages).toHaveLength(1);
  });

  it("keeps a mail queued while SMTP is down and delivers it when SMTP is back", async () => {
    // A port with nothing listening: take a free one, then close its server.
    const down = await startSmtpPeer();
    const port = down.port;
    await down.close();
    const worker = createOutboxWorker({ db: database.db, transport: smtpTransport(port), now });
    const { id } = await enqueueNotification(database.db, sample);

    expect(await worker.runOnce()).toEqual({ sent: 0, failed: 1 });
    let row = await rowOf(id);
    expect(row.sentAt).toBeNull();
    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(row.nextAttemptAt.getTime()).toBe(clock.getTime() + backoffMs(1));

    // Backoff respected: nothing is due at the same time, nor just before the delay ends.
    expect(await worker.runOnce()).toEqual({ sent: 0, failed: 0 });
    advance(backoffMs(1) - 1_000);
    expect(await worker.runOnce()).toEqual({ sent: 0, failed: 0 });

    // Still down at the next try: the delay doubles.
    advance(1_000);
    expect(await worker.runOnce()).toEqual({ sent: 0, failed: 1 });
    row = await rowOf(id);
    expect(row.attempts).toBe(2);
    expect(row.nextAttemptAt.getTime()).toBe(clock.getTime() + backoffMs(2));

    // SMTP is back on the same port; once the backoff has passed the mail goes out, once.
    const back = await startSmtpPeer(port);
    try {
      advance(backoffMs(2) + 1_000);
      expect(await worker.runOnce()).toEqual({ sent: 1, failed: 0 });
      expect(await worker.runOnce()).toEqual({ sent: 0, failed: 0 });
      expect(back.messages).toHaveLength(1);
      expect(back.messages[0]?.recipients).toEqual([sample.recipient]);
      expect(parseMessage(back.messages[0]?.raw ?? "").headers.get("subject")).toBe(sample.subject);
      row = await rowOf(id);
      expect(row.sentAt?.getTime()).toBe(clock.getTime());
      expect(row.attempts).toBe(2);
    } finally {
      await back.close();
    }
  });

  it("never claims a row twice, even for concurrent workers", async () => {
    const { id } = await enqueueNotification(database.db, sample);
    const first = createOutboxWorker({ db: database.db, transport: smtpTransport(smtp.port), now });
    const second = createOutboxWorker({
      db: database.db,
      transport: smtpTransport(smtp.port),
      now,
    });

    const results = await Promise.all([first.runOnce(), second.runOnce()]);
    expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(1);
    expect(smtp.messages).toHaveLength(1);
    expect((await rowOf(id)).sentAt).not.toBeNull();

    // A backlog shared by three workers: every mail delivered exactly once.
    const ids = new Set<string>();
    for (let i = 0; i < 7; i++) {
      ids.add((await enqueueNotification(database.db, { ...sample, subject: `Inquiry ${i}` })).id);
    }
    const workers = [1, 2, 3].map(() =>
      createOutboxWorker({
        db: database.db,
        transport: smtpTransport(smtp.port),
        now,
        batchSize: 3,
      }),
    );
    let sent = 0;
    for (let round = 0; round < 5; round++) {
      const batch = await Promise.all(workers.map((w) => w.runOnce()));
      sent += batch.reduce((sum, r) => sum + r.sent, 0);
    }
    expect(sent).toBe(7);
    const delivered = smtp.messages
      .slice(1)
      .map((m) => parseMessage(m.raw).headers.get("message-id"));
    expect(new Set(delivered)).toEqual(new Set([...ids].map((i) => `<${i}@studio.test>`)));
    expect(delivered).toHaveLength(7);
  });

  // PGlite has a single connection, so only a server can hold a row lock from elsewhere.
  it.skipIf(driver !== "postgres")(
    "skips a row locked by another instance instead of waiting",
    async () => {
      const { id } = await enqueueNotification(database.db, sample);
      const other = new pg.Client({ connectionString: database.url });
      await other.connect();
      try {
        await other.query("begin");
        await other.query("select id from notifications where id = $1 for update", [id]);
        const worker = createOutboxWorker({
          db: database.db,
          transport: smtpTransport(smtp.port),
          now,
        });
        expect(await worker.runOnce()).toEqual({ sent: 0, failed: 0 });
        await other.query("rollback");
        expect(await worker.runOnce()).toEqual({ sent: 1, failed: 0 });
        expect(smtp.messages).toHaveLength(1);
      } finally {
        await other.end();
      }
    },
  );

  it("lets another worker take over a claim once its lease has expired", async () => {
    // A worker that claimed a row and then hung (as if its process died mid-send).
    let fail: (error: Error) => void = () => {};
    const hung: MailTransport = {
      kind: "smtp",
      send: () =>
        new Promise<void>((_, reject) => {
          fail = reject;
        }),
      close() {},
    };
    const leaseMs = 60_000;
    const { id } = await enqueueNotification(database.db, sample);
    const stuck = createOutboxWorker({ db: database.db, transport: hung, now, leaseMs });
    const stuckRun = stuck.runOnce();
    await expect
      .poll(async () => (await rowOf(id)).nextAttemptAt.getTime())
      .toBe(clock.getTime() + leaseMs);

    const other = createOutboxWorker({
      db: database.db,
      transport: smtpTransport(smtp.port),
      now,
      leaseMs,
    });
    advance(leaseMs - 1_000);
    expect(await other.runOnce()).toEqual({ sent: 0, failed: 0 });
    advance(1_000);
    expect(await other.runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(smtp.messages).toHaveLength(1);

    // The stale worker's late failure does not touch the row another worker already sent.
    fail(new Error("socket hang up"));
    expect(await stuckRun).toEqual({ sent: 0, failed: 1 });
    const row = await rowOf(id);
    expect(row.sentAt).not.toBeNull();
    expect(row.attempts).toBe(0);
    expect(row.lastError).toBeNull();
  });

  it("writes a complete .eml file under DATA_DIR/mail when no SMTP_URL is set", async () => {
    const transport = createMailTransport({ dataDir, from: FROM });
    transports.push(transport);
    expect(transport.kind).toBe("file");
    const { id } = await enqueueNotification(database.db, sample);
    const worker = createOutboxWorker({ db: database.db, transport, now });

    expect(await worker.runOnce()).toEqual({ sent: 1, failed: 0 });

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

  it("commits a notification with the caller's transaction, and rolls it back with it", async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueNotification(tx, sample);
        throw new Error("the submission failed");
      }),
    ).rejects.toThrow("the submission failed");
    expect(await database.db.select().from(notifications)).toHaveLength(0);

    await database.db.transaction(async (tx) => {
      await enqueueNotification(tx, sample);
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
  });

  it("rejects a notification without a recipient", async () => {
    await expect(enqueueNotification(database.db, { ...sample, recipient: "  " })).rejects.toThrow(
      /recipient/,
    );
  });

  it("polls once started, and stops cleanly", async () => {
    const worker = createOutboxWorker({ db: database.db, transport: smtpTransport(smtp.port) });
    await enqueueNotification(database.db, sample);
    worker.start(20);
    try {
      await expect.poll(() => smtp.messages.length, { timeout: 5_000 }).toBe(1);
    } finally {
      await worker.stop();
    }
    await enqueueNotification(database.db, { ...sample, subject: "After stop" });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(smtp.messages).toHaveLength(1);
  });
});

describe("backoffMs", () => {
  it("starts at 30 s, doubles, and is capped at one hour", () => {
    expect(BACKOFF_BASE_MS).toBe(30_000);
    expect(BACKOFF_MAX_MS).toBe(3_600_000);
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(backoffMs(7)).toBe(1_920_000);
    expect(backoffMs(8)).toBe(3_600_000);
    expect(backoffMs(1_000)).toBe(3_600_000);
    expect(backoffMs(0)).toBe(30_000);
    for (let attempts = 1; attempts < 60; attempts++) {
      expect(backoffMs(attempts + 1)).toBeGreaterThanOrEqual(backoffMs(attempts));
      expect(backoffMs(attempts)).toBeLessThanOrEqual(BACKOFF_MAX_MS);
    }
  });
});
