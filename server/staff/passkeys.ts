import { type AuditActor, recordAudit } from "@server/audit/log";
import { passkey, session } from "@server/db/schema";
import { inTransaction } from "@server/kit/transaction";
import type { Runtime } from "@server/runtime";
import type { StaffUser } from "@server/security/admin-access";
import { consumeLimit } from "@server/security/submission-limit";
import { auditFailure } from "@server/security/verification-budget";
import { accountEvent, authHeaders } from "@server/staff/account";
import { signInAuditor } from "@server/staff/sign-in";
import { and, asc, eq } from "drizzle-orm";
import { staffRoleOf } from "~/entities/staff/access";
import { describeBrowser, PASSKEY_MESSAGES } from "~/entities/staff/view";
import type { StaffRole } from "~/lib/values";

export { PASSKEY_MESSAGES };

/**
 * Passkeys (issue #29 item 4, decision 0304): better-auth's passkey plugin (`@better-auth/passkey`)
 * makes the WebAuthn options, keeps the challenge (a signed cookie and a `verifications` row) and
 * verifies the browser's answer; its endpoints are not mounted (decision 0006), so the account
 * page's and the sign-in page's routes call it here with the request's cookie. A passkey signs in
 * without a password and counts as two factors: the plugin is set to require user verification.
 */

export interface PasskeyRow {
  id: string;
  name: string;
  createdAt: Date | null;
}

/** The person's passkeys, oldest first. */
export async function listPasskeys(runtime: Runtime, userId: string): Promise<PasskeyRow[]> {
  const rows = await runtime.database.db
    .select({ id: passkey.id, name: passkey.name, createdAt: passkey.createdAt })
    .from(passkey)
    .where(eq(passkey.userId, userId))
    .orderBy(asc(passkey.createdAt), asc(passkey.id));
  return rows.map((row) => ({ ...row, name: row.name || "Passkey" }));
}

/** The outcome of one step of a ceremony: the JSON for the browser and the cookies to forward. */
export type CeremonyStep<T> =
  | { ok: true; body: T; cookies: string[] }
  | { ok: false; status: number; message: string };

/** An options step's answer: its JSON (shaped) and the plugin's challenge cookie, or `failed`. */
async function optionsStep(
  response: Response,
  failed: string,
  shape: (options: unknown) => unknown = (options) => options,
): Promise<CeremonyStep<unknown>> {
  if (!response.ok) return { ok: false, status: 400, message: failed };
  return { ok: true, body: shape(await response.json()), cookies: response.headers.getSetCookie() };
}

/** Step one of "Add a passkey": the creation options, and the plugin's challenge cookie. */
export async function registrationOptions(
  runtime: Runtime,
  request: Request,
  ip: string,
): Promise<CeremonyStep<unknown>> {
  const response = await runtime.auth.api.generatePasskeyRegistrationOptions({
    headers: authHeaders(request, ip),
    asResponse: true,
  });
  return optionsStep(response, PASSKEY_MESSAGES.addFailed);
}

/**
 * Step two: the authenticator's answer. The plugin checks it against the challenge and stores the
 * public key, named after the browser it was made in; the audit row follows.
 */
export async function addPasskey(
  runtime: Runtime,
  actor: AuditActor,
  staff: StaffUser,
  request: Request,
  answer: unknown,
): Promise<CeremonyStep<{ id: string }>> {
  const name = describeBrowser(request.headers.get("user-agent"));
  let response: Response;
  try {
    response = await runtime.auth.api.verifyPasskeyRegistration({
      body: { response: answer, name },
      headers: authHeaders(request, actor.ip ?? ""),
      asResponse: true,
    });
  } catch (error) {
    runtime.logger.warn({ err: error }, "a passkey could not be added");
    return { ok: false, status: 400, message: PASSKEY_MESSAGES.addFailed };
  }
  const body = (await response.json().catch(() => null)) as { id?: string } | null;
  if (!response.ok || !body?.id) {
    return { ok: false, status: 400, message: PASSKEY_MESSAGES.addFailed };
  }
  await recordAudit(runtime.database.db, {
    ...accountEvent("passkey_added", actor, staff),
    changes: { passkey: { before: null, after: name } },
  });
  return { ok: true, body: { id: body.id }, cookies: response.headers.getSetCookie() };
}

/** Removes one of the person's own passkeys, with its audit row; false when there is no such one. */
export async function removePasskey(
  runtime: Runtime,
  actor: AuditActor,
  staff: StaffUser,
  id: string,
): Promise<boolean> {
  return inTransaction(runtime.database.db, async (tx) => {
    const [removed] = await tx
      .delete(passkey)
      .where(and(eq(passkey.id, id), eq(passkey.userId, staff.id)))
      .returning({ name: passkey.name });
    if (!removed) return false;
    await recordAudit(tx, {
      ...accountEvent("passkey_removed", actor, staff),
      changes: { passkey: { before: removed.name, after: null } },
    });
    return true;
  });
}

/** Step one of "Sign in with a passkey": options for any passkey of this site (no e-mail asked). */
export async function signInOptions(runtime: Runtime, ip: string): Promise<CeremonyStep<unknown>> {
  // Each begun sign-in stores a challenge: counted per address like the other anonymous writes.
  if ((await consumeLimit(runtime, "passkey", ip)) !== null) {
    return { ok: false, status: 429, message: PASSKEY_MESSAGES.tooMany };
  }
  // No cookie: a sign-in never lists the passkeys of a session the browser may still hold.
  const response = await runtime.auth.api.generatePasskeyAuthenticationOptions({
    headers: new Headers({ "x-forwarded-for": ip }),
    asResponse: true,
  });
  return optionsStep(response, PASSKEY_MESSAGES.signInFailed, verificationRequired);
}

/**
 * The plugin asks authenticators for user verification as "preferred"; ours is "required" (issue
 * #47 item 14), as the server requires it (`afterVerification` in server/staff/auth.ts): an
 * authenticator that cannot verify the person is not offered, rather than refused afterwards.
 */
function verificationRequired(options: unknown): unknown {
  return options && typeof options === "object"
    ? { ...options, userVerification: "required" }
    : options;
}

export type PasskeySignIn =
  | { ok: true; cookies: string[]; role: StaffRole | null }
  | { ok: false; status: number; message: string };

/**
 * Step two: the authenticator's signature over the challenge. The plugin finds the passkey, checks
 * the signature and user verification, and starts a session (the admin plugin refuses a
 * deactivated account). That session is marked as begun with a passkey (two factors), and the
 * sign-in is on the audit log; there is no code step.
 */
export async function signInWithPasskey(
  runtime: Runtime,
  input: { answer: unknown; cookie: string; ip: string; userAgent: string | null },
): Promise<PasskeySignIn> {
  const audit = signInAuditor(runtime, input.ip);
  let response: Response;
  try {
    response = await runtime.auth.api.verifyPasskeyAuthentication({
      // The plugin checks the answer's shape itself (a refusal, not a crash).
      body: { response: input.answer as never },
      headers: new Headers({
        cookie: input.cookie,
        "user-agent": input.userAgent ?? "",
        "x-forwarded-for": input.ip,
      }),
      asResponse: true,
    });
  } catch (error) {
    runtime.logger.warn({ err: error }, "a passkey sign-in failed");
    await audit("sign_in_failed", null, null);
    return { ok: false, status: 401, message: PASSKEY_MESSAGES.signInFailed };
  }
  const body = (await response.json().catch(() => null)) as {
    session?: { id?: string };
    user?: { id?: string; email?: string; role?: string | null };
    message?: string;
  } | null;
  if (!response.ok || !body?.session?.id || !body.user?.id) {
    await audit("sign_in_failed", null, null);
    // A deactivated account gets the admin plugin's own words.
    const message =
      response.status === 403 && body?.message ? body.message : PASSKEY_MESSAGES.signInFailed;
    return { ok: false, status: response.status === 403 ? 403 : 401, message };
  }
  await runtime.database.db
    .update(session)
    .set({ passkey: true })
    .where(eq(session.id, body.session.id));
  await audit("sign_in", body.user.id, body.user.email ?? null);
  return { ok: true, cookies: response.headers.getSetCookie(), role: staffRoleOf(body.user) };
}

/** Whether this session was begun with a passkey (two factors, decision 0304). */
export async function sessionHasPasskey(runtime: Runtime, sessionId: string): Promise<boolean> {
  const [row] = await runtime.database.db
    .select({ passkey: session.passkey })
    .from(session)
    .where(eq(session.id, sessionId))
    .limit(1);
  return row?.passkey === true;
}

/**
 * The step-up with a passkey (decision 0302's "password or a code", decision 0304): options for
 * the signed-in person's own passkeys (the plugin reads the session from the cookie).
 */
export async function stepUpOptions(
  runtime: Runtime,
  request: Request,
  ip: string,
): Promise<CeremonyStep<unknown>> {
  const response = await runtime.auth.api.generatePasskeyAuthenticationOptions({
    headers: authHeaders(request, ip),
    asResponse: true,
  });
  return optionsStep(response, PASSKEY_MESSAGES.signInFailed, verificationRequired);
}

/**
 * Checks the authenticator's answer; when it is one of this person's passkeys, restarts this
 * session's step-up clock. The plugin answers a verified passkey with a new session: that one is
 * deleted at once and its cookie never forwarded, so the person keeps the session they had.
 */
export async function confirmWithPasskey(
  runtime: Runtime,
  staff: StaffUser,
  request: Request,
  ip: string,
  answer: unknown,
): Promise<boolean> {
  let response: Response;
  try {
    response = await runtime.auth.api.verifyPasskeyAuthentication({
      body: { response: answer as never },
      headers: authHeaders(request, ip),
      asResponse: true,
    });
  } catch (error) {
    runtime.logger.warn({ err: error }, "a passkey step-up failed");
    await auditFailure(runtime, staff, ip, "step-up passkey", false);
    return false;
  }
  const body = (await response.json().catch(() => null)) as {
    session?: { id?: string };
    user?: { id?: string };
  } | null;
  const made = body?.session?.id;
  if (made) await runtime.database.db.delete(session).where(eq(session.id, made));
  if (!response.ok || body?.user?.id !== staff.id) {
    await auditFailure(runtime, staff, ip, "step-up passkey", false);
    return false;
  }
  await runtime.database.db
    .update(session)
    .set({ verifiedAt: new Date() })
    .where(eq(session.id, staff.sessionId));
  return true;
}

/** Whether the person has at least one passkey (the step-up page offers it then). */
export async function hasPasskey(runtime: Runtime, userId: string): Promise<boolean> {
  const [row] = await runtime.database.db
    .select({ id: passkey.id })
    .from(passkey)
    .where(eq(passkey.userId, userId))
    .limit(1);
  return row !== undefined;
}
