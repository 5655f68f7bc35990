import { randomUUID } from "node:crypto";
import type { DatabaseHandle } from "@server/db/client";
import { createJobEngine, JOBS_SCHEMA, type JobEngine, type JobType } from "@server/jobs/engine";
import { createLogger } from "@server/logger";
import { deliverMailJob, type MailTransport } from "@server/mail";
import type { Runtime } from "@server/runtime";
import { sql } from "drizzle-orm";

/**
 * Runs the runtime's queued mail jobs now (a TestRuntime's engine does not work on its own),
 * through `transport` (default the runtime's: .eml files in its DATA_DIR).
 */
export async function deliverQueuedMail(
  runtime: Pick<Runtime, "database" | "logger" | "mail">,
  transport: MailTransport = runtime.mail.transport,
): Promise<{ completed: number; failed: number }> {
  const engine = createJobEngine({
    database: runtime.database,
    logger: runtime.logger,
    types: [deliverMailJob],
    services: () => ({ ...runtime, mail: { transport } }),
    work: false,
  });
  await engine.start();
  try {
    return await engine.runDue(deliverMailJob);
  } finally {
    await engine.stop();
  }
}

/** Time passes for the mail waiting out its retry's backoff: each is due now. */
export async function makeMailRetriesDue(runtime: Pick<Runtime, "database">): Promise<void> {
  await runtime.database.db.execute(
    sql`update ${sql.identifier(JOBS_SCHEMA)}.job set start_after = now()
        where name = ${deliverMailJob.name} and state = 'retry'`,
  );
}

/** An engine that queues the runtime's jobs on `database` and runs none (tests without a runtime). */
export async function queueingEngine(database: DatabaseHandle): Promise<JobEngine> {
  const engine = createJobEngine({
    database,
    logger: createLogger("silent"),
    types: [deliverMailJob],
    services: () => ({}),
    work: false,
  });
  await engine.start();
  return engine;
}

/** Another instance beside the runtime, working `types` on its database (the runtime only queues). */
export async function startWorkingInstance(
  runtime: Runtime,
  // biome-ignore lint/suspicious/noExplicitAny: job types of different data.
  types: JobType<any, Runtime>[],
): Promise<JobEngine> {
  const engine = createJobEngine({
    database: runtime.database,
    logger: runtime.logger,
    types,
    services: () => runtime,
    work: true,
  });
  await engine.start();
  return engine;
}

/**
 * One job of `type` run now, as the engine hands its handler a job: `data`, the `services`, and a
 * first attempt (a retry, another instance's run: call it again).
 */
export function runJobNow<Data extends object, Services>(
  type: JobType<Data, Services>,
  data: Data,
  services: Services,
): Promise<void> {
  return type.run(data, services, {
    id: randomUUID(),
    name: type.name,
    data,
    expireInSeconds: 60,
    heartbeatSeconds: null,
    retryCount: 0,
    signal: new AbortController().signal,
  });
}
