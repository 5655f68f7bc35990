import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { type Caches, createRuntimeCaches } from "@server/caches";
import { type DatabaseHandle, openDatabase } from "@server/db/client";
import pg from "pg";
import { inject } from "vitest";
import type { DatabaseTemplate } from "./pglite-template";

/**
 * The databases every integration test runs against: in-memory PGlite always, and the
 * PostgreSQL server of TEST_DATABASE_URL when set (a fresh database per call, dropped after).
 */
export const testDrivers: Array<"pglite" | "postgres"> = process.env.TEST_DATABASE_URL
  ? ["pglite", "postgres"]
  : ["pglite"];

export interface TestDatabase extends DatabaseHandle {
  /** The connection URL when on PostgreSQL (for a server started by the test). */
  url?: string;
  /** The caches a runtime on this database would bind to it (server/caches.ts). */
  caches: Caches;
  destroy(): Promise<void>;
}

/**
 * A fresh database. A migrated one starts from one of the run's templates (pglite-template.ts):
 * the schema only unless `template` says it also holds the demo content, the TestRuntime's staff
 * accounts, or both. `migrate: false` is an empty database (a test of the migrations themselves).
 */
export async function createTestDatabase(
  driver: "pglite" | "postgres",
  options: { migrate?: boolean; template?: DatabaseTemplate } = {},
): Promise<TestDatabase> {
  const template = options.migrate === false ? undefined : (options.template ?? "migrated");
  let handle: DatabaseHandle;
  let url: string | undefined;
  let drop = async () => {};
  if (driver === "pglite") {
    const file = template ? inject("pgliteTemplates")[template] : undefined;
    handle = await openDatabase({
      driver: "pglite",
      loadDataDir: file ? new Blob([await readFile(file)]) : undefined,
    });
  } else {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error("TEST_DATABASE_URL is not set");
    const name = `test_${Date.now()}_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    const source = template ? inject("postgresTemplates")?.[template] : undefined;
    if (template && !source) throw new Error("no PostgreSQL templates: see pglite-template.ts");
    await admin.query(`create database ${name}${source ? ` template ${source}` : ""}`);
    await admin.end();
    const target = new URL(base);
    target.pathname = `/${name}`;
    url = target.toString();
    handle = await openDatabase({ driver: "postgres", url, poolSize: 4 });
    drop = async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  // Nothing to apply on a template of this run; kept so that a database is never behind.
  if (template) await handle.migrate();
  return {
    ...handle,
    url,
    caches: createRuntimeCaches(handle.db),
    async destroy() {
      // A test may have closed the handle already (a database that fails): drop it all the same.
      await handle.close().catch(() => {});
      await drop();
    },
  };
}
