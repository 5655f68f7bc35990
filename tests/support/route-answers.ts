import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";

/**
 * Reading what a route's loader or action answered when a test calls it directly: a Response,
 * `data(…)` with its init, or a plain value; thrown ones (redirects, refusals) included.
 */

export type Answer = { data?: unknown; init?: { status?: number; headers?: HeadersInit } | null };

export const statusOf = (answer: unknown) =>
  answer instanceof Response ? answer.status : ((answer as Answer).init?.status ?? 200);

export const dataOf = (answer: unknown) =>
  (answer && typeof answer === "object" && "init" in answer
    ? (answer as Answer).data
    : answer) as Record<string, unknown>;

/** The cookies a response sets, as a Cookie header (expired ones dropped). */
export const cookiesOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .filter((c) => !/max-age=0/i.test(c))
    .map((c) => c.split(";")[0])
    .join("; ");

/** Runs a loader or action; a thrown Response (redirect, refusal) is its answer. */
export const settle = async (work: Promise<unknown>) => {
  try {
    return await work;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    if (thrown && typeof thrown === "object" && "init" in thrown) return thrown;
    throw thrown;
  }
};

/**
 * The TOTP code of a two-factor setup key (base32) as an authenticator app shows it: now, or
 * `steps` 30-second steps later. A code works once per step (decision 0430), and the server takes
 * the next step's code too (one step either side), so a test needing a second code uses `1`.
 */
export const codeFor = (setupKey: string, steps = 0) =>
  createOTP(base32.decode(setupKey)).hotp(Math.floor(Date.now() / 30_000) + steps);
