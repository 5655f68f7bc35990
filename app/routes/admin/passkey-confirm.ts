import {
  ceremonyAnswer,
  ceremonyLoader,
  readStaffCeremonyPost,
  ceremonyReply as reply,
} from "@server/route-kit/passkeys";
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

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const { staff, runtime, post } = await readStaffCeremonyPost(args, PASSKEY_MESSAGES.signInFailed);
  const ip = getClientIp(context);
  return ceremonyAnswer(post, {
    options: () => stepUpOptions(runtime, request, ip),
    verify: async (answer, fields) =>
      (await confirmWithPasskey(runtime, staff, request, ip, answer))
        ? reply({ redirectTo: safeRedirectTarget(fields.get("redirectTo"), staff.role) })
        : reply({ error: PASSKEY_MESSAGES.confirmFailed }, 401),
  });
}
