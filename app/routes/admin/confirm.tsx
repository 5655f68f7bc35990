import { getRuntimeFrom } from "@server/context";
import { FORM_LIMITS, readPost } from "@server/route-kit/forms";
import { requireAccess, safeRedirectTarget } from "@server/security/admin-access";
import { getClientIp } from "@server/security/client-ip";
import { confirmIdentity, STEP_UP_MESSAGES } from "@server/security/step-up";
import { authHeaders } from "@server/staff/account";
import { hasPasskey } from "@server/staff/passkeys";
import { data, Form, redirect, useNavigation } from "react-router";
import {
  confirmWithPasskey,
  PasskeyButton,
  usePasskeyRedirect,
  useWebAuthnSupport,
} from "~/components/admin/passkeys";
import { buttonClass } from "~/components/admin/ui";
import { FormFields, TextField } from "~/components/forms/fields";
import { PageHeader } from "~/components/ui/page-header";
import { adminMeta } from "~/lib/admin-meta";
import type { FieldErrors } from "~/lib/forms/result";
import type { Route } from "./+types/confirm";

/**
 * /admin/confirm?redirectTo=… (every staff member): the step-up page (decision 0302). A sensitive
 * action whose session last gave a password or code more than 10 minutes ago lands here; the
 * password, or a code with two-factor on, restarts that clock and goes back where it came from.
 */

export const meta: Route.MetaFunction = () => adminMeta("Confirm it's you");

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireAccess(args);
  const redirectTo = new URL(args.request.url).searchParams.get("redirectTo");
  return {
    redirectTo: safeRedirectTarget(redirectTo, staff.role),
    twoFactor: staff.twoFactor,
    passkey: await hasPasskey(getRuntimeFrom(args.context), staff.id),
  };
}

export async function action(args: Route.ActionArgs) {
  const staff = await requireAccess(args);
  const runtime = getRuntimeFrom(args.context);
  const read = await readPost(args.request, FORM_LIMITS.short, () => null);
  const fields = read.form?.fields;
  const secret = fields?.get("secret");
  const ip = getClientIp(args.context);
  const result =
    typeof secret === "string" && secret
      ? await confirmIdentity(runtime, staff, {
          secret,
          headers: authHeaders(args.request, ip),
          ip,
        })
      : "wrong";
  if (result !== "ok") {
    return data<{ fieldErrors: FieldErrors }>(
      {
        fieldErrors: {
          secret: [result === "too_many" ? STEP_UP_MESSAGES.tooMany : STEP_UP_MESSAGES.wrong],
        },
      },
      { status: result === "too_many" ? 429 : 400 },
    );
  }
  // A download goes straight on; a page is opened again, to repeat the action there.
  throw redirect(safeRedirectTarget(fields?.get("redirectTo"), staff.role));
}

export default function Confirm({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === "submitting";
  return (
    <>
      <PageHeader
        variant="admin"
        title="Confirm it's you"
        lead="This action needs your password again (or a code, with two-factor on): the last one was given more than 10 minutes ago."
      />
      <Form method="post" noValidate className="grid max-w-sm gap-4">
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <FormFields look="admin" errors={actionData?.fieldErrors}>
          <TextField
            id="secret"
            name="secret"
            label={loaderData.twoFactor ? "Password or code" : "Password"}
            type="password"
            autoComplete="current-password"
            autoFocus
          />
        </FormFields>
        <button type="submit" disabled={submitting} className={`${buttonClass.primary} w-fit`}>
          Confirm
        </button>
      </Form>
      {loaderData.passkey ? <PasskeyConfirm redirectTo={loaderData.redirectTo} /> : null}
    </>
  );
}

/** "Confirm with a passkey" (decision 0304), for a person who has one; it needs JavaScript. */
function PasskeyConfirm({ redirectTo }: { redirectTo: string }) {
  const supported = useWebAuthnSupport();
  const { busy, error, start } = usePasskeyRedirect(() => confirmWithPasskey(redirectTo));
  if (!supported) return null;
  return (
    <div className="mt-6 grid max-w-sm gap-3 border-t border-line pt-6">
      {error ? (
        <p
          role="alert"
          className="rounded-lg border border-danger/40 bg-danger/10 px-4 py-3 text-sm"
        >
          {error}
        </p>
      ) : null}
      <PasskeyButton onClick={start} busy={busy} variant="secondary">
        Confirm with a passkey
      </PasskeyButton>
    </div>
  );
}
