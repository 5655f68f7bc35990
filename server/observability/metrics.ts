import { contentCacheStats } from "@server/content/cache";
import type { DatabaseHandle } from "@server/db/client";
import { notifications } from "@server/db/schema";
import type { PageCacheStats } from "@server/http/page-cache";
import type { Logger } from "@server/logger";
import { registerMediaMetrics, type TranscodeReports } from "@server/media/metrics";
import { type JobMetricsSource, registerJobMetrics } from "@server/observability/job-metrics";
import { isMetricsRequestAllowed } from "@server/observability/metrics-access";
import { createRouteLabeller } from "@server/observability/route-labels";
import { LIMITERS, type LimiterName } from "@server/security/refusals";
import type { VisitCounterStats } from "@server/visits/page-views";
import { count, isNull } from "drizzle-orm";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { ServerBuild } from "react-router";

export const METRICS_PATH = "/metrics";

/** A scrape waits this long for the outbox count, then reports without it. */
const OUTBOX_COUNT_TIMEOUT_MS = 1_000;
/** A count still running after this long is given up on and a new one started. */
const OUTBOX_COUNT_RETRY_MS = 60_000;

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

// ---------------------------------------------------------------------------------------------
// The registry.

export interface MetricsSources {
  database: Pick<DatabaseHandle, "db">;
  logger: Pick<Logger, "warn">;
  pageCache: { stats(): PageCacheStats };
  refusals(): Readonly<Record<LimiterName, number>>;
  /** The page views of the public site (issue #33): written, and dropped by a full queue. */
  visits?: { stats(): VisitCounterStats };
  /** Backups (decision 0245): the last good run's time. */
  backups?: { lastSuccessAt(): Promise<Date | null> };
  /** The job engine (issue #49): queue depths at scrape time, this process's runs. */
  jobs?: JobMetricsSource;
  /** The Media library's transcodes on this process (issue #44): speed and failures. */
  media?: TranscodeReports;
  /** Loaded once: the React Router build, for route labels. */
  build: () => Promise<Pick<ServerBuild, "routes">>;
}

export interface Metrics {
  registry: Registry;
  /** First middleware: times every request and counts it by method, route and status. */
  track(): RequestHandler;
  /** Counts a page-cache hit answered ahead of Express (decision 0497), as `track` would. */
  countHit(method: string, path: string, seconds: number): void;
  /** Marks a response as a file of express.static (its `setHeaders` hook). */
  markStatic(res: Response): void;
  /** GET /metrics for allowed peers (isMetricsRequestAllowed); everyone else sees the 404 page. */
  endpoint(token: string | undefined): RequestHandler;
}

/** Sets a counter to a total kept elsewhere (prom-client counters only go up by increments). */
function setTotal(counter: Counter, value: number, labels?: Record<string, string>): void {
  if (labels) {
    counter.reset();
    counter.inc(labels, value);
  } else {
    counter.reset();
    counter.inc(value);
  }
}

/**
 * prom-client's default metrics that break the exposition rules (`promtool check metrics`): gauges
 * named `_total`, a suffix kept for counters. Each is the sum of its per-type gauge, which stays
 * (`sum(nodejs_active_handles)`).
 */
const MISNAMED_DEFAULT_METRICS = [
  "nodejs_active_handles_total",
  "nodejs_active_requests_total",
  "nodejs_active_resources_total",
];

export function createMetrics(sources: MetricsSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  for (const name of MISNAMED_DEFAULT_METRICS) registry.removeSingleMetric(name);

  const requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status.",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const errors = new Counter({
    name: "http_server_errors_total",
    help: "HTTP requests answered with a 5xx status, by route pattern.",
    labelNames: ["route"] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from the request's arrival to the end of its response, by route pattern.",
    labelNames: ["route"] as const,
    // From a page-cache hit (about a millisecond) to a slow upload.
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  new Counter({
    name: "page_cache_hits_total",
    help: "Anonymous page requests answered from the full-page cache.",
    registers: [registry],
    collect() {
      setTotal(this, sources.pageCache.stats().hits);
    },
  });
  new Counter({
    name: "page_cache_misses_total",
    help: "Anonymous page requests the full-page cache did not hold (rendered).",
    registers: [registry],
    collect() {
      setTotal(this, sources.pageCache.stats().misses);
    },
  });
  new Counter({
    name: "content_cache_hits_total",
    help: "Public content reads answered from the content read cache.",
    registers: [registry],
    collect() {
      setTotal(this, contentCacheStats(sources.database.db).hits);
    },
  });
  new Counter({
    name: "content_cache_misses_total",
    help: "Public content reads that went to the database.",
    registers: [registry],
    collect() {
      setTotal(this, contentCacheStats(sources.database.db).misses);
    },
  });
  // One count in flight at a time: scrapes that arrive while the database is slow share it,
  // until it is so old that it may never settle (then a new one is tried).
  let pendingCount: Promise<number> | undefined;
  let pendingSince = 0;
  const countPending = () => {
    if (pendingCount && Date.now() - pendingSince < OUTBOX_COUNT_RETRY_MS) return pendingCount;
    pendingSince = Date.now();
    const current: Promise<number> = (async () => {
      const [row] = await sources.database.db
        .select({ value: count() })
        .from(notifications)
        .where(isNull(notifications.sentAt));
      return row?.value ?? 0;
    })().finally(() => {
      if (pendingCount === current) pendingCount = undefined;
    });
    pendingCount = current;
    return current;
  };
  new Gauge({
    name: "outbox_pending",
    help: "Notifications not sent yet (due or waiting for a retry), counted at scrape time.",
    registers: [registry],
    async collect() {
      let timer: NodeJS.Timeout | undefined;
      try {
        const value = await Promise.race([
          countPending(),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error("timed out")), OUTBOX_COUNT_TIMEOUT_MS);
          }),
        ]);
        this.set(value);
      } catch (err) {
        // NaN, not 0 or the last value: "unknown" must not read as an empty outbox.
        this.set(Number.NaN);
        sources.logger.warn({ err }, "metrics: the outbox could not be counted");
      } finally {
        clearTimeout(timer);
      }
    },
  });

  new Counter({
    name: "rate_limit_refusals_total",
    help: "Requests refused by a rate limit, by limiter.",
    labelNames: ["limiter"] as const,
    registers: [registry],
    collect() {
      const counts = sources.refusals();
      this.reset();
      for (const limiter of LIMITERS) this.inc({ limiter }, counts[limiter]);
    },
  });

  const visits = sources.visits;
  if (visits) {
    new Counter({
      name: "page_views_recorded_total",
      help: "Page views of the public site written to the database by this process.",
      registers: [registry],
      collect() {
        setTotal(this, visits.stats().recorded);
      },
    });
    new Counter({
      name: "page_views_dropped_total",
      help: "Page views not recorded: the write queue was full, or a batch failed to write.",
      registers: [registry],
      collect() {
        setTotal(this, visits.stats().dropped);
      },
    });
    new Gauge({
      name: "page_views_queued",
      help: "Page views waiting to be written.",
      registers: [registry],
      collect() {
        this.set(visits.stats().queued);
      },
    });
  }

  // Backups (issue #21, decision 0245): read at scrape time from backup_runs. NaN while no backup
  // ever succeeded (an alert on "older than a day" must not read "never" as fresh).
  const backups = sources.backups;
  if (backups) {
    new Gauge({
      name: "backup_last_success_age_seconds",
      help: "Seconds since the last succeeded backup started (NaN: none yet).",
      registers: [registry],
      async collect() {
        try {
          const at = await backups.lastSuccessAt();
          this.set(at ? Math.max(0, (Date.now() - at.getTime()) / 1000) : Number.NaN);
        } catch (err) {
          this.set(Number.NaN);
          sources.logger.warn({ err }, "metrics: the last backup could not be read");
        }
      },
    });
  }

  if (sources.jobs) registerJobMetrics(registry, sources.jobs, sources.logger);
  if (sources.media) registerMediaMetrics(registry, sources.media);

  let labelRoute: ((pathname: string) => string) | undefined;
  sources
    .build()
    .then((build) => {
      labelRoute = createRouteLabeller(build.routes);
    })
    .catch((err: unknown) => sources.logger.warn({ err }, "metrics: no route labels"));

  const routeOf = (req: Request, res: Response): string => {
    const marked = res.locals.metricsRoute;
    if (typeof marked === "string") return marked;
    if (req.path.startsWith("/assets/")) return "asset";
    // Before the build has loaded (the first requests after start), one label for all pages.
    return labelRoute ? labelRoute(req.path) : "page";
  };

  const record = (method: string, route: string, status: number, seconds: number) => {
    requests.inc({ method: METHODS.has(method) ? method : "OTHER", route, status: String(status) });
    duration.observe({ route }, seconds);
    if (status >= 500) errors.inc({ route });
  };

  return {
    registry,
    track() {
      return (req: Request, res: Response, next: NextFunction) => {
        const start = process.hrtime.bigint();
        // `finish` only: an aborted request has no status to count (pino-http logs it).
        res.once("finish", () => {
          const seconds = Number(process.hrtime.bigint() - start) / 1e9;
          record(req.method, routeOf(req, res), res.statusCode, seconds);
        });
        next();
      };
    },
    countHit(method, path, seconds) {
      record(method, labelRoute ? labelRoute(path) : "page", 200, seconds);
    },
    markStatic(res) {
      res.locals.metricsRoute = "static";
    },
    endpoint(token) {
      return async (req: Request, res: Response, next: NextFunction) => {
        const allowed = isMetricsRequestAllowed(
          { remoteAddress: req.socket.remoteAddress, headers: req.headers },
          token,
        );
        // Refused: on to the site, whose 404 page a visitor gets for any unknown path.
        if (!allowed) return next();
        res.locals.metricsRoute = METRICS_PATH;
        try {
          const body = await registry.metrics();
          res
            .status(200)
            .set("Cache-Control", "no-store")
            .set("Content-Type", registry.contentType)
            .send(body);
        } catch (err) {
          next(err);
        }
      };
    },
  };
}
