import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { type DatabaseHandle, type Executor, MIGRATIONS_FOLDER } from "@server/db/client";
import { sql } from "drizzle-orm";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { rowsOf } from "./catalog";

/**
 * The schema version of a database is how many drizzle migrations it has applied (rows of
 * drizzle.__drizzle_migrations); the journal of the code names them. Restoring migrates a target
 * to an archive's version with the same migrator the server uses, from a copy of the migrations
 * folder that stops there.
 */

export interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

export async function readJournal(folder = MIGRATIONS_FOLDER): Promise<JournalEntry[]> {
  const journal = JSON.parse(await readFile(path.join(folder, "meta", "_journal.json"), "utf8"));
  return journal.entries as JournalEntry[];
}

/** Migrations applied, and the tag of the last (found in the journal by its timestamp). */
export async function schemaVersionOf(
  executor: Executor,
  journal: JournalEntry[],
): Promise<{ migrations: number; tag: string }> {
  const [exists] = await rowsOf<{ present: boolean }>(
    executor,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!exists?.present) return { migrations: 0, tag: "" };
  const applied = await rowsOf<{ created_at: string | number }>(
    executor,
    sql`select created_at from drizzle.__drizzle_migrations order by created_at`,
  );
  const last = applied.at(-1);
  if (!last) return { migrations: 0, tag: "" };
  const entry = journal.find((candidate) => candidate.when === Number(last.created_at));
  if (!entry) {
    throw new Error(
      "The database has a migration this version of the site does not know: update the site first",
    );
  }
  return { migrations: applied.length, tag: entry.tag };
}

/** Runs the server's migrator with the given folder (the project's, or a truncated copy). */
export async function migrateWith(database: DatabaseHandle, migrationsFolder: string) {
  if (database.driver === "postgres") {
    await migrateNodePg(database.db as unknown as NodePgDatabase, { migrationsFolder });
  } else {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
  }
}

/** Migrates to exactly the first `count` migrations of `folder`, through a temporary copy. */
export async function migrateTo(
  database: DatabaseHandle,
  count: number,
  folder = MIGRATIONS_FOLDER,
) {
  const copy = await migrationsUpTo(count, folder);
  try {
    await migrateWith(database, copy);
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
}

/** A temporary copy of a migrations folder whose journal keeps its first `count` entries. */
export async function migrationsUpTo(count: number, folder = MIGRATIONS_FOLDER): Promise<string> {
  const copy = await mkdtemp(path.join(os.tmpdir(), "migrations-"));
  await cp(folder, copy, { recursive: true });
  const journalPath = path.join(copy, "meta", "_journal.json");
  const journal = JSON.parse(await readFile(journalPath, "utf8"));
  journal.entries = journal.entries.slice(0, count);
  await writeFile(journalPath, JSON.stringify(journal, null, 2));
  return copy;
}
