import { PASSKEY_MESSAGES, signInOptions, signInWithPasskey } from "@server/admin/passkeys";
import { getRuntimeFrom } from "@server/context";
import { FORM_LIMITS, readPost } from "@server/forms";
import {
  ADMIN_RESPONSE_HEADERS,
  applyAdminHeaders,
  LOGIN_PATH,
  safeRedirectTarget,
} from "@server/security/admin-access";
import { getClientIp } from "@server/security/client-ip";
import { isCrossSiteRequest } from "@server/security/origin";
import type { Route } from "./+types/passkey-sign-in";

/**
 * POST /admin/login/passkey (public): "Sign in with a passkey" on the sign-in page, with
 * JavaScript (WebAuthn). `step=options` answers the request options for any passkey of this site
 * (the browser offers the person's own) and sets the plugin's challenge cookie; `step=verify` with
 * `response` checks the signature and starts a session: no password, no code step (a passkey with
 * user verification is two factors, decision 0304). Answers where to go next.
 */

export const middleware: Route.MiddlewareFunction[] = [
  async (_args, next) => applyAdminHeaders((await next()) as Response),
];

export interface PasskeySignInReply {
  options?: unknown;
  redirectTo?: string;
  error?: string;
}

function reply(body: PasskeySignInReply, status = 200, cookies: string[] = []) {
  const headers = new Headers(ADMIN_RESPONSE_HEADERS);
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return Response.json(body, { status, headers });
}

export async function loader() {
  return reply({ error: "Use POST." }, 405);
}

export async function action({ request, context }: Route.ActionArgs) {
  const runtime = getRuntimeFrom(context);
  if (isCrossSiteRequest(request, runtime.config.SITE_URL)) {
    return reply({ error: PASSKEY_MESSAGES.signInFailed }, 403);
  }
  const read = await readPost(request, FORM_LIMITS.short, (refusal) =>
    reply({ error: refusal.message }, refusal.status),
  );
  if (read.refused) return read.refused;
  const fields = read.form.fields;
  const ip = getClientIp(context);
  if (fields.get("step") === "options") {
    const step = await signInOptions(runtime, ip);
    return step.ok
      ? reply({ options: step.body }, 200, step.cookies)
      : reply({ error: step.message }, step.status);
  }
  if (fields.get("step") === "verify") {
    let answer: unknown;
    try {
      answer = JSON.parse(String(fields.get("response") ?? ""));
    } catch {
      return reply({ error: PASSKEY_MESSAGES.signInFailed }, 400);
    }
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
  }
  return reply({ error: PASSKEY_MESSAGES.signInFailed }, 400);
}
