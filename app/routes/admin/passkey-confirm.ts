import { confirmWithPasskey, PASSKEY_MESSAGES, stepUpOptions } from "@server/admin/passkeys";
import { getRuntimeFrom } from "@server/context";
import { FORM_LIMITS, readPost } from "@server/forms";
import {
  ADMIN_RESPONSE_HEADERS,
  requireResourceAccess,
  safeRedirectTarget,
} from "@server/security/admin-access";
import { getClientIp } from "@server/security/client-ip";
import { isCrossSiteRequest } from "@server/security/origin";
import type { Route } from "./+types/passkey-confirm";

/**
 * POST /admin/confirm/passkey: "Confirm with a passkey" on the step-up page (with JavaScript).
 * `step=options` answers request options for the person's own passkeys; `step=verify` with
 * `response` restarts this session's step-up clock when the signature is one of theirs, and
 * answers where to go back to.
 */

export interface PasskeyConfirmReply {
  options?: unknown;
  redirectTo?: string;
  error?: string;
}

function reply(body: PasskeyConfirmReply, status = 200, cookies: string[] = []) {
  const headers = new Headers(ADMIN_RESPONSE_HEADERS);
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return Response.json(body, { status, headers });
}

export async function loader() {
  return reply({ error: "Use POST." }, 405);
}

export async function action(args: Route.ActionArgs) {
  const staff = await requireResourceAccess(args);
  const { request, context } = args;
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
    const step = await stepUpOptions(runtime, request, ip);
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
    if (!(await confirmWithPasskey(runtime, staff, request, ip, answer))) {
      return reply({ error: PASSKEY_MESSAGES.confirmFailed }, 401);
    }
    return reply({ redirectTo: safeRedirectTarget(fields.get("redirectTo"), staff.role) });
  }
  return reply({ error: PASSKEY_MESSAGES.signInFailed }, 400);
}
