import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { type Database, type DatabaseHandle, openDatabase, schema } from "@server/db/client";
import { seedDemoContent } from "@server/db/seed";
import { createJobEngine } from "@server/jobs/engine";
import { createLogger } from "@server/logger";
import { JOB_TYPES } from "@server/runtime";
import { createAuth } from "@server/staff/auth";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { ADMIN_DATA_TEMPLATES_ENV, ensureTestStaff } from "./admin-data";

/**
 * Vitest's global setup: the databases tests start from, built once per run instead of in every
 * test. A fresh PGlite runs initdb (seconds on a busy machine) and every migration, and each staff
 * account costs a real password hash; loading a dump (or, on PostgreSQL, CREATE DATABASE ...
 * TEMPLATE) takes a fraction of that. Built from this checkout's migrations and seed at each run,
 * so never stale:
 * - migrated: the schema only, with the job engine's (pg-boss's tables and the runtime's queues);
 * - demo: + the demo content (seedDemoContent);
 * - staff: + the four test accounts of a TestRuntime (admin-runtime.ts);
 * - staff-demo: both.
 * And for a server's DATA_DIR (prepareAdminData, through ADMIN_DATA_TEMPLATES_ENV): the migrated
 * schema with the named staff, without and with the demo content.
 */

export type DatabaseTemplate = "migrated" | "demo" | "staff" | "staff-demo";

declare module "vitest" {
  export interface ProvidedContext {
    /** Dump files of the embedded database, by template. */
    pgliteTemplates: Record<DatabaseTemplate, string>;
    /** Database names on TEST_DATABASE_URL's server, by template (null without it). */
    postgresTemplates: Record<DatabaseTemplate, string> | null;
  }
}

const MIGRATIONS = path.resolve(import.meta.dirname, "../../drizzle");

/** The accounts' rows only: the secret signs sessions, and no session is made here. */
const staffAuth = (db: Database) =>
  createAuth({ db, siteUrl: "http://127.0.0.1", secret: "x".repeat(32), sessionIdleHours: 2 });

/** Writes the data directory of `client` to `dir/name.tar`; returns the file. */
async function dump(client: PGlite, dir: string, name: string): Promise<string> {
  const file = path.join(dir, `${name}.tar`);
  await writeFile(file, Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer()));
  return file;
}

/** Installs pg-boss's schema and the runtime's queues, as a runtime's first start does. */
async function installJobs(database: Pick<DatabaseHandle, "pglite" | "url">): Promise<void> {
  const engine = createJobEngine({
    database: database as DatabaseHandle,
    logger: createLogger("silent"),
    types: JOB_TYPES,
    services: () => ({}),
    work: false,
  });
  await engine.start();
  await engine.stop();
}

/** An in-memory PGlite, empty or loaded from a dump. */
async function open(from?: string) {
  const client = await PGlite.create(undefined, {
    extensions: { pg_trgm },
    ...(from ? { loadDataDir: new Blob([await readFile(from)]) } : {}),
  });
  return { client, db: drizzle({ client, schema }) as unknown as Database };
}

/**
 * The dumps a server's DATA_DIR starts from (prepareAdminData, through ADMIN_DATA_TEMPLATES_ENV):
 * the migrated schema (from `migrated`, else migrated here) with the named staff, without and
 * with the demo content. Vitest's and Playwright's global setups both write them.
 */
export async function writeServerDataTemplates(dir: string, migrated?: string): Promise<void> {
  const { client, db } = await open(migrated);
  try {
    if (!migrated) {
      await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS });
      await installJobs({ pglite: client });
    }
    await ensureTestStaff(staffAuth(db), { named: true });
    await dump(client, dir, "server-staff");
    await seedDemoContent(db);
    await dump(client, dir, "server-staff-demo");
  } finally {
    await client.close();
  }
}

export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(os.tmpdir(), "studio-pglite-template-"));
  const files = {} as Record<DatabaseTemplate, string>;

  {
    const { client, db } = await open();
    await migrate(drizzle({ client }), { migrationsFolder: MIGRATIONS });
    await installJobs({ pglite: client });
    files.migrated = await dump(client, dir, "migrated");
    await seedDemoContent(db);
    files.demo = await dump(client, dir, "demo");
    await client.close();
  }
  {
    const { client, db } = await open(files.migrated);
    await ensureTestStaff(staffAuth(db), { named: false });
    files.staff = await dump(client, dir, "staff");
    await seedDemoContent(db);
    files["staff-demo"] = await dump(client, dir, "staff-demo");
    await client.close();
  }
  await writeServerDataTemplates(dir, files.migrated);
  project.provide("pgliteTemplates", files);
  // Read by prepareAdminData in the workers, which inherit this process's environment.
  process.env[ADMIN_DATA_TEMPLATES_ENV] = dir;

  const postgres = await postgresTemplates();
  project.provide("postgresTemplates", postgres?.names ?? null);

  return async () => {
    delete process.env[ADMIN_DATA_TEMPLATES_ENV];
    await postgres?.drop();
    await rm(dir, { recursive: true, force: true });
  };
}

/** The same four templates as databases of TEST_DATABASE_URL's server, cloned by name. */
async function postgresTemplates() {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return null;
  const prefix = `template_${randomBytes(4).toString("hex")}`;
  const names: Record<DatabaseTemplate, string> = {
    migrated: `${prefix}_migrated`,
    demo: `${prefix}_demo`,
    staff: `${prefix}_staff`,
    "staff-demo": `${prefix}_staff_demo`,
  };
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  const urlOf = (name: string) => {
    const url = new URL(base);
    url.pathname = `/${name}`;
    return url.toString();
  };
  /** Creates `name` from `from` (or empty), then runs `fill` on it and closes every connection. */
  const make = async (
    name: string,
    from: string | null,
    fill: (db: Database) => Promise<unknown>,
  ) => {
    await admin.query(`create database ${name}${from ? ` template ${from}` : ""}`);
    const handle = await openDatabase({ driver: "postgres", url: urlOf(name), poolSize: 1 });
    try {
      if (!from) await handle.migrate();
      await fill(handle.db);
    } finally {
      await handle.close();
    }
  };
  const drop = async () => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    for (const name of Object.values(names)) {
      await client.query(`drop database if exists ${name} with (force)`);
    }
    await client.end();
  };
  try {
    await make(names.migrated, null, async () => {
      await installJobs({ url: urlOf(names.migrated) });
    });
    await make(names.demo, names.migrated, seedDemoContent);
    await make(names.staff, names.migrated, (db) =>
      ensureTestStaff(staffAuth(db), { named: false }),
    );
    await make(names["staff-demo"], names.staff, seedDemoContent);
  } catch (error) {
    await drop().catch(() => {});
    throw error;
  } finally {
    await admin.end();
  }
  return { names, drop };
}
