import type { DatabaseHandle } from "@server/db/client";
import type { Logger } from "@server/logger";
import type pg from "pg";
import {
  type IRateLimiterOptions,
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
} from "rate-limiter-flexible";

/** Makes one counter from its options: what every limiter of the app is built with. */
export type CounterStore = (
  options: Required<Pick<IRateLimiterOptions, "keyPrefix" | "points" | "duration">>,
) => RateLimiterAbstract;

export const memoryStore: CounterStore = (options) => new RateLimiterMemory(options);

/**
 * Where every rate limit counts (decision 0170): on PostgreSQL, in the `rate_limits` table that
 * every instance shares (drizzle/0002), so N instances allow what one allows; on the embedded
 * database (one instance by design), in memory. Each shared counter has an in-memory insurance
 * limiter with the same options: when the database errors, the instance keeps counting on its own
 * rather than refusing everyone or letting everyone through.
 */
export const RATE_LIMITS_TABLE = "rate_limits";

export function counterStoreFor(
  database: Pick<DatabaseHandle, "driver" | "pool">,
  logger?: Pick<Logger, "warn">,
): CounterStore {
  const pool = database.pool;
  if (database.driver !== "postgres" || !pool) return memoryStore;
  // The library only calls `query`; failures are logged (at most once a minute) and rethrown, so
  // the insurance limiter takes over.
  let lastWarning = 0;
  const client = {
    query: (query: pg.QueryConfig) =>
      pool.query(query).catch((err: unknown) => {
        if (logger && Date.now() - lastWarning > 60_000) {
          lastWarning = Date.now();
          logger.warn({ err }, "rate limit store failed: counting in memory meanwhile");
        }
        throw err;
      }),
  };
  let sweeping = false;
  return (options) => {
    const counter = new RateLimiterPostgres({
      ...options,
      storeClient: client,
      storeType: "pool",
      tableName: RATE_LIMITS_TABLE,
      // The migration made the table; the library must not try to (no DDL at run time).
      tableCreated: true,
      // One sweep of expired rows per store is enough (every 5 minutes, rows expired an hour ago).
      clearExpiredByTimeout: !sweeping,
      insuranceLimiter: new RateLimiterMemory(options),
    });
    sweeping = true;
    return counter;
  };
}
