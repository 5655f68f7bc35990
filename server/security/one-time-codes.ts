import { createHmac, timingSafeEqual } from "node:crypto";
import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { twoFactor, user } from "@server/db/schema";
import type { Runtime } from "@server/runtime";
import { symmetricDecrypt } from "better-auth/crypto";
import { parseCookies } from "better-call";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { type CodeStore, matchingRecoveryCode } from "./recovery-codes";

/**
 * A TOTP code works once (issue #47 item 1, decision 0430). better-auth's twoFactor plugin accepts
 * a code of the current 30-second step or either neighbour, as often as it is given. Every code
 * check of ours (sign-in, step-up, enrolment, turning two-factor off) goes through
 * `verifyCodeOnce`: it finds the step the code belongs to (the plugin's library and window) and
 * claims it for the person in one conditional UPDATE, which only a step newer than the last
 * accepted one passes; then the plugin verifies the code as before. A replay, or the loser of two
 * concurrent tries, never reaches the plugin.
 */

/** The plugin's TOTP settings (its defaults): 6 digits, 30 seconds, one step either side. */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
const WINDOW = 1;
/** What the plugin prefixes to a secret imported as base32 (its `decryptTOTPSecret`). */
const BASE32_PREFIX = "base32:";

export const TOTP_CODE = /^\d{6}$/;

/** The newest time step, within the plugin's window around now, whose code is `code`; or null. */
export async function stepOfCode(
  secret: string | Uint8Array,
  code: string,
  now = Date.now(),
): Promise<number | null> {
  if (!TOTP_CODE.test(code)) return null;
  const otp = createOTP(secret, { digits: DIGITS, period: PERIOD_SECONDS });
  const current = Math.floor(now / (PERIOD_SECONDS * 1000));
  let found: number | null = null;
  for (let step = current - WINDOW; step <= current + WINDOW; step++) {
    const expected = await otp.hotp(step);
    if (timingSafeEqual(Buffer.from(expected), Buffer.from(code))) found = step;
  }
  return found;
}

/** The person's TOTP secret as the plugin decrypts it, or null without a two-factor row. */
async function secretOf(runtime: Runtime, userId: string): Promise<string | Uint8Array | null> {
  const [row] = await runtime.database.db
    .select({ secret: twoFactor.secret })
    .from(twoFactor)
    .where(eq(twoFactor.userId, userId))
    .limit(1);
  if (!row) return null;
  const ctx = await runtime.auth.$context;
  const secret = await symmetricDecrypt({ key: ctx.secretConfig, data: row.secret });
  return secret.startsWith(BASE32_PREFIX)
    ? base32.decode(secret.slice(BASE32_PREFIX.length).toUpperCase())
    : secret;
}

export type StepClaim = "claimed" | "replayed" | "unmatched";

/**
 * Claims the time step of `code` for the person: "claimed" when it is newer than the last accepted
 * one (now stored), "replayed" when it is not, "unmatched" when the code is no current code of
 * theirs (the plugin then refuses it and counts the failure).
 */
export async function claimCodeStep(
  runtime: Runtime,
  userId: string,
  code: string,
): Promise<StepClaim> {
  const secret = await secretOf(runtime, userId);
  const step = secret === null ? null : await stepOfCode(secret, code);
  if (step === null) return "unmatched";
  const claimed = await runtime.database.db
    .update(twoFactor)
    .set({ lastTotpStep: step })
    .where(
      and(
        eq(twoFactor.userId, userId),
        or(isNull(twoFactor.lastTotpStep), lt(twoFactor.lastTotpStep, step)),
      ),
    )
    .returning({ id: twoFactor.id });
  return claimed.length > 0 ? "claimed" : "replayed";
}

export type CodeCheck =
  | { outcome: "replayed" }
  | { outcome: "checked"; response: Response; recovery: boolean };

/**
 * The one way a second-factor code is checked: a 6-digit TOTP code once per time step (claimed
 * first, then verified by the plugin), anything else as a recovery code (decision 0432: the
 * stored entry it matches is what the plugin is given, and removes). `headers` carry the session
 * or the sign-in's challenge cookie; `userId` is the person they belong to (null: unknown, the
 * plugin refuses the challenge).
 */
export async function verifyCodeOnce(
  runtime: Runtime,
  userId: string | null,
  code: string,
  headers: Headers,
): Promise<CodeCheck> {
  if (TOTP_CODE.test(code)) {
    if (userId && (await claimCodeStep(runtime, userId, code)) === "replayed") {
      return { outcome: "replayed" };
    }
    const response = await runtime.auth.api.verifyTOTP({
      body: { code },
      headers,
      asResponse: true,
    });
    return { outcome: "checked", response, recovery: false };
  }
  const entry = userId
    ? await matchingRecoveryCode(await codeStoreOf(runtime), userId, code)
    : null;
  const response = await runtime.auth.api.verifyBackupCode({
    // No match: a value no stored entry can equal, so the plugin refuses it and counts the try.
    body: { code: entry ?? "-", disableSession: false },
    headers,
    asResponse: true,
  });
  return { outcome: "checked", response, recovery: true };
}

/** The recovery codes' store of this runtime (decision 0432). */
export async function codeStoreOf(runtime: Runtime): Promise<CodeStore> {
  const ctx = await runtime.auth.$context;
  return { db: runtime.database.db, secret: ctx.secretConfig as string };
}

/** better-auth's two-factor challenge cookie (`better-auth.two_factor`). */
const CHALLENGE_COOKIE = "two_factor";

/**
 * The person a sign-in's two-factor challenge belongs to (the plugin's signed cookie names a
 * `verifications` row whose value is the user id), with their address; null for a missing,
 * forged or expired challenge. The plugin checks the same cookie again itself.
 */
export async function challengePerson(
  runtime: Runtime,
  cookieHeader: string,
): Promise<{ id: string; email: string } | null> {
  const ctx = await runtime.auth.$context;
  const name = ctx.createAuthCookie(CHALLENGE_COOKIE).name;
  const raw = parseCookies(cookieHeader).get(name);
  if (!raw) return null;
  const value = safeDecode(raw);
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const identifier = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(
    createHmac("sha256", ctx.secret).update(identifier).digest("base64"),
  );
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
  const found = await ctx.internalAdapter.findVerificationValue(identifier);
  if (!found || found.expiresAt.getTime() < Date.now()) return null;
  const [person] = await runtime.database.db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(eq(user.id, found.value))
    .limit(1);
  return person ?? null;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
