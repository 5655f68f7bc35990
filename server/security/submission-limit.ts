import { RateLimiterMemory } from "rate-limiter-flexible";
import type { Runtime } from "../runtime";

/**
 * Per-IP limits on anonymous writes: form submissions and attachment uploads (DESIGN: spam
 * defence on every public form). Counted per runtime, in memory; decision 0052 says how the
 * store moves to PostgreSQL or Redis when instances multiply.
 */

const WINDOW_SECONDS = 10 * 60;

export const RATE_LIMITED_MESSAGE =
  "You've sent several requests in a short time. Please wait a few minutes and try again, or email us directly.";

export type LimitKind = "submission" | "upload";

interface Limiters {
  submission: RateLimiterMemory;
  upload: RateLimiterMemory;
}

const byRuntime = new WeakMap<Runtime, Limiters>();

function limitersFor(runtime: Runtime): Limiters {
  let limiters = byRuntime.get(runtime);
  if (!limiters) {
    limiters = {
      submission: new RateLimiterMemory({
        keyPrefix: "submission",
        points: runtime.config.SUBMISSION_RATE_LIMIT,
        duration: WINDOW_SECONDS,
      }),
      upload: new RateLimiterMemory({
        keyPrefix: "upload",
        points: runtime.config.UPLOAD_RATE_LIMIT,
        duration: WINDOW_SECONDS,
      }),
    };
    byRuntime.set(runtime, limiters);
  }
  return limiters;
}

/** Counts one request; returns the seconds to wait when over the limit, else null. */
export async function consumeLimit(
  runtime: Runtime,
  kind: LimitKind,
  ip: string,
): Promise<number | null> {
  try {
    await limitersFor(runtime)[kind].consume(ip);
    return null;
  } catch (rejection) {
    const wait = (rejection as { msBeforeNext?: number }).msBeforeNext ?? WINDOW_SECONDS * 1000;
    return Math.max(1, Math.ceil(wait / 1000));
  }
}
