import { createHash } from "node:crypto";
import type { DatabaseHandle, Executor } from "@server/db/client";
import type { Logger } from "@server/logger";
import { sql } from "drizzle-orm";
import {
  type Clock,
  type Db,
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

/**
 * How long a finished job stays in the table: a failed one (past its retries) must stay long
 * enough for the Jobs screen to show it and an admin to retry it (issue #49). pg-boss's
 * `deleteAfterSeconds` counts from `completed_on`, which it sets for completed, failed and
 * cancelled jobs alike, so all three are kept this long unless a type says otherwise.
 */
export const FINISHED_JOBS_KEPT_DAYS = 14;
const QUEUE_DEFAULTS: Omit<Queue, "name"> = {
  deleteAfterSeconds: FINISHED_JOBS_KEPT_DAYS * 24 * 60 * 60,
};

/** One handler run on this instance: its queue, how long it took, whether it threw. */
export interface JobRun {
  queue: string;
  seconds: number;
  ok: boolean;
}

export interface JobType<Data extends object, Services> {
  /** The queue's name; one queue per job type. */
  name: string;
  /** Retries, backoff, timeout (`expireInSeconds`), retention and singleton policy. */
  queue: Omit<Queue, "name">;
  /** Handlers of this type running at once on one instance (default 1). */
  concurrency?: number;
  /** How often an idle worker of this type asks for a job, in seconds (default 2, at least 0.5). */
  pollSeconds?: number;
  /**
   * A recurring job: one per period of the cron expression, read in `timeZone` (default the
   * studio's, STUDIO_TIME_ZONE: "8:00" is 8:00 in Los Angeles).
   */
  schedule?: { cron: string; timeZone?: string };
  /** The work; it must be idempotent (a job can run again after a crash). */
  run(data: Data, services: Services, job: Job<Data>): Promise<void>;
}

/**
 * What the nightly jobs share: one run at a time, three more tries five minutes apart, half an
 * hour to finish, and a relaxed poll (a job a day needs no second's precision).
 */
export const NIGHTLY = {
  queue: { policy: "singleton", retryLimit: 3, retryDelay: 300, expireInSeconds: 30 * 60 },
  pollSeconds: 30,
} as const;

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
  /** The zone schedules are read in unless a type names its own (STUDIO_TIME_ZONE). */
  timeZone?: string;
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
  /**
   * The job's id (a UUID), when the work has one of its own: sending the same id again is a
   * no-op while the first job is kept, so a job can be re-sent at start without doubling.
   */
  id?: string;
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
  /**
   * Runs the due jobs of `type` here and now, whether this instance works or not: what a tool or
   * a test uses to do the queued work at a moment of its choosing. Failures go to pg-boss's
   * retry like a worker's.
   */
  runDue<Data extends object>(
    type: JobType<Data, never>,
    limit?: number,
  ): Promise<{ completed: number; failed: number }>;
  /** Stops fetching, lets running handlers finish (up to `timeoutMs`), and disconnects. */
  stop(timeoutMs?: number): Promise<void>;
  /** The library itself, for the Jobs screen's reads. */
  readonly boss: PgBoss;
  /** The job types this engine was given (their queues and schedules). */
  // biome-ignore lint/suspicious/noExplicitAny: each type has its own data.
  readonly types: readonly JobType<any, unknown>[];
  /** Calls `listener` after each handler run on this instance (the metrics); returns its removal. */
  onRun(listener: (run: JobRun) => void): () => void;
}

/** What enqueues work: every module that queues a job takes this, not the whole engine. */
export type JobSender = Pick<JobEngine, "send">;

/**
 * A job id (a UUID) named by what the job is about, for `send`'s `id`: the same parts give the
 * same id, so sending it again while the first is kept is a no-op.
 */
export function jobIdFor(...parts: string[]): string {
  const hex = createHash("sha256").update(parts.join("\u0000")).digest("hex");
  // The version nibble says "name-based" (5) and the variant bits RFC 4122's, as a UUID should.
  const variant = ((Number.parseInt(hex[16] ?? "0", 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const STOP_TIMEOUT_MS = 2_000;

export function createJobEngine<Services>(options: JobEngineOptions<Services>): JobEngine {
  const { database, logger, work } = options;
  const shared: PgBossOptions = {
    schema: JOBS_SCHEMA,
    supervise: work,
    schedule: work,
    migrate: true,
    // A job sent to a queue with `notify` wakes a worker at its commit instead of at the next
    // poll. Not under a test's clock, which would drive the listener's heartbeat as well.
    useListenNotify: work && !options.clock,
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

  const listeners = new Set<(run: JobRun) => void>();
  const report = (run: JobRun) => {
    for (const listener of listeners) {
      // An observer's mistake must not fail the job it watched.
      try {
        listener(run);
      } catch (err) {
        logger.error({ err, queue: run.queue }, "job engine: a run observer failed");
      }
    }
  };
  /** Every handler run goes through here: timed, told to the observers, a failure rethrown. */
  // biome-ignore lint/suspicious/noExplicitAny: each type has its own data.
  const runHandler = async (type: JobType<any, Services>, job: Job<any>) => {
    const startedAt = performance.now();
    const seconds = () => (performance.now() - startedAt) / 1000;
    try {
      await type.run(job.data, options.services(), job);
    } catch (error) {
      // Counted, then rethrown: pg-boss records the failure and retries by the queue's rule.
      report({ queue: type.name, seconds: seconds(), ok: false });
      throw error;
    }
    report({ queue: type.name, seconds: seconds(), ok: true });
  };

  let started = false;
  return {
    boss,
    types: options.types as JobEngine["types"],
    onRun(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async start() {
      await boss.start();
      started = true;
      for (const type of options.types) {
        const queue = { ...QUEUE_DEFAULTS, ...type.queue };
        const existing = await boss.getQueue(type.name);
        if (existing) await boss.updateQueue(type.name, withoutCreateOnly(queue));
        else await boss.createQueue(type.name, queue);
        // Every instance keeps the schedules as declared (the Jobs screen shows them); only a
        // working one fires them.
        if (type.schedule) {
          await boss.schedule(type.name, type.schedule.cron, null, {
            tz: type.schedule.timeZone ?? options.timeZone ?? "UTC",
          });
        } else {
          // A type that lost its schedule in an upgrade must not keep firing.
          await boss.unschedule(type.name);
        }
      }
      if (!work) return;
      for (const type of options.types) {
        await boss.work(
          type.name,
          {
            batchSize: 1,
            localConcurrency: type.concurrency ?? 1,
            pollingIntervalSeconds: type.pollSeconds ?? 2,
            // With NOTIFY, pg-boss would relax polling to 30 s; deferred jobs and retries wake
            // no one, so they are still found at the type's own pace.
            notifyPollingIntervalSeconds: type.pollSeconds ?? 2,
          },
          async ([job]) => {
            if (job) await runHandler(type, job);
          },
        );
      }
    },
    send(type, data, sendOptions = {}) {
      return boss.send(type.name, data, {
        ...(sendOptions.id ? { id: sendOptions.id } : {}),
        ...(sendOptions.startAfter ? { startAfter: sendOptions.startAfter } : {}),
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        // The insert runs in the caller's transaction: a rollback takes the job with it.
        ...(sendOptions.tx ? { db: inCallerTransaction(sendOptions.tx) } : {}),
      });
    },
    async runDue(type, limit = 100) {
      const result = { completed: 0, failed: 0 };
      const jobs = await boss.fetch<object>(type.name, { batchSize: limit });
      for (const job of jobs) {
        try {
          await runHandler(type as JobType<object, Services>, job);
        } catch (error) {
          result.failed++;
          await boss.fail(type.name, job.id, { message: messageOf(error) });
          continue;
        }
        result.completed++;
        await boss.complete(type.name, job.id);
      }
      return result;
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

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** pg-boss's statements run in the caller's transaction (its Drizzle adapter), as `db` of a call. */
export function inCallerTransaction(tx: Executor): Db {
  return fromDrizzle(tx as unknown as DrizzleTransactionLike, sql);
}

/** The options a queue takes only when it is made (pg-boss refuses them on update). */
function withoutCreateOnly(queue: Omit<Queue, "name">): UpdateQueueOptions {
  const { policy, partition, heartbeatSeconds, retryDelayMax, ...updatable } = queue;
  return updatable;
}
