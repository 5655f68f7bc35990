import { getRuntimeFrom } from "@server/context";
import { adminHeadersMiddleware } from "@server/route-kit/admin-headers";
import { commitFlash } from "@server/route-kit/flash";
import { FORM_LIMITS, readPost } from "@server/route-kit/forms";
import { unlockWithToken } from "@server/staff/unlock";
import { data, Form, redirect } from "react-router";
import { AuthAlert, AuthCard } from "~/components/admin/auth-card";
import { buttonClass } from "~/components/admin/ui";
import { studio } from "~/copy/studio";
import { LOGIN_PATH } from "~/entities/staff/access";
import type { Route } from "./+types/unlock";

/**
 * /admin/unlock?token=… (public), the link of the under-attack e-mail (decision 0151). The page
 * only shows a button: mail scanners that open links must not spend the single-use token, so the
 * unlock is the form's POST. Works without JavaScript.
 */

export const middleware: Route.MiddlewareFunction[] = [adminHeadersMiddleware];

export const meta: Route.MetaFunction = () => [
  { title: `Unlock sign-in | ${studio.name} Admin` },
  { name: "robots", content: "noindex, nofollow" },
];

const INVALID_LINK = "This unlock link is invalid, used or expired.";

export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, error: token ? null : INVALID_LINK };
}

export async function action({ request, context }: Route.ActionArgs) {
  const runtime = getRuntimeFrom(context);
  // One token: a small bound, no files.
  const read = await readPost(
    request,
    { ...FORM_LIMITS.short, maxTotalSize: 4 * 1024 },
    (refusal) => data({ token: "", error: refusal.message }, { status: refusal.status }),
  );
  if (read.refused) return read.refused;
  const token = read.form.fields.get("token");
  if (!(await unlockWithToken(runtime, token))) {
    return data({ token: "", error: INVALID_LINK }, { status: 400 });
  }
  const flash = await commitFlash(runtime, {
    kind: "success",
    title: "Account unlocked",
    description: "You can sign in again.",
  });
  return redirect(LOGIN_PATH, { headers: { "Set-Cookie": flash } });
}

export default function Unlock({ loaderData, actionData }: Route.ComponentProps) {
  const error = actionData?.error ?? loaderData.error;
  return (
    <AuthCard title="Unlock sign-in">
      {error ? (
        <AuthAlert>{error}</AuthAlert>
      ) : (
        <>
          <p className="mt-1 text-sm text-ink-muted">
            Signing in to your account was locked after many wrong passwords. Unlock it to sign in
            again.
          </p>
          <Form method="post" className="mt-5">
            <input type="hidden" name="token" value={loaderData.token} />
            <button type="submit" className={`${buttonClass.primary} w-full py-2.5 text-base`}>
              Unlock
            </button>
          </Form>
        </>
      )}
    </AuthCard>
  );
}
