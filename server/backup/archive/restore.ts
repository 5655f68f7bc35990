import { createReadStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { LISTENER_APPLICATION_NAME } from "@server/content/change-feed";
import {
  type DatabaseHandle,
  MIGRATIONS_FOLDER,
  SERVER_APPLICATION_NAME,
  schema,
  withMigrationLock,
} from "@server/db/client";
import type { StorageDriver } from "@server/storage";
import { sql } from "drizzle-orm";
import { UPLOAD_BUCKETS } from "~/lib/values";
import {
  firstTableWithRows,
  foreignKeyOrder,
  insertableColumns,
  listTables,
  qualified,
  quoted,
  resetOwnedSequences,
  rowsOf,
} from "./catalog";
import { BackupArchiveError } from "./errors";
import { type BackupManifest, fileEntry, tableEntry } from "./manifest";
import { migrateTo, migrateWith, readJournal } from "./migrations";
import type { OnProgress } from "./progress";
import { extractAndVerify, type VerifyOptions } from "./read";
import { afterRestore } from "./withheld";
import type { BackupSources } from "./write";

export interface RestoreOptions extends VerifyOptions {
  /** Replace a target that holds data (without it, only an empty target is restored into). */
  replace?: boolean;
  onProgress?: OnProgress;
  /** The migrations of this code (tests use a longer copy). */
  migrationsFolder?: string;
}

/** Rows inserted per statement (one JSON array parameter each). */
const INSERT_ROWS = 500;

/**
 * Restores an archive into the target: checks all of it first (integrity, signature, format,
 * every hash within the manifest's bounds, schema version, an empty target unless `replace`), and only then replaces the database and the
 * stored files. The site then serves the same content; every session has ended.
 */
export async function restoreBackupArchive(
  archivePath: string,
  target: BackupSources,
  options: RestoreOptions,
): Promise<{ manifest: BackupManifest; signed: boolean }> {
  const migrationsFolder = options.migrationsFolder ?? MIGRATIONS_FOLDER;
  const work = await mkdtemp(path.join(os.tmpdir(), "restore-"));
  try {
    const { manifest, signed } = await extractAndVerify(archivePath, work, options);
    await checkSchema(manifest, migrationsFolder, path.basename(archivePath));
    await keepingInstancesOut(target.database, async () => {
      await refuseWhileServed(target);
      if (!options.replace) await refuseNonEmpty(target);
      await loadDatabase(target.database, manifest, work, migrationsFolder, options.onProgress);
      await loadFiles(target.storage, manifest, work, options.onProgress);
    });
    return { manifest, signed };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Older schemas are migrated forward after loading; a newer or unknown one is refused. */
async function checkSchema(manifest: BackupManifest, migrationsFolder: string, label: string) {
  const journal = await readJournal(migrationsFolder);
  const { migrations, tag } = manifest.schema;
  if (migrations > journal.length) {
    throw new BackupArchiveError(
      `${label} comes from a newer version of the site (database schema ${migrations}, ` +
        `"${tag}"); this version knows schema ${journal.length}. Update the site first, then restore.`,
    );
  }
  if (migrations === 0 || journal[migrations - 1]?.tag !== tag) {
    throw new BackupArchiveError(
      `${label} is not a backup of this site: its database schema ("${tag}") is not one of ` +
        "this site's migrations.",
    );
  }
}

/**
 * On PostgreSQL the restore holds the migration lock from its checks to its last file: an instance
 * started meanwhile waits at its migration, then serves the restored site (decision 0251). The
 * embedded database is kept out by the DATA_DIR lock the restore command holds.
 */
async function keepingInstancesOut(database: DatabaseHandle, work: () => Promise<void>) {
  if (database.pool) await withMigrationLock(database.pool, work);
  else await work();
}

/**
 * A restore under running instances would leave them serving what they cached of the old data
 * (and writing into the new): on PostgreSQL every instance stops first. They are seen in
 * pg_stat_activity by application_name: an instance's pool, and its content listener, which stays
 * connected while it runs. (On the embedded database the DATA_DIR lock already keeps a restore
 * from running beside the server.)
 */
async function refuseWhileServed({ database }: BackupSources) {
  if (database.driver !== "postgres") return;
  const [row] = await rowsOf<{ connections: number }>(
    database.db,
    sql`select count(*)::int as connections from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()
          and application_name in (${SERVER_APPLICATION_NAME}, ${LISTENER_APPLICATION_NAME})`,
  );
  const connections = row?.connections ?? 0;
  if (connections > 0) {
    throw new BackupArchiveError(
      `The site is running on the target database (${connections} connection(s) of its ` +
        "instances). Stop every instance first, then restore, then start them again.",
    );
  }
}

async function refuseNonEmpty({ database, storage }: BackupSources) {
  const table = await firstTableWithRows(database.db);
  if (table) {
    throw new BackupArchiveError(
      `The target database is not empty (table ${table} has rows). Restore into an empty ` +
        "site, or pass --replace to replace everything in it.",
    );
  }
  for (const bucket of UPLOAD_BUCKETS) {
    for await (const _ of storage.list(bucket)) {
      throw new BackupArchiveError(
        `The target storage is not empty (bucket ${bucket} holds files). Restore into an empty ` +
          "site, or pass --replace to replace everything in it.",
      );
    }
  }
}

/**
 * Recreates schema public at the archive's schema version (the server's migrator), loads every
 * table in foreign-key order in one transaction, moves sequences past the loaded rows, migrates
 * forward to this code's schema, and ends every session.
 */
async function loadDatabase(
  database: DatabaseHandle,
  manifest: BackupManifest,
  work: string,
  migrationsFolder: string,
  onProgress: OnProgress,
) {
  const [owner] = await rowsOf<{ owner: string }>(
    database.db,
    sql`select nspowner::regrole::text as owner from pg_catalog.pg_namespace where nspname = 'public'`,
  );
  await database.db.execute(sql`drop schema if exists drizzle cascade`);
  await database.db.execute(sql`drop schema if exists public cascade`);
  await database.db.execute(
    sql.raw(`create schema public authorization ${owner?.owner ?? "current_user"}`),
  );
  await database.db.execute(sql`grant usage on schema public to public`);
  await migrateTo(database, manifest.schema.migrations, migrationsFolder);

  const totalRows = Object.values(manifest.tables).reduce((sum, table) => sum + table.rows, 0);
  let done = 0;
  onProgress?.({ phase: "database", done, total: totalRows });
  await database.db.transaction(async (tx) => {
    const present = new Set(await listTables(tx));
    const tables = Object.keys(manifest.tables);
    const missing = tables.find((table) => !present.has(table));
    if (missing) {
      throw new BackupArchiveError(
        `The archive holds table ${missing}, which this site's migrations do not create: ` +
          "it was not written by this site.",
      );
    }
    // A migration may seed rows (the pipelines' reply templates): the archive's rows replace them.
    if (tables.length > 0) {
      await tx.execute(sql`truncate ${sql.join(tables.map(qualified), sql`, `)} cascade`);
    }
    for (const table of await foreignKeyOrder(tx, tables)) {
      const columns = (await insertableColumns(tx, table)).map(quoted).join(", ");
      const insert = async (lines: string[]) => {
        await tx.execute(
          sql`insert into ${qualified(table)} (${sql.raw(columns)}) overriding system value
              select ${sql.raw(columns)}
              from jsonb_populate_recordset(null::${qualified(table)}, ${`[${lines.join(",")}]`}::jsonb)`,
        );
        done += lines.length;
        onProgress?.({ phase: "database", done, total: totalRows });
      };
      let batch: string[] = [];
      const lines = createInterface({
        input: createReadStream(path.join(work, ...tableEntry(table).split("/"))),
        crlfDelay: Number.POSITIVE_INFINITY,
      });
      for await (const line of lines) {
        batch.push(line);
        if (batch.length === INSERT_ROWS) {
          await insert(batch);
          batch = [];
        }
      }
      if (batch.length > 0) await insert(batch);
    }
    await resetOwnedSequences(tx);
  });

  await migrateWith(database, migrationsFolder);
  // A restored site starts with nobody signed in (the sessions table of better-auth), with no
  // mail of the archive left to send and a new visit salt (withheld.ts).
  await database.db.delete(schema.session);
  await afterRestore(database.db);
}

/**
 * Every file back through the target's driver; with replace, files not in the archive go (every
 * rendition among them: an archive holds none, they are made again from the masters).
 */
async function loadFiles(
  storage: StorageDriver,
  manifest: BackupManifest,
  work: string,
  onProgress: OnProgress,
) {
  const wanted = new Set(manifest.files.map((file) => fileEntry(file.bucket, file.key)));
  for (const bucket of UPLOAD_BUCKETS) {
    const stale: string[] = [];
    for await (const { key } of storage.list(bucket)) {
      if (!wanted.has(fileEntry(bucket, key))) stale.push(key);
    }
    for (const key of stale) await storage.delete(bucket, key);
  }
  for (const [index, file] of manifest.files.entries()) {
    onProgress?.({ phase: "files", done: index, total: manifest.files.length });
    const source = path.join(work, ...fileEntry(file.bucket, file.key).split("/"));
    await storage.put(file.bucket, file.key, createReadStream(source), {
      contentType: file.contentType,
      size: file.size,
    });
  }
  onProgress?.({ phase: "files", done: manifest.files.length, total: manifest.files.length });
}
