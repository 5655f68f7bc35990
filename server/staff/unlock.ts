import { enqueueNotification } from "@server/mail";
import type { Runtime } from "@server/runtime";
import { signInLimiterFor } from "@server/security/rate-limit";
import {
  consumeSingleUseToken,
  issueSingleUseToken,
  singleUseLink,
} from "@server/security/single-use-links";

/**
 * The owner's way out of an under-attack lock (decision 0151): a single-use link mailed through the
 * outbox (`server/security/single-use-links.ts`), valid an hour.
 */

export const UNLOCK_PATH = "/admin/unlock";
const UNLOCK_TTL_MS = 60 * 60_000;

/** Queues the unlock e-mail to the account's owner; nothing when no such account exists. */
export async function mailUnlockLink(runtime: Runtime, email: string): Promise<void> {
  const ctx = await runtime.auth.$context;
  const found = await ctx.internalAdapter.findUserByEmail(email.trim().toLowerCase());
  if (!found) return;
  const db = runtime.database.db;
  const token = await issueSingleUseToken(db, "sign-in-unlock", found.user.email, UNLOCK_TTL_MS);
  await enqueueNotification(db, runtime.jobs, {
    kind: "sign-in-locked",
    recipient: found.user.email,
    subject: "Your back-office sign-in has been locked",
    text: [
      "Many wrong passwords were tried for your back-office account from several addresses,",
      "so signing in to it is locked for everyone for the next hour.",
      "",
      "If you want to sign in now, open this link (it works once, within an hour):",
      singleUseLink(runtime.config.SITE_URL, UNLOCK_PATH, token),
      "",
      "If the attempts go on, consider changing your password.",
    ].join("\n"),
  });
}

/** Consumes an unlock token and lifts the lock; false for an unknown, used or expired one. */
export async function unlockWithToken(runtime: Runtime, token: unknown): Promise<boolean> {
  const consumed = await consumeSingleUseToken(runtime.database.db, ["sign-in-unlock"], token);
  if (!consumed) return false;
  await signInLimiterFor(runtime).unlock(consumed.subject);
  return true;
}
