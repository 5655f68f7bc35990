import { ceremonyLoader, ceremonyReply, staffCeremonyAction } from "@server/route-kit/passkeys";
import { safeRedirectTarget } from "@server/security/admin-access";
import { getClientIp } from "@server/security/client-ip";
import { confirmWithPasskey, PASSKEY_MESSAGES, stepUpOptions } from "@server/staff/passkeys";
import type { Route } from "./+types/passkey-confirm";

/**
 * POST /admin/confirm/passkey: "Confirm with a passkey" on the step-up page (with JavaScript).
 * `step=options` answers request options for the person's own passkeys; `step=verify` with
 * `response` restarts this session's step-up clock when the signature is one of theirs, and
 * answers where to go back to.
 */

export const loader = ceremonyLoader;

export const action = (args: Route.ActionArgs) => {
  const ip = getClientIp(args.context);
  return staffCeremonyAction(args, PASSKEY_MESSAGES.signInFailed, (runtime, staff) => ({
    options: () => stepUpOptions(runtime, args.request, ip),
    verify: async (answer, fields) =>
      (await confirmWithPasskey(runtime, staff, args.request, ip, answer))
        ? ceremonyReply({ redirectTo: safeRedirectTarget(fields.get("redirectTo"), staff.role) })
        : ceremonyReply({ error: PASSKEY_MESSAGES.confirmFailed }, 401),
  }));
};
