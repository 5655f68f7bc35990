import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { type DatabaseHandle, openDatabase } from "@server/db/client";
import pg from "pg";
import { inject } from "vitest";

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
  destroy(): Promise<void>;
}

export async function createTestDatabase(
  driver: "pglite" | "postgres",
  options: { migrate?: boolean } = {},
): Promise<TestDatabase> {
  let handle: DatabaseHandle;
  let url: string | undefined;
  let drop = async () => {};
  if (driver === "pglite") {
    // A migrated database starts from the run's template (pglite-template.ts); an unmigrated one
    // (a test of the migrations themselves) from nothing.
    const template = options.migrate !== false ? inject("pgliteTemplate") : undefined;
    handle = await openDatabase({
      driver: "pglite",
      loadDataDir: template ? new Blob([await readFile(template)]) : undefined,
    });
  } else {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error("TEST_DATABASE_URL is not set");
    const name = `test_${Date.now()}_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
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
  if (options.migrate !== false) await handle.migrate();
  return {
    ...handle,
    url,
    async destroy() {
      // A test may have closed the handle already (a database that fails): drop it all the same.
      await handle.close().catch(() => {});
      await drop();
    },
  };
}
