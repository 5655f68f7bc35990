import type { Database } from "@server/db/client";
import { notifications } from "@server/db/schema";
import { and, asc, eq, inArray, isNull, lte } from "drizzle-orm";
import type { Logger } from "pino";
import { withoutLinkTokens } from "./link-tokens";
import type { MailTransport } from "./transport";

export const BACKOFF_BASE_MS = 30_000;
export const BACKOFF_MAX_MS = 60 * 60_000;
const DEFAULT_LEASE_MS = 2 * 60_000;
const DEFAULT_BATCH_SIZE = 10;
const MAX_ERROR_LENGTH = 1_000;

/**
 * Delay before the next try after `attempts` failed ones: 30 s, doubling, capped at one hour.
 * There is no last attempt: a notification is retried until it is sent (never lost).
 */
export function backoffMs(attempts: number): number {
  const doublings = Math.min(Math.max(attempts - 1, 0), 20);
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** doublings);
}

export interface OutboxWorkerOptions {
  db: Database;
  transport: MailTransport;
  logger?: Logger;
  /** The clock for every time the worker reads or writes (tests move it). */
  now?: () => Date;
  /** Rows claimed per run. */
  batchSize?: number;
  /** How long a claim lasts; a worker that dies mid-run leaves rows due again after it. */
  leaseMs?: number;
}

export interface OutboxRunResult {
  sent: number;
  failed: number;
}

export interface OutboxWorker {
  /** Claims the due notifications (one batch) and tries to send each. */
  runOnce(): Promise<OutboxRunResult>;
  /** Runs now, then every `pollMs` after the previous run ends (sooner while a backlog remains). */
  start(pollMs: number): void;
  /** Stops polling and waits for the run in progress. */
  stop(): Promise<void>;
  /** Sends and failed sends since this worker was created (read by /metrics). */
  stats(): OutboxRunResult;
}

type NotificationRow = typeof notifications.$inferSelect;

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, transport, logger } = options;
  const now = options.now ?? (() => new Date());
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const totals: OutboxRunResult = { sent: 0, failed: 0 };

  /**
   * Claims due rows by moving their next attempt past the lease. FOR UPDATE SKIP LOCKED lets
   * several app instances claim at once without waiting on or double-claiming each other's rows.
   * Only queries run inside the transaction: PGlite has one connection, and a mail server must
   * not hold a lock open.
   */
  async function claim(at: Date, leaseUntil: Date): Promise<NotificationRow[]> {
    return db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(notifications)
        .where(and(isNull(notifications.sentAt), lte(notifications.nextAttemptAt, at)))
        .orderBy(asc(notifications.nextAttemptAt), asc(notifications.createdAt))
        .limit(batchSize)
        .for("update", { skipLocked: true });
      if (due.length > 0) {
        await tx
          .update(notifications)
          .set({ nextAttemptAt: leaseUntil })
          .where(
            inArray(
              notifications.id,
              due.map((row) => row.id),
            ),
          );
      }
      return due;
    });
  }

  async function recordSent(row: NotificationRow): Promise<void> {
    try {
      // last_error stays as a trace of earlier failures; sent_at alone says it went out. The same
      // update takes the single-use links' tokens out of the stored bodies (decision 0440): a sent
      // mail's row opens nothing. Unsent (or sent but not recorded), the row keeps them to send.
      await db
        .update(notifications)
        .set({
          sentAt: now(),
          textBody: withoutLinkTokens(row.textBody),
          htmlBody: withoutLinkTokens(row.htmlBody),
        })
        .where(and(eq(notifications.id, row.id), isNull(notifications.sentAt)));
      logger?.info({ notificationId: row.id, kind: row.kind }, "notification sent");
    } catch (err) {
      // The mail went out but is not marked: it is sent again once the lease ends, under the
      // same Message-ID. A duplicate beats a lost mail.
      logger?.error({ err, notificationId: row.id }, "notification sent but not recorded as sent");
    }
  }

  async function recordFailure(row: NotificationRow, error: unknown): Promise<void> {
    const attempts = row.attempts + 1;
    const nextAttemptAt = new Date(now().getTime() + backoffMs(attempts));
    try {
      await db
        .update(notifications)
        .set({ attempts, lastError: describeError(error), nextAttemptAt })
        .where(and(eq(notifications.id, row.id), isNull(notifications.sentAt)));
      logger?.warn(
        { err: error, notificationId: row.id, kind: row.kind, attempts, nextAttemptAt },
        "notification not sent; will retry",
      );
    } catch (err) {
      // Unrecorded, the row is simply retried when its lease ends.
      logger?.error({ err, notificationId: row.id }, "notification failure not recorded");
    }
  }

  async function runBatch(): Promise<OutboxRunResult> {
    const claimedAt = now();
    const leaseUntil = new Date(claimedAt.getTime() + leaseMs);
    const rows = await claim(claimedAt, leaseUntil);
    const result = { sent: 0, failed: 0 };
    for (const row of rows) {
      // Past the lease another instance may have claimed the rest; leave them to it.
      if (now().getTime() >= leaseUntil.getTime()) break;
      try {
        await transport.send({
          to: row.recipient,
          replyTo: row.replyTo ?? undefined,
          subject: row.subject,
          text: row.textBody,
          html: row.htmlBody ?? undefined,
          messageId: row.id,
        });
      } catch (error) {
        result.failed += 1;
        totals.failed += 1;
        await recordFailure(row, error);
        continue;
      }
      result.sent += 1;
      totals.sent += 1;
      await recordSent(row);
    }
    return result;
  }

  // Runs of one worker never overlap: each waits for the previous one.
  let current: Promise<OutboxRunResult> | undefined;
  function runOnce(): Promise<OutboxRunResult> {
    const previous = current;
    const run = (async () => {
      await previous?.catch(() => {});
      return runBatch();
    })();
    current = run;
    const clear = () => {
      if (current === run) current = undefined;
    };
    run.then(clear, clear);
    return run;
  }

  let timer: NodeJS.Timeout | undefined;
  // Bumped by start and stop, so a run that ends after a stop (or a restart) schedules nothing.
  let generation = 0;
  let polling = false;

  function schedule(delayMs: number, pollMs: number, ofGeneration: number): void {
    // unref: a pending poll never keeps the process alive on its own.
    timer = setTimeout(() => void tick(pollMs, ofGeneration), delayMs);
    timer.unref();
  }

  async function tick(pollMs: number, ofGeneration: number): Promise<void> {
    timer = undefined;
    let backlog = false;
    try {
      const { sent, failed } = await runOnce();
      backlog = sent + failed >= batchSize;
    } catch (err) {
      logger?.error({ err }, "mail outbox run failed");
    }
    if (polling && ofGeneration === generation) {
      schedule(backlog ? 0 : pollMs, pollMs, ofGeneration);
    }
  }

  return {
    runOnce,
    stats: () => ({ ...totals }),
    start(pollMs) {
      if (polling) return;
      polling = true;
      generation += 1;
      // Right away: mail left pending by a previous process goes out at start.
      schedule(0, pollMs, generation);
    },
    async stop() {
      polling = false;
      generation += 1;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await current?.catch(() => {});
    },
  };
}

function describeError(error: unknown): string {
  let text: string;
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    text = typeof code === "string" ? `${code}: ${error.message}` : error.message;
  } else {
    text = String(error);
  }
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text;
}
