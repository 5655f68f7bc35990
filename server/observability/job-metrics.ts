import type { JobEngine, JobRun } from "@server/jobs/engine";
import { queueCounts } from "@server/jobs/screen";
import type { Logger } from "@server/logger";
import { Counter, Gauge, Histogram, type Registry } from "prom-client";

/**
 * The job engine's metrics (issue #49, decision 0491): per queue, the waiting and running jobs of
 * every instance (read from pg-boss at scrape time, bounded by a timeout), and the runs of this
 * process (completed, failed, their duration), told by the engine after each handler run.
 */

/** A scrape waits this long for the queue counts, then reports them unknown (NaN). */
const COUNT_TIMEOUT_MS = 1_000;
/** A count still running after this long is given up on and a new one started. */
const COUNT_RETRY_MS = 60_000;

export interface JobMetricsSource {
  /** The queues' names (one per job type): every series exists from the first scrape. */
  queues(): readonly string[];
  /** Waiting and running jobs per queue, counted now. */
  counts(): Promise<readonly { queue: string; waiting: number; running: number }[]>;
  onRun(listener: (run: JobRun) => void): () => void;
}

/** The runtime's engine as a metrics source. */
export function jobMetricsSource(jobs: JobEngine): JobMetricsSource {
  return {
    queues: () => jobs.types.map((type) => type.name),
    counts: () => queueCounts(jobs),
    onRun: (listener) => jobs.onRun(listener),
  };
}

export function registerJobMetrics(
  registry: Registry,
  source: JobMetricsSource,
  logger: Pick<Logger, "warn">,
): void {
  const completed = new Counter({
    name: "jobs_completed_total",
    help: "Job handler runs that completed on this process, by queue.",
    labelNames: ["queue"] as const,
    registers: [registry],
  });
  const failed = new Counter({
    name: "jobs_failed_total",
    help: "Job handler runs that threw on this process (each attempt of a retried job), by queue.",
    labelNames: ["queue"] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "job_duration_seconds",
    help: "How long a job handler ran on this process, completed or failed, by queue.",
    labelNames: ["queue"] as const,
    // From a sweep that finds nothing (milliseconds) to a long transcode.
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300, 900, 1800],
    registers: [registry],
  });
  for (const queue of source.queues()) {
    completed.inc({ queue }, 0);
    failed.inc({ queue }, 0);
  }
  source.onRun((run) => {
    (run.ok ? completed : failed).inc({ queue: run.queue });
    duration.observe({ queue: run.queue }, run.seconds);
  });

  // One count in flight at a time: both gauges of a scrape, and scrapes that arrive while the
  // database is slow, share it, until it is so old that it may never settle.
  let inFlight: Promise<Map<string, { waiting: number; running: number }>> | undefined;
  let since = 0;
  const count = () => {
    if (!inFlight || Date.now() - since > COUNT_RETRY_MS) {
      since = Date.now();
      const current = source.counts().then((rows) => new Map(rows.map((row) => [row.queue, row])));
      inFlight = current;
      current.then(
        () => {
          if (inFlight === current) inFlight = undefined;
        },
        () => {
          if (inFlight === current) inFlight = undefined;
        },
      );
    }
    return inFlight;
  };
  const read = async () => {
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        count(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error("timed out")), COUNT_TIMEOUT_MS);
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  };
  const gauge = (name: string, help: string, field: "waiting" | "running") =>
    new Gauge({
      name,
      help,
      labelNames: ["queue"] as const,
      registers: [registry],
      async collect() {
        try {
          const counts = await read();
          for (const queue of source.queues()) this.set({ queue }, counts.get(queue)?.[field] ?? 0);
        } catch (err) {
          // NaN, not 0: "unknown" must not read as an empty queue.
          for (const queue of source.queues()) this.set({ queue }, Number.NaN);
          logger.warn({ err }, `metrics: ${name} could not be counted`);
        }
      },
    });
  gauge("jobs_waiting", "Jobs waiting to run (created or due for a retry), by queue.", "waiting");
  gauge("jobs_running", "Jobs running on any instance, by queue.", "running");
}
