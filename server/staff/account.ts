import { createOTP } from "@better-auth/utils/otp";
import { type AuditActor, recordAudit } from "@server/audit/log";
import { account, session, twoFactor } from "@server/db/schema";
import { inTransaction } from "@server/kit/transaction";
import type { Runtime } from "@server/runtime";
import type { StaffUser } from "@server/security/admin-access";
import { codeStoreOf, TOTP_CODE, verifyCodeOnce } from "@server/security/one-time-codes";
import { passwordProblem } from "@server/security/passwords";
import { recoveryCodesLeft, replaceRecoveryCodes } from "@server/security/recovery-codes";
import { endPasswordLinks } from "@server/security/single-use-links";
import { type BudgetedCheck, checkWithinBudget } from "@server/security/verification-budget";
import { symmetricDecrypt } from "better-auth/crypto";
import { and, desc, eq, ne } from "drizzle-orm";
import QRCode from "qrcode";
import { studio } from "~/copy/studio";
import { ACCOUNT_MESSAGES } from "~/entities/staff/view";
import type { AuditAction } from "~/lib/values";

export { ACCOUNT_MESSAGES };

/**
 * The person's own account (issue #29 item 4, `/admin/account`): their password, their sessions
 * and their second factor. Two-factor is better-auth's twoFactor plugin (decision 0300), called
 * here on the server with the request's cookie, so each step is a plain form post.
 */

export interface SessionRow {
  id: string;
  userAgent: string | null;
  ip: string | null;
  lastSeenAt: Date;
  current: boolean;
}

/** A pending setup: the QR code (SVG markup made here) and the same secret as text. */
export interface TwoFactorSetup {
  qrSvg: string;
  setupKey: string;
}

export interface AccountView {
  sessions: SessionRow[];
  twoFactor: "on" | "off" | "pending";
  setup: TwoFactorSetup | null;
  /** Recovery codes not yet used (with two-factor on), shown on the page. */
  recoveryCodesLeft: number | null;
}

export async function loadAccount(runtime: Runtime, staff: StaffUser): Promise<AccountView> {
  const db = runtime.database.db;
  const rows = await db
    .select({
      id: session.id,
      userAgent: session.userAgent,
      ip: session.ipAddress,
      lastSeenAt: session.updatedAt,
    })
    .from(session)
    .where(and(eq(session.userId, staff.id)))
    .orderBy(desc(session.updatedAt));
  const sessions = rows
    .map((row) => ({ ...row, current: row.id === staff.sessionId }))
    // The current session first.
    .sort((a, b) => Number(b.current) - Number(a.current));
  const [factor] = await db
    .select({ secret: twoFactor.secret, verified: twoFactor.verified })
    .from(twoFactor)
    .where(eq(twoFactor.userId, staff.id))
    .limit(1);
  if (staff.twoFactor && factor) {
    const left = await recoveryCodesLeft(await codeStoreOf(runtime), staff.id);
    return { sessions, twoFactor: "on", setup: null, recoveryCodesLeft: left };
  }
  if (factor === undefined || factor.verified !== false)
    return { sessions, twoFactor: "off", setup: null, recoveryCodesLeft: null };
  const setup = await setupOf(runtime, staff, factor.secret);
  return { sessions, twoFactor: "pending", setup, recoveryCodesLeft: null };
}

/**
 * The QR code and the setup key of a setup begun and not yet verified. The secret is read back
 * from the plugin's row (encrypted with the auth secret), so the page can be reloaded, or the
 * code mistyped, without starting over.
 */
async function setupOf(
  runtime: Runtime,
  staff: StaffUser,
  encrypted: string,
): Promise<TwoFactorSetup> {
  const ctx = await runtime.auth.$context;
  const secret = await symmetricDecrypt({ key: ctx.secretConfig, data: encrypted });
  const uri = totpUri(secret, staff.email);
  const qrSvg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return { qrSvg, setupKey: new URL(uri).searchParams.get("secret") ?? "" };
}

/** The otpauth URI the plugin makes for its secret (the same library, issuer, digits, period). */
function totpUri(secret: string, email: string): string {
  return createOTP(secret, { digits: 6, period: 30 }).url(studio.name, email);
}

/** Whether `password` is the person's current password (their credential's hash). */
export async function isCurrentPassword(
  runtime: Runtime,
  userId: string,
  password: string,
): Promise<boolean> {
  if (!password) return false;
  const [credential] = await runtime.database.db
    .select({ hash: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")))
    .limit(1);
  if (!credential?.hash) return false;
  const ctx = await runtime.auth.$context;
  return ctx.password.verify({ hash: credential.hash, password });
}

export type PasswordChange =
  | { ok: true }
  | { ok: false; field: "currentPassword" | "newPassword"; message: string; status: number };

/** A refused budgeted check's field error: the wrong secret (400) or too many tries (429). */
function refusal<F extends string>(
  result: Exclude<BudgetedCheck, "ok">,
  field: F,
  wrong: string,
): { ok: false; field: F; message: string; status: number } {
  return result === "too_many"
    ? { ok: false, field, message: ACCOUNT_MESSAGES.tooMany, status: 429 }
    : { ok: false, field, message: wrong, status: 400 };
}

/**
 * "Change password": the current one, then a new one that passes the password rule. The hash,
 * the end of every other session and the audit row commit together; this session stays.
 */
export async function changePassword(
  runtime: Runtime,
  actor: AuditActor,
  staff: StaffUser,
  input: { currentPassword: string; newPassword: string },
): Promise<PasswordChange> {
  const problem = passwordProblem(input.newPassword);
  // Limited and audited like every check of the person's own password (decision 0431).
  const checked = await checkWithinBudget(runtime, staff, actor.ip ?? "", "current password", () =>
    isCurrentPassword(runtime, staff.id, input.currentPassword),
  );
  if (checked !== "ok") {
    return refusal(checked, "currentPassword", ACCOUNT_MESSAGES.wrongPassword);
  }
  if (problem) {
    return { ok: false, field: "newPassword", message: problem.message, status: 400 };
  }
  const ctx = await runtime.auth.$context;
  const hash = await ctx.password.hash(input.newPassword);
  await inTransaction(runtime.database.db, async (tx) => {
    await tx
      .update(account)
      .set({ password: hash, updatedAt: new Date() })
      .where(and(eq(account.userId, staff.id), eq(account.providerId, "credential")));
    await tx
      .delete(session)
      .where(and(eq(session.userId, staff.id), ne(session.id, staff.sessionId)));
    // Giving the password counts for the step-up as well.
    await tx.update(session).set({ verifiedAt: new Date() }).where(eq(session.id, staff.sessionId));
    await endPasswordLinks(tx, staff.id);
    await recordAudit(tx, accountEvent("password_change", actor, staff));
  });
  return { ok: true };
}

/**
 * Ends one of the person's sessions (`id`), or every one but this (`id` null). Returns how many
 * ended; the audit row says which.
 */
export async function endOwnSessions(
  runtime: Runtime,
  actor: AuditActor,
  staff: StaffUser,
  id: string | null,
): Promise<number> {
  return inTransaction(runtime.database.db, async (tx) => {
    const ended = await tx
      .delete(session)
      .where(
        and(
          eq(session.userId, staff.id),
          ne(session.id, staff.sessionId),
          id ? eq(session.id, id) : undefined,
        ),
      )
      .returning({ id: session.id });
    if (ended.length > 0) {
      await recordAudit(tx, {
        ...accountEvent("sessions_ended", actor, staff),
        changes: { sessions: { before: ended.map((row) => row.id), after: null } },
      });
    }
    return ended.length;
  });
}

/** The audit row of an event on the person's own account (entity: their staff account). */
export function accountEvent(action: AuditAction, actor: AuditActor, staff: StaffUser) {
  return {
    action,
    actor,
    entityType: "staff" as const,
    entityId: staff.id,
    entityName: staff.email,
  };
}

/** The headers an auth call acts with: the request's cookie, its browser and our client IP. */
export function authHeaders(request: Request, ip: string): Headers {
  return new Headers({
    cookie: request.headers.get("cookie") ?? "",
    "user-agent": request.headers.get("user-agent") ?? "",
    "x-forwarded-for": ip,
  });
}

/**
 * A call of the plugin that takes the person's current password (as `args`), counted against
 * sign-in's budget: it holds when `holds` says so of the answer (by default, an answer of 2xx);
 * the answer's cookies are kept for the reply.
 */
async function withPassword(
  { runtime, actor, staff, request }: OwnAccountRequest,
  password: string,
  call: (args: {
    body: { password: string };
    headers: Headers;
    asResponse: true;
  }) => Promise<Response>,
  holds: (response: Response) => Promise<boolean> = async (response) => response.ok,
): Promise<{ checked: BudgetedCheck; cookies: string[] }> {
  let cookies: string[] = [];
  const checked = await checkWithinBudget(
    runtime,
    staff,
    actor.ip ?? "",
    "current password",
    async () => {
      if (!password) return false;
      const response = await call({
        body: { password },
        headers: authHeaders(request, actor.ip ?? ""),
        asResponse: true,
      });
      cookies = response.headers.getSetCookie();
      return holds(response);
    },
  );
  return { checked, cookies };
}

/** A request on the person's own account: the runtime, who acts, whose account, the request. */
export interface OwnAccountRequest {
  runtime: Runtime;
  actor: AuditActor;
  staff: StaffUser;
  request: Request;
}

export type TwoFactorStep =
  | { ok: true; cookies: string[]; recoveryCodes?: string[] }
  | { ok: false; field: "password" | "code"; message: string; status: number };

/** "Turn on two-factor" (with the password): a secret and recovery codes, not yet in force. */
export async function startTwoFactor(
  own: OwnAccountRequest,
  password: string,
): Promise<TwoFactorStep> {
  const { runtime } = own;
  const { checked, cookies } = await withPassword(own, password, (args) =>
    runtime.auth.api.enableTwoFactor(args),
  );
  if (checked !== "ok") return refusal(checked, "password", ACCOUNT_MESSAGES.wrongPassword);
  return { ok: true, cookies };
}

/**
 * The first valid code turns two-factor on; the answer holds 10 recovery codes, made now and
 * shown this once (only their hashes are kept, decision 0432). The code's time step is claimed
 * (decision 0430): the same code cannot sign in afterwards. The plugin replaces the session.
 */
export async function confirmTwoFactor(
  own: OwnAccountRequest,
  code: string,
): Promise<TwoFactorStep> {
  const { runtime, actor, staff, request } = own;
  const ip = actor.ip ?? "";
  let cookies: string[] = [];
  let replayed = false;
  const checked = await checkWithinBudget(runtime, staff, ip, "code", async () => {
    if (!TOTP_CODE.test(code)) return false;
    const check = await verifyCodeOnce(runtime, staff.id, code, authHeaders(request, ip));
    if (check.outcome === "replayed") {
      replayed = true;
      return false;
    }
    cookies = check.response.headers.getSetCookie();
    return check.response.ok;
  });
  if (checked !== "ok") {
    return refusal(
      checked,
      "code",
      replayed ? ACCOUNT_MESSAGES.codeUsed : ACCOUNT_MESSAGES.badCode,
    );
  }
  const recoveryCodes = await replaceRecoveryCodes(await codeStoreOf(runtime), staff.id);
  await recordAudit(runtime.database.db, accountEvent("two_factor_on", actor, staff));
  return { ok: true, cookies, recoveryCodes };
}

/**
 * Turns two-factor off, with the password and a code (a current TOTP code, once, or a recovery
 * code): a borrowed session that knows the password cannot drop the second factor alone. The
 * plugin replaces the session.
 */
export async function turnOffTwoFactor(
  own: OwnAccountRequest,
  input: { password: string; code: string },
): Promise<TwoFactorStep> {
  const { runtime, actor, staff, request } = own;
  const ip = actor.ip ?? "";
  const code = input.code.replace(/\s+/g, "");
  let field: "password" | "code" = "password";
  let wrong: string = ACCOUNT_MESSAGES.wrongPassword;
  let cookies: string[] = [];
  const checked = await checkWithinBudget(runtime, staff, ip, "password and code", async () => {
    if (!(await isCurrentPassword(runtime, staff.id, input.password))) return false;
    [field, wrong] = ["code", ACCOUNT_MESSAGES.offCode];
    if (!code || code.length > 64) return false;
    const check = await verifyCodeOnce(runtime, staff.id, code, authHeaders(request, ip));
    if (check.outcome === "replayed") {
      wrong = ACCOUNT_MESSAGES.codeUsed;
      return false;
    }
    if (!check.response.ok) return false;
    const response = await runtime.auth.api.disableTwoFactor({
      body: { password: input.password },
      headers: authHeaders(request, ip),
      asResponse: true,
    });
    cookies = response.headers.getSetCookie();
    return response.ok;
  });
  if (checked !== "ok") return refusal(checked, field, wrong);
  await recordAudit(runtime.database.db, accountEvent("two_factor_off", actor, staff));
  return { ok: true, cookies };
}

/**
 * "Regenerate recovery codes" (with the password, as the plugin requires): 10 new codes replace
 * the old ones, shown this once like the first ones.
 */
export async function regenerateRecoveryCodes(
  own: OwnAccountRequest,
  password: string,
): Promise<TwoFactorStep> {
  const { runtime, actor, staff } = own;
  let codes: string[] | undefined;
  const { checked, cookies } = await withPassword(
    own,
    password,
    (args) => runtime.auth.api.generateBackupCodes(args),
    async (response) => {
      const body = (await response.json().catch(() => null)) as { backupCodes?: string[] } | null;
      codes = body?.backupCodes;
      return response.ok && codes !== undefined;
    },
  );
  if (checked !== "ok" || !codes) {
    return refusal(
      checked === "ok" ? "wrong" : checked,
      "password",
      ACCOUNT_MESSAGES.wrongPassword,
    );
  }
  await recordAudit(runtime.database.db, accountEvent("recovery_codes_regenerated", actor, staff));
  return { ok: true, cookies, recoveryCodes: codes };
}
