import { createHash, randomBytes } from "node:crypto";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { firstTableWithRows, listTables, rowsOf } from "@server/backup/archive/catalog";
import { type DatabaseHandle, MIGRATIONS_FOLDER } from "@server/db/client";
import * as schema from "@server/db/schema";
import { uploads, user } from "@server/db/schema";
import { seedDemoContent } from "@server/db/seed";
import { LocalStorage, S3Storage, type StorageDriver } from "@server/storage";
import { is, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { UPLOAD_BUCKETS } from "~/lib/values";
import { startS3Peer } from "./s3rver";

/**
 * Sites for the backup tests: a database with the demo content, a user with a session and stored
 * files in every bucket; and a snapshot of everything in a site, to compare before and after.
 */

export const STORAGE_SECRET = "backup-tests-storage-secret-32-chars";
/** The key the tests' archives are signed with (a site's is `keys.backupArchives`). */
export const ARCHIVE_KEY = "backup-tests-archive-key";

export interface TestStorage {
  storage: StorageDriver;
  close(): Promise<void>;
}

export async function openTestStorage(kind: "local" | "s3"): Promise<TestStorage> {
  if (kind === "local") {
    const directory = await mkdtemp(path.join(os.tmpdir(), "backup-local-"));
    return {
      storage: new LocalStorage({ directory, secret: STORAGE_SECRET }),
      close: () => rm(directory, { recursive: true, force: true }),
    };
  }
  const peer = await startS3Peer("backup");
  const storage = new S3Storage({ ...peer.connection, bucketPrefix: "backup-" });
  await storage.ensureBuckets();
  return { storage, close: () => peer.close() };
}

export interface Site {
  database: DatabaseHandle;
  storage: StorageDriver;
}

/** Demo content, a signed-in user, and files in every bucket (an empty one, binary ones). */
export async function seedSite(site: Site, label = "source"): Promise<void> {
  await seedDemoContent(site.database.db);
  const userId = `user-${label}`;
  await site.database.db.insert(user).values({
    id: userId,
    name: `Ana ${label} — “quoted”\nsecond line`,
    email: `ana-${label}@backup.test`,
    role: "admin",
  });
  // Only the columns it sets, by name: the "older schema" test seeds a database one migration
  // behind, which may lack a column the schema has since added to sessions (sessions.passkey).
  const token = `token-${label}-${randomBytes(8).toString("hex")}`;
  const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
  await site.database.db.execute(
    sql`insert into sessions (id, token, user_id, expires_at)
        values (${`session-${label}`}, ${token}, ${userId}, ${expiresAt})`,
  );
  const files = [
    { bucket: "portfolio-images", key: `${label}/photo.png`, type: "image/png", bytes: 4096 },
    {
      bucket: "job-applications",
      key: `resumes/${label}_resume.pdf`,
      type: "application/pdf",
      bytes: 700,
    },
    {
      bucket: "contact-uploads",
      key: `${label}-brief.txt`,
      type: "text/plain; charset=utf-8",
      bytes: 0,
    },
  ] as const;
  for (const file of files) {
    const body = randomBytes(file.bytes);
    await site.storage.put(file.bucket, file.key, body, { contentType: file.type });
    await site.database.db.insert(uploads).values({
      bucket: file.bucket,
      key: file.key,
      originalName: path.basename(file.key),
      contentType: file.type,
      size: file.bytes,
    });
  }
}

export interface SiteSnapshot {
  /** Rows and a digest of their content per table (timestamps in UTC, so drivers compare). */
  tables: Record<string, { rows: number; digest: string }>;
  /** Every stored file with its size and hash. */
  files: Record<string, { size: number; sha256: string; contentType: string }>;
}

/** With `omit`, those columns are left out of every table's digest (columns a migration added). */
export async function snapshotSite(site: Site, omit: string[] = []): Promise<SiteSnapshot> {
  const tables: SiteSnapshot["tables"] = {};
  // A text[] literal: drizzle would spread an array parameter into a list.
  const omitted = `{${omit.join(",")}}`;
  await site.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone to 'UTC'`);
    for (const table of await listTables(tx)) {
      const [row] = await rowsOf<{ rows: number; digest: string | null }>(
        tx,
        sql`select count(*)::int as rows,
              md5(coalesce(string_agg((to_jsonb(t) - ${omitted}::text[])::text, E'\n'
                order by (to_jsonb(t) - ${omitted}::text[])::text), ''))
              as digest
            from ${sql.raw(`public."${table}"`)} t`,
      );
      tables[table] = { rows: row?.rows ?? 0, digest: row?.digest ?? "" };
    }
  });
  const files: SiteSnapshot["files"] = {};
  for (const bucket of UPLOAD_BUCKETS) {
    for await (const { key } of site.storage.list(bucket)) {
      const object = await site.storage.get(bucket, key);
      if (!object) continue;
      const hash = createHash("sha256");
      let size = 0;
      for await (const chunk of object.stream) {
        hash.update(chunk);
        size += chunk.length;
      }
      files[`${bucket}/${key}`] = {
        size,
        sha256: hash.digest("hex"),
        contentType: object.contentType,
      };
    }
  }
  return { tables, files };
}

export async function isEmptySite(site: Site): Promise<boolean> {
  const snapshot = await snapshotSite(site);
  return (
    (await firstTableWithRows(site.database.db)) === null &&
    Object.keys(snapshot.files).length === 0
  );
}

/**
 * The project's migrations plus one more, as a later version of the site would have: a table
 * with an identity column, a serial and a generated column (what loading must get right).
 */
export async function migrationsWithProbeTable(): Promise<{ folder: string; count: number }> {
  const folder = await mkdtemp(path.join(os.tmpdir(), "migrations-probe-"));
  await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(await readFile(journalPath, "utf8"));
  const last = journal.entries.at(-1);
  const tag = "9999_backup_probe";
  journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag });
  await writeFile(journalPath, JSON.stringify(journal, null, 2));
  await writeFile(
    path.join(folder, `${tag}.sql`),
    `CREATE TABLE "backup_probe" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "serial_no" serial NOT NULL,
  "note" text NOT NULL,
  "note_length" integer GENERATED ALWAYS AS (length("note")) STORED,
  "user_id" text REFERENCES "users"("id") ON DELETE CASCADE
);`,
  );
  return { folder, count: journal.entries.length };
}

/**
 * Seeds a database some migrations behind (the "older schema" test): drizzle names every column
 * of today's schema in an insert, so the columns the later migrations add are there while the
 * demo content goes in, and dropped again after, leaving the older schema exactly.
 */
export async function seedOlderSite(site: Site): Promise<string[]> {
  const db = site.database.db;
  const present = new Set(
    (
      await rowsOf<{ name: string }>(
        db,
        sql`select table_name || '.' || column_name as name from information_schema.columns
            where table_schema = 'public'`,
      )
    ).map((row) => row.name),
  );
  const later: Array<{ table: string; column: string }> = [];
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    if (!present.has(`${config.name}.${config.columns[0]?.name}`)) continue;
    for (const column of config.columns) {
      if (!present.has(`${config.name}.${column.name}`))
        later.push({ table: config.name, column: column.name });
    }
  }
  const each = (statement: (t: { table: string; column: string }) => string) =>
    Promise.all(later.map((entry) => db.execute(sql.raw(statement(entry)))));
  await each(({ table, column }) => `alter table "${table}" add column "${column}" text`);
  await seedSite(site);
  await each(({ table, column }) => `alter table "${table}" drop column "${column}"`);
  return later.map((entry) => entry.column);
}
