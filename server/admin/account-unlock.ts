import { createHash, randomBytes } from "node:crypto";
import { enqueueNotification } from "@server/mail";
import type { Runtime } from "@server/runtime";
import { signInLimiterFor } from "@server/security/rate-limit";

/**
 * The owner's way out of an under-attack lock (decision 0151): a single-use link mailed through the
 * outbox. The token is stored only as its SHA-256 in better-auth's verification table, expires
 * in an hour, and is consumed atomically, so the link works once.
 */

export const UNLOCK_PATH = "/admin/unlock";
const UNLOCK_TTL_MS = 60 * 60_000;
const IDENTIFIER_PREFIX = "sign-in-unlock:";
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const identifierOf = (token: string) =>
  `${IDENTIFIER_PREFIX}${createHash("sha256").update(token).digest("base64url")}`;

/** Queues the unlock e-mail to the account's owner; nothing when no such account exists. */
export async function mailUnlockLink(runtime: Runtime, email: string): Promise<void> {
  const ctx = await runtime.auth.$context;
  const found = await ctx.internalAdapter.findUserByEmail(email.trim().toLowerCase());
  if (!found) return;
  const token = randomBytes(32).toString("base64url");
  await ctx.internalAdapter.createVerificationValue({
    identifier: identifierOf(token),
    value: found.user.email,
    expiresAt: new Date(Date.now() + UNLOCK_TTL_MS),
  });
  const link = new URL(UNLOCK_PATH, runtime.config.SITE_URL);
  link.searchParams.set("token", token);
  await enqueueNotification(runtime.database.db, {
    kind: "sign-in-locked",
    recipient: found.user.email,
    subject: "Your back-office sign-in has been locked",
    text: [
      "Many wrong passwords were tried for your back-office account from several addresses,",
      "so signing in to it is locked for everyone for the next hour.",
      "",
      "If you want to sign in now, open this link (it works once, within an hour):",
      link.href,
      "",
      "If the attempts go on, consider changing your password.",
    ].join("\n"),
  });
}

/** Consumes an unlock token and lifts the lock; false for an unknown, used or expired one. */
export async function unlockWithToken(runtime: Runtime, token: unknown): Promise<boolean> {
  if (typeof token !== "string" || !TOKEN_PATTERN.test(token)) return false;
  const ctx = await runtime.auth.$context;
  const consumed = await ctx.internalAdapter.consumeVerificationValue(identifierOf(token));
  if (!consumed) return false;
  await signInLimiterFor(runtime).unlock(consumed.value);
  return true;
}
