import { type AuditActor, recordAudit } from "@server/audit/log";
import type { Database } from "@server/db/client";
import {
  FINISHED_JOBS_KEPT_DAYS,
  inCallerTransaction,
  JOBS_SCHEMA,
  type JobEngine,
} from "@server/jobs/engine";
import { isUuid } from "@server/kit/list-params";
import { inTransaction } from "@server/kit/transaction";

/**
 * The back-office Jobs screen (issue #49, decision 0491): each queue's counts, the schedules with
 * their next run, the recent failures and the jobs still to run, and "Retry" and "Cancel". The
 * reads are pg-boss's own (`getSchedules`, `previewSchedule`) or one SQL statement over its job
 * table through its own connection (`getDb()`): `getQueues()` counts are a cache the monitor
 * refreshes once a minute, so a job just retried or cancelled would not show in them yet.
 */

export const JOB_MESSAGES = {
  fetchFailed: "Failed to fetch jobs",
  retried: "Job sent back to its queue.",
  cancelled: "Job cancelled.",
  notRetried: "This job is no longer failed: it was retried already or removed.",
  notCancelled: "This job has already finished: there is nothing to cancel.",
  changeFailed: "The job could not be changed",
} as const;

/** How many failures and waiting jobs the screen lists (newest failures, oldest waiting first). */
export const JOB_LIST_LIMIT = 50;

export interface QueueCounts {
  queue: string;
  /** Created or waiting for a retry (including jobs due later). */
  waiting: number;
  running: number;
  /** Failed past their retries, and completed, in the last 24 hours. */
  failed: number;
  done: number;
}

export interface ScheduleRow {
  queue: string;
  cron: string;
  timeZone: string;
  /** ISO time of the next run, or null when the expression has none (or cannot be read). */
  nextRun: string | null;
}

export interface JobRow {
  id: string;
  queue: string;
  state: "waiting" | "running" | "failed";
  /** When it failed; when it started (running); when it was queued (waiting). ISO. */
  at: string;
  /** The error of a failed job, as its handler threw it. */
  error: string | null;
  /** Attempts made, and allowed (the first run and its retries). */
  attempts: number;
  maxAttempts: number;
}

export interface JobsScreen {
  queues: QueueCounts[];
  schedules: ScheduleRow[];
  failures: JobRow[];
  pending: JobRow[];
}

type Engine = Pick<JobEngine, "boss" | "types">;

const names = (jobs: Engine) => jobs.types.map((type) => type.name);

async function select<Row>(jobs: Engine, text: string, values: unknown[]): Promise<Row[]> {
  const { rows } = await jobs.boss.getDb().executeSql(text, values);
  return rows as Row[];
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** Each job type's queue with its counts (zeros for a queue without jobs), in the types' order. */
export async function queueCounts(jobs: Engine): Promise<QueueCounts[]> {
  const rows = await select<QueueCounts>(
    jobs,
    `SELECT name AS queue,
       count(*) FILTER (WHERE state IN ('created', 'retry'))::int AS waiting,
       count(*) FILTER (WHERE state = 'active')::int AS running,
       count(*) FILTER (WHERE state = 'failed' AND completed_on > ${JOBS_SCHEMA}.job_now() - interval '24 hours')::int AS failed,
       count(*) FILTER (WHERE state = 'completed' AND completed_on > ${JOBS_SCHEMA}.job_now() - interval '24 hours')::int AS done
     FROM ${JOBS_SCHEMA}.job
     WHERE name = ANY($1::text[])
     GROUP BY name`,
    [names(jobs)],
  );
  const byName = new Map(rows.map((row) => [row.queue, row]));
  return names(jobs).map(
    (queue) => byName.get(queue) ?? { queue, waiting: 0, running: 0, failed: 0, done: 0 },
  );
}

/** Every schedule pg-boss keeps, with its next run read by pg-boss's own cron walk. */
export async function loadSchedules(jobs: Engine): Promise<ScheduleRow[]> {
  // This instance's job types only: a schedule another version of the site left is not ours.
  const ours = new Set(names(jobs));
  const schedules = (await jobs.boss.getSchedules()).filter((schedule) => ours.has(schedule.name));
  return schedules.map((schedule) => {
    let next: Date | undefined;
    try {
      [next] = jobs.boss.previewSchedule(schedule.cron, { tz: schedule.timezone, count: 1 });
    } catch {
      // An expression pg-boss cannot walk has no next run to show; its own warning says why.
    }
    return {
      queue: schedule.name,
      cron: schedule.cron,
      timeZone: schedule.timezone,
      nextRun: next ? next.toISOString() : null,
    };
  });
}

interface StoredJob {
  id: string;
  name: string;
  state: "created" | "retry" | "active" | "failed";
  at: Date | string;
  output: unknown;
  retry_count: number;
  retry_limit: number;
}

/** The message of what a failed handler threw (pg-boss stores the serialized error). */
function errorOf(output: unknown): string | null {
  if (output === null || output === undefined) return null;
  const message =
    typeof output === "object" && typeof (output as { message?: unknown }).message === "string"
      ? (output as { message: string }).message
      : JSON.stringify(output);
  return message.length > 500 ? `${message.slice(0, 500)}…` : message;
}

function rowOf(job: StoredJob): JobRow {
  return {
    id: job.id,
    queue: job.name,
    state: job.state === "failed" ? "failed" : job.state === "active" ? "running" : "waiting",
    at: iso(job.at),
    error: job.state === "failed" ? errorOf(job.output) : null,
    // pg-boss counts retries from 0, and adds one each time a job is claimed again.
    attempts: job.state === "created" ? 0 : job.retry_count + 1,
    maxAttempts: job.retry_limit + 1,
  };
}

/** Failed jobs of the last 14 days (as long as they are kept), newest first, at most 50. */
export async function recentFailures(jobs: Engine): Promise<JobRow[]> {
  const rows = await select<StoredJob>(
    jobs,
    `SELECT id, name, state, completed_on AS at, output, retry_count, retry_limit
     FROM ${JOBS_SCHEMA}.job
     WHERE name = ANY($1::text[]) AND state = 'failed'
       AND completed_on > ${JOBS_SCHEMA}.job_now() - make_interval(days => $2::int)
     ORDER BY completed_on DESC, id
     LIMIT $3`,
    [names(jobs), FINISHED_JOBS_KEPT_DAYS, JOB_LIST_LIMIT],
  );
  return rows.map(rowOf);
}

/**
 * Jobs waiting or running, oldest first, at most 50: what "Cancel" applies to. Their time is when
 * a waiting job is due (a scheduled post's "Publish at", the next backup) or a running one began.
 */
export async function pendingJobs(jobs: Engine): Promise<JobRow[]> {
  const rows = await select<StoredJob>(
    jobs,
    `SELECT id, name, state, CASE WHEN state = 'active' THEN started_on ELSE start_after END AS at,
       output, retry_count, retry_limit
     FROM ${JOBS_SCHEMA}.job
     WHERE name = ANY($1::text[]) AND state IN ('created', 'retry', 'active')
     ORDER BY created_on, id
     LIMIT $2`,
    [names(jobs), JOB_LIST_LIMIT],
  );
  return rows.map(rowOf);
}

export async function loadJobsScreen(jobs: Engine): Promise<JobsScreen> {
  // One after the other: on the embedded database pg-boss shares the one connection.
  const queues = await queueCounts(jobs);
  const schedules = await loadSchedules(jobs);
  const failures = await recentFailures(jobs);
  const pending = await pendingJobs(jobs);
  return { queues, schedules, failures, pending };
}

export type JobChange = "retry" | "cancel";

/**
 * "Retry" (a failed job goes back to its queue, with one more attempt allowed) or "Cancel" (a
 * waiting or running job is marked cancelled; a running handler is not interrupted, and its
 * result is dropped). pg-boss's statement and the audit row commit together, in our transaction
 * (pg-boss's Drizzle adapter). "invalid": not a job of a known queue; "unchanged": the job is no
 * longer in a state the change applies to.
 */
export async function changeJob(
  services: { jobs: Engine; db: Database },
  actor: AuditActor,
  change: JobChange,
  target: { queue: unknown; id: unknown },
): Promise<"changed" | "unchanged" | "invalid"> {
  const { queue, id } = target;
  if (typeof queue !== "string" || !names(services.jobs).includes(queue) || !isUuid(id)) {
    return "invalid";
  }
  const changed = await inTransaction(services.db, async (tx) => {
    const db = inCallerTransaction(tx);
    const { boss } = services.jobs;
    const result =
      change === "retry"
        ? await boss.retry(queue, id, { db })
        : await boss.cancel(queue, id, { db });
    // pg-boss answers { jobs, requested, affected } (its declared type is an empty interface).
    if ((result as { affected?: number }).affected !== 1) return false;
    await recordAudit(tx, {
      action: change,
      actor,
      entityType: "job",
      entityId: id,
      entityName: queue,
    });
    return true;
  });
  return changed ? "changed" : "unchanged";
}
