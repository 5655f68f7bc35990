import { RateLimiterMemory } from "rate-limiter-flexible";

/**
 * Sign-in throttling, per IP and per account (DESIGN.md: sign-in is rate limited). Only failed
 * attempts count, so staff signing in many times a day are never slowed down; a success clears the
 * account's count. The memory store suits one instance; docs/decisions/0052 says how it moves to
 * PostgreSQL or Redis when instances multiply.
 */
export const SIGN_IN_LIMITS = {
  /** Failed sign-ins from one IP address within the window. */
  perIp: { points: 20, durationSeconds: 15 * 60 },
  /** Failed sign-ins for one e-mail address within the window, from anywhere. */
  perAccount: { points: 5, durationSeconds: 15 * 60 },
} as const;

export type SignInVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface SignInLimiter {
  /** Whether another attempt may be made now; does not count one. */
  check(ip: string, email: string): Promise<SignInVerdict>;
  recordFailure(ip: string, email: string): Promise<void>;
  recordSuccess(email: string): Promise<void>;
}

export interface SignInLimits {
  perIp: { points: number; durationSeconds: number };
  perAccount: { points: number; durationSeconds: number };
}

export function createSignInLimiter(limits: SignInLimits = SIGN_IN_LIMITS): SignInLimiter {
  const byIp = new RateLimiterMemory({
    keyPrefix: "sign-in-ip",
    points: limits.perIp.points,
    duration: limits.perIp.durationSeconds,
  });
  const byAccount = new RateLimiterMemory({
    keyPrefix: "sign-in-account",
    points: limits.perAccount.points,
    duration: limits.perAccount.durationSeconds,
  });
  const accountKey = (email: string) => email.trim().toLowerCase();

  return {
    async check(ip, email) {
      const [ipState, accountState] = await Promise.all([
        byIp.get(ip),
        byAccount.get(accountKey(email)),
      ]);
      const blocked = [
        { state: ipState, points: limits.perIp.points },
        { state: accountState, points: limits.perAccount.points },
      ].filter(({ state, points }) => state && state.consumedPoints >= points);
      if (blocked.length === 0) return { allowed: true };
      const waitMs = Math.max(...blocked.map(({ state }) => state?.msBeforeNext ?? 0));
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    },
    async recordFailure(ip, email) {
      // consume() rejects once the points are spent; the count is what matters, not the verdict.
      await Promise.allSettled([byIp.consume(ip), byAccount.consume(accountKey(email))]);
    },
    async recordSuccess(email) {
      await byAccount.delete(accountKey(email));
    },
  };
}
