import type { DatabaseHandle, Executor } from "@server/db/client";
import type { Logger } from "@server/logger";
import { sql } from "drizzle-orm";
import {
  type Clock,
  type DrizzleTransactionLike,
  fromDrizzle,
  fromPglite,
  type Job,
  PgBoss,
  type ConstructorOptions as PgBossOptions,
  type Queue,
  type UpdateQueueOptions,
} from "pg-boss";

/**
 * The one engine for work outside a request (issue #49, decision 0490): pg-boss, on the
 * PostgreSQL server through its own small pool, or on the embedded database through its PGlite
 * adapter. A job type is declared by the module that owns the work (`defineJob`) and handed to
 * the engine; the engine makes its queue, runs its handler and keeps its schedule. pg-boss does
 * the locking: a job is fetched by one worker across every instance, a job whose worker died
 * comes back after its timeout, and a schedule makes one job per period.
 */

/** pg-boss's tables live in their own schema: never in a backup archive, never in the app's. */
export const JOBS_SCHEMA = "pgboss";

export interface JobType<Data extends object, Services> {
  /** The queue's name; one queue per job type. */
  name: string;
  /** Retries, backoff, timeout (`expireInSeconds`), retention and singleton policy. */
  queue: Omit<Queue, "name">;
  /** Handlers of this type running at once on one instance (default 1). */
  concurrency?: number;
  /** How often an idle worker of this type asks for a job, in seconds (default 2, at least 0.5). */
  pollSeconds?: number;
  /** A recurring job: one per period of the cron expression, read in `timeZone`. */
  schedule?: { cron: string; timeZone: string };
  /** The work; it must be idempotent (a job can run again after a crash). */
  run(data: Data, services: Services, job: Job<Data>): Promise<void>;
}

/** Declares a job type (typed data, the owner's services). */
export function defineJob<Data extends object, Services>(
  type: JobType<Data, Services>,
): JobType<Data, Services> {
  return type;
}

export interface JobEngineOptions<Services> {
  database: DatabaseHandle;
  logger: Logger;
  // biome-ignore lint/suspicious/noExplicitAny: each type has its own data; the engine passes it through.
  types: readonly JobType<any, Services>[];
  /** What handlers are given (the runtime). */
  services: () => Services;
  /** Run handlers and schedules on this instance (false: enqueue only, for tools and tests). */
  work: boolean;
  /** pg-boss's clock: the system's, or a TestClock a test moves. */
  clock?: Clock;
  /**
   * Seconds between this instance's passes over the queues (pg-boss's supervise and monitor
   * intervals, 60 by default): a job whose worker died is retried at the first pass after its
   * `expireInSeconds`. Lowered by tests that kill a worker, so they take seconds, not minutes.
   */
  superviseSeconds?: number;
}

export interface SendOptions {
  /** The caller's transaction: the job exists only if it commits. */
  tx?: Executor;
  startAfter?: Date;
  /** At most one waiting job per key (with the queue's policy). */
  singletonKey?: string;
}

export interface JobEngine {
  start(): Promise<void>;
  /** Enqueues a job of `type`; its id, or null when a singleton rule kept it out. */
  send<Data extends object>(
    type: JobType<Data, unknown>,
    data: Data,
    options?: SendOptions,
  ): Promise<string | null>;
  /** Stops fetching, lets running handlers finish (up to `timeoutMs`), and disconnects. */
  stop(timeoutMs?: number): Promise<void>;
  /** The library itself, for the Jobs screen's reads. */
  readonly boss: PgBoss;
  /** The job types this engine was given (their queues and schedules). */
  // biome-ignore lint/suspicious/noExplicitAny: each type has its own data.
  readonly types: readonly JobType<any, unknown>[];
}

const STOP_TIMEOUT_MS = 2_000;

export function createJobEngine<Services>(options: JobEngineOptions<Services>): JobEngine {
  const { database, logger, work } = options;
  const shared: PgBossOptions = {
    schema: JOBS_SCHEMA,
    supervise: work,
    schedule: work,
    migrate: true,
    ...(options.clock ? { clock: options.clock } : {}),
    // Expiry runs in the monitor step of a supervise pass, so both intervals bound it.
    ...(options.superviseSeconds
      ? {
          superviseIntervalSeconds: options.superviseSeconds,
          monitorIntervalSeconds: options.superviseSeconds,
        }
      : {}),
  };
  const boss = database.pglite
    ? new PgBoss({ ...shared, db: fromPglite(database.pglite), backend: "pglite" })
    : new PgBoss({
        ...shared,
        connectionString: database.url,
        max: 3,
        application_name: "studio-site-jobs",
      });
  boss.on("error", (err) => logger.error({ err }, "job engine error"));

  let started = false;
  return {
    boss,
    types: options.types as JobEngine["types"],
    async start() {
      await boss.start();
      started = true;
      for (const type of options.types) {
        const existing = await boss.getQueue(type.name);
        if (existing) await boss.updateQueue(type.name, withoutCreateOnly(type.queue));
        else await boss.createQueue(type.name, type.queue);
      }
      if (!work) return;
      for (const type of options.types) {
        await boss.work(
          type.name,
          {
            batchSize: 1,
            localConcurrency: type.concurrency ?? 1,
            pollingIntervalSeconds: type.pollSeconds ?? 2,
          },
          async ([job]) => {
            if (job) await type.run(job.data, options.services(), job);
          },
        );
        if (type.schedule) {
          await boss.schedule(type.name, type.schedule.cron, null, {
            tz: type.schedule.timeZone,
          });
        }
      }
    },
    send(type, data, sendOptions = {}) {
      return boss.send(type.name, data, {
        ...(sendOptions.startAfter ? { startAfter: sendOptions.startAfter } : {}),
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        // The insert runs in the caller's transaction: a rollback takes the job with it.
        ...(sendOptions.tx
          ? { db: fromDrizzle(sendOptions.tx as unknown as DrizzleTransactionLike, sql) }
          : {}),
      });
    },
    async stop(timeoutMs = STOP_TIMEOUT_MS) {
      if (!started) return;
      started = false;
      // graceful: running handlers finish; one still running at the timeout is left active and
      // comes back to the queue after its expiry. close: pg-boss's own pool (PostgreSQL) ends;
      // the embedded database is the runtime's, closed after this.
      await boss.stop({ graceful: true, timeout: timeoutMs, close: true });
    },
  };
}

/** The options a queue takes only when it is made (pg-boss refuses them on update). */
function withoutCreateOnly(queue: Omit<Queue, "name">): UpdateQueueOptions {
  const { policy, partition, heartbeatSeconds, retryDelayMax, ...updatable } = queue;
  return updatable;
}
