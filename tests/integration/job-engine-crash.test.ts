import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { rowsOf } from "@server/backup/archive/catalog";
import { type DatabaseHandle, openDatabase } from "@server/db/client";
import { createJobEngine, type JobEngine } from "@server/jobs/engine";
import { createLogger } from "@server/logger";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/admin-server";
import {
  CRASH_EXPIRE_SECONDS,
  type CrashServices,
  crashJob,
  createCrashEffectTable,
  startedAttempts,
} from "../support/crash-job";
import { createTestDatabase, testDrivers } from "../support/database";
import { waitFor } from "../support/wait";

/**
 * Issue #49, "once, whatever happens": a worker process killed with `kill -9` mid-job (after its
 * effect, before its completion) leaves the job to pg-boss, which retries it after its timeout
 * on another instance; the handler's idempotent effect is there once. A real child process on
 * both databases: on PGlite the embedded database is a directory on disk that one process holds
 * at a time, so the test closes it, lets the child open it, kills the child and reopens it
 * (PostgreSQL's crash recovery of that directory included).
 */

const logger = createLogger("silent");
const WORKER = path.join(ROOT, "tests/support/crash-worker.ts");

async function effectKeys(database: DatabaseHandle): Promise<string[]> {
  const rows = await rowsOf<{ key: string }>(database.db, sql`select key from crash_effect`);
  return rows.map((row) => row.key);
}

describe.each(testDrivers)("a worker killed with kill -9 mid-job, on %s", (driver) => {
  it("leaves its job to be retried after the timeout, and the effect happens once", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "job-crash-"));
    const startedFile = path.join(dir, "started.log");
    const pgliteDir = path.join(dir, "pgdata");
    const postgres = driver === "postgres" ? await createTestDatabase("postgres") : undefined;
    const open = async (): Promise<DatabaseHandle> =>
      postgres ?? (await openDatabase({ driver: "pglite", directory: pgliteDir }));
    let database = await open();
    const engines: JobEngine[] = [];
    let child: ChildProcess | undefined;
    const engine = async (work: boolean, superviseSeconds?: number) => {
      const services: CrashServices = { database, startedFile, hang: false };
      const made = createJobEngine({
        database,
        logger,
        types: [crashJob],
        services: () => services,
        work,
        superviseSeconds,
      });
      engines.push(made);
      await made.start();
      return made;
    };
    const stopEngines = async () => {
      for (const made of engines.splice(0)) await made.stop();
    };
    try {
      await createCrashEffectTable(database);
      const id = await (await engine(false)).send(crashJob, { key: "effect-1" });
      if (!id) throw new Error("the job was not queued");
      await stopEngines();
      // One process at a time on an embedded database: the worker's turn.
      if (!postgres) await database.close();

      let stderr = "";
      child = spawn(process.execPath, ["--import", "tsx", WORKER], {
        cwd: ROOT,
        env: {
          ...process.env,
          CRASH_STARTED_FILE: startedFile,
          ...(postgres?.url
            ? { CRASH_DATABASE_URL: postgres.url }
            : { CRASH_PGLITE_DIR: pgliteDir }),
        },
        stdio: ["ignore", "ignore", "pipe"],
      });
      child.stderr?.on("data", (chunk) => {
        stderr += chunk;
      });
      const exited = once(child, "exit");
      await waitFor(
        async () => {
          if (child?.exitCode !== null) throw new Error(`the worker exited early:\n${stderr}`);
          return (await startedAttempts(startedFile)).length > 0;
        },
        "the worker to start the job",
        60_000,
      );
      child.kill("SIGKILL");
      const [, signal] = await exited;
      expect(signal).toBe("SIGKILL");

      if (!postgres) database = await open();
      // Killed mid-job: nobody completed or failed it, it is still the dead worker's.
      const observer = await engine(false);
      const left = await observer.boss.getJobById(crashJob.name, id);
      expect(left).toMatchObject({ state: "active", retryCount: 0 });
      // ...and its effect outlived it: the retry's insert meets it (hence on conflict do nothing).
      expect(await effectKeys(database)).toEqual(["effect-1"]);

      // Another instance, passing over the queues every second, takes it after its timeout.
      await engine(true, 1);
      const done = await waitFor(
        async () => {
          const job = await observer.boss.getJobById(crashJob.name, id);
          return job?.state === "completed" ? job : null;
        },
        "the job to be retried and completed",
        // Well under pg-boss's default pass of 60 s: without `superviseSeconds` this times out.
        CRASH_EXPIRE_SECONDS * 1000 + 30_000,
      );
      expect(done.retryCount).toBe(1);
      expect(await startedAttempts(startedFile)).toEqual([
        { id, retryCount: 0 },
        { id, retryCount: 1 },
      ]);
      expect(await effectKeys(database)).toEqual(["effect-1"]);
    } finally {
      if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await stopEngines();
      if (postgres) await postgres.destroy();
      else await database.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
