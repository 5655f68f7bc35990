import { createHmac } from "node:crypto";
import { Readable } from "node:stream";
import { type AuditActor, recordAudit } from "@server/audit/log";
import { listTables, qualified, rowsOf } from "@server/backup/archive/catalog";
import type { Executor } from "@server/db/client";
import { contactSubmissions, jobApplications, notifications, uploads } from "@server/db/schema";
import { ANONYMISED_TABLE_NAMES, findAnonymisable } from "@server/privacy/anonymised";
import type { StorageDriver } from "@server/storage";
import { and, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { ZipFile } from "yazl";
import type { UploadBucket } from "~/lib/values";

/**
 * A person's requests (issue #32 item 5, decisions 0350 and 0445): everything stored about one
 * e-mail address, found, exported as one ZIP, or erased (erasure.ts).
 *
 * What belongs to a person is found by construction, not by a list that a new table could miss:
 * - the records a person sends, inquiries and applications, by their address (`PERSON_TABLES`);
 * - every row of any table with a foreign key to those records (notes, replies, activity,
 *   ratings: the catalog is read at run time; `tests/integration/privacy-requests.test.ts` fails
 *   when such a key is not ON DELETE CASCADE, so erasing the record erases them);
 * - their stored files (uploads owned by those records), the outbox mails to, from or about the
 *   address or the records, and the audit rows naming the records or the address.
 * Every other table is named in `TABLES_WITHOUT_PERSONS` with why it holds no one's data, and
 * `EMAIL_COLUMNS` says what happens to every e-mail column; the same test fails on a table or an
 * e-mail column that none of them accounts for.
 */

/** The tables of the records a visitor sends, by their e-mail column. */
export const PERSON_TABLES = {
  contact_submissions: { table: contactSubmissions, label: "inquiries", audit: "inquiry" },
  job_applications: { table: jobApplications, label: "applications", audit: "job_application" },
} as const;
type PersonTable = keyof typeof PERSON_TABLES;

/**
 * Every column of the schema that holds an e-mail address, and what erasure does with it. A new
 * one must be added here (the test reads information_schema and fails otherwise).
 */
export const EMAIL_COLUMNS: Record<string, string> = {
  "contact_submissions.email": "erased: the person's inquiries",
  "job_applications.email": "erased: the person's applications",
  "notifications.recipient": "erased: mails to the address",
  "notifications.reply_to": "erased: mails about the address",
  "audit_events.actor_email": "replaced by the address's hash",
  "users.email": "staff accounts: removed on the Staff screen, not here",
  "team_members.email": "the studio's team page: edited on the Team screen",
  "content_drafts.updated_by_email": "the staff member who saved a draft (a staff address)",
  "content_revisions.actor_email": "the staff member who saved a revision (a staff address)",
  "projects.client_email": "anonymised: the project kept, the client's name and address removed",
  "reviewers.email": "anonymised: the reviewer's name and address removed, comments kept",
  "approvals.reviewer_email": "anonymised: the approval kept, who gave it removed",
};

/**
 * Every table that neither is a person's record nor refers to one by a foreign key, with how
 * erasure deals with it or why it holds no visitor's data. A new table must be added here or get a
 * cascading foreign key to a person's record (`tablesNotCovered`, and the test, fail otherwise).
 */
export const TABLES_WITHOUT_PERSONS: Record<string, string> = {
  uploads: "erased: the files the person's records own (owner_table, owner_id)",
  notifications: "erased: mails to, from or about the address or the person's records",
  audit_events: "scrubbed: rows naming the records or the address keep only the keyed hash",
  users: "staff accounts: removed on the Staff screen",
  sessions: "staff sessions",
  accounts: "staff passwords and sign-in methods",
  two_factors: "staff second factors",
  passkeys: "staff passkeys",
  verifications: "staff single-use links and codes",
  team_members: "the studio's team page",
  testimonials: "the studio's published content",
  case_studies: "the studio's published content",
  portfolio_items: "the studio's published content",
  blog_categories: "the studio's published content",
  blog_tags: "the studio's published content",
  blog_posts: "the studio's published content",
  blog_post_tags: "the studio's published content",
  content_drafts: "the studio's unpublished content",
  content_revisions: "the studio's content history",
  reply_templates: "the studio's reply templates",
  redirects: "the site's old addresses",
  redirect_domains: "the other sites redirects may lead to (hosts)",
  preview_revocations: "which preview links of a content item still open it",
  settings: "back-office settings",
  privacy_settings: "the retention periods",
  rate_limits: "counters keyed by address or IP, expiring within the hour",
  backup_runs: "the backup runs (who started one is a staff member)",
  media_items: "the studio's videos (who uploaded one is a staff member)",
  consent_records: "random browser ids, not linked to a person (decision 0352)",
  visit_salts: "the day's salt of the visit ids",
  page_views: "cookieless page views: no address, no IP (decision 0380)",
  page_view_daily: "daily totals",
  projects: "anonymised: a client's name and address (anonymised.ts)",
  reviewers: "anonymised: a reviewer's name and address (anonymised.ts)",
  approvals: "anonymised: who approved (anonymised.ts)",
  deliverables: "the studio's work for a project",
  deliverable_versions: "the studio's cuts (media items and their hashes)",
  share_links: "a project's links (hashed tokens; who made one is a staff member)",
  share_link_opens: "when a link was opened, by a reviewer row (anonymised there)",
  review_comments: "notes on a cut, by a reviewer row (anonymised there) or a staff member",
  review_replies: "replies to those notes, by a reviewer row (anonymised there) or staff",
  project_digests: "when a project's hourly digest of comments last went (times only)",
};

/** The address as compared: trimmed, lower case. */
export function normalizeAddress(address: string): string {
  return address.trim().toLowerCase();
}

/**
 * What an audit row keeps of an address: its HMAC-SHA256 under a key derived from AUTH_SECRET
 * (decision 0446). This server can answer "was this address erased?" (`erasuresOf`); someone who
 * reads the log or a backup cannot check a guessed address against it.
 */
export function addressHash(key: string, address: string): string {
  return `hmac:${createHmac("sha256", key).update(normalizeAddress(address)).digest("hex")}`;
}

export interface StoredFile {
  bucket: UploadBucket;
  key: string;
  name: string;
  contentType: string;
  size: number;
  ownerTable: string;
  ownerId: string;
}

export interface PersonData {
  address: string;
  inquiries: (typeof contactSubmissions.$inferSelect)[];
  applications: (typeof jobApplications.$inferSelect)[];
  files: StoredFile[];
  /** Rows of other tables that reference the records (notes, replies…), by table. */
  related: Record<string, Record<string, unknown>[]>;
  notifications: (typeof notifications.$inferSelect)[];
}

export function isEmpty(data: PersonData): boolean {
  return (
    data.inquiries.length === 0 &&
    data.applications.length === 0 &&
    data.notifications.length === 0 &&
    data.files.length === 0 &&
    Object.values(data.related).every((rows) => rows.length === 0)
  );
}

/** The foreign keys of other tables to the person tables: one column each. */
export async function referencesToPersonTables(
  executor: Executor,
): Promise<{ table: string; column: string; parent: PersonTable; onDelete: string }[]> {
  return rowsOf(
    executor,
    sql`select c.relname as "table", a.attname as "column", p.relname as parent,
          k.confdeltype as "onDelete"
        from pg_catalog.pg_constraint k
        join pg_catalog.pg_class c on c.oid = k.conrelid
        join pg_catalog.pg_class p on p.oid = k.confrelid
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        join pg_catalog.pg_attribute a on a.attrelid = k.conrelid and a.attnum = k.conkey[1]
        where k.contype = 'f' and n.nspname = 'public'
          and p.relname in ('contact_submissions', 'job_applications')
        order by c.relname, a.attname`,
  );
}

/** The mails to, replying to or mentioning the address, or naming one of the records (a link). */
export function mailMatches(address: string, recordIds: readonly string[] = []): SQL {
  const text = sql`lower(${notifications.subject} || ' ' || ${notifications.textBody} || ' ' || coalesce(${notifications.htmlBody}, ''))`;
  return or(
    sql`lower(${notifications.recipient}) = ${address}`,
    sql`lower(${notifications.replyTo}) = ${address}`,
    sql`strpos(${text}, ${address}) > 0`,
    ...recordIds.map((id) => sql`strpos(${text}, ${id.toLowerCase()}) > 0`),
  ) as SQL;
}

/** Everything stored about an address (no consent record: those are not linked to a person). */
export async function findPerson(db: Executor, rawAddress: string): Promise<PersonData> {
  const address = normalizeAddress(rawAddress);
  // One query after another: inside a transaction they share one connection.
  const inquiries = await db
    .select()
    .from(contactSubmissions)
    .where(sql`lower(${contactSubmissions.email}) = ${address}`)
    .orderBy(contactSubmissions.createdAt);
  const applications = await db
    .select()
    .from(jobApplications)
    .where(sql`lower(${jobApplications.email}) = ${address}`)
    .orderBy(jobApplications.createdAt);
  const ids: Record<PersonTable, string[]> = {
    contact_submissions: inquiries.map((row) => row.id),
    job_applications: applications.map((row) => row.id),
  };
  const mails = await db
    .select()
    .from(notifications)
    .where(mailMatches(address, [...ids.contact_submissions, ...ids.job_applications]))
    .orderBy(notifications.createdAt);
  const owned = Object.entries(ids)
    .filter(([, list]) => list.length > 0)
    .map(([table, list]) => and(eq(uploads.ownerTable, table), inArray(uploads.ownerId, list)));
  const files =
    owned.length === 0
      ? []
      : await db
          .select()
          .from(uploads)
          .where(or(...owned))
          .orderBy(uploads.createdAt);
  const related: PersonData["related"] = {};
  for (const ref of await referencesToPersonTables(db)) {
    const list = ids[ref.parent];
    if (list.length === 0) continue;
    const rows = await rowsOf<Record<string, unknown>>(
      db,
      sql`select * from ${qualified(ref.table)} where ${sql.raw(`"${ref.column.replaceAll('"', '""')}"`)}::text in (${sql.join(
        list.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    if (rows.length > 0) related[ref.table] = [...(related[ref.table] ?? []), ...rows];
  }
  // The review room's rows naming the address: exported, and anonymised by erasure.
  for (const [table, rows] of Object.entries(await findAnonymisable(db, address))) {
    related[table] = [...(related[table] ?? []), ...rows];
  }
  return {
    address,
    inquiries,
    applications,
    files: files.map((file) => ({
      bucket: file.bucket as UploadBucket,
      key: file.key,
      name: file.originalName,
      contentType: file.contentType,
      size: file.size,
      ownerTable: file.ownerTable ?? "",
      ownerId: file.ownerId ?? "",
    })),
    related,
    notifications: mails,
  };
}

/** The file's path inside the export: its place, then the visitor's own name (made safe). */
function zipPathOf(file: StoredFile, index: number): string {
  const safe = file.name.replace(/[^\w.\- ]+/g, "_").slice(0, 100) || "file";
  return `files/${String(index + 1).padStart(2, "0")}-${safe}`;
}

/**
 * One ZIP of everything stored about the address, streamed: `data.json` (every row, with where
 * each file sits in the ZIP) and `files/` (each file read from storage as the ZIP is written).
 */
export function exportZip(storage: StorageDriver, data: PersonData): Readable {
  const zip = new ZipFile();
  const files = data.files.map((file, index) => ({ ...file, path: zipPathOf(file, index) }));
  const document = {
    address: data.address,
    exportedAt: new Date().toISOString(),
    note: "Records of cookie consent are not linked to a person (a random id kept in the visitor's browser), so none are included.",
    inquiries: data.inquiries,
    applications: data.applications,
    related: data.related,
    notifications: data.notifications,
    files,
  };
  zip.addBuffer(Buffer.from(JSON.stringify(document, null, 2)), "data.json");
  for (const file of files) {
    // Opened only when the ZIP reaches it: one file at a time, never all in memory.
    zip.addReadStreamLazy(file.path, (done) => {
      storage.get(file.bucket, file.key).then(
        (stored) => done(null, stored ? stored.stream : Readable.from([])),
        (error: unknown) => done(error as Error, Readable.from([])),
      );
    });
  }
  zip.end();
  return zip.outputStream as Readable;
}

/** The audit row of an export: who downloaded the data of which address (its keyed hash). */
export async function recordExport(
  db: Executor,
  hashKey: string,
  actor: AuditActor,
  data: PersonData,
): Promise<void> {
  const hash = addressHash(hashKey, data.address);
  await recordAudit(db, {
    action: "export",
    actor,
    entityType: "person",
    entityId: hash,
    entityName: hash,
    changes: null,
  });
}

/**
 * The e-mail columns of the schema (by name: `email`, `*_email`, `recipient`, `reply_to`) that
 * `EMAIL_COLUMNS` does not account for: a table added later that holds addresses shows up here.
 */
export async function emailColumnsNotCovered(executor: Executor): Promise<string[]> {
  const columns = await rowsOf<{ name: string }>(
    executor,
    sql`select table_name || '.' || column_name as name from information_schema.columns
        where table_schema = 'public' and data_type in ('text', 'character varying', 'ARRAY', 'jsonb')
          and (column_name ~* 'e_?mail' or column_name in ('recipient', 'reply_to'))
        order by 1`,
  );
  return columns.map((column) => column.name).filter((name) => !Object.hasOwn(EMAIL_COLUMNS, name));
}

/**
 * Foreign keys to a person's records that would not go with them (not ON DELETE CASCADE; an
 * anonymised table's may SET NULL: its rows stay, without the person).
 */
export async function referencesNotCascading(executor: Executor): Promise<string[]> {
  return (await referencesToPersonTables(executor))
    .filter(
      (ref) =>
        ref.onDelete !== "c" && !(ref.onDelete === "n" && ANONYMISED_TABLE_NAMES.has(ref.table)),
    )
    .map((ref) => `${ref.table}.${ref.column} -> ${ref.parent}`);
}

/**
 * The tables that erasure does not account for: neither a person's record, nor referring to one by
 * a cascading foreign key, nor named in `TABLES_WITHOUT_PERSONS`.
 */
export async function tablesNotCovered(executor: Executor): Promise<string[]> {
  const referring = new Set((await referencesToPersonTables(executor)).map((ref) => ref.table));
  return (await listTables(executor)).filter(
    (table) =>
      !Object.hasOwn(PERSON_TABLES, table) &&
      !referring.has(table) &&
      !Object.hasOwn(TABLES_WITHOUT_PERSONS, table),
  );
}
