import { getRuntimeFrom } from "@server/context";
import { settingCookies } from "@server/http/cookies";
import { adminHeadersMiddleware } from "@server/route-kit/admin-headers";
import { commitFlash } from "@server/route-kit/flash";
import { FORM_LIMITS, readPost } from "@server/route-kit/forms";
import { getSessionUser, safeRedirectTarget } from "@server/security/admin-access";
import { getClientIp } from "@server/security/client-ip";
import { CODE_MESSAGES, verifySignInCode } from "@server/staff/sign-in";
import { useEffect, useRef } from "react";
import { data, Form, redirect } from "react-router";
import { AuthAlert, AuthCard, AuthSubmit, BackToSignIn } from "~/components/admin/auth-card";
import { FormFields, TextField } from "~/components/forms/fields";
import { LOGIN_PATH } from "~/entities/staff/access";
import { adminMeta } from "~/lib/admin-meta";
import type { Route } from "./+types/two-factor";

/**
 * /admin/two-factor (public, issue #29): the second step of a sign-in with two-factor on. The
 * password step left only better-auth's signed, 10-minute challenge cookie, which grants nothing
 * else; a valid code (or a recovery code, once) turns it into a session. A plain form: no
 * JavaScript needed.
 */

export const middleware: Route.MiddlewareFunction[] = [adminHeadersMiddleware];

export const meta: Route.MetaFunction = () => adminMeta("Two-factor authentication");

/** better-auth's challenge cookie (`better-auth.two_factor`, `__Secure-` prefixed under https). */
const CHALLENGE_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.two_factor=/;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(request, getRuntimeFrom(context));
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  if (user?.role) throw redirect(safeRedirectTarget(redirectTo, user.role));
  if (!CHALLENGE_COOKIE.test(request.headers.get("cookie") ?? "")) throw redirect(LOGIN_PATH);
  return { redirectTo };
}

export async function action({ request, context }: Route.ActionArgs) {
  const runtime = getRuntimeFrom(context);
  const read = await readPost(request, { ...FORM_LIMITS.short, maxTotalSize: 8 * 1024 }, (r) =>
    data({ error: r.message, id: crypto.randomUUID() }, { status: r.status }),
  );
  if (read.refused) return read.refused;
  const fields = read.form.fields;
  const result = await verifySignInCode(runtime, {
    code: fields.get("code"),
    cookie: request.headers.get("cookie") ?? "",
    ip: getClientIp(context),
    userAgent: request.headers.get("user-agent"),
  });
  if (!result.ok) {
    if (result.expired) {
      const flash = await commitFlash(runtime, {
        kind: "error",
        title: "Login Failed",
        description: CODE_MESSAGES.expired,
      });
      return redirect(LOGIN_PATH, { headers: { "Set-Cookie": flash } });
    }
    return data({ error: result.message, id: crypto.randomUUID() }, { status: result.status });
  }
  const headers = settingCookies(result.cookies);
  const target = result.role
    ? safeRedirectTarget(fields.get("redirectTo"), result.role)
    : LOGIN_PATH;
  return redirect(target, { headers });
}

export default function TwoFactorStep({ loaderData, actionData }: Route.ComponentProps) {
  const codeRef = useRef<HTMLInputElement>(null);
  const error = actionData?.error;
  const attempt = actionData?.id;
  // After a wrong code, back to the field (a new attempt id each time).
  useEffect(() => {
    if (attempt) codeRef.current?.focus();
  }, [attempt]);
  return (
    <AuthCard
      title="Two-factor authentication"
      lead="Enter the 6-digit code from your authenticator app, or one of your recovery codes."
    >
      {error ? <AuthAlert>{error}</AuthAlert> : null}
      <Form method="post" className="mt-5 space-y-4" noValidate>
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo ?? ""} />
        <FormFields look="admin">
          <TextField
            ref={codeRef}
            id="code"
            name="code"
            label="Code"
            autoComplete="one-time-code"
            autoFocus
            spellCheck={false}
          />
        </FormFields>
        <AuthSubmit label="Verify" pendingLabel="Verifying…" />
      </Form>
      <BackToSignIn />
    </AuthCard>
  );
}
