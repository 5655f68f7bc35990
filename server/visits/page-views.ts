import type { IncomingMessage } from "node:http";
import type { Database } from "@server/db/client";
import { copyRows } from "@server/db/copy";
import { pageViews } from "@server/db/schema";
import type { Logger } from "@server/logger";
import { limitAddress } from "@server/security/client-ip";
import { asc, eq } from "drizzle-orm";
import type { NextFunction, Request, Response } from "express";
import type { VisitUtm } from "~/entities/visit/view";
import { rotateSalt, untilNextVisitDay, visitDay } from "./salt";
import { traitsOf } from "./user-agent";
import {
  isCountedPath,
  isCountedVisitor,
  referrerHostOf,
  UTM_KEYS,
  utmOf,
  type Visitor,
  visitIdOf,
} from "./view-rules";

/**
 * Cookieless page views of the public site (issue #33, decision 0380).
 *
 * The request path only checks the request and pushes a small record onto a bounded queue; a
 * timer writes the queue in batches. A full queue drops the view and counts it
 * (`page_views_dropped_total` in /metrics) rather than growing. The record holds the IP address
 * and user agent only in memory, until its batch is hashed into the visit id and written.
 */

/** What a page view records besides its visit id. */
export interface ViewInput extends Visitor {
  at: Date;
  /** The page's path, without its query. */
  path: string;
  /** The request's full URL or path with query (for the `utm_*` parameters). */
  url: string;
  /** The Referer header (a document's), or null. */
  referrer: string | null;
}

/** A visit's source: its first page view's referrer host, UTM parameters and page. */
export interface VisitSource {
  sourceHost: string | null;
  sourceUtm: VisitUtm | null;
  landingPage: string;
}

export interface VisitCounterOptions {
  /** The site's origin (SITE_URL): part of the visit id; its own host is no referrer. */
  siteUrl: string;
  /** Views waiting to be written, at most; more are dropped. */
  maxQueue?: number;
  /** Written this often (and whenever a batch is full). */
  flushMs?: number;
  batchSize?: number;
  /** Beacons one address (an IPv6 /64) may send a minute, in bursts of as many (decision 0450). */
  beaconsPerMinute?: number;
  /** Views of one visit (one visit id, one salt day) written, at most; later ones are left out. */
  maxViewsPerVisit?: number;
  logger?: Pick<Logger, "error">;
  now?: () => Date;
}

export interface VisitCounterStats {
  recorded: number;
  dropped: number;
  queued: number;
  /** Views left out because their visit had its day's views already (`maxViewsPerVisit`). */
  capped: number;
}

/** Addresses whose beacon allowance is tracked, at most; idle ones go first past that. */
const MAX_BEACON_ADDRESSES = 50_000;
/** Visits whose views of the day are tracked, at most; a visit past that is not capped. */
const MAX_TRACKED_VISITS = 200_000;

type ViewRow = typeof pageViews.$inferInsert;
const COLUMNS = [
  "at",
  "visitId",
  "path",
  "referrerHost",
  "utmSource",
  "utmMedium",
  "utmCampaign",
  "utmTerm",
  "utmContent",
  "device",
  "browser",
] as const satisfies readonly (keyof ViewRow)[];

export class VisitCounter {
  private queue: ViewInput[] = [];
  private readonly counters = { recorded: 0, dropped: 0, capped: 0 };
  /** Each address's beacon allowance: a token bucket (tokens left, when last filled). */
  private readonly beacons = new Map<string, { tokens: number; at: number }>();
  /** Views written per visit id on the salt's day (`maxViewsPerVisit`); cleared with the salt. */
  private viewsPerVisit = new Map<bigint, number>();
  private salt: { day: string; value: Buffer } | null = null;
  private flushing: Promise<void> | null = null;
  private flushTimer: NodeJS.Timeout | undefined;
  private midnightTimer: NodeJS.Timeout | undefined;
  private readonly siteHost: string;
  readonly options: Required<Omit<VisitCounterOptions, "logger">> & {
    logger?: Pick<Logger, "error">;
  };

  constructor(
    readonly db: Database,
    options: VisitCounterOptions,
  ) {
    this.options = {
      maxQueue: 10_000,
      flushMs: 2_000,
      batchSize: 500,
      beaconsPerMinute: 60,
      maxViewsPerVisit: 100,
      // Date.now, not `new Date()`: the tests' shifted clock moves Date.now.
      now: () => new Date(Date.now()),
      ...options,
    };
    this.siteHost = new URL(options.siteUrl).host;
  }

  stats(): VisitCounterStats {
    return { ...this.counters, queued: this.queue.length };
  }

  /**
   * Takes one beacon from `ip`'s allowance (an IPv6 address counts as its /64): false when it has
   * none left. In memory, per instance: no query on the beacon's path (decision 0450).
   */
  admitBeacon(ip: string, at: number = this.options.now().getTime()): boolean {
    const key = limitAddress(ip);
    const capacity = this.options.beaconsPerMinute;
    const bucket = this.beacons.get(key);
    const tokens = bucket
      ? Math.min(capacity, bucket.tokens + ((at - bucket.at) * capacity) / 60_000)
      : capacity;
    if (!bucket && this.beacons.size >= MAX_BEACON_ADDRESSES) this.forgetIdleBeacons(at);
    if (tokens < 1) {
      this.beacons.set(key, { tokens, at });
      return false;
    }
    this.beacons.delete(key); // most recently used last
    this.beacons.set(key, { tokens: tokens - 1, at });
    return true;
  }

  /** Drops the allowances that are full again (a minute idle), then the oldest past the bound. */
  private forgetIdleBeacons(at: number): void {
    for (const [key, bucket] of this.beacons) {
      if (at - bucket.at >= 60_000) this.beacons.delete(key);
    }
    for (const key of this.beacons.keys()) {
      if (this.beacons.size < MAX_BEACON_ADDRESSES) break;
      this.beacons.delete(key);
    }
  }

  /** Queues a page view (never waits); drops it when the queue is full. */
  count(view: ViewInput): void {
    if (this.queue.length >= this.options.maxQueue) {
      this.counters.dropped++;
      return;
    }
    this.queue.push(view);
    if (this.queue.length >= this.options.batchSize) void this.flush();
  }

  /** The current day's salt, rotated when the day has changed since it was read. */
  async currentSalt(now: Date = this.options.now()): Promise<Buffer> {
    const day = visitDay(now);
    if (this.salt?.day !== day) {
      const value = await rotateSalt(this.db, now);
      if (this.salt?.day !== day) this.viewsPerVisit = new Map();
      this.salt = { day, value };
    }
    return this.salt.value;
  }

  /** A visitor's id today. */
  async visitId(visitor: Visitor, now: Date = this.options.now()): Promise<bigint> {
    return visitIdOf(await this.currentSalt(now), this.options.siteUrl, visitor);
  }

  /** Writes everything queued, in batches; a failed batch is dropped and counted. */
  flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    const write = async () => {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.options.batchSize);
        try {
          const salt = await this.currentSalt();
          const rows = this.withinVisitCap(batch.map((view) => this.row(salt, view)));
          if (rows.length > 0) await copyRows(this.db, pageViews, COLUMNS, rows);
          this.counters.recorded += rows.length;
        } catch (err) {
          this.counters.dropped += batch.length;
          this.options.logger?.error({ err, views: batch.length }, "page views not written");
        }
      }
    };
    // Cleared in a callback (after the assignment), never inside `write`, which may finish at once.
    const running = write().finally(() => {
      if (this.flushing === running) this.flushing = null;
    });
    this.flushing = running;
    return running;
  }

  /**
   * The rows whose visit has not had `maxViewsPerVisit` views today; the rest are counted as
   * capped. A visit id lives one salt day, and the count is cleared with the salt.
   */
  private withinVisitCap(rows: ViewRow[]): ViewRow[] {
    const max = this.options.maxViewsPerVisit;
    return rows.filter((row) => {
      const seen = this.viewsPerVisit.get(row.visitId);
      if (seen === undefined) {
        if (this.viewsPerVisit.size < MAX_TRACKED_VISITS) this.viewsPerVisit.set(row.visitId, 1);
        return true;
      }
      if (seen >= max) {
        this.counters.capped++;
        return false;
      }
      this.viewsPerVisit.set(row.visitId, seen + 1);
      return true;
    });
  }

  private row(salt: Buffer, view: ViewInput): ViewRow {
    const utm = utmOf(view.url);
    const { device, browser } = traitsOf(view.userAgent);
    return {
      at: view.at,
      visitId: visitIdOf(salt, this.options.siteUrl, view),
      path: view.path,
      referrerHost: referrerHostOf(view.referrer, this.siteHost),
      utmSource: utm?.source ?? null,
      utmMedium: utm?.medium ?? null,
      utmCampaign: utm?.campaign ?? null,
      utmTerm: utm?.term ?? null,
      utmContent: utm?.content ?? null,
      device,
      browser,
    };
  }

  /**
   * The source of a visitor's visit today: its first page view, looked up by the same visit id
   * once what is queued has been written. Null when this visitor has no page view today.
   */
  async sourceOf(visitor: Visitor): Promise<VisitSource | null> {
    await this.flush();
    const id = await this.visitId(visitor);
    const [first] = await this.db
      .select()
      .from(pageViews)
      .where(eq(pageViews.visitId, id))
      .orderBy(asc(pageViews.at))
      .limit(1);
    if (!first) return null;
    const utm: VisitUtm = {
      source: first.utmSource ?? undefined,
      medium: first.utmMedium ?? undefined,
      campaign: first.utmCampaign ?? undefined,
      term: first.utmTerm ?? undefined,
      content: first.utmContent ?? undefined,
    };
    for (const key of UTM_KEYS) if (utm[key] === undefined) delete utm[key];
    return {
      sourceHost: first.referrerHost,
      sourceUtm: Object.keys(utm).length > 0 ? utm : null,
      landingPage: first.path,
    };
  }

  /** Writes every `flushMs`, and makes the new salt (deleting the old) at the studio's every midnight. */
  start(): void {
    this.flushTimer = setInterval(() => void this.flush(), this.options.flushMs).unref();
    const atMidnight = () => {
      this.midnightTimer = setTimeout(() => {
        void this.currentSalt().catch((err: unknown) =>
          this.options.logger?.error({ err }, "the visit salt was not replaced"),
        );
        atMidnight();
      }, untilNextVisitDay(this.options.now()) + 1_000).unref();
    };
    atMidnight();
  }

  /** Stops the timers and writes what is queued. */
  async stop(): Promise<void> {
    clearInterval(this.flushTimer);
    clearTimeout(this.midnightTimer);
    await this.flush();
  }
}

/**
 * Whether a request is a page view once answered with a 200 HTML page: a GET of a counted path by
 * a counted visitor, and no browser's speculative fetch (counted when shown, as a navigation).
 */
export function isCountedRequest(
  req: Pick<IncomingMessage, "method" | "headers">,
  path: string,
): boolean {
  if (req.method !== "GET" || !isCountedPath(path)) return false;
  if (!isCountedVisitor(req.headers["user-agent"] ?? "", req.headers.cookie)) return false;
  const purpose = req.headers["sec-purpose"] ?? req.headers.purpose;
  return !(typeof purpose === "string" && purpose.includes("prefetch"));
}

/** The page view of a counted request (`isCountedRequest`) made at `at` from `ip`. */
export function viewOf(
  req: Pick<IncomingMessage, "url" | "headers">,
  path: string,
  ip: string,
  at: Date,
): ViewInput {
  return {
    at,
    ip,
    userAgent: req.headers["user-agent"] ?? "",
    path,
    url: req.url ?? path,
    referrer: req.headers.referer ?? null,
  };
}

/**
 * Express middleware before the page cache: counts each public HTML page a person gets, rendered
 * or from the cache, once it has been answered with a 200 (a redirect or a 404 is not a view).
 * React Router's data requests (client-side navigations) are not documents: the browser's beacon
 * counts those (`POST /visit`). A hit answered ahead of Express is counted there (decision 0497).
 */
export function countPageViews(counter: VisitCounter) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!isCountedRequest(req, req.path)) return next();
    const at = counter.options.now();
    res.once("finish", () => {
      if (res.statusCode !== 200) return;
      if (!String(res.getHeader("content-type") ?? "").startsWith("text/html")) return;
      counter.count(viewOf(req, req.path, req.ip ?? "", at));
    });
    next();
  };
}
