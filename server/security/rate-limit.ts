import type { Runtime } from "@server/runtime";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import { type CounterStore, counterStoreFor, memoryStore } from "./counter-store";
import { countRefusal } from "./refusals";

/**
 * Sign-in throttling (DESIGN.md: sign-in is rate limited; docs/decisions/0052 and 0150). Every
 * attempt is counted before the password is checked, so a burst cannot outrun the count; refused
 * attempts and successes give their point back, so only failures add up.
 *
 * - Per IP: 20 failures in 15 minutes, then refused.
 * - Per account: after 5 failures, each further attempt waits a growing delay (30 s, 1 min, 2 min…)
 *   — except from an address with no failures for that account, so the owner still gets in.
 * - Under attack (50 failures in 15 minutes from 3 or more addresses): locked for everyone for an
 *   hour, until the owner follows the unlock link mailed to them.
 */
export const SIGN_IN_LIMITS = {
  windowSeconds: 15 * 60,
  perIp: 20,
  perAccount: 5,
  firstDelaySeconds: 30,
  maxDelaySeconds: 15 * 60,
  underAttack: { failures: 50, addresses: 3 },
  lockSeconds: 60 * 60,
};

export type SignInLimits = typeof SIGN_IN_LIMITS;

export type SignInAttempt =
  | { allowed: false; retryAfterSeconds: number }
  | {
      allowed: true;
      /** The password was right: this address's failures for the account are forgiven. */
      succeeded(): Promise<void>;
      /** The password was wrong; `locked` is true for the failure that locked the account. */
      failed(): Promise<{ locked: boolean }>;
    };

export interface SignInLimiter {
  /** Counts an attempt before the password is checked; a refused one is not counted. */
  begin(ip: string, email: string): Promise<SignInAttempt>;
  /** Lifts an account's lock and forgets its failures (the owner's unlock link). */
  unlock(email: string): Promise<void>;
}

/** The delay before the next attempt after `failures` failures of an account (0 below the limit). */
export function slowDownSeconds(failures: number, limits: SignInLimits = SIGN_IN_LIMITS): number {
  if (failures < limits.perAccount) return 0;
  const delay = limits.firstDelaySeconds * 2 ** (failures - limits.perAccount);
  return Math.min(delay, limits.maxDelaySeconds);
}

export function createSignInLimiter(
  limits: SignInLimits = SIGN_IN_LIMITS,
  store: CounterStore = memoryStore,
): SignInLimiter {
  const counter = (keyPrefix: string, points: number, duration = limits.windowSeconds) =>
    store({ keyPrefix, points, duration });
  // Attempts (failed or in progress) per address, per account, per account and address.
  const byIp = counter("sign-in-ip", limits.perIp);
  const byAccount = counter("sign-in-account", limits.underAttack.failures);
  const byPair = counter("sign-in-account-ip", limits.perAccount);
  // Finished failures of an account; the addresses they came from; the slow-down gate (blocked
  // for the delay after each failure past the limit); the under-attack lock.
  const failures = counter("sign-in-account-failures", limits.underAttack.failures);
  const addresses = counter("sign-in-account-addresses", limits.underAttack.addresses);
  const gate = counter("sign-in-account-gate", 1, limits.maxDelaySeconds);
  const lock = counter("sign-in-account-lock", 1, limits.lockSeconds);

  const accountKey = (email: string) => email.trim().toLowerCase();
  const pairKey = (account: string, ip: string) => `${account}|${ip}`;
  // consume() rejects with the state once the points are spent; either way we want the state.
  const take = (limiter: RateLimiterAbstract, key: string) =>
    limiter.consume(key).catch((state: unknown) => {
      if (state instanceof Error) throw state;
      return state as Awaited<ReturnType<RateLimiterAbstract["consume"]>>;
    });
  const refused = (msBeforeNext: number) => ({
    allowed: false as const,
    retryAfterSeconds: Math.max(1, Math.ceil(msBeforeNext / 1000)),
  });

  return {
    async begin(ip, email) {
      const account = accountKey(email);
      const pair = pairKey(account, ip);
      const locked = await lock.get(account);
      if (locked && locked.msBeforeNext > 0) return refused(locked.msBeforeNext);

      const [ipState, accountState, pairState] = await Promise.all([
        take(byIp, ip),
        take(byAccount, account),
        take(byPair, pair),
      ]);
      const giveBack = () =>
        Promise.all([byIp.reward(ip), byAccount.reward(account), byPair.reward(pair)]);

      let wait = 0;
      let tookGate = false;
      if (ipState.consumedPoints > limits.perIp) {
        wait = ipState.msBeforeNext;
      } else if (accountState.consumedPoints > limits.underAttack.failures) {
        // A hard ceiling even for fresh addresses, until the lock below takes over.
        wait = accountState.msBeforeNext;
      } else if (pairState.consumedPoints > 1 && accountState.consumedPoints > limits.perAccount) {
        // This address has tried the account before and the account's free attempts are taken:
        // one attempt per delay, and only once the failures that set the delay have happened.
        // The gate is taken atomically, so a parallel burst gets one attempt, not one each.
        const failed = (await failures.get(account))?.consumedPoints ?? 0;
        if (failed < limits.perAccount) {
          wait = accountState.msBeforeNext;
        } else {
          tookGate = true;
          const gateState = await take(gate, account);
          if (gateState.consumedPoints > 1) wait = gateState.msBeforeNext;
        }
      }
      if (wait > 0) {
        await giveBack();
        return refused(wait);
      }

      return {
        allowed: true,
        async succeeded() {
          // Failures from other addresses stay counted: the owner signing in helps no attacker.
          await Promise.all([
            byIp.reward(ip),
            byAccount.reward(account),
            byPair.delete(pair),
            tookGate ? gate.delete(account) : null,
          ]);
        },
        async failed() {
          // The gate is blocked before the failure is counted: a count at the limit always has
          // its delay in place.
          const failed = ((await failures.get(account))?.consumedPoints ?? 0) + 1;
          const delay = slowDownSeconds(failed, limits);
          if (delay > 0) await gate.block(account, delay);
          await take(failures, account);
          const seen =
            pairState.consumedPoints === 1
              ? await take(addresses, account)
              : await addresses.get(account);
          if (
            failed < limits.underAttack.failures ||
            (seen?.consumedPoints ?? 0) < limits.underAttack.addresses
          ) {
            return { locked: false };
          }
          // Only the failure that takes the lock first reports it (one e-mail per lock).
          return { locked: (await take(lock, account)).consumedPoints === 1 };
        },
      };
    },
    async unlock(email) {
      const account = accountKey(email);
      await Promise.all([
        lock.delete(account),
        byAccount.delete(account),
        failures.delete(account),
        addresses.delete(account),
        gate.delete(account),
      ]);
    },
  };
}

// One limiter per runtime (tests build several runtimes in one process), counting in PostgreSQL
// when the runtime is on it, so every instance shares the counts (decision 0170).
const limiters = new WeakMap<Runtime, SignInLimiter>();
export function signInLimiterFor(runtime: Runtime): SignInLimiter {
  let limiter = limiters.get(runtime);
  if (!limiter) {
    const inner = createSignInLimiter(
      SIGN_IN_LIMITS,
      counterStoreFor(runtime.database, runtime.logger),
    );
    // Every refusal (per IP, slowed-down or locked account) leaves through begin().
    limiter = {
      async begin(ip, email) {
        const attempt = await inner.begin(ip, email);
        if (!attempt.allowed) countRefusal(runtime, "sign-in");
        return attempt;
      },
      unlock: (email) => inner.unlock(email),
    };
    limiters.set(runtime, limiter);
  }
  return limiter;
}
