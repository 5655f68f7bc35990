import { recordAudit } from "@server/audit/log";
import type { Runtime } from "@server/runtime";
import { mailUnlockLink } from "@server/staff/unlock";
import type { StaffUser } from "./admin-access";
import { signInLimiterFor } from "./rate-limit";

/**
 * A signed-in person's password or code, checked again (issue #47 items 4 and 12, decision 0431):
 * "Change password", turning two-factor on or off, new recovery codes and the step-up. Each try
 * counts against the sign-in limiter's per-account budget, exactly like a sign-in (counted before
 * the check; slowed down, then locked with the unlock mail), and each failure, a refused try
 * included, is an audit row `verification_failed` naming the person and what was checked.
 */

/** What was checked, as the audit row names it. */
export type CheckedSecret =
  | "current password"
  | "code"
  | "password and code"
  | "step-up"
  | "step-up passkey";

export type BudgetedCheck = "ok" | "wrong" | "too_many";

export async function checkWithinBudget(
  runtime: Runtime,
  staff: StaffUser,
  ip: string,
  checked: CheckedSecret,
  check: () => Promise<boolean>,
): Promise<BudgetedCheck> {
  const attempt = await signInLimiterFor(runtime).begin(ip, staff.email);
  if (!attempt.allowed) {
    await auditFailure(runtime, staff, ip, checked, true);
    return "too_many";
  }
  let ok = false;
  try {
    ok = await check();
  } finally {
    if (ok) await attempt.succeeded();
    else {
      const { locked } = await attempt.failed();
      await auditFailure(runtime, staff, ip, checked, false);
      if (locked) {
        await mailUnlockLink(runtime, staff.email).catch((error: unknown) =>
          runtime.logger.error({ err: error }, "the unlock e-mail could not be queued"),
        );
      }
    }
  }
  return ok ? "ok" : "wrong";
}

/** The audit row of a failed (or refused) check of the person's own password or code. */
export async function auditFailure(
  runtime: Runtime,
  staff: StaffUser,
  ip: string,
  checked: CheckedSecret,
  refused: boolean,
): Promise<void> {
  await recordAudit(runtime.database.db, {
    action: "verification_failed",
    actor: { id: staff.id, email: staff.email, ip },
    entityType: "staff",
    entityId: staff.id,
    entityName: staff.email,
    changes: { check: { before: null, after: refused ? `${checked} (too many tries)` : checked } },
  }).catch((error: unknown) =>
    runtime.logger.error({ err: error }, "the audit row could not be written"),
  );
}
