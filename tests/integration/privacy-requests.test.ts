import { createHash } from "node:crypto";
import { mkdir, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { recordAudit } from "@server/audit/log";
import { listTables, qualified, rowsOf } from "@server/backup/archive/catalog";
import { auditEvents, contactSubmissions, jobApplications, session, user } from "@server/db/schema";
import { submitProjectInquiry } from "@server/inquiries/intake";
import { submitJobApplication } from "@server/job-applications/intake";
import { mailFileDirectory } from "@server/mail/transport";
import { rateApplication } from "@server/pipeline/ratings";
import { addNote, changeOwner, changeStatus, sendReply } from "@server/pipeline/steps";
import {
  addressHash,
  emailColumnsNotCovered,
  referencesNotCascading,
  referencesToPersonTables,
  TABLES_WITHOUT_PERSONS,
  tablesNotCovered,
} from "@server/privacy/person";
import { storeUpload } from "@server/uploads/store";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import yauzl from "yauzl";
import { contactInquirySchema } from "~/entities/inquiry/contact-form";
import { jobApplicationSchema } from "~/entities/job-application/form";
import { UPLOAD_BUCKETS } from "~/lib/values";
import { loader as inquiriesCsv } from "~/routes/admin/inquiries-csv";
import { action as privacyAction } from "~/routes/admin/privacy";
import { action as exportAction } from "~/routes/admin/privacy-export";
import { TEST_ADMIN } from "../support/admin-data";
import {
  callRoute,
  createTestRuntime,
  postTo,
  type TestRuntime,
  toastOf,
} from "../support/admin-runtime";
import { testDrivers } from "../support/database";
import { pdfBytes } from "../support/files";
import { dataOf, statusOf } from "../support/route-answers";

/**
 * A person's requests (issue #32 item 5): "Find" shows everything stored about an address, the
 * export holds every stored item, and "Erase" leaves nothing matching the address in any table or
 * bucket. The search reads the catalog and lists every bucket, so tables and buckets added later
 * are searched by construction; a table added later that references an inquiry (the probe below,
 * as the pipelines' notes will) is found, exported and erased without a line of code for it.
 */

const PERSON = "Erin.Erasable@Example.com";
const ADDRESS = PERSON.toLowerCase();
const NAME = "Erin Erasable";
const OTHER = "keep.me@example.com";
/** What staff wrote about the person (issue #47 item 15): their notes and the reply. */
const NOTE = "Strong reel; book a 45-minute interview with the colorist";
const INQUIRY_NOTE = "Budget is firm; call back on Tuesday";
const REPLY = "Thanks for the brief, we would love to talk";

/** Every entry of a ZIP: name → bytes. */
function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on("entry", (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("end", () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on("end", () => resolve(entries));
      zip.on("error", reject);
      zip.readEntry();
    });
  });
}

describe.each(testDrivers)("a person's requests on %s", (driver) => {
  let t: TestRuntime;
  const files: { bucket: (typeof UPLOAD_BUCKETS)[number]; key: string }[] = [];
  let otherInquiry = "";
  let inquiryId = "";
  let applicationId = "";

  beforeAll(async () => {
    t = await createTestRuntime(driver);
    const { db } = t.runtime.database;
    const services = {
      db,
      jobs: t.runtime.jobs,
      notifyEmail: "team@studio.test",
      siteUrl: "https://studio.test",
      bookingUrl: "https://calendly.test/northlight/call",
    };
    const store = { db, storage: t.runtime.storage };
    // A table added later that references inquiries, as the pipelines' notes will.
    await db.execute(
      sql`create table inquiry_notes_probe (id serial primary key,
            inquiry_id uuid not null references contact_submissions(id) on delete cascade,
            body text not null)`,
    );

    const brief = await storeUpload(store, "contact-attachment", {
      name: "brief.pdf",
      bytes: pdfBytes(),
    });
    const shotList = await storeUpload(store, "contact-attachment", {
      name: "shots.txt",
      bytes: new TextEncoder().encode(`Shot list by ${NAME} <${ADDRESS}>\n`),
    });
    const inquiry = await submitProjectInquiry(
      services,
      contactInquirySchema.parse({
        name: NAME,
        email: PERSON,
        description: "A launch film.",
        attachments: [brief.id, shotList.id],
      }),
    );
    const resume = await storeUpload(store, "resume", { name: "cv.pdf", bytes: pdfBytes() });
    await submitJobApplication(
      services,
      jobApplicationSchema.parse({
        name: NAME,
        email: ADDRESS,
        position_title: "Producer",
        remote_preference: "flexible",
      }),
      resume.id,
    );
    files.push(
      { bucket: "contact-uploads", key: brief.key },
      { bucket: "contact-uploads", key: shotList.key },
      { bucket: "job-applications", key: resume.key },
    );
    await db.execute(
      sql`insert into inquiry_notes_probe (inquiry_id, body) values (${inquiry.id}, ${`Called ${NAME} back`})`,
    );
    // The audit log names the inquiry (a status change) and the address (a sign-in tried with it).
    await db.transaction(async (tx) => {
      await tx
        .update(contactSubmissions)
        .set({ status: "contacted" })
        .where(eq(contactSubmissions.id, inquiry.id));
      await recordAudit(tx, {
        action: "update",
        actor: { id: null, email: "admin@admin-tests.test", ip: null },
        entityType: "inquiry",
        entityId: inquiry.id,
        entityName: NAME,
        changes: { email: { before: PERSON, after: PERSON } },
      });
      await recordAudit(tx, {
        action: "sign_in_failed",
        actor: { id: null, email: ADDRESS, ip: "203.0.113.9" },
      });
    });
    // The pipelines (issue #30): a status, an owner (mailed about it), notes, a reply, a rating.
    const [admin] = await db.select().from(user).where(eq(user.email, TEST_ADMIN.email));
    const steps = {
      db,
      jobs: t.runtime.jobs,
      siteUrl: "https://studio.test",
      actor: { id: admin?.id ?? null, email: TEST_ADMIN.email, ip: "198.51.100.7" },
    };
    const [application] = await db.select().from(jobApplications);
    inquiryId = inquiry.id;
    applicationId = application?.id ?? "";
    await changeStatus(steps, "inquiry", inquiry.id, "qualified");
    await changeOwner(steps, "inquiry", inquiry.id, admin?.id ?? null);
    await addNote(steps, "inquiry", inquiry.id, INQUIRY_NOTE);
    await sendReply({ ...steps, replyTo: "team@studio.test" }, "inquiry", inquiry.id, {
      subject: "Re: your film",
      message: REPLY,
    });
    await changeStatus(steps, "job_application", applicationId, "interview");
    await addNote(steps, "job_application", applicationId, NOTE);
    await rateApplication(steps, applicationId, 4);
    // A CSV export that searched for the address: the audit log names it in the export's query.
    const csv = (await callRoute(
      inquiriesCsv,
      t.runtime,
      `/admin/inquiries.csv?q=${encodeURIComponent(ADDRESS)}`,
      {
        cookie: t.cookies.admin,
      },
    )) as Response;
    expect(csv.status).toBe(200);
    await csv.text();
    // Someone else, who must keep everything.
    otherInquiry = (
      await submitProjectInquiry(
        services,
        contactInquirySchema.parse({ name: "Kept Person", email: OTHER, description: "Hi" }),
      )
    ).id;
  });
  afterAll(async () => {
    await t?.runtime.database.db.execute(sql`drop table if exists inquiry_notes_probe`);
    await t?.close();
  });
  const db = () => t.runtime.database.db;
  const post = (fields: Record<string, string>) =>
    postTo(t, privacyAction, "/admin/privacy", new URLSearchParams(fields));

  /** Tables (read from the catalog) with a row whose text holds `needle`, with the count. */
  async function tablesHolding(needle: string): Promise<Record<string, number>> {
    const found: Record<string, number> = {};
    for (const table of await listTables(db())) {
      const [row] = await rowsOf<{ n: number }>(
        db(),
        sql`select count(*)::int as n from ${qualified(table)} as r where strpos(lower(r::text), ${needle.toLowerCase()}) > 0`,
      );
      if (row && row.n > 0) found[table] = row.n;
    }
    return found;
  }

  const hashOf = (address: string) => addressHash(t.runtime.keys.personHashes, address);
  const plainSha256 = (address: string) =>
    createHash("sha256").update(address.toLowerCase()).digest("hex");

  /**
   * Every column of every table of the catalog (information_schema), each value as text: where
   * one holds a needle, as `table.column: needle`. `except` names columns a needle may stay in.
   */
  async function columnsHolding(
    needles: string[],
    except: Record<string, string> = {},
  ): Promise<string[]> {
    const columns = await rowsOf<{ table: string; column: string }>(
      db(),
      sql`select table_name as "table", column_name as "column" from information_schema.columns
          where table_schema = 'public' order by table_name, ordinal_position`,
    );
    const found: string[] = [];
    for (const table of new Set(columns.map((c) => c.table))) {
      const pairs = columns
        .filter((c) => c.table === table && !Object.hasOwn(except, `${table}.${c.column}`))
        .flatMap((c) => needles.map((needle) => ({ column: c.column, needle })));
      if (pairs.length === 0) continue;
      const counts = sql.join(
        pairs.map(
          ({ column, needle }, index) =>
            sql`count(*) filter (where strpos(lower(${sql.raw(`"${column.replaceAll('"', '""')}"`)}::text), ${needle.toLowerCase()}) > 0)::int as ${sql.raw(`c${index}`)}`,
        ),
        sql`, `,
      );
      const [row] = await rowsOf<Record<string, number>>(
        db(),
        sql`select ${counts} from ${qualified(table)}`,
      );
      pairs.forEach(({ column, needle }, index) => {
        if ((row?.[`c${index}`] ?? 0) > 0) found.push(`${table}.${column}: ${needle}`);
      });
    }
    return found;
  }

  /** Every stored file of every bucket, with its bytes. */
  async function everyStoredFile() {
    const stored: { bucket: string; key: string; text: string }[] = [];
    for (const bucket of UPLOAD_BUCKETS) {
      for await (const { key } of t.runtime.storage.list(bucket)) {
        const object = await t.runtime.storage.get(bucket, key);
        const chunks: Buffer[] = [];
        for await (const chunk of object?.stream ?? []) chunks.push(Buffer.from(chunk));
        stored.push({ bucket, key, text: Buffer.concat(chunks).toString("latin1").toLowerCase() });
      }
    }
    return stored;
  }

  it("accounts for every e-mail column of the schema, and every reference to a person's records cascades", async () => {
    expect(await emailColumnsNotCovered(db())).toEqual([]);
    expect(await referencesNotCascading(db())).toEqual([]);
    // A new table with an address, or a reference that would outlive the record, is caught.
    await db().execute(
      sql`create table probe_contacts (id serial primary key, contact_email text,
            inquiry_id uuid references contact_submissions(id))`,
    );
    try {
      expect(await emailColumnsNotCovered(db())).toEqual(["probe_contacts.contact_email"]);
      expect(await referencesNotCascading(db())).toEqual([
        "probe_contacts.inquiry_id -> contact_submissions",
      ]);
    } finally {
      await db().execute(sql`drop table probe_contacts`);
    }
  });

  it("accounts for every table: a person's record, a cascading reference to one, or named with why it holds no one", async () => {
    expect(await tablesNotCovered(db())).toEqual([]);
    // And no name there is stale (a table renamed or dropped).
    const tables = await listTables(db());
    expect(Object.keys(TABLES_WITHOUT_PERSONS).filter((name) => !tables.includes(name))).toEqual(
      [],
    );
    // The Activity is tied to its records (issue #47 item 15): found and erased through the keys.
    const activityKeys = (await referencesToPersonTables(db()))
      .filter((ref) => ref.table === "pipeline_activity")
      .map((ref) => `${ref.column} -> ${ref.parent} (${ref.onDelete})`);
    expect(activityKeys).toEqual([
      "application_id -> job_applications (c)",
      "inquiry_id -> contact_submissions (c)",
    ]);
    // A table added later that refers to a person without a key (an id kept as text) is caught.
    await db().execute(
      sql`create table probe_followups (id serial primary key, application uuid, body text)`,
    );
    try {
      expect(await tablesNotCovered(db())).toEqual(["probe_followups"]);
      await db().execute(
        sql`alter table probe_followups add foreign key (application) references job_applications(id) on delete cascade`,
      );
      expect(await tablesNotCovered(db())).toEqual([]);
    } finally {
      await db().execute(sql`drop table probe_followups`);
    }
  });

  it("refuses a bad address with a message and a 400", async () => {
    const answer = await post({ intent: "find", email: "not an address" });
    expect(statusOf(answer)).toBe(400);
    expect(dataOf(answer).fieldErrors).toEqual({ email: ["Please enter a valid email address"] });
  });

  it("finds everything stored about the address, whatever its case", async () => {
    const answer = await post({ intent: "find", email: ` ${PERSON.toUpperCase()} ` });
    expect(statusOf(answer)).toBe(200);
    const found = dataOf(answer).found as Record<string, unknown[]>;
    expect(found.address).toBe(ADDRESS);
    expect(found.inquiries).toHaveLength(1);
    expect(found.applications).toHaveLength(1);
    expect(found.files).toHaveLength(3);
    expect(found.related).toEqual(
      expect.arrayContaining([
        { table: "inquiry_notes_probe", rows: 1 },
        // Each record's Activity (submitted, status, owner, note, reply; submitted, status, note,
        // rating) and the application's rating.
        { table: "pipeline_activity", rows: 9 },
        { table: "application_ratings", rows: 1 },
      ]),
    );
    // The staff's mails about the inquiry and the application (reply-to the address), the
    // person's two acknowledgements, the new owner's mail and the reply.
    expect(found.notifications).toHaveLength(6);
  });

  it("exports one ZIP holding every stored item: the rows and the files' bytes", async () => {
    const response = (await postTo(
      t,
      exportAction,
      "/admin/privacy/export",
      new URLSearchParams({ email: PERSON }),
      { headers: { origin: "http://localhost:3999" } },
    )) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("cache-control")).toContain("no-store");
    const entries = await unzip(Buffer.from(await response.arrayBuffer()));
    const document = JSON.parse(entries.get("data.json")?.toString() ?? "{}");
    expect(document.inquiries).toHaveLength(1);
    expect(document.inquiries[0]).toMatchObject({ name: NAME, email: PERSON });
    expect(document.applications[0]).toMatchObject({ positionTitle: "Producer" });
    expect(document.related.inquiry_notes_probe[0].body).toBe(`Called ${NAME} back`);
    // The staff's notes, the reply and every other step of both pipelines (issue #47 item 15).
    const activity = document.related.pipeline_activity as { kind: string; body: string | null }[];
    expect(activity.map((row) => row.body)).toEqual(
      expect.arrayContaining([NOTE, INQUIRY_NOTE, REPLY]),
    );
    expect(activity.map((row) => row.kind).sort()).toEqual([
      "note",
      "note",
      "owner",
      "rating",
      "reply",
      "status",
      "status",
      "submitted",
      "submitted",
    ]);
    expect(document.related.application_ratings).toMatchObject([{ rating: 4 }]);
    expect(document.notifications).toHaveLength(6);
    expect(document.note).toContain("not linked to a person");
    expect(document.files).toHaveLength(3);
    for (const file of document.files) {
      const stored = await t.runtime.storage.get(file.bucket, file.key);
      const chunks: Buffer[] = [];
      for await (const chunk of stored?.stream ?? []) chunks.push(Buffer.from(chunk));
      expect(entries.get(file.path)).toEqual(Buffer.concat(chunks));
    }
    expect([...entries.keys()].sort()).toEqual(
      ["data.json", ...document.files.map((file: { path: string }) => file.path)].sort(),
    );
    // The export is on the audit log under the address's hash only.
    const [row] = await db().select().from(auditEvents).where(eq(auditEvents.action, "export"));
    expect(row).toMatchObject({ entityType: "person", entityId: hashOf(ADDRESS) });
    expect(JSON.stringify(row)).not.toContain(ADDRESS);
    expect(JSON.stringify(row)).not.toContain(plainSha256(ADDRESS));
  });

  it("erases nothing without the ticked confirmation", async () => {
    const answer = await post({ intent: "erase", email: PERSON });
    expect(statusOf(answer)).toBe(400);
    expect(dataOf(answer).fieldErrors).toEqual({
      confirm: ["Tick the box to confirm the erasure"],
    });
    expect(Object.keys(await tablesHolding(ADDRESS))).toContain("contact_submissions");
  });

  it("asks for the password or a code again before erasing when the last was over 10 minutes ago", async () => {
    const stale = new Date(Date.now() - 11 * 60_000);
    await db().update(session).set({ verifiedAt: stale });
    try {
      const asked = (await post({ intent: "erase", email: PERSON, confirm: "yes" }).catch(
        (thrown: unknown) => thrown,
      )) as Response;
      expect(asked.status).toBe(302);
      expect(asked.headers.get("location")).toBe("/admin/confirm?redirectTo=%2Fadmin%2Fprivacy");
      expect(Object.keys(await tablesHolding(ADDRESS))).toContain("contact_submissions");
    } finally {
      await db().update(session).set({ verifiedAt: new Date() });
    }
  });

  it("erases rows, files, mails and notes: no table or bucket holds the address afterwards", async () => {
    const before = await tablesHolding(ADDRESS);
    expect(before).toMatchObject({ contact_submissions: 1, job_applications: 1, notifications: 6 });
    // Everything that names the person or their records, before: the walk below is not blind.
    const needles = [ADDRESS, NAME, NOTE, INQUIRY_NOTE, REPLY, inquiryId, applicationId];
    expect(await columnsHolding(needles)).toEqual(
      expect.arrayContaining([
        `pipeline_activity.subject_id: ${inquiryId}`,
        `pipeline_activity.body: ${NOTE}`,
        `audit_events.entity_name: ${ADDRESS}`,
      ]),
    );
    // Without SMTP, sent mail stays on disk as .eml files: one to the person, one to someone else.
    const mailDir = mailFileDirectory(t.runtime.config.DATA_DIR);
    await mkdir(mailDir, { recursive: true });
    await writeFile(
      path.join(mailDir, "1-sent.eml"),
      `To: ${PERSON}\r\nSubject: We received your project inquiry\r\n\r\nThanks.\r\n`,
    );
    await writeFile(
      path.join(mailDir, "2-other.eml"),
      "To: someone@else.test\r\nSubject: Hello\r\n\r\nHi.\r\n",
    );
    const response = (await post({ intent: "erase", email: PERSON, confirm: "yes" })) as Response;
    expect(response.status).toBe(302);
    expect(await toastOf(t.runtime, response)).toBe(
      "Success: Erased 1 inquiries, 1 applications, 3 files and 7 e-mails.",
    );
    expect((await readdir(mailDir)).sort()).toEqual(["2-other.eml"]);

    // Every table of the catalog, every column as the row's text: neither the address nor the name.
    expect(await tablesHolding(ADDRESS)).toEqual({});
    expect(await tablesHolding(NAME)).toEqual({});
    // Every table and column: nothing names the person, what staff wrote about them, or their
    // records (issue #47 item 15); only the audit log keeps that a record was written, by its id.
    expect(
      await columnsHolding(needles, {
        "audit_events.entity_id": "the audit log keeps that a record was written (decision 0350)",
      }),
    ).toEqual([]);
    // Every bucket: the person's files are gone, and no file holds the address.
    const stored = await everyStoredFile();
    for (const file of files) {
      expect(stored.some((s) => s.bucket === file.bucket && s.key === file.key)).toBe(false);
    }
    expect(stored.filter((file) => file.text.includes(ADDRESS))).toEqual([]);

    // One audit row of the erasure, with the address's hash and the counts, nothing more.
    const [erased] = await db().select().from(auditEvents).where(eq(auditEvents.action, "erase"));
    expect(erased).toMatchObject({
      entityType: "person",
      entityId: hashOf(ADDRESS),
      actorEmail: "admin@admin-tests.test",
    });
    // A keyed hash (issue #47 item 10): the plain SHA-256 of the address is nowhere in the log.
    expect(erased?.entityId).toMatch(/^hmac:[0-9a-f]{64}$/);
    expect(
      JSON.stringify(await db().select().from(auditEvents)).includes(plainSha256(ADDRESS)),
    ).toBe(false);
    // Another server's key makes another hash: nobody without this one can check an address.
    expect(addressHash("another key", ADDRESS)).not.toBe(hashOf(ADDRESS));
    expect(erased?.changes).toMatchObject({
      inquiries: { before: 1, after: 0 },
      applications: { before: 1, after: 0 },
      files: { before: 3, after: 0 },
      related: { before: 11, after: 0 },
      notifications: { before: 7, after: 0 },
    });
    // The failed sign-in with the address keeps only its hash.
    const [tried] = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "sign_in_failed"));
    expect(tried?.actorEmail).toBe(hashOf(ADDRESS));

    // Finding the address again shows nothing; the other person keeps everything.
    const again = dataOf(await post({ intent: "find", email: PERSON })).found as {
      empty: boolean;
      erasedBefore: Date[];
    };
    expect(again.empty).toBe(true);
    // This server still answers "was I erased?" from the keyed hash.
    expect(again.erasedBefore).toHaveLength(1);
    const [kept] = await db()
      .select()
      .from(contactSubmissions)
      .where(eq(contactSubmissions.id, otherInquiry));
    expect(kept?.email).toBe(OTHER);
    expect(await db().select().from(jobApplications)).toEqual([]);
  });

  it("lets only admins in", async () => {
    await expect(
      postTo(
        t,
        privacyAction,
        "/admin/privacy",
        new URLSearchParams({ intent: "find", email: OTHER }),
        {
          cookie: t.cookies.editor,
        },
      ),
    ).rejects.toMatchObject({ init: { status: 403 } });
  });
});
