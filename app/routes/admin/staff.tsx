import { getRuntimeFrom } from "@server/context";
import { redirectWithFlash } from "@server/route-kit/flash";
import { checkPost, FORM_LIMITS, readPost } from "@server/route-kit/forms";
import { loadAdminList } from "@server/route-kit/moderation";
import { staffChangeAction } from "@server/route-kit/staff";
import { currentActor, requireAccess } from "@server/security/admin-access";
import { requireRecentVerification } from "@server/security/step-up";
import {
  findStaff,
  inviteStaff,
  listStaff,
  STAFF_MESSAGES,
  type StaffChange,
} from "@server/staff/accounts";
import { setTwoFactorRequired, twoFactorRequired } from "@server/staff/settings";
import { data, useNavigation } from "react-router";
import { IntentForm } from "~/components/admin/intent-form";
import { ListBody } from "~/components/admin/list-page";
import { SettingForm } from "~/components/admin/setting-form";
import { StaffTable } from "~/components/admin/staff-table";
import { buttonClass } from "~/components/admin/ui";
import { SelectField, TextField } from "~/components/forms/fields";
import { PageHeader } from "~/components/ui/page-header";
import { ToastMessageView } from "~/components/ui/toasts";
import { inviteSchema } from "~/entities/staff/form";
import { STAFF_PATH, STAFF_ROLE_OPTIONS } from "~/entities/staff/view";
import { failure, success } from "~/lib/admin-messages";
import { adminMeta } from "~/lib/admin-meta";
import type { FieldErrors } from "~/lib/forms/result";
import { STAFF_ROLES, type StaffRole } from "~/lib/values";
import type { Route } from "./+types/staff";

/**
 * /admin/staff (admins, issue #29): every account with its role, status and latest sign-in; the
 * invitation form; per account a role change, deactivate (after a confirmation) or reactivate,
 * remove (after a confirmation), and while invited, resend or revoke the invitation. Plain forms
 * posted to this route (deactivate and remove to their confirmations'), then post/redirect/get
 * with a toast: all of it works without JavaScript. Whatever gives or keeps power asks for the
 * password or a code again after 10 minutes (decision 0437).
 */

export const meta: Route.MetaFunction = () => adminMeta("Staff");

/** better-auth's ids and ours (UUIDs): letters, digits, dashes. */
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Back from the step-up (decision 0437): a POST is not replayed, so the person presses the button
 * again. The invitation's typed address and role come back in the query, checked again here, to
 * fill the form once more; `confirmed` names what to press.
 */
const CONFIRMED_ACTS = {
  invite: "Send invitation",
  resend: "Resend invitation",
} as const;
type ConfirmedAct = keyof typeof CONFIRMED_ACTS;

/** The page to come back to after the step-up, for `act` (with the invitation's values). */
function backAfterStepUp(act: ConfirmedAct, values: Record<string, string> = {}): string {
  return `${STAFF_PATH}?${new URLSearchParams({ confirmed: act, ...values })}`;
}

function confirmedOf(url: URL): { notice: string; values: Record<string, string> } | null {
  const act = url.searchParams.get("confirmed");
  if (act !== "invite" && act !== "resend") return null;
  const notice = `Confirmed. Press ${CONFIRMED_ACTS[act]} again.`;
  if (act === "resend") return { notice, values: {} };
  const checked = inviteSchema.safeParse({
    email: url.searchParams.get("email") ?? "",
    role: url.searchParams.get("role") ?? "",
  });
  return checked.success ? { notice, values: { ...checked.data } } : null;
}

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireAccess(args);
  const list = await loadAdminList(args, listStaff, STAFF_MESSAGES.fetchFailed);
  const requireTwoFactor = await twoFactorRequired(getRuntimeFrom(args.context).database.db);
  const confirmed = confirmedOf(new URL(args.request.url));
  return { ...list, me: staff.id, requireTwoFactor, confirmed };
}

interface InviteAnswer {
  fieldErrors: FieldErrors;
  values: Record<string, string>;
}

export async function action(args: Route.ActionArgs) {
  const staff = await requireAccess(args);
  const runtime = getRuntimeFrom(args.context);
  const read = await readPost(args.request, FORM_LIMITS.short, () => null);
  const form = read.form;
  if (!form)
    return redirectWithFlash(args.context, STAFF_PATH, failure(STAFF_MESSAGES.updateFailed));
  const intent = form.fields.get("intent");

  if (intent === "invite") {
    const checked = checkPost(form, inviteSchema);
    if (!checked.data) {
      return data<InviteAnswer>(
        { fieldErrors: checked.fieldErrors, values: checked.values },
        { status: 400 },
      );
    }
    // A new admin is power given: the step-up first (the admin comes back to the filled form).
    if (checked.data.role === "admin") {
      await requireRecentVerification(runtime, staff, backAfterStepUp("invite", checked.data));
    }
    const invited = await inviteStaff(runtime, currentActor(args.context), checked.data).catch(
      (error: unknown) => {
        runtime.logger.error({ err: error }, STAFF_MESSAGES.inviteFailed);
        return null;
      },
    );
    if (invited && !invited.ok && invited.reason === "exists") {
      return data<InviteAnswer>(
        { fieldErrors: { email: [STAFF_MESSAGES.exists] }, values: { ...checked.data } },
        { status: 409 },
      );
    }
    return redirectWithFlash(
      args.context,
      STAFF_PATH,
      invited?.ok
        ? success(STAFF_MESSAGES.invited(invited.email))
        : failure(STAFF_MESSAGES.inviteFailed),
    );
  }

  if (intent === "require-two-factor") {
    const required = form.fields.get("required") === "on";
    // Whoever requires it has it: the setting would otherwise send its own author away.
    if (required && !staff.twoFactor) {
      return redirectWithFlash(args.context, STAFF_PATH, failure(STAFF_MESSAGES.twoFactorFirst));
    }
    // Switching it off lowers everyone's protection: the step-up first.
    if (!required && (await twoFactorRequired(runtime.database.db))) {
      await requireRecentVerification(runtime, staff, STAFF_PATH);
    }
    await setTwoFactorRequired(runtime.database.db, currentActor(args.context), required);
    return redirectWithFlash(args.context, STAFF_PATH, success(STAFF_MESSAGES.settingSaved));
  }

  const id = form.fields.get("id");
  const change = changeOf(intent, form.fields.get("role"));
  if (typeof id !== "string" || !ID_PATTERN.test(id) || !change) {
    return redirectWithFlash(args.context, STAFF_PATH, failure(STAFF_MESSAGES.updateFailed));
  }
  // A role change, a reactivation and a new link for an invited admin give or keep power: they
  // ask for the password or a code again after 10 minutes (step-up); the person comes back here
  // to make the change again.
  if (change.kind === "role" || change.kind === "reactivate") {
    await requireRecentVerification(runtime, staff, STAFF_PATH);
  }
  if (change.kind === "resend" && (await findStaff(runtime.database.db, id))?.role === "admin") {
    await requireRecentVerification(runtime, staff, backAfterStepUp("resend"));
  }
  return staffChangeAction(args.context, id, change);
}

function changeOf(intent: unknown, role: unknown): StaffChange | null {
  if (intent === "role") {
    return (STAFF_ROLES as readonly unknown[]).includes(role)
      ? { kind: "role", role: role as StaffRole }
      : null;
  }
  // A deactivation is confirmed first: it posts to /admin/staff/:id/deactivate.
  if (intent === "reactivate" || intent === "resend" || intent === "revoke")
    return { kind: intent };
  return null;
}

export default function Staff({ loaderData, actionData }: Route.ComponentProps) {
  const { data: rows, loadError, me, confirmed } = loaderData;
  const answer = actionData as InviteAnswer | undefined;
  const values = answer?.values ?? confirmed?.values;
  const submitting = useNavigation().formData?.get("intent") === "invite";
  return (
    <>
      <PageHeader
        variant="admin"
        title="Staff"
        lead="Everyone who can sign in to the back-office. Admins may open everything; editors only the content."
      />
      <ToastMessageView message={loadError} />
      {confirmed && !answer ? (
        <p
          role="status"
          className="mb-6 max-w-3xl rounded-lg border border-line bg-surface px-4 py-3 text-sm"
        >
          {confirmed.notice}
        </p>
      ) : null}

      <section aria-labelledby="invite-heading" className="mb-8 max-w-3xl">
        <h2 id="invite-heading" className="mb-3 font-display text-lg font-bold">
          Invite someone
        </h2>
        {/* A new row means the invitation went out: the form starts empty again (with JavaScript
            the page is not reloaded, so the typed address would otherwise stay). */}
        <IntentForm
          key={rows?.length ?? 0}
          intent="invite"
          errors={answer?.fieldErrors}
          values={values}
          className="flex flex-col gap-4 rounded-lg border border-line bg-surface p-4 sm:flex-row sm:items-start"
          fields={
            <>
              <TextField
                id="invite-email"
                name="email"
                label="Email"
                type="email"
                autoComplete="off"
                className="min-w-0 flex-1"
              />
              <SelectField
                id="invite-role"
                name="role"
                label="Role"
                options={STAFF_ROLE_OPTIONS}
                defaultValue={values?.role ?? "editor"}
              />
            </>
          }
        >
          <button type="submit" disabled={submitting} className={`${buttonClass.primary} sm:mt-7`}>
            {submitting ? "Sending…" : "Send invitation"}
          </button>
        </IntentForm>
        <p className="mt-2 text-sm text-ink-muted">
          The invitation's link works once, within 48 hours: the person chooses a password and is
          signed in.
        </p>
      </section>

      <section aria-labelledby="security-heading" className="mb-8 max-w-3xl">
        <h2 id="security-heading" className="mb-3 font-display text-lg font-bold">
          Two-factor authentication
        </h2>
        <SettingForm intent="require-two-factor">
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              name="required"
              defaultChecked={loaderData.requireTwoFactor}
              className="size-4 accent-accent"
            />
            Require two-factor for all staff
          </label>
        </SettingForm>
        <p className="mt-2 text-sm text-ink-muted">
          When required, anyone without two-factor is sent to set it up before anything else.
        </p>
      </section>

      <ListBody loadError={loadError} rows={rows} empty="No accounts yet">
        {(list) => <StaffTable rows={list} me={me} />}
      </ListBody>
    </>
  );
}
