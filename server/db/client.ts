import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { makeOwnerOnly } from "@server/data-dir";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema";

export { schema };
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle a transaction callback receives; queries take either. */
export type Executor = Parameters<Parameters<Database["transaction"]>[0]>[0] | Database;

export interface DatabaseHandle {
  db: Database;
  driver: "pglite" | "postgres";
  /** The node-postgres pool (PostgreSQL only): shared rate limits and content notifications. */
  pool?: pg.Pool;
  /** The connection URL (PostgreSQL only), for connections outside the pool (LISTEN). */
  url?: string;
  /** The embedded database itself (PGlite only), for the job engine's adapter. */
  pglite?: PGlite;
  /** Applies pending migrations; safe when several instances start at once. */
  migrate(): Promise<void>;
  /** Throws unless the database answers. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The `application_name` of a serving instance's connections, so that tools which must not run
 * beside a live site (restore) can see one in pg_stat_activity.
 */
export const SERVER_APPLICATION_NAME = "studio-site";

export type DatabaseOptions =
  | {
      driver: "postgres";
      url: string;
      poolSize?: number;
      /** Shown in pg_stat_activity: SERVER_APPLICATION_NAME for a serving instance. */
      applicationName?: string;
    }
  /**
   * `directory` undefined means in memory (tests); `loadDataDir`, a dumped data directory to
   * start from instead of a fresh one (the tests' migrated template: tests/support/pglite-template.ts).
   */
  | { driver: "pglite"; directory?: string; loadDataDir?: Blob };

/** The project's drizzle/ folder, found upwards from this module (source or any bundle chunk). */
function findMigrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, "drizzle");
    if (existsSync(path.join(candidate, "meta", "_journal.json"))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("The drizzle/ migrations folder was not found");
    dir = parent;
  }
}
export const MIGRATIONS_FOLDER = process.env.MIGRATIONS_DIR ?? findMigrationsFolder();

/**
 * A fixed key for pg_advisory_lock: concurrent starts migrate one at a time, and a restore holds it
 * so that an instance started meanwhile waits at its migration until the restore is over.
 */
const MIGRATION_LOCK_KEY = 727_001;

/** Runs `work` holding the migration lock on a connection of its own (PostgreSQL). */
export async function withMigrationLock<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    return await work(client);
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
    client.release();
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.driver === "postgres") {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      application_name: options.applicationName ?? "studio-site-tool",
    });
    // An idle client that loses its connection must not crash the process.
    pool.on("error", () => {});
    const db = drizzleNodePg({ client: pool, schema }) as unknown as Database;
    return {
      db,
      driver: "postgres",
      pool,
      url: options.url,
      async migrate() {
        await withMigrationLock(pool, (client) =>
          migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER }),
        );
      },
      async ping() {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
    };
  }

  if (options.directory) await mkdir(path.dirname(options.directory), { recursive: true });
  // pg_trgm backs the back-office search index (drizzle/0001_inquiry_search_index.sql).
  const client = await PGlite.create(options.directory, {
    extensions: { pg_trgm },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    // PostgreSQL's default 128 MB of shared buffers lives in the WebAssembly memory, which never
    // shrinks; 16 MB holds a studio's hot rows, and the OS page cache keeps the rest (decision 0008).
    startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"],
  });
  // PGlite sets the modes of the files it writes at start itself (0666 by its initdb, 0644 for
  // its relation cache), whatever the umask: owner-only again before anything is stored
  // (decision 0260). The files it creates later follow the umask.
  if (options.directory) await makeOwnerOnly(options.directory);
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    driver: "pglite",
    pglite: client,
    async migrate() {
      // One process owns an embedded database (see data-dir-lock.ts), so no lock is needed here.
      await migratePglite(drizzlePglite({ client, schema }), {
        migrationsFolder: MIGRATIONS_FOLDER,
      });
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}
