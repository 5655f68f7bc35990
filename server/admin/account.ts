import { createOTP } from "@better-auth/utils/otp";
import { inTransaction } from "@server/admin/after-content-write";
import { type AuditActor, recordAudit } from "@server/audit/log";
import { account, session, twoFactor } from "@server/db/schema";
import type { Runtime } from "@server/runtime";
import type { StaffUser } from "@server/security/admin-access";
import { passwordProblem } from "@server/security/passwords";
import { endPasswordLinks } from "@server/security/single-use-links";
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
  if (staff.twoFactor && factor) return { sessions, twoFactor: "on", setup: null };
  if (factor === undefined || factor.verified !== false)
    return { sessions, twoFactor: "off", setup: null };
  return { sessions, twoFactor: "pending", setup: await setupOf(runtime, staff, factor.secret) };
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
  | { ok: false; field: "currentPassword" | "newPassword"; message: string };

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
  if (!(await isCurrentPassword(runtime, staff.id, input.currentPassword))) {
    return { ok: false, field: "currentPassword", message: ACCOUNT_MESSAGES.wrongPassword };
  }
  if (problem) return { ok: false, field: "newPassword", message: problem.message };
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

export type TwoFactorStep =
  | { ok: true; cookies: string[]; recoveryCodes?: string[] }
  | { ok: false; field: "password" | "code"; message: string };

/** "Turn on two-factor" (with the password): a secret and recovery codes, not yet in force. */
export async function startTwoFactor(
  runtime: Runtime,
  request: Request,
  ip: string,
  password: string,
): Promise<TwoFactorStep> {
  const response = await runtime.auth.api.enableTwoFactor({
    body: { password },
    headers: authHeaders(request, ip),
    asResponse: true,
  });
  if (!response.ok) {
    return { ok: false, field: "password", message: ACCOUNT_MESSAGES.wrongPassword };
  }
  return { ok: true, cookies: response.headers.getSetCookie() };
}

/**
 * The first valid code turns two-factor on; the answer holds the 10 recovery codes, shown this
 * once (the page never shows them again). The plugin replaces the session (a new cookie).
 */
export async function confirmTwoFactor(
  runtime: Runtime,
  actor: AuditActor,
  staff: StaffUser,
  request: Request,
  code: string,
): Promise<TwoFactorStep> {
  const ip = actor.ip ?? "";
  const response = await runtime.auth.api.verifyTOTP({
    body: { code },
    headers: authHeaders(request, ip),
    asResponse: true,
  });
  if (!response.ok) return { ok: false, field: "code", message: ACCOUNT_MESSAGES.badCode };
  const { backupCodes } = await runtime.auth.api.viewBackupCodes({ body: { userId: staff.id } });
  await recordAudit(runtime.database.db, accountEvent("two_factor_on", actor, staff));
  return { ok: true, cookies: response.headers.getSetCookie(), recoveryCodes: backupCodes };
}

/** Turns two-factor off, with the password; the plugin replaces the session. */
export async function turnOffTwoFactor(
  runtime: Runtime,
  actor: AuditActor,
  staff: StaffUser,
  request: Request,
  password: string,
): Promise<TwoFactorStep> {
  const response = await runtime.auth.api.disableTwoFactor({
    body: { password },
    headers: authHeaders(request, actor.ip ?? ""),
    asResponse: true,
  });
  if (!response.ok) {
    return { ok: false, field: "password", message: ACCOUNT_MESSAGES.wrongPassword };
  }
  await recordAudit(runtime.database.db, accountEvent("two_factor_off", actor, staff));
  return { ok: true, cookies: response.headers.getSetCookie() };
}

/**
 * "Regenerate recovery codes" (with the password, as the plugin requires): 10 new codes replace
 * the old ones, shown this once like the first ones.
 */
export async function regenerateRecoveryCodes(
  runtime: Runtime,
  actor: AuditActor,
  staff: StaffUser,
  request: Request,
  password: string,
): Promise<TwoFactorStep> {
  if (!password) return { ok: false, field: "password", message: ACCOUNT_MESSAGES.wrongPassword };
  const response = await runtime.auth.api.generateBackupCodes({
    body: { password },
    headers: authHeaders(request, actor.ip ?? ""),
    asResponse: true,
  });
  const body = (await response.json().catch(() => null)) as { backupCodes?: string[] } | null;
  if (!response.ok || !body?.backupCodes) {
    return { ok: false, field: "password", message: ACCOUNT_MESSAGES.wrongPassword };
  }
  await recordAudit(runtime.database.db, accountEvent("recovery_codes_regenerated", actor, staff));
  return { ok: true, cookies: response.headers.getSetCookie(), recoveryCodes: body.backupCodes };
}
