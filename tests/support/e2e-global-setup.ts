import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ADMIN_DATA_TEMPLATES_ENV } from "./admin-data";
import { writeServerDataTemplates } from "./pglite-template";

/**
 * Playwright's global setup: the back-office specs' servers (admin-e2e.ts) start from a DATA_DIR
 * loaded from one migrated database with the named staff (and the demo content), built once per
 * run, as in vitest (decision 0400), instead of initdb, every migration, four password hashes and
 * the seed in each worker. The workers inherit the variable.
 */
export default async function globalSetup() {
  const dir = await mkdtemp(path.join(os.tmpdir(), "studio-e2e-templates-"));
  await writeServerDataTemplates(dir);
  process.env[ADMIN_DATA_TEMPLATES_ENV] = dir;
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
