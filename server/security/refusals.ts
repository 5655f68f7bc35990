/**
 * How many requests each rate limit refused, per runtime (read by /metrics, decision 0210).
 *
 * The limits decide in three places (sign-in's limiter, `consumeLimit` and the upload quotas of
 * submission-limit.ts); each reports its refusals here. Plain numbers in memory, like the page
 * cache's counters: the hot path stays an increment, and an exporter reads them when scraped.
 * Keyed by the runtime object (a WeakMap), so tests with several runtimes never share counts.
 */

export const LIMITERS = [
  "sign-in",
  "submission",
  "upload",
  "upload-quota",
  "password-reset",
  "consent",
  "booking",
  "passkey",
  "review-password",
  "review-comment",
  "review-comment-link",
] as const;
export type LimiterName = (typeof LIMITERS)[number];

const byRuntime = new WeakMap<object, Record<LimiterName, number>>();

function countsFor(runtime: object): Record<LimiterName, number> {
  let counts = byRuntime.get(runtime);
  if (!counts) {
    counts = {
      "sign-in": 0,
      submission: 0,
      upload: 0,
      "upload-quota": 0,
      "password-reset": 0,
      consent: 0,
      booking: 0,
      passkey: 0,
      "review-password": 0,
      "review-comment": 0,
      "review-comment-link": 0,
    };
    byRuntime.set(runtime, counts);
  }
  return counts;
}

export function countRefusal(runtime: object, limiter: LimiterName): void {
  countsFor(runtime)[limiter] += 1;
}

/** Refusals since the runtime started, every limiter listed (0 until its first refusal). */
export function refusalCounts(runtime: object): Readonly<Record<LimiterName, number>> {
  return { ...countsFor(runtime) };
}
