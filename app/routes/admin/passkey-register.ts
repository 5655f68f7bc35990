import { commitFlash } from "@server/route-kit/flash";
import {
  ceremonyLoader,
  ceremonyReply as reply,
  staffCeremonyAction,
} from "@server/route-kit/passkeys";
import type { Runtime } from "@server/runtime";
import { currentActor, type StaffUser } from "@server/security/admin-access";
import { CONFIRM_PATH, isRecentlyVerified } from "@server/security/step-up";
import { addPasskey, PASSKEY_MESSAGES, registrationOptions } from "@server/staff/passkeys";
import type { Route } from "./+types/passkey-register";

/**
 * POST /admin/account/passkeys: "Add a passkey" on the account page (with JavaScript: WebAuthn is
 * a browser API). `step=options` answers the creation options (and sets the plugin's challenge
 * cookie); `step=verify` with `response` (the authenticator's answer as JSON) stores the passkey.
 * Behind the step-up: a borrowed session cannot bind a passkey of its own.
 */

export const loader = ceremonyLoader;

/** Refused until the step-up is recent, with where to confirm and come back. */
async function stepUpGate(runtime: Runtime, staff: StaffUser): Promise<Response | null> {
  if (await isRecentlyVerified(runtime, staff)) return null;
  return reply(
    {
      error: PASSKEY_MESSAGES.confirmFirst,
      confirm: `${CONFIRM_PATH}?redirectTo=${encodeURIComponent("/admin/account")}`,
    },
    403,
  );
}

export function action(args: Route.ActionArgs) {
  return staffCeremonyAction(
    args,
    PASSKEY_MESSAGES.addFailed,
    (runtime, staff) => {
      // After the access check: the audited actor is the person it verified.
      const actor = currentActor(args.context);
      return {
        options: () => registrationOptions(runtime, args.request, actor.ip ?? ""),
        verify: async (answer) => {
          const step = await addPasskey(runtime, actor, staff, args.request, answer);
          if (!step.ok) return reply({ error: step.message }, step.status);
          const flash = await commitFlash(runtime, {
            kind: "success",
            title: "Success",
            description: PASSKEY_MESSAGES.added,
          });
          return reply({ ok: true }, 200, [...step.cookies, flash]);
        },
      };
    },
    stepUpGate,
  );
}
