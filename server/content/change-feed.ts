import { randomUUID } from "node:crypto";
import type { ContentChange } from "@server/caches";
import type { CacheKit } from "@server/kit/cache";
import type { Logger } from "@server/logger";
import pg from "pg";

/**
 * Changes between instances on PostgreSQL (decisions 0171, 0463): every change of the runtime's
 * cache kit (server/caches.ts) is sent with `NOTIFY content_changed` (through the pool, after the
 * write committed), and every instance LISTENs on a dedicated connection outside the pool and
 * drops its caches when one arrives.
 *
 * - An instance ignores its own notifications (it already dropped its caches before sending).
 * - When the listening connection is lost, it reconnects with a growing delay (250 ms doubling
 *   to 10 s), and once it listens again it drops everything (`{ entity: "all", action:
 *   "missed" }`): changes sent while it was deaf are never heard.
 * - A failed NOTIFY is logged, not thrown: the write has committed; the others' caches expire
 *   within their TTL anyway.
 */

export const CONTENT_CHANNEL = "content_changed";
/** Seen in pg_stat_activity as the listening connection. */
export const LISTENER_APPLICATION_NAME = "studio-content-listener";

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 10_000;

interface Message {
  /** The instance that made the change. */
  from: string;
  change: ContentChange;
}

export interface ContentChangeFeed {
  /** Resolves once the listener (re)connected and listens (tests). */
  listening(): Promise<void>;
  close(): Promise<void>;
}

export async function startContentChangeFeed(options: {
  url: string;
  pool: pg.Pool;
  /** The runtime's caches: what a change heard drops, and whose changes are sent. */
  caches: CacheKit<ContentChange>;
  logger: Pick<Logger, "warn" | "error" | "info">;
}): Promise<ContentChangeFeed> {
  const { url, pool, caches, logger } = options;
  const instance = randomUUID();
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = FIRST_RETRY_MS;
  let retryTimer: NodeJS.Timeout | undefined;
  let connected: Promise<void> = Promise.resolve();
  let markConnected: (() => void) | null = null;

  const onNotification = (message: pg.Notification) => {
    if (message.channel !== CONTENT_CHANNEL || !message.payload) return;
    let parsed: Message;
    try {
      parsed = JSON.parse(message.payload) as Message;
    } catch {
      return;
    }
    if (parsed.from === instance || !parsed.change) return;
    caches
      .heard(parsed.change)
      .catch((err: unknown) =>
        logger.error({ err }, "a content change from another instance failed to apply"),
      );
  };

  async function listen(): Promise<void> {
    const next = new pg.Client({
      connectionString: url,
      application_name: LISTENER_APPLICATION_NAME,
      connectionTimeoutMillis: 10_000,
      // A link that dies silently must still end the connection, so it is noticed and replaced.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    let lost = false;
    const onLost = (err?: unknown) => {
      if (lost) return;
      lost = true;
      next.removeAllListeners("notification");
      next.end().catch(() => {});
      if (client === next) client = null;
      if (closed) return;
      logger.warn({ err }, "content change listener lost its connection: reconnecting");
      scheduleReconnect();
    };
    next.on("error", onLost);
    next.on("end", () => onLost());
    next.on("notification", onNotification);
    try {
      await next.connect();
      await next.query(`LISTEN ${CONTENT_CHANNEL}`);
    } catch (err) {
      onLost(err);
      throw err;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
  }

  function scheduleReconnect(): void {
    clearTimeout(retryTimer);
    const delay = retryMs;
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
    if (!markConnected) {
      connected = new Promise((resolve) => {
        markConnected = resolve;
      });
    }
    const reconnected = () => {
      markConnected?.();
      markConnected = null;
    };
    retryTimer = setTimeout(async () => {
      if (closed) return reconnected();
      try {
        await listen();
      } catch {
        return; // listen() scheduled the next attempt
      }
      retryMs = FIRST_RETRY_MS;
      logger.info("content change listener listening again: dropping every cached copy");
      // Listening first, then dropping: a change after this point is heard, one before it is gone.
      await caches
        .heard({ entity: "all", id: null, action: "missed" })
        .catch((err: unknown) =>
          logger.error({ err }, "dropping the caches after a reconnect failed"),
        );
      reconnected();
    }, delay);
    retryTimer.unref();
  }

  // A first connection that fails is retried in the background like a lost one: the instance
  // serves meanwhile, its caches bounded by their TTL.
  await listen().catch(() => {});

  const unpublish = caches.publishTo(async (change) => {
    const payload = JSON.stringify({ from: instance, change } satisfies Message);
    try {
      await pool.query("select pg_notify($1, $2)", [CONTENT_CHANNEL, payload]);
    } catch (err) {
      logger.error({ err }, "could not notify the other instances of a content change");
    }
  });

  return {
    listening: () => connected,
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      markConnected?.();
      unpublish();
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
