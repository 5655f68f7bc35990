import { getRuntimeFrom } from "@server/context";
import { redirectWithFlash } from "@server/route-kit/flash";
import { currentActor } from "@server/security/admin-access";
import {
  changeStaff,
  STAFF_MESSAGES,
  type StaffChange,
  type StaffWrite,
} from "@server/staff/accounts";
import type { RouterContextProvider } from "react-router";
import { STAFF_PATH } from "~/entities/staff/view";
import { failure, success } from "~/lib/admin-messages";
import type { FlashInput } from "~/lib/flash";

/**
 * A staff screen's change (its form, or the removal's confirmation): the change as the signed-in
 * admin, then back to the screen with the outcome's toast. A failure is logged and toasted.
 */
export async function staffChangeAction(
  context: Readonly<RouterContextProvider>,
  id: string,
  change: StaffChange,
): Promise<Response> {
  const runtime = getRuntimeFrom(context);
  let flash: FlashInput;
  try {
    const result = await changeStaff(runtime, currentActor(context), id, change);
    flash = result.ok ? success(changedMessage(result.email, change)) : failure(refusalOf(result));
  } catch (error) {
    runtime.logger.error({ err: error, change: change.kind }, STAFF_MESSAGES.updateFailed);
    flash = failure(STAFF_MESSAGES.updateFailed);
  }
  return redirectWithFlash(context, STAFF_PATH, flash);
}

function refusalOf(result: Extract<StaffWrite, { ok: false }>): string {
  if (result.reason === "last_admin") return STAFF_MESSAGES.lastAdmin;
  if (result.reason === "not_found") return STAFF_MESSAGES.notFound;
  if (result.reason === "not_invited") return STAFF_MESSAGES.notInvited;
  if (result.reason === "no_invitation") return STAFF_MESSAGES.noOpenInvitation;
  return STAFF_MESSAGES.updateFailed;
}

function changedMessage(email: string, change: StaffChange): string {
  switch (change.kind) {
    case "role":
      return STAFF_MESSAGES.roleChanged(email, change.role);
    case "deactivate":
      return STAFF_MESSAGES.deactivated(email);
    case "reactivate":
      return STAFF_MESSAGES.reactivated(email);
    case "remove":
      return STAFF_MESSAGES.removed(email);
    case "resend":
      return STAFF_MESSAGES.resent(email);
    case "revoke":
      return STAFF_MESSAGES.revoked(email);
  }
}
