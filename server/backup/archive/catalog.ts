import type { Executor } from "@server/db/client";
import { type SQL, sql } from "drizzle-orm";

/**
 * What the backup learns from the PostgreSQL catalog (the same on PGlite): the tables of schema
 * public, never a list in code, so a table a later migration adds is in every archive by
 * construction; their columns, foreign keys and sequences for loading them back.
 */

/** The rows of a query on either driver (node-postgres and PGlite both answer `{ rows }`). */
export async function rowsOf<T>(executor: Executor, query: SQL): Promise<T[]> {
  const result = (await executor.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A quoted identifier of schema public. */
export const qualified = (table: string) => sql.raw(`public."${table.replaceAll('"', '""')}"`);
const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Every ordinary or partitioned table of schema public (partitions travel with their parent). */
export async function listTables(executor: Executor): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    executor,
    sql`select c.relname as name from pg_catalog.pg_class c
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
        order by c.relname`,
  );
  return rows.map((row) => row.name);
}

/** The columns an insert may name: not dropped, not generated (PostgreSQL computes those). */
export async function insertableColumns(executor: Executor, table: string): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    executor,
    sql`select a.attname as name from pg_catalog.pg_attribute a
        where a.attrelid = ${`public.${quoted(table)}`}::regclass
          and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
        order by a.attnum`,
  );
  return rows.map((row) => row.name);
}

/**
 * The tables ordered so every table comes after those its foreign keys reference (a table's
 * references to itself are left to the row order; none exist today).
 */
export async function foreignKeyOrder(executor: Executor, tables: string[]): Promise<string[]> {
  const edges = await rowsOf<{ child: string; parent: string }>(
    executor,
    sql`select c.relname as child, p.relname as parent from pg_catalog.pg_constraint k
        join pg_catalog.pg_class c on c.oid = k.conrelid
        join pg_catalog.pg_class p on p.oid = k.confrelid
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where k.contype = 'f' and n.nspname = 'public' and c.oid <> p.oid`,
  );
  const parents = new Map(tables.map((table) => [table, new Set<string>()]));
  for (const { child, parent } of edges) parents.get(child)?.add(parent);
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (ordered.includes(table) || visiting.has(table)) return;
    visiting.add(table);
    for (const parent of parents.get(table) ?? []) if (parents.has(parent)) visit(parent);
    visiting.delete(table);
    ordered.push(table);
  };
  for (const table of tables) visit(table);
  return ordered;
}

/** Sets every sequence owned by a column of schema public past the largest value loaded. */
export async function resetOwnedSequences(executor: Executor): Promise<void> {
  const owned = await rowsOf<{ sequence: string; table: string; column: string }>(
    executor,
    sql`select s.relname as sequence, t.relname as table, a.attname as column
        from pg_catalog.pg_depend d
        join pg_catalog.pg_class s on s.oid = d.objid and s.relkind = 'S'
        join pg_catalog.pg_class t on t.oid = d.refobjid
        join pg_catalog.pg_namespace n on n.oid = t.relnamespace
        join pg_catalog.pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
        where d.classid = 'pg_catalog.pg_class'::regclass
          and d.refclassid = 'pg_catalog.pg_class'::regclass
          and d.deptype in ('a', 'i') and n.nspname = 'public'`,
  );
  for (const { sequence, table, column } of owned) {
    await executor.execute(
      sql`select setval(${`public.${quoted(sequence)}`}::regclass,
        coalesce((select max(${sql.raw(quoted(column))}) from ${qualified(table)}), 0) + 1, false)`,
    );
  }
}

/** The first table of schema public that holds a row, or null when none does. */
/**
 * Tables a migration fills (the pipelines' starting reply templates, drizzle/0011): rows a freshly
 * migrated site already holds, so they do not make it "not empty". A restore replaces them.
 */
export const SEEDED_BY_MIGRATIONS: ReadonlySet<string> = new Set(["reply_templates"]);

export async function firstTableWithRows(executor: Executor): Promise<string | null> {
  for (const table of await listTables(executor)) {
    if (SEEDED_BY_MIGRATIONS.has(table)) continue;
    const [row] = await rowsOf<{ present: boolean }>(
      executor,
      sql`select exists (select 1 from ${qualified(table)}) as present`,
    );
    if (row?.present) return table;
  }
  return null;
}

export { quoted };
