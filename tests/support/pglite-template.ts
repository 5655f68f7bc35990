import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import type { TestProject } from "vitest/node";

/**
 * Vitest's global setup: one embedded database migrated once, dumped to a file that every test's
 * in-memory PGlite starts from (tests/support/database.ts). A fresh PGlite runs initdb, several
 * seconds on a busy machine, and then every migration; loading the dump takes a fraction of that.
 * The dump is made from this checkout's migrations at each run, so it is never stale.
 */

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(os.tmpdir(), "studio-pglite-template-"));
  const client = await PGlite.create(undefined, { extensions: { pg_trgm } });
  await migrate(drizzle({ client }), {
    migrationsFolder: path.resolve(import.meta.dirname, "../../drizzle"),
  });
  const file = path.join(dir, "template.tar");
  await writeFile(file, Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer()));
  await client.close();
  project.provide("pgliteTemplate", file);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
