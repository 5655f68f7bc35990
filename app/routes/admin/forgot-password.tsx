import { getRuntimeFrom } from "@server/context";
import { adminHeadersMiddleware } from "@server/route-kit/admin-headers";
import { checkPost, FORM_LIMITS, readPost } from "@server/route-kit/forms";
import { getClientIp } from "@server/security/client-ip";
import { consumeLimit } from "@server/security/submission-limit";
import { requestPasswordReset } from "@server/staff/password-links";
import { data, Form } from "react-router";
import { AuthAlert, AuthCard, AuthSubmit, BackToSignIn } from "~/components/admin/auth-card";
import { FormFields, TextField } from "~/components/forms/fields";
import { resetRequestSchema } from "~/entities/staff/form";
import { RESET_ANSWER } from "~/entities/staff/view";
import { adminMeta } from "~/lib/admin-meta";
import type { FieldErrors } from "~/lib/forms/result";
import type { Route } from "./+types/forgot-password";

/**
 * /admin/forgot-password (public, issue #29): asks for a reset link. The answer is always the
 * same, after the same time, whether an account has that address or not (decision 0292); each
 * address may ask a few times in ten minutes. A plain form: works without JavaScript.
 */

export const middleware: Route.MiddlewareFunction[] = [adminHeadersMiddleware];

export const meta: Route.MetaFunction = () => adminMeta("Forgot password");

interface Answer {
  sent?: boolean;
  error?: string;
  fieldErrors?: FieldErrors;
  values?: Record<string, string>;
}

export async function action({ request, context }: Route.ActionArgs) {
  const runtime = getRuntimeFrom(context);
  const read = await readPost(
    request,
    { ...FORM_LIMITS.short, maxTotalSize: 4 * 1024 },
    (refusal) => data<Answer>({ error: refusal.message }, { status: refusal.status }),
  );
  if (read.refused) return read.refused;
  const wait = await consumeLimit(runtime, "password-reset", getClientIp(context));
  if (wait !== null) {
    const minutes = Math.ceil(wait / 60);
    return data<Answer>(
      {
        error: `Too many reset requests from your address. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      },
      { status: 429, headers: { "Retry-After": String(wait) } },
    );
  }
  const checked = checkPost(read.form, resetRequestSchema);
  if (!checked.data) {
    return data<Answer>(
      { fieldErrors: checked.fieldErrors, values: checked.values },
      { status: 400 },
    );
  }
  await requestPasswordReset(runtime, checked.data.email);
  return data<Answer>({ sent: true });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const answer = actionData as Answer | undefined;
  return (
    <AuthCard
      title="Forgot password?"
      lead="Enter the address of your account and we'll e-mail you a link to choose a new password."
    >
      {answer?.error ? <AuthAlert>{answer.error}</AuthAlert> : null}
      {answer?.sent ? (
        <p
          role="status"
          className="mt-5 rounded-lg border border-success/40 bg-success/10 px-4 py-3 text-sm"
        >
          {RESET_ANSWER}
        </p>
      ) : (
        <Form method="post" className="mt-5 space-y-4" noValidate>
          <FormFields look="admin" errors={answer?.fieldErrors} values={answer?.values}>
            <TextField id="email" name="email" label="Email" type="email" autoComplete="username" />
          </FormFields>
          <AuthSubmit label="Send reset link" pendingLabel="Sending…" />
        </Form>
      )}
      <BackToSignIn />
    </AuthCard>
  );
}
