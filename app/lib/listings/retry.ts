/**
 * Browser-side loads retry like SPEC section 9: up to 3 more times, waiting 1 s, then doubling,
 * capped at 30 s.
 */

export const MAX_RETRIES = 3;

/** The wait before retry number `retry` (0-based): 1 s, 2 s, 4 s, … at most 30 s. */
export function retryDelay(retry: number): number {
  return Math.min(1000 * 2 ** retry, 30_000);
}

/**
 * Runs `load` until it succeeds and `isFailure` is false for its result, at most 1 + MAX_RETRIES
 * times. The last failure is returned (a failed result) or thrown (an error).
 */
export async function withRetry<T>(
  load: () => Promise<T>,
  options: {
    isFailure?: (result: T) => boolean;
    retries?: number;
    wait?: (ms: number) => Promise<void>;
  } = {},
): Promise<T> {
  const { isFailure = () => false, retries = MAX_RETRIES, wait = sleep } = options;
  for (let attempt = 0; ; attempt++) {
    const last = attempt >= retries;
    try {
      const result = await load();
      if (!isFailure(result) || last) return result;
    } catch (error) {
      if (last) throw error;
    }
    await wait(retryDelay(attempt));
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
