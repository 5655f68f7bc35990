import { getRuntimeFrom } from "@server/context";
import { settingCookies } from "@server/http/cookies";
import { adminHeadersMiddleware } from "@server/route-kit/admin-headers";
import { commitFlash } from "@server/route-kit/flash";
import { FORM_LIMITS, readPost } from "@server/route-kit/forms";
import { getClientIp } from "@server/security/client-ip";
import {
  describePasswordLink,
  INVALID_LINK,
  setPasswordWithLink,
} from "@server/staff/password-links";
import { CODE_PATH, signIn } from "@server/staff/sign-in";
import { data, Form, redirect } from "react-router";
import { AuthAlert, AuthCard, AuthSubmit } from "~/components/admin/auth-card";
import { FormFields, TextField } from "~/components/forms/fields";
import { HOME_PATHS, LOGIN_PATH } from "~/entities/staff/access";
import { adminMeta } from "~/lib/admin-meta";
import type { FieldErrors } from "~/lib/forms/result";
import type { Route } from "./+types/set-password";

/**
 * /admin/set-password?token=… (public, issue #29): the page of an invitation's link and of a
 * reset's. Opening it spends nothing (mail scanners open links); the form's POST sets the
 * password, ends every other session of the person, and signs them in on their role's home.
 */

export const middleware: Route.MiddlewareFunction[] = [adminHeadersMiddleware];

export const meta: Route.MetaFunction = () => adminMeta("Set password");

interface Answer {
  error?: string;
  fieldErrors?: FieldErrors;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const link = await describePasswordLink(getRuntimeFrom(context), token);
  if (!link) return data({ token: "", link: null, error: INVALID_LINK }, { status: 400 });
  return { token, link, error: null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const runtime = getRuntimeFrom(context);
  const read = await readPost(
    request,
    { ...FORM_LIMITS.short, maxTotalSize: 8 * 1024 },
    (refusal) => data<Answer>({ error: refusal.message }, { status: refusal.status }),
  );
  if (read.refused) return read.refused;
  const fields = read.form.fields;
  const password = fields.get("password");
  const ip = getClientIp(context);
  const result = await setPasswordWithLink(runtime, { token: fields.get("token"), password, ip });
  if (!result.ok) {
    return result.field === "password"
      ? data<Answer>({ fieldErrors: { password: [result.message] } }, { status: 400 })
      : data<Answer>({ error: result.message }, { status: 400 });
  }
  const signedIn = await signIn(runtime, {
    email: result.email,
    password,
    ip,
    userAgent: request.headers.get("user-agent"),
  });
  if (signedIn.ok && signedIn.secondFactor) {
    // Two-factor is on: the new password, then the code step, as at sign-in.
    return redirect(CODE_PATH, { headers: settingCookies(signedIn.cookies) });
  }
  if (!signedIn.ok || !signedIn.role) {
    // Set, but not signed in here (sign-in slowed down, or an account without a role).
    const flash = await commitFlash(runtime, {
      kind: "success",
      title: "Password set",
      description: "Sign in with your new password.",
    });
    return redirect(LOGIN_PATH, { headers: { "Set-Cookie": flash } });
  }
  return redirect(HOME_PATHS[signedIn.role], { headers: settingCookies(signedIn.cookies) });
}

export default function SetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as Answer | undefined;
  const { link, token } = loaderData;
  const error = answer?.error ?? loaderData.error;
  if (!link) {
    return (
      <AuthCard title="Set your password">
        <AuthAlert>{error}</AuthAlert>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Set your password"
      lead={
        link.purpose === "invitation" ? (
          <>
            Welcome! Choose a password for <strong>{link.email}</strong>.
          </>
        ) : (
          <>
            Choose a new password for <strong>{link.email}</strong>.
          </>
        )
      }
    >
      {error ? <AuthAlert>{error}</AuthAlert> : null}
      <Form method="post" className="mt-5 space-y-4" noValidate>
        <input type="hidden" name="token" value={token} />
        <FormFields look="admin" errors={answer?.fieldErrors}>
          <TextField
            id="password"
            name="password"
            label="New password"
            type="password"
            autoComplete="new-password"
            hint="12 to 128 characters, and not a common password."
          />
        </FormFields>
        <AuthSubmit label="Set password" pendingLabel="Saving…" />
      </Form>
    </AuthCard>
  );
}
