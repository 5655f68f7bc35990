import { createHash, randomBytes } from "node:crypto";
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Transform } from "node:stream";
import { finished, pipeline } from "node:stream/promises";
import { type DatabaseHandle, MIGRATIONS_FOLDER } from "@server/db/client";
import type { StorageDriver } from "@server/storage";
import { sql } from "drizzle-orm";
import { create as createTar } from "tar";
import { BACKED_UP_BUCKETS, type UploadBucket } from "~/lib/values";
import { listTables, qualified, rowsOf } from "./catalog";
import { writeGzipFile } from "./gzip-frame";
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  type BackupManifest,
  fileEntry,
  MANIFEST_ENTRY,
  SIGNATURE_ENTRY,
  signManifest,
  tableEntry,
} from "./manifest";
import { readJournal, schemaVersionOf } from "./migrations";
import type { OnProgress } from "./progress";
import { archivedRows } from "./withheld";

export interface BackupSources {
  database: DatabaseHandle;
  storage: StorageDriver;
}

export interface WrittenArchive {
  path: string;
  name: string;
  size: number;
  manifest: BackupManifest;
}

export interface WriteArchiveOptions {
  directory: string;
  /** The key the manifest is signed with (`keys.backupArchives`): restore checks it. */
  archiveKey: string;
  onProgress?: OnProgress;
  now?: Date;
  /** The migrations the schema version is read against (tests use a longer copy). */
  migrationsFolder?: string;
}

/** Rows fetched from the cursor at a time: bounded memory whatever a table's size. */
const FETCH_ROWS = 500;

/**
 * Writes `<directory>/<name>.tar.gz`: the signed manifest first (restore reads it before it
 * writes anything), then the database as JSON lines read in one snapshot and every stored file.
 * Staged in a folder beside the output, packed into a
 * `.partial` file, then renamed, so an archive under its final name is always complete.
 */
export async function writeBackupArchive(
  sources: BackupSources,
  options: WriteArchiveOptions,
): Promise<WrittenArchive> {
  const now = options.now ?? new Date();
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
  const name = `backup-${stamp}-${randomBytes(3).toString("hex")}`;
  const directory = path.resolve(options.directory);
  await mkdir(directory, { recursive: true });
  const staging = await mkdtemp(path.join(directory, `.${name}-`));
  const target = path.join(directory, `${name}.tar.gz`);
  const partial = `${target}.partial`;
  try {
    const journal = await readJournal(options.migrationsFolder ?? MIGRATIONS_FOLDER);
    const { schema, tables } = await dumpDatabase(sources.database, staging, {
      journal,
      onProgress: options.onProgress,
    });
    const files = await copyFiles(sources.storage, staging, options.onProgress);
    const manifest: BackupManifest = {
      format: ARCHIVE_FORMAT,
      formatVersion: ARCHIVE_FORMAT_VERSION,
      createdAt: now.toISOString(),
      app: { version: await appVersion() },
      source: { driver: sources.database.driver, storage: sources.storage.kind },
      schema,
      tables,
      files,
    };
    const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2));
    await writeFile(path.join(staging, MANIFEST_ENTRY), manifestBytes);
    await writeFile(
      path.join(staging, SIGNATURE_ENTRY),
      signManifest(manifestBytes, options.archiveKey),
    );
    const entries = [
      MANIFEST_ENTRY,
      SIGNATURE_ENTRY,
      ...Object.keys(tables).map(tableEntry),
      ...files.map((file) => fileEntry(file.bucket, file.key)),
    ];
    await pack(staging, entries, partial, options.onProgress);
    await rename(partial, target);
    return { path: target, name, size: (await stat(target)).size, manifest };
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}

/**
 * Every table of schema public (from the catalog), each row as `to_jsonb(row)` on one line, and
 * the schema version, all in ONE transaction: repeatable read on PostgreSQL, so every table is
 * read as of the same instant and every commit acknowledged before it began is in; on PGlite the
 * transaction holds its single session, so nothing else runs meanwhile (decision 0240).
 */
async function dumpDatabase(
  database: DatabaseHandle,
  staging: string,
  {
    journal,
    onProgress,
  }: { journal: Awaited<ReturnType<typeof readJournal>>; onProgress: OnProgress },
) {
  await mkdir(path.join(staging, "db"));
  return database.db.transaction(
    async (tx) => {
      const schema = await schemaVersionOf(tx, journal);
      const names = await listTables(tx);
      const tables: BackupManifest["tables"] = {};
      for (const [index, table] of names.entries()) {
        onProgress?.({ phase: "database", done: index, total: names.length });
        const out = createWriteStream(path.join(staging, tableEntry(table)), { flags: "wx" });
        // Heard from the start: a write that fails (a full disk) fails this backup, never the
        // process; awaited once the table is written.
        const written = finished(out);
        written.catch(() => {});
        const hash = createHash("sha256");
        let rows = 0;
        let bytes = 0;
        try {
          // A few tables leave secrets out (withheld.ts): the outbox's bodies, the visit salt.
          const withheld = archivedRows(table);
          await tx.execute(
            withheld
              ? sql`declare backup_rows no scroll cursor for
                  select (${withheld.row})::text as row from ${qualified(table)} t
                  where ${withheld.where}`
              : sql`declare backup_rows no scroll cursor for
                  select to_jsonb(t)::text as row from ${qualified(table)} t`,
          );
          for (;;) {
            const batch = await rowsOf<{ row: string }>(
              tx,
              sql.raw(`fetch ${FETCH_ROWS} from backup_rows`),
            );
            if (batch.length === 0) break;
            const text = Buffer.from(batch.map((item) => `${item.row}\n`).join(""));
            hash.update(text);
            rows += batch.length;
            bytes += text.length;
            if (!out.write(text)) await Promise.race([once(out, "drain"), written]);
          }
          await tx.execute(sql`close backup_rows`);
          out.end();
          await written;
        } finally {
          // After a failure: no file left open in a staging folder about to be removed.
          out.destroy();
        }
        tables[table] = { rows, bytes, sha256: hash.digest("hex") };
      }
      onProgress?.({ phase: "database", done: names.length, total: names.length });
      return { schema, tables };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/**
 * Every stored file of every backed-up bucket (renditions are made again from their masters), with
 * its type, size and hash (after the snapshot).
 */
async function copyFiles(storage: StorageDriver, staging: string, onProgress: OnProgress) {
  const listed: { bucket: UploadBucket; key: string }[] = [];
  for (const bucket of BACKED_UP_BUCKETS) {
    for await (const { key } of storage.list(bucket)) listed.push({ bucket, key });
  }
  const files: BackupManifest["files"] = [];
  for (const [index, { bucket, key }] of listed.entries()) {
    onProgress?.({ phase: "files", done: index, total: listed.length });
    const object = await storage.get(bucket, key);
    // Deleted since the listing: keys are never reused, so it is simply gone.
    if (!object) continue;
    const destination = path.join(staging, ...fileEntry(bucket, key).split("/"));
    await mkdir(path.dirname(destination), { recursive: true });
    const hash = createHash("sha256");
    let size = 0;
    await pipeline(
      object.stream,
      new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          hash.update(chunk);
          size += chunk.length;
          callback(null, chunk);
        },
      }),
      createWriteStream(destination, { flags: "wx" }),
    );
    files.push({ bucket, key, size, sha256: hash.digest("hex"), contentType: object.contentType });
  }
  onProgress?.({ phase: "files", done: listed.length, total: listed.length });
  return files;
}

/** A POSIX tar of the entries in order (manifest first), gzipped with our framing. */
async function pack(staging: string, entries: string[], output: string, onProgress: OnProgress) {
  let total = 1024;
  for (const entry of entries) {
    total += 512 + Math.ceil((await stat(path.join(staging, entry))).size / 512) * 512;
  }
  let done = 0;
  onProgress?.({ phase: "archive", done, total });
  await writeGzipFile(
    output,
    createTar({ cwd: staging, portable: true, noDirRecurse: true }, entries),
    (bytes) => {
      done = Math.min(done + bytes, total);
      onProgress?.({ phase: "archive", done, total });
    },
  );
  onProgress?.({ phase: "archive", done: total, total });
}

/** The site's version: APP_VERSION when the deployment sets it, else package.json's. */
async function appVersion(): Promise<string> {
  if (process.env.APP_VERSION) return process.env.APP_VERSION;
  try {
    const manifest = JSON.parse(
      await readFile(path.join(MIGRATIONS_FOLDER, "..", "package.json"), "utf8"),
    );
    return typeof manifest.version === "string" ? manifest.version : "unversioned";
  } catch {
    return "unversioned";
  }
}
