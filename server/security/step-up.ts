import { session } from "@server/db/schema";
import type { Runtime } from "@server/runtime";
import { isCurrentPassword } from "@server/staff/account";
import { eq } from "drizzle-orm";
import { redirect } from "react-router";
import { ADMIN_RESPONSE_HEADERS, type StaffUser } from "./admin-access";
import { TOTP_CODE, verifyCodeOnce } from "./one-time-codes";
import { checkWithinBudget } from "./verification-budget";

/**
 * Step-up (issue #29, decision 0302): a sensitive action (a backup download, a role change, later
 * an erasure) asks for the password or a code again when the last one this session gave is more
 * than 10 minutes old. One guard for all of them; the session's `verified_at` is its clock
 * (set when the session starts, and by /admin/confirm).
 */

export const STEP_UP_MAX_AGE_MS = 10 * 60_000;
export const CONFIRM_PATH = "/admin/confirm";
export const STEP_UP_MESSAGES = {
  wrong: "That is neither your password nor a valid code.",
  tooMany: "Too many tries. Please wait a few minutes and try again.",
} as const;

/**
 * Throws a redirect to /admin/confirm, which comes back to `back` (a back-office path: the page
 * to repeat the action from, or the download itself), unless the session was verified within
 * the last 10 minutes.
 */
export async function requireRecentVerification(
  runtime: Runtime,
  staff: StaffUser,
  back: string,
): Promise<void> {
  if (await isRecentlyVerified(runtime, staff)) return;
  throw redirect(`${CONFIRM_PATH}?redirectTo=${encodeURIComponent(back)}`, {
    headers: ADMIN_RESPONSE_HEADERS,
  });
}

/** Whether this session gave a password or a second factor within the last 10 minutes. */
export async function isRecentlyVerified(runtime: Runtime, staff: StaffUser): Promise<boolean> {
  const [row] = await runtime.database.db
    .select({ verifiedAt: session.verifiedAt })
    .from(session)
    .where(eq(session.id, staff.sessionId))
    .limit(1);
  return row !== undefined && Date.now() - row.verifiedAt.getTime() <= STEP_UP_MAX_AGE_MS;
}

/**
 * Checks the password, or (with two-factor on) a current TOTP code, once per time step (decision
 * 0430), and restarts the session's clock. Tries count against the sign-in limiter's per-account
 * budget (a guessed code costs the same as a guessed password), and each failure is audited
 * (decision 0431).
 */
export async function confirmIdentity(
  runtime: Runtime,
  staff: StaffUser,
  input: { secret: string; headers: Headers; ip: string },
): Promise<"ok" | "wrong" | "too_many"> {
  const code = input.secret.replace(/\s+/g, "");
  const result = await checkWithinBudget(runtime, staff, input.ip, "step-up", async () => {
    if (await isCurrentPassword(runtime, staff.id, input.secret)) return true;
    if (!staff.twoFactor || !TOTP_CODE.test(code)) return false;
    const check = await verifyCodeOnce(runtime, staff.id, code, input.headers);
    return check.outcome === "checked" && check.response.ok;
  });
  if (result !== "ok") return result;
  await runtime.database.db
    .update(session)
    .set({ verifiedAt: new Date() })
    .where(eq(session.id, staff.sessionId));
  return "ok";
}
