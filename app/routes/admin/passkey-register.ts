import { commitFlash } from "@server/route-kit/flash";
import {
  ceremonyAnswer,
  ceremonyLoader,
  readStaffCeremonyPost,
  ceremonyReply as reply,
} from "@server/route-kit/passkeys";
import { currentActor } from "@server/security/admin-access";
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

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const { staff, runtime, post } = await readStaffCeremonyPost(
    args,
    PASSKEY_MESSAGES.addFailed,
    async (runtime, staff) =>
      (await isRecentlyVerified(runtime, staff))
        ? null
        : reply(
            {
              error: PASSKEY_MESSAGES.confirmFirst,
              confirm: `${CONFIRM_PATH}?redirectTo=${encodeURIComponent("/admin/account")}`,
            },
            403,
          ),
  );
  const actor = currentActor(context);
  return ceremonyAnswer(post, {
    options: () => registrationOptions(runtime, request, actor.ip ?? ""),
    verify: async (answer) => {
      const step = await addPasskey(runtime, actor, staff, request, answer);
      if (!step.ok) return reply({ error: step.message }, step.status);
      const flash = await commitFlash(runtime, {
        kind: "success",
        title: "Success",
        description: PASSKEY_MESSAGES.added,
      });
      return reply({ ok: true }, 200, [...step.cookies, flash]);
    },
  });
}
