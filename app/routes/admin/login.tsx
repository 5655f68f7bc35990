import { getRuntimeFrom } from "@server/context";
import { settingCookies } from "@server/http/cookies";
import { adminHeadersMiddleware } from "@server/route-kit/admin-headers";
import { takeFlash } from "@server/route-kit/flash";
import { FORM_LIMITS, readPost } from "@server/route-kit/forms";
import { getSessionUser, safeRedirectTarget } from "@server/security/admin-access";
import { getClientIp } from "@server/security/client-ip";
import { CODE_PATH, signIn } from "@server/staff/sign-in";
import { useEffect, useRef } from "react";
import { data, Form, Link, redirect } from "react-router";
import { AuthAlert, AuthCard, AuthSubmit } from "~/components/admin/auth-card";
import {
  signInWithPasskey,
  usePasskeyRedirect,
  useWebAuthnSupport,
} from "~/components/admin/passkeys";
import { buttonClass } from "~/components/admin/ui";
import { FormFields, TextField } from "~/components/forms/fields";
import { AppToaster, ToastMessageView } from "~/components/ui/toasts";
import { PASSKEY_MESSAGES } from "~/entities/staff/view";
import { adminMeta } from "~/lib/admin-meta";
import type { Route } from "./+types/login";

/**
 * /admin/login (public). A plain form posted to this route's action, so it works without
 * JavaScript; the action signs in with better-auth on the server and forwards its cookie.
 */

export const middleware: Route.MiddlewareFunction[] = [adminHeadersMiddleware];

export const meta: Route.MetaFunction = () => adminMeta("Sign in");

export async function loader({ request, context }: Route.LoaderArgs) {
  const runtime = getRuntimeFrom(context);
  const user = await getSessionUser(request, runtime);
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  // SPEC section 2: an admin who is already signed in goes to /admin/portfolio (an editor to the
  // blog), or back where they were going.
  if (user?.role) throw redirect(safeRedirectTarget(redirectTo, user.role));
  const { flash, clear } = await takeFlash(request, runtime);
  return data(
    { signedInAs: user ? user.email : null, redirectTo, flash },
    clear ? { headers: { "Set-Cookie": clear } } : undefined,
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const runtime = getRuntimeFrom(context);
  // Two short fields and a path: a small bound, no files.
  const read = await readPost(
    request,
    { ...FORM_LIMITS.short, maxTotalSize: 16 * 1024 },
    (refusal) =>
      data(
        {
          error: {
            id: crypto.randomUUID(),
            kind: "error" as const,
            title: "Login Failed",
            description: refusal.message,
          },
          email: "",
        },
        { status: refusal.status },
      ),
  );
  if (read.refused) return read.refused;
  const form = read.form.fields;
  const result = await signIn(runtime, {
    email: form.get("email"),
    password: form.get("password"),
    ip: getClientIp(context),
    userAgent: request.headers.get("user-agent"),
  });
  if (!result.ok) {
    return data(
      {
        error: { id: crypto.randomUUID(), kind: "error" as const, ...result.message },
        email: typeof form.get("email") === "string" ? String(form.get("email")).slice(0, 320) : "",
      },
      { status: result.status },
    );
  }
  const headers = settingCookies(result.cookies);
  if (result.secondFactor) {
    // Two-factor is on: no session yet, only the code step's challenge (decision 0300).
    const redirectTo = form.get("redirectTo");
    const query =
      typeof redirectTo === "string" && redirectTo
        ? `?redirectTo=${encodeURIComponent(redirectTo)}`
        : "";
    return redirect(`${CODE_PATH}${query}`, { headers });
  }
  // Someone without a role is signed in but lands back here, where the page says why they cannot
  // go further.
  const target = result.role
    ? safeRedirectTarget(form.get("redirectTo"), result.role)
    : "/admin/login";
  return redirect(target, { headers });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const emailRef = useRef<HTMLInputElement>(null);
  const error = actionData?.error;

  // After a failed attempt, put the cursor back in the form.
  useEffect(() => {
    if (error) emailRef.current?.focus();
  }, [error]);

  return (
    <>
      <AuthCard title="Sign in" lead="The back-office is for studio staff.">
        {loaderData.signedInAs ? (
          <div
            role="alert"
            className="mt-5 rounded-lg border border-accent/40 bg-accent/10 px-4 py-3 text-sm"
          >
            <p>
              You are signed in as <strong>{loaderData.signedInAs}</strong>, which does not have
              access to the back-office. Sign in with a staff account to continue.
            </p>
            <Form method="post" action="/admin/logout" reloadDocument className="mt-2">
              <button
                type="submit"
                className="font-medium text-accent underline underline-offset-4"
              >
                Sign out
              </button>
            </Form>
          </div>
        ) : null}

        <div className="mt-5">
          <ToastMessageView message={error ?? loaderData.flash} />
        </div>

        <Form method="post" className="space-y-4" noValidate>
          <input type="hidden" name="redirectTo" value={loaderData.redirectTo ?? ""} />
          <FormFields look="admin">
            <TextField
              ref={emailRef}
              id="email"
              name="email"
              label="Email"
              type="email"
              autoComplete="username"
              defaultValue={actionData?.email ?? ""}
            />
            <TextField
              id="password"
              name="password"
              label="Password"
              type="password"
              autoComplete="current-password"
            />
          </FormFields>
          <AuthSubmit label="Sign In" pendingLabel="Signing in…" />
        </Form>
        <PasskeySignIn redirectTo={loaderData.redirectTo ?? ""} />
        <p className="mt-4 text-center text-sm">
          <Link to="/admin/forgot-password" className="text-accent underline underline-offset-4">
            Forgot password?
          </Link>
        </p>
      </AuthCard>
      <AppToaster />
    </>
  );
}

/**
 * "Sign in with a passkey" (decision 0304): no e-mail, no password, no code step. WebAuthn needs
 * JavaScript: until the page's scripts run (and without them) a note says so instead.
 */
function PasskeySignIn({ redirectTo }: { redirectTo: string }) {
  const supported = useWebAuthnSupport();
  const { busy, error, start } = usePasskeyRedirect(() => signInWithPasskey(redirectTo));
  return (
    <div className="mt-5 border-t border-line pt-5">
      {error ? <AuthAlert>{error}</AuthAlert> : null}
      {supported ? (
        <button
          type="button"
          onClick={start}
          disabled={busy}
          className={`${buttonClass.secondary} mt-3 w-full py-2.5 text-base`}
        >
          {busy ? "Waiting for your passkey…" : "Sign in with a passkey"}
        </button>
      ) : (
        <p className="text-sm text-ink-muted">{PASSKEY_MESSAGES.unsupported}</p>
      )}
    </div>
  );
}
