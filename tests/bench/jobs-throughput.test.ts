import { rowsOf } from "@server/backup/archive/catalog";
import { createJobEngine, defineJob, JOBS_SCHEMA } from "@server/jobs/engine";
import { createLogger } from "@server/logger";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestDatabase, testDrivers } from "../support/database";
import { waitFor } from "../support/wait";

/**
 * `npm run bench:jobs` (not part of `npm test`): jobs per second from enqueue to done on each
 * database (issue #49). Each job is sent on its own, as a notification's is, while a working
 * engine runs them; the figure is the jobs over the time from the first send to the last job
 * marked completed. The handler does nothing: this is the engine's own cost a job.
 */

const JOBS = 400;

describe.each(testDrivers)("jobs per second on %s", (driver) => {
  it.each([1, 4])(
    `runs ${JOBS} jobs, %i at a time`,
    async (concurrency) => {
      const database = await createTestDatabase(driver);
      let ran = 0;
      const noopJob = defineJob<{ n: number }, unknown>({
        name: `bench-noop-${concurrency}`,
        queue: { retryLimit: 0, expireInSeconds: 60, notify: true },
        concurrency,
        pollSeconds: 0.5,
        async run() {
          ran++;
        },
      });
      const engine = createJobEngine({
        database,
        logger: createLogger("silent"),
        types: [noopJob],
        services: () => ({}),
        work: true,
      });
      await engine.start();
      try {
        const startedAt = performance.now();
        for (let n = 0; n < JOBS; n++) await engine.send(noopJob, { n });
        const sentAt = performance.now();
        await waitFor(
          async () => {
            const [row] = await rowsOf<{ done: number }>(
              database.db,
              sql`select count(*)::int as done from ${sql.identifier(JOBS_SCHEMA)}.job
                where name = ${noopJob.name} and state = 'completed'`,
            );
            return row?.done === JOBS;
          },
          "every job completed",
          120_000,
          20,
        );
        const seconds = (performance.now() - startedAt) / 1000;
        console.log(
          `jobs on ${driver}, ${concurrency} at a time: ${JOBS} in ${seconds.toFixed(2)} s = ` +
            `${Math.round(JOBS / seconds)} jobs/s (enqueue alone ${Math.round(JOBS / ((sentAt - startedAt) / 1000))}/s)`,
        );
        expect(ran).toBe(JOBS);
      } finally {
        await engine.stop();
        await database.destroy();
      }
    },
    180_000,
  );
});
