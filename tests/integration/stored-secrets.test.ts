import { createHash, randomUUID } from "node:crypto";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import {
  type BackupManifest,
  restoreBackupArchive,
  writeBackupArchive,
} from "@server/backup/archive";
import { writeGzipFile } from "@server/backup/archive/gzip-frame";
import { signManifest } from "@server/backup/archive/manifest";
import { migrateTo, migrateWith, readJournal } from "@server/backup/archive/migrations";
import { MIGRATIONS_FOLDER } from "@server/db/client";
import { notifications, visitSalts } from "@server/db/schema";
import { createMailTransport } from "@server/mail";
import type { Runtime } from "@server/runtime";
import { peekSingleUseToken } from "@server/security/single-use-links";
import { inviteStaff } from "@server/staff/accounts";
import { requestPasswordReset } from "@server/staff/password-links";
import { mailUnlockLink } from "@server/staff/unlock";
import { rotateSalt } from "@server/visits/salt";
import { visitIdOf } from "@server/visits/view-rules";
import { isNull } from "drizzle-orm";
import { create as createTar, extract as extractTar } from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as setPasswordLoader } from "~/routes/admin/set-password";
import { TEST_ADMIN, TEST_EDITOR } from "../support/admin-data";
import { callRoute, createTestRuntime, SITE, type TestRuntime } from "../support/admin-runtime";
import { ARCHIVE_KEY, openTestStorage, type TestStorage } from "../support/backup-site";
import { createTestDatabase, type TestDatabase, testDrivers } from "../support/database";
import { deliverQueuedMail } from "../support/jobs";

/**
 * Issue 47 items 2 and 9 (decisions 0440, 0441): no live link in stored mail, and no visit salt
 * in a backup. A sent mail's outbox row opens nothing; an archive holds neither a link's token
 * (its bytes searched, and every link-like value in it tried) nor the day's salt; a restore sends
 * no mail of the archive and makes a new salt.
 */

/** The single-use tokens of the links in `text` (the form `singleUseLink` writes). */
const tokensIn = (text: string) =>
  [...text.matchAll(/[?&;]token=([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/g)].map((m) => m[1] ?? "");
/** Every value given to a `token` parameter in `text`, whatever its form. */
const tokenValuesIn = (text: string) =>
  [...text.matchAll(/token=([^\s"&<>\\]+)/g)].map((m) => m[1] ?? "");

const ACTOR = { id: null, email: "admin@admin-tests.test", ip: null };

describe.each(testDrivers)("stored secrets on %s", (driver) => {
  let t: TestRuntime;
  let mailDir: string;
  const cleanups: (() => Promise<unknown>)[] = [];

  beforeAll(async () => {
    t = await createTestRuntime(driver);
    mailDir = await mkdtemp(path.join(os.tmpdir(), "stored-secrets-mail-"));
    cleanups.push(
      () => t.close(),
      () => rm(mailDir, { recursive: true, force: true }),
    );
  }, 60_000);
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  });

  const db = () => t.runtime.database.db;
  const sendAll = async () => {
    const transport = createMailTransport({ dataDir: mailDir, from: "Studio <web@studio.test>" });
    try {
      await deliverQueuedMail(t.runtime, transport);
    } finally {
      transport.close();
    }
  };
  /** The tokens of every mail delivered so far (the .eml files of the file transport). */
  const deliveredTokens = async () => {
    const folder = path.join(mailDir, "mail");
    const names = await readdir(folder).catch(() => []);
    const texts = await Promise.all(names.map((name) => readFile(path.join(folder, name), "utf8")));
    // The bodies are quoted-printable: soft line breaks joined, "=3D" read as "=".
    const decoded = texts.map((text) =>
      text
        .replace(/=\r\n/g, "")
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
          String.fromCharCode(Number.parseInt(hex, 16)),
        ),
    );
    return decoded.flatMap(tokensIn);
  };
  /** Whether a token opens anything: the set-password page, or the unlock. */
  const opens = async (token: string, runtime: Runtime = t.runtime) => {
    const page = (await callRoute(
      setPasswordLoader,
      runtime,
      `/admin/set-password?token=${encodeURIComponent(token)}`,
    )) as { init?: { status?: number }; data?: { link: unknown } } | { link: unknown };
    const link = "data" in page ? page.data?.link : "link" in page ? page.link : null;
    const unlock = await peekSingleUseToken(runtime.database.db, ["sign-in-unlock"], token);
    return Boolean(link) || unlock !== null;
  };

  it("keeps no usable token in a sent mail's stored row", async () => {
    await db().delete(notifications);
    await requestPasswordReset(t.runtime, TEST_ADMIN.email);
    await inviteStaff(t.runtime, ACTOR, { email: "new-hire@admin-tests.test", role: "editor" });
    await mailUnlockLink(t.runtime, TEST_EDITOR.email);
    const pending = await db().select().from(notifications);
    expect(pending.map((row) => row.kind).sort()).toEqual([
      "password-reset",
      "sign-in-locked",
      "staff-invitation",
    ]);
    // Unsent, each row carries its link (the worker sends it from there).
    const queued = pending.flatMap((row) => tokensIn(row.textBody));
    expect(queued).toHaveLength(3);
    for (const token of queued) expect(await opens(token)).toBe(true);

    await sendAll();
    const delivered = await deliveredTokens();
    expect(delivered.sort()).toEqual([...queued].sort());
    const sent = await db().select().from(notifications);
    expect(sent.every((row) => row.sentAt !== null)).toBe(true);
    const stored = JSON.stringify(sent);
    for (const token of delivered) expect(stored).not.toContain(token);
    expect(tokensIn(stored)).toEqual([]);
    // What the rows still hold where the links were opens nothing; the mailed links still work.
    const leftovers = tokenValuesIn(sent.map((row) => row.textBody).join("\n"));
    expect(leftovers).toHaveLength(3);
    for (const value of leftovers) expect(await opens(value)).toBe(false);
    for (const token of delivered) expect(await opens(token)).toBe(true);
  }, 60_000);

  /** A backup of the site as it is. */
  const writeArchive = async () => {
    const directory = await mkdtemp(path.join(os.tmpdir(), "stored-secrets-archive-"));
    cleanups.push(() => rm(directory, { recursive: true, force: true }));
    return writeBackupArchive(
      { database: t.runtime.database, storage: t.runtime.storage },
      { directory, archiveKey: ARCHIVE_KEY },
    );
  };
  /** The archive restored into a fresh site: its database, and a runtime serving it. */
  const restore = async (file: string) => {
    const target: { database: TestDatabase; storage: TestStorage } = {
      database: await createTestDatabase(driver, { migrate: driver === "postgres" }),
      storage: await openTestStorage("local"),
    };
    cleanups.push(
      () => target.database.destroy(),
      () => target.storage.close(),
    );
    await restoreBackupArchive(
      file,
      { database: target.database, storage: target.storage.storage },
      { archiveKey: ARCHIVE_KEY },
    );
    const restored = { ...t.runtime, database: target.database } satisfies Runtime;
    return { target: target.database, restored };
  };
  /** A backup of the site as it is, its bytes unpacked from gzip, and the site restored from it. */
  const archiveAndRestore = async () => {
    const archive = await writeArchive();
    // The tar inside: every table's rows in clear.
    const bytes = gunzipSync(await readFile(archive.path)).toString("latin1");
    return { archive, bytes, ...(await restore(archive.path)) };
  };

  it("writes no usable link token into an archive, and restores no mail to send", async () => {
    await db().delete(notifications);
    await rm(path.join(mailDir, "mail"), { recursive: true, force: true });
    // One mail sent before the backup, one still waiting in the outbox when it is taken.
    await requestPasswordReset(t.runtime, TEST_ADMIN.email);
    await sendAll();
    const [sentToken] = await deliveredTokens();
    await inviteStaff(t.runtime, ACTOR, { email: "second-hire@admin-tests.test", role: "editor" });
    const [waiting] = await db().select().from(notifications).where(isNull(notifications.sentAt));
    const pendingToken = tokensIn(waiting?.textBody ?? "")[0];
    if (!sentToken || !pendingToken) throw new Error("no links were mailed");
    expect(await opens(sentToken)).toBe(true);
    expect(await opens(pendingToken)).toBe(true);

    const { archive, bytes, target, restored } = await archiveAndRestore();
    expect(bytes).toContain("db/notifications.jsonl");
    for (const token of [sentToken, pendingToken]) expect(bytes).not.toContain(token);
    expect(tokensIn(bytes)).toEqual([]);
    // Whatever the archive gives a link's token opens nothing, on the site or on its restored copy.
    const values = tokenValuesIn(bytes);
    for (const value of values) {
      expect(await opens(value)).toBe(false);
      expect(await opens(value, restored)).toBe(false);
    }
    // The sent mail is kept without its body; the unsent one is not kept.
    expect(archive.manifest.tables.notifications?.rows).toBe(1);
    const mails = await target.db.select().from(notifications);
    expect(mails.map((row) => [row.kind, row.sentAt !== null, row.textBody, row.htmlBody])).toEqual(
      [["password-reset", true, "", null]],
    );
  }, 120_000);

  it("writes no visit salt into an archive, and a restore makes a new salt", async () => {
    const salt = (await rotateSalt(db())).toString("hex");
    const { archive, bytes, target } = await archiveAndRestore();
    expect(bytes).toContain("db/visit_salts.jsonl");
    expect(bytes).not.toContain(salt);
    expect(archive.manifest.tables.visit_salts?.rows).toBe(0);

    const salts = await target.db.select().from(visitSalts);
    expect(salts).toHaveLength(1);
    expect(salts[0]?.salt).toMatch(/^[0-9a-f]{64}$/);
    expect(salts[0]?.salt).not.toBe(salt);
    // The restored site's visit ids are made with that new salt: the same visitor, another id.
    const used = await rotateSalt(target.db);
    expect(used.toString("hex")).toBe(salts[0]?.salt);
    const visitor = {
      ip: "203.0.113.9",
      userAgent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0",
    };
    expect(visitIdOf(used, SITE, visitor)).not.toBe(
      visitIdOf(Buffer.from(salt, "hex"), SITE, visitor),
    );
  }, 120_000);

  it("restores an archive written before the rule without its mail to send, bodies or salt", async () => {
    await db().delete(notifications);
    const archive = await writeArchive();
    // What an older site wrote: the outbox whole (a sent mail with its link, one waiting) and
    // the day's salt; re-signed, as that site signed it.
    const folder = await mkdtemp(path.join(os.tmpdir(), "stored-secrets-older-"));
    cleanups.push(() => rm(folder, { recursive: true, force: true }));
    await extractTar({ file: archive.path, cwd: folder });
    const manifestPath = path.join(folder, "manifest.json");
    const manifest = JSON.parse(await readFile(manifestPath, "utf8")) as BackupManifest;
    const token = "d".repeat(43);
    const mail = (recipient: string, sentAt: string | null) => ({
      id: randomUUID(),
      kind: "password-reset",
      recipient,
      reply_to: null,
      subject: "Reset",
      text_body: `Here: ${SITE}/admin/set-password?token=${token}`,
      html_body: "<p>Here</p>",
      attempts: 0,
      sent_at: sentAt,
      last_error: null,
      created_at: new Date().toISOString(),
    });
    const older = {
      notifications: [
        mail("sent@example.com", new Date().toISOString()),
        mail("waiting@example.com", null),
      ],
      visit_salts: [
        { day: "2026-01-01", salt: "e".repeat(64), created_at: new Date().toISOString() },
      ],
    };
    for (const [table, rows] of Object.entries(older)) {
      const text = rows.map((row) => `${JSON.stringify(row)}\n`).join("");
      await writeFile(path.join(folder, "db", `${table}.jsonl`), text);
      manifest.tables[table] = {
        rows: rows.length,
        bytes: Buffer.byteLength(text),
        sha256: createHash("sha256").update(text).digest("hex"),
      };
    }
    const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2));
    await writeFile(manifestPath, manifestBytes);
    await writeFile(path.join(folder, "manifest.hmac"), signManifest(manifestBytes, ARCHIVE_KEY));
    const file = path.join(folder, "older.tar.gz");
    const entries = [
      "manifest.json",
      "manifest.hmac",
      ...Object.keys(manifest.tables).map((table) => `db/${table}.jsonl`),
      ...manifest.files.map((item) => `files/${item.bucket}/${item.key}`),
    ];
    await writeGzipFile(
      file,
      createTar({ cwd: folder, portable: true, noDirRecurse: true }, entries),
    );

    const { target } = await restore(file);
    const mails = await target.db.select().from(notifications);
    expect(mails.map((row) => [row.recipient, row.textBody, row.htmlBody])).toEqual([
      ["sent@example.com", "", null],
    ]);
    const salts = await target.db.select().from(visitSalts);
    expect(salts).toHaveLength(1);
    expect(salts[0]?.salt).not.toBe("e".repeat(64));
    expect(salts[0]?.day).not.toBe("2026-01-01");
  }, 120_000);

  it("takes the tokens out of mails sent before the fix, once, when migrating", async () => {
    const journal = await readJournal();
    const before = journal.findIndex((entry) =>
      entry.tag.endsWith("_sent_mail_without_link_tokens"),
    );
    expect(before).toBeGreaterThan(0);
    const database = await createTestDatabase(driver, { migrate: false });
    cleanups.push(() => database.destroy());
    await migrateTo(database, before);
    const link = (token: string) => `${SITE}/admin/set-password?token=${token}`;
    const [sentToken, waitingToken, htmlToken] = ["a", "b", "c"].map((c) => c.repeat(43));
    await database.db.insert(notifications).values([
      {
        kind: "password-reset",
        recipient: "sent@example.com",
        subject: "Reset",
        textBody: `Here:\n${link(sentToken ?? "")}\nBye`,
        htmlBody: `<a href="${link(htmlToken ?? "").replace("?", "?x=1&amp;")}">reset</a>`,
        sentAt: new Date(),
      },
      {
        kind: "staff-invitation",
        recipient: "waiting@example.com",
        subject: "Invite",
        textBody: `Here:\n${link(waitingToken ?? "")}`,
      },
    ]);
    await migrateWith(database, MIGRATIONS_FOLDER);
    const rows = await database.db.select().from(notifications).orderBy(notifications.recipient);
    expect(rows.map((row) => [row.recipient, row.textBody, row.htmlBody])).toEqual([
      [
        "sent@example.com",
        `Here:\n${link("removed-once-sent")}\nBye`,
        `<a href="${SITE}/admin/set-password?x=1&amp;token=removed-once-sent">reset</a>`,
      ],
      // Still to be sent: it keeps its link, and loses it when the worker records the send.
      ["waiting@example.com", `Here:\n${link(waitingToken ?? "")}`, null],
    ]);
  }, 60_000);
});
