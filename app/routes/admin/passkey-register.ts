import { addPasskey, PASSKEY_MESSAGES, registrationOptions } from "@server/admin/passkeys";
import { getRuntimeFrom } from "@server/context";
import { FORM_LIMITS, readPost } from "@server/forms";
import {
  ADMIN_RESPONSE_HEADERS,
  currentActor,
  requireResourceAccess,
} from "@server/security/admin-access";
import { commitFlash } from "@server/security/flash";
import { isCrossSiteRequest } from "@server/security/origin";
import { CONFIRM_PATH, isRecentlyVerified } from "@server/security/step-up";
import type { Route } from "./+types/passkey-register";

/**
 * POST /admin/account/passkeys: "Add a passkey" on the account page (with JavaScript: WebAuthn is
 * a browser API). `step=options` answers the creation options (and sets the plugin's challenge
 * cookie); `step=verify` with `response` (the authenticator's answer as JSON) stores the passkey.
 * Behind the step-up: a borrowed session cannot bind a passkey of its own.
 */

export interface PasskeyRegisterReply {
  options?: unknown;
  ok?: boolean;
  error?: string;
  /** Where to confirm the password first, when the step-up's 10 minutes have passed. */
  confirm?: string;
}

function reply(body: PasskeyRegisterReply, status = 200, cookies: string[] = []) {
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
    return reply({ error: PASSKEY_MESSAGES.addFailed }, 403);
  }
  if (!(await isRecentlyVerified(runtime, staff))) {
    return reply(
      {
        error: PASSKEY_MESSAGES.confirmFirst,
        confirm: `${CONFIRM_PATH}?redirectTo=${encodeURIComponent("/admin/account")}`,
      },
      403,
    );
  }
  const read = await readPost(request, FORM_LIMITS.short, (refusal) =>
    reply({ error: refusal.message }, refusal.status),
  );
  if (read.refused) return read.refused;
  const fields = read.form.fields;
  const actor = currentActor(context);
  if (fields.get("step") === "options") {
    const step = await registrationOptions(runtime, request, actor.ip ?? "");
    return step.ok
      ? reply({ options: step.body }, 200, step.cookies)
      : reply({ error: step.message }, step.status);
  }
  if (fields.get("step") === "verify") {
    let answer: unknown;
    try {
      answer = JSON.parse(String(fields.get("response") ?? ""));
    } catch {
      return reply({ error: PASSKEY_MESSAGES.addFailed }, 400);
    }
    const step = await addPasskey(runtime, actor, staff, request, answer);
    if (!step.ok) return reply({ error: step.message }, step.status);
    const flash = await commitFlash(runtime, {
      kind: "success",
      title: "Success",
      description: PASSKEY_MESSAGES.added,
    });
    return reply({ ok: true }, 200, [...step.cookies, flash]);
  }
  return reply({ error: PASSKEY_MESSAGES.addFailed }, 400);
}
