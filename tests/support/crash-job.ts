import { appendFile, readFile } from "node:fs/promises";
import type { DatabaseHandle } from "@server/db/client";
import { defineJob } from "@server/jobs/engine";
import { sql } from "drizzle-orm";

/**
 * The job of the kill -9 test (tests/integration/job-engine-crash.test.ts), shared by the test and
 * the worker process it kills (crash-worker.ts): its effect is a row keyed by the job's data,
 * inserted idempotently, then a line "started <job id> <retry count>" in a file the test reads
 * (a file, because on PGlite the killed process holds the database while it runs).
 */

export interface CrashServices {
  database: DatabaseHandle;
  startedFile: string;
  /** The process to be killed: after its effect and its line, the job never finishes. */
  hang: boolean;
}

/** Short timeout, so that a dead worker's job comes back within seconds. */
export const CRASH_EXPIRE_SECONDS = 4;

export const crashJob = defineJob<{ key: string }, CrashServices>({
  name: "test-crash",
  queue: { expireInSeconds: CRASH_EXPIRE_SECONDS, retryLimit: 2, retryDelay: 0 },
  pollSeconds: 0.5,
  async run(data, services, job) {
    await services.database.db.execute(
      sql`insert into crash_effect (key) values (${data.key}) on conflict (key) do nothing`,
    );
    // Written after the effect: the kill lands between the effect and the job's completion,
    // the worst moment for "its effect happens once".
    await appendFile(services.startedFile, `started ${job.id} ${job.retryCount}\n`);
    if (services.hang) await new Promise(() => {});
  },
});

export async function createCrashEffectTable(database: DatabaseHandle): Promise<void> {
  await database.db.execute(sql`create table crash_effect (key text primary key)`);
}

/** The "started" lines so far: each attempt's job id and retry count. */
export async function startedAttempts(
  file: string,
): Promise<Array<{ id: string; retryCount: number }>> {
  const text = await readFile(file, "utf8").catch(() => "");
  return text
    .split("\n")
    .filter((line) => line.startsWith("started "))
    .map((line) => {
      const [, id = "", retryCount = ""] = line.split(" ");
      return { id, retryCount: Number(retryCount) };
    });
}
