import { recordAudit } from "@server/audit/log";
import type { Runtime } from "@server/runtime";
import { challengePerson, verifyCodeOnce } from "@server/security/one-time-codes";
import { isPasswordTooLong } from "@server/security/passwords";
import { signInLimiterFor } from "@server/security/rate-limit";
import { mailUnlockLink } from "@server/staff/unlock";
import { staffRoleOf } from "~/entities/staff/access";
import type { AuditAction, StaffRole } from "~/lib/values";

/**
 * Back-office sign-in and sign-out, called from the login and logout route actions (better-auth's
 * REST handler is not mounted: decision 0006). Messages are the toasts of SPEC section 8.
 */

export interface ToastMessage {
  title: string;
  description: string;
}

export type SignInResult =
  | { ok: true; cookies: string[]; role: StaffRole | null; secondFactor?: false }
  /** The password was right and two-factor is on: the code step's challenge cookie, no session. */
  | { ok: true; cookies: string[]; role: null; secondFactor: true }
  | { ok: false; status: number; message: ToastMessage };

export const MISSING_FIELDS: ToastMessage = {
  title: "Error",
  description: "Please fill in all fields",
};
export const INVALID_CREDENTIALS: ToastMessage = {
  title: "Login Failed",
  description: "Invalid email or password",
};

/** The longest address (RFC 5321's path limit); the longest password is the password rule's. */
const MAX_EMAIL_LENGTH = 320;

export async function signIn(
  runtime: Runtime,
  input: { email: unknown; password: unknown; ip: string; userAgent: string | null },
): Promise<SignInResult> {
  const email = typeof input.email === "string" ? input.email.trim() : "";
  const password = typeof input.password === "string" ? input.password : "";
  if (!email || !password) return { ok: false, status: 400, message: MISSING_FIELDS };
  if (email.length > MAX_EMAIL_LENGTH || isPasswordTooLong(password)) {
    return { ok: false, status: 401, message: INVALID_CREDENTIALS };
  }

  // Counted before the password is checked: a burst cannot outrun the limits (decision 0150).
  const attempt = await signInLimiterFor(runtime).begin(input.ip, email);
  // Sign-ins and their failures are on the audit log, with the address that was tried.
  const audit = (action: AuditAction, userId: string | null = null) =>
    recordAudit(runtime.database.db, {
      action,
      actor: { id: userId, email: email.toLowerCase(), ip: input.ip },
    }).catch((error: unknown) =>
      runtime.logger.error({ err: error, action }, "the audit row could not be written"),
    );
  if (!attempt.allowed) {
    await audit("sign_in_slowed");
    return { ok: false, status: 429, message: tooManyAttempts(attempt.retryAfterSeconds) };
  }

  let response: Response;
  try {
    response = await runtime.auth.api.signInEmail({
      body: { email, password },
      // Only what better-auth records on the session: its user agent and our resolved client IP.
      headers: new Headers({
        "user-agent": input.userAgent ?? "",
        "x-forwarded-for": input.ip,
      }),
      asResponse: true,
    });
  } catch (error) {
    runtime.logger.error({ err: error }, "sign-in failed");
    await attempt.failed();
    return {
      ok: false,
      status: 500,
      message: { title: "Login Failed", description: "Sign-in is unavailable. Please try again." },
    };
  }

  if (response.ok) {
    await attempt.succeeded();
    const body = (await response.json().catch(() => null)) as {
      user?: { id?: string; role?: string | null };
      twoFactorRedirect?: boolean;
    } | null;
    // Half-way: the sign-in row is written when the code is (verifySignInCode).
    if (body?.twoFactorRedirect) {
      return { ok: true, cookies: response.headers.getSetCookie(), role: null, secondFactor: true };
    }
    await audit("sign_in", body?.user?.id ?? null);
    return { ok: true, cookies: response.headers.getSetCookie(), role: staffRoleOf(body?.user) };
  }

  const { locked } = await attempt.failed();
  await audit(locked ? "sign_in_locked" : "sign_in_failed");
  if (locked) {
    runtime.logger.warn({ email }, "sign-in locked: the account is under attack");
    await mailUnlockLink(runtime, email).catch((error: unknown) =>
      runtime.logger.error({ err: error }, "the unlock e-mail could not be queued"),
    );
  }
  const body = (await response.json().catch(() => null)) as {
    code?: string;
    message?: string;
  } | null;
  if (response.status === 401 || body?.code === "INVALID_EMAIL_OR_PASSWORD") {
    return { ok: false, status: 401, message: INVALID_CREDENTIALS };
  }
  // Other failures (a malformed e-mail, a banned account) carry the server's own message.
  return {
    ok: false,
    status: response.status >= 400 && response.status < 500 ? response.status : 400,
    message: { title: "Login Failed", description: body?.message ?? "Sign-in failed" },
  };
}

/** SPEC section 8's toast, in seconds below a minute and in whole minutes above. */
export function tooManyAttempts(retryAfterSeconds: number): ToastMessage {
  const [count, unit] =
    retryAfterSeconds < 60
      ? [retryAfterSeconds, "second"]
      : [Math.ceil(retryAfterSeconds / 60), "minute"];
  return {
    title: "Login Failed",
    description: `Too many sign-in attempts. Please try again in ${count} ${unit}${count === 1 ? "" : "s"}.`,
  };
}

/** Ends the caller's session; returns the Set-Cookie headers that clear it. */
export async function signOut(runtime: Runtime, headers: Headers): Promise<string[]> {
  try {
    const response = await runtime.auth.api.signOut({ headers, asResponse: true });
    return response.headers.getSetCookie();
  } catch (error) {
    runtime.logger.warn({ err: error }, "sign-out failed");
    return [];
  }
}

/** The code step of a sign-in with two-factor on (public: the challenge cookie is its key). */
export const CODE_PATH = "/admin/two-factor";

export const CODE_MESSAGES = {
  invalid: "That code is not valid. Try again, or use one of your recovery codes.",
  expired: "The sign-in has expired. Please sign in again.",
  used: "That code has already been used. Wait for the next one in your authenticator app.",
} as const;

export type CodeResult =
  | { ok: true; cookies: string[]; role: StaffRole | null }
  | { ok: false; status: number; message: string; expired: boolean };

/**
 * The second step of a sign-in with two-factor on: the code (or a recovery code, accepted once)
 * against the challenge cookie the password step set. The plugin limits the tries per challenge
 * (5) and per account (10, then a 15-minute lock); each failure is an audit row.
 */
export async function verifySignInCode(
  runtime: Runtime,
  input: { code: unknown; cookie: string; ip: string; userAgent: string | null },
): Promise<CodeResult> {
  const code = typeof input.code === "string" ? input.code.replace(/\s+/g, "") : "";
  const headers = new Headers({
    cookie: input.cookie,
    "user-agent": input.userAgent ?? "",
    "x-forwarded-for": input.ip,
  });
  if (!code || code.length > 64) {
    return { ok: false, status: 400, message: CODE_MESSAGES.invalid, expired: false };
  }
  // Whose challenge this is: a failure names the person, and a code is claimed for them once.
  const person = await challengePerson(runtime, input.cookie);
  const audit = signInAuditor(runtime, input.ip);
  let check: Awaited<ReturnType<typeof verifyCodeOnce>>;
  try {
    check = await verifyCodeOnce(runtime, person?.id ?? null, code, headers);
  } catch (error) {
    runtime.logger.error({ err: error }, "two-factor verification failed");
    return { ok: false, status: 500, message: CODE_MESSAGES.invalid, expired: false };
  }
  if (check.outcome === "replayed") {
    await audit("sign_in_failed", person?.id ?? null, person?.email ?? null);
    return { ok: false, status: 401, message: CODE_MESSAGES.used, expired: false };
  }
  const { response, recovery } = check;
  const body = (await response.json().catch(() => null)) as {
    user?: { id?: string; email?: string; role?: string | null };
    code?: string;
  } | null;
  if (!response.ok) {
    // The challenge is gone (expired, used, or too many tries): back to the password.
    const expired =
      body?.code === "INVALID_TWO_FACTOR_COOKIE" ||
      body?.code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE";
    await audit("sign_in_failed", person?.id ?? null, person?.email ?? null);
    return {
      ok: false,
      status: response.status === 429 ? 429 : 401,
      message: expired ? CODE_MESSAGES.expired : CODE_MESSAGES.invalid,
      expired,
    };
  }
  const id = body?.user?.id ?? null;
  const email = body?.user?.email ?? null;
  if (recovery) await audit("recovery_code_used", id, email);
  await audit("sign_in", id, email);
  return { ok: true, cookies: response.headers.getSetCookie(), role: staffRoleOf(body?.user) };
}

/**
 * The audit row of a sign-in step after the password (a code, a passkey), naming the person when
 * known. A row that cannot be written is logged: it never fails the sign-in.
 */
export function signInAuditor(runtime: Runtime, ip: string) {
  return (action: AuditAction, id: string | null, email: string | null) =>
    recordAudit(runtime.database.db, {
      action,
      actor: { id, email, ip },
      ...(id ? { entityType: "staff" as const, entityId: id, entityName: email } : {}),
    }).catch((error: unknown) =>
      runtime.logger.error({ err: error, action }, "the audit row could not be written"),
    );
}
