import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { recordAudit } from "@server/audit/log";
import type { Executor } from "@server/db/client";
import { account, user } from "@server/db/schema";
import { inTransaction } from "@server/kit/transaction";
import { enqueueNotification } from "@server/mail";
import type { Runtime } from "@server/runtime";
import { counterStoreFor } from "@server/security/counter-store";
import { passwordProblem } from "@server/security/passwords";
import { countRefusal } from "@server/security/refusals";
import {
  consumeSingleUseToken,
  endPasswordLinks,
  issueSingleUseToken,
  PASSWORD_LINKS,
  peekSingleUseToken,
  singleUseLink,
} from "@server/security/single-use-links";
import { endSessions, SET_PASSWORD_PATH } from "@server/staff/accounts";
import { and, eq } from "drizzle-orm";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import { studio } from "~/copy/studio";
import { STAFF_STATUS_LABELS } from "~/entities/staff/view";

/**
 * Choosing a password through a mailed link (issue #29, decision 0292): an invitation's (48 hours)
 * or a reset's (1 hour, asked for on /admin/forgot-password). Both lead to /admin/set-password;
 * the link is spent in the same transaction that stores the password, ends every session and every
 * other such link of the person and writes the audit row.
 */

export const RESET_TTL_MS = 60 * 60_000;
/**
 * The reset request's answer never comes sooner than this, known address or not: the time it
 * takes tells nobody whether an account exists (the work for a known one is far shorter).
 */
export const RESET_ANSWER_MS = 1_000;
export const INVALID_LINK = "This link is invalid, used or expired. Ask for a new one.";

const LINK_PURPOSES = PASSWORD_LINKS;

/**
 * Reset e-mails one account's address may receive in an hour, whatever addresses ask (decision
 * 0435): past it the request is answered as always, and no mail leaves.
 */
export const RESET_MAILS_PER_ADDRESS = 3;
const RESET_MAIL_WINDOW_SECONDS = 60 * 60;

const resetMailLimiters = new WeakMap<Runtime, RateLimiterAbstract>();
function resetMailLimiterFor(runtime: Runtime): RateLimiterAbstract {
  let limiter = resetMailLimiters.get(runtime);
  if (!limiter) {
    limiter = counterStoreFor(
      runtime.database,
      runtime.logger,
    )({
      keyPrefix: "password-reset-address",
      points: RESET_MAILS_PER_ADDRESS,
      duration: RESET_MAIL_WINDOW_SECONDS,
    });
    resetMailLimiters.set(runtime, limiter);
  }
  return limiter;
}

/** Counts a reset mail to `email`; false (counted as a refusal) when its hour's mails are spent. */
async function mayMailReset(runtime: Runtime, email: string): Promise<boolean> {
  try {
    await resetMailLimiterFor(runtime).consume(email.toLowerCase());
    return true;
  } catch (rejection) {
    // A store failure is not a refusal: the insurance limiter answered instead (counter-store.ts).
    if (rejection instanceof Error) throw rejection;
    countRefusal(runtime, "password-reset");
    runtime.logger.warn("password reset e-mail not sent: this address's hourly limit is reached");
    return false;
  }
}

/**
 * Queues a reset link for the account of `email`, if there is one that may sign in (not
 * deactivated), and answers after RESET_ANSWER_MS at the soonest either way.
 */
export async function requestPasswordReset(runtime: Runtime, email: string): Promise<void> {
  const answerAt = Date.now() + RESET_ANSWER_MS;
  try {
    await mailResetLink(runtime, email);
  } catch (error) {
    // The answer stays the same; the operator sees why no mail left.
    runtime.logger.error({ err: error }, "the password reset e-mail could not be queued");
  }
  await sleep(Math.max(0, answerAt - Date.now()));
}

async function mailResetLink(runtime: Runtime, email: string): Promise<void> {
  const db = runtime.database.db;
  const [found] = await db
    .select({ id: user.id, email: user.email, banned: user.banned })
    .from(user)
    .where(eq(user.email, email))
    .limit(1);
  if (!found || found.banned) return;
  if (!(await mayMailReset(runtime, found.email))) return;
  await inTransaction(db, async (tx) => {
    const token = await issueSingleUseToken(tx, "password-reset", found.id, RESET_TTL_MS);
    await enqueueNotification(tx, runtime.jobs, {
      kind: "password-reset",
      recipient: found.email,
      subject: `Reset your ${studio.name} back-office password`,
      text: [
        "Someone, hopefully you, asked to reset the password of your back-office account.",
        "",
        "Choose a new password here (the link works once, within an hour):",
        singleUseLink(runtime.config.SITE_URL, SET_PASSWORD_PATH, token),
        "",
        "If you did not ask for this, ignore this e-mail: your password stays as it is.",
      ].join("\n"),
    });
  });
}

/** What a link stands for, for the page it opens (without spending it); null when unusable. */
export async function describePasswordLink(
  runtime: Runtime,
  token: unknown,
): Promise<{ purpose: "invitation" | "reset"; email: string } | null> {
  const db = runtime.database.db;
  const found = await peekSingleUseToken(db, LINK_PURPOSES, token);
  if (!found) return null;
  const [person] = await db
    .select({ email: user.email, banned: user.banned })
    .from(user)
    .where(eq(user.id, found.subject))
    .limit(1);
  if (!person || person.banned) return null;
  return {
    purpose: found.purpose === "staff-invite" ? "invitation" : "reset",
    email: person.email,
  };
}

export type SetPasswordResult =
  | { ok: true; email: string }
  | { ok: false; field: "password"; message: string }
  | { ok: false; field: "token"; message: string };

/**
 * Sets the password a link allows: the password rule first (a refused password keeps the link
 * usable), then, in one transaction, the link spent, the password stored, every session of the
 * person ended and the audit row written.
 */
export async function setPasswordWithLink(
  runtime: Runtime,
  input: { token: unknown; password: unknown; ip: string | null },
): Promise<SetPasswordResult> {
  const password = typeof input.password === "string" ? input.password : "";
  const problem = passwordProblem(password);
  if (problem) return { ok: false, field: "password", message: problem.message };
  const ctx = await runtime.auth.$context;
  const hash = await ctx.password.hash(password);
  const invalid = { ok: false, field: "token", message: INVALID_LINK } as const;
  return inTransaction(runtime.database.db, async (tx): Promise<SetPasswordResult> => {
    const link = await consumeSingleUseToken(tx, LINK_PURPOSES, input.token);
    if (!link) return invalid;
    const [person] = await tx
      .select({ id: user.id, email: user.email, banned: user.banned })
      .from(user)
      .where(eq(user.id, link.subject))
      .limit(1);
    if (!person || person.banned) return invalid;
    const hadPassword = await storePasswordHash(tx, person.id, hash);
    // The link came to this address: it is verified now.
    await tx.update(user).set({ emailVerified: true }).where(eq(user.id, person.id));
    await endSessions(tx, person.id);
    // Every other invitation or reset link of theirs ends with this one (decision 0436).
    await endPasswordLinks(tx, person.id);
    const invitation = link.purpose === "staff-invite";
    await recordAudit(tx, {
      action: invitation ? "invite_accept" : "password_reset",
      actor: { id: person.id, email: person.email, ip: input.ip },
      entityType: "staff",
      entityId: person.id,
      entityName: person.email,
      changes:
        invitation && !hadPassword
          ? { status: { before: STAFF_STATUS_LABELS.invited, after: STAFF_STATUS_LABELS.active } }
          : null,
    });
    return { ok: true, email: person.email };
  });
}

/** Stores a password hash as the user's credential; whether they had one before. */
async function storePasswordHash(tx: Executor, userId: string, hash: string): Promise<boolean> {
  const updated = await tx
    .update(account)
    .set({ password: hash })
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")))
    .returning({ id: account.id });
  if (updated.length > 0) return true;
  await tx.insert(account).values({
    id: randomUUID(),
    accountId: userId,
    providerId: "credential",
    userId,
    password: hash,
  });
  return false;
}
