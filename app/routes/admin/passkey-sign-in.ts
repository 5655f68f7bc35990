import { getRuntimeFrom } from "@server/context";
import { adminHeadersMiddleware } from "@server/route-kit/admin-headers";
import {
  ceremonyAnswer,
  ceremonyLoader,
  readCeremonyPost,
  ceremonyReply as reply,
} from "@server/route-kit/passkeys";
import { safeRedirectTarget } from "@server/security/admin-access";
import { getClientIp } from "@server/security/client-ip";
import { PASSKEY_MESSAGES, signInOptions, signInWithPasskey } from "@server/staff/passkeys";
import { LOGIN_PATH } from "~/entities/staff/access";
import type { Route } from "./+types/passkey-sign-in";

/**
 * POST /admin/login/passkey (public): "Sign in with a passkey" on the sign-in page, with
 * JavaScript (WebAuthn). `step=options` answers the request options for any passkey of this site
 * (the browser offers the person's own) and sets the plugin's challenge cookie; `step=verify` with
 * `response` checks the signature and starts a session: no password, no code step (a passkey with
 * user verification is two factors, decision 0304). Answers where to go next.
 */

export const middleware: Route.MiddlewareFunction[] = [adminHeadersMiddleware];

export const loader = ceremonyLoader;

export async function action({ request, context }: Route.ActionArgs) {
  const runtime = getRuntimeFrom(context);
  const post = await readCeremonyPost(runtime, request, PASSKEY_MESSAGES.signInFailed);
  const ip = getClientIp(context);
  return ceremonyAnswer(post, {
    options: () => signInOptions(runtime, ip),
    verify: async (answer, fields) => {
      if (typeof answer !== "object" || answer === null) {
        return reply({ error: PASSKEY_MESSAGES.signInFailed }, 400);
      }
      const result = await signInWithPasskey(runtime, {
        answer,
        cookie: request.headers.get("cookie") ?? "",
        ip,
        userAgent: request.headers.get("user-agent"),
      });
      if (!result.ok) return reply({ error: result.message }, result.status);
      // Without a role the sign-in page says why the person cannot go further (as after a password).
      const redirectTo = result.role
        ? safeRedirectTarget(fields.get("redirectTo"), result.role)
        : LOGIN_PATH;
      return reply({ redirectTo }, 200, result.cookies);
    },
  });
}
