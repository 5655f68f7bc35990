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
  type StaffRow,
} from "@server/staff/accounts";
import { setTwoFactorRequired, twoFactorRequired } from "@server/staff/settings";
import { type Ref, useEffect, useRef } from "react";
import { data, Form, useNavigation } from "react-router";
import { DeleteButton } from "~/components/admin/delete-button";
import { formatDateTime } from "~/components/admin/format";
import { ListBody } from "~/components/admin/list-page";
import { buttonClass, fieldClass, TableRegion } from "~/components/admin/ui";
import { FormFields, SelectField, TextField } from "~/components/forms/fields";
import { PageHeader } from "~/components/ui/page-header";
import { ToastMessageView } from "~/components/ui/toasts";
import { inviteSchema } from "~/entities/staff/form";
import {
  DEACTIVATE_CONSEQUENCE,
  REMOVE_CONSEQUENCE,
  STAFF_PATH,
  STAFF_STATUS_LABELS,
} from "~/entities/staff/view";
import { failure, success } from "~/lib/admin-messages";
import { adminMeta } from "~/lib/admin-meta";
import type { FieldErrors } from "~/lib/forms/result";
import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from "~/lib/values";
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

const ROLE_OPTIONS = STAFF_ROLES.map((value) => ({ value, label: STAFF_ROLE_LABELS[value] }));
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
        <Form
          key={rows?.length ?? 0}
          method="post"
          noValidate
          className="flex flex-col gap-4 rounded-lg border border-line bg-surface p-4 sm:flex-row sm:items-start"
        >
          <input type="hidden" name="intent" value="invite" />
          <FormFields look="admin" errors={answer?.fieldErrors} values={values}>
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
              options={ROLE_OPTIONS}
              defaultValue={values?.role ?? "editor"}
            />
          </FormFields>
          <button type="submit" disabled={submitting} className={`${buttonClass.primary} sm:mt-7`}>
            {submitting ? "Sending…" : "Send invitation"}
          </button>
        </Form>
        <p className="mt-2 text-sm text-ink-muted">
          The invitation's link works once, within 48 hours: the person chooses a password and is
          signed in.
        </p>
      </section>

      <section aria-labelledby="security-heading" className="mb-8 max-w-3xl">
        <h2 id="security-heading" className="mb-3 font-display text-lg font-bold">
          Two-factor authentication
        </h2>
        <Form
          method="post"
          className="flex flex-wrap items-center gap-4 rounded-lg border border-line bg-surface p-4"
        >
          <input type="hidden" name="intent" value="require-two-factor" />
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              name="required"
              defaultChecked={loaderData.requireTwoFactor}
              className="size-4 accent-accent"
            />
            Require two-factor for all staff
          </label>
          <button type="submit" className={buttonClass.secondary}>
            Save
          </button>
        </Form>
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

function StaffTable({ rows, me }: { rows: readonly StaffRow[]; me: string }) {
  return (
    <TableRegion captionId="staff-caption">
      <table className="w-full min-w-[56rem] text-left text-sm">
        <caption id="staff-caption" className="sr-only">
          Staff accounts
        </caption>
        <thead className="border-b border-line text-xs text-ink-muted">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">
              Name
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Email
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Role
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Status
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Last sign-in
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.map((row) => (
            <StaffTableRow key={row.id} row={row} me={me} />
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}

function StaffTableRow({ row, me }: { row: StaffRow; me: string }) {
  const roleId = `role-${row.id}`;
  const reactivate = useRef<HTMLButtonElement>(null);
  const status = useRef(row.status);
  // Deactivated from its dialog (with JavaScript), the row's Deactivate button is gone with the
  // dialog, and focus would fall to the page's body: it goes to the Reactivate in its place.
  useEffect(() => {
    const was = status.current;
    status.current = row.status;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (was !== "deactivated" && row.status === "deactivated" && lost) reactivate.current?.focus();
  }, [row.status]);
  return (
    <tr className="align-top">
      <th scope="row" className="px-4 py-3 font-medium">
        {row.name}
        {row.id === me ? <span className="ml-1 text-ink-muted">(you)</span> : null}
      </th>
      <td className="px-4 py-3 break-all">{row.email}</td>
      <td className="px-4 py-3">{row.role ? STAFF_ROLE_LABELS[row.role] : "No role"}</td>
      <td className="px-4 py-3">
        {STAFF_STATUS_LABELS[row.status]}
        {row.status === "invited" ? (
          <span className="block text-xs text-ink-muted">
            {row.invitationExpiresAt
              ? `Link valid until ${formatDateTime(row.invitationExpiresAt)}`
              : "No open link (expired or revoked)"}
          </span>
        ) : null}
      </td>
      <td className="px-4 py-3 whitespace-nowrap">
        {row.lastSignInAt ? formatDateTime(row.lastSignInAt) : "Never"}
      </td>
      <td className="px-4 py-3">
        {row.lastActiveAdmin ? (
          <p className="max-w-64 text-ink-muted">
            The last active admin: cannot be demoted, deactivated or removed while no other admin is
            active.
          </p>
        ) : (
          <div className="flex flex-wrap items-center gap-2">
            <Form method="post" className="flex items-center gap-2">
              <input type="hidden" name="intent" value="role" />
              <input type="hidden" name="id" value={row.id} />
              <label htmlFor={roleId} className="sr-only">
                Role of {row.email}
              </label>
              <select
                id={roleId}
                name="role"
                defaultValue={row.role ?? "editor"}
                className={`${fieldClass} min-w-24`}
              >
                {ROLE_OPTIONS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
              <button type="submit" className={buttonClass.secondary}>
                Change role<span className="sr-only"> of {row.email}</span>
              </button>
            </Form>
            {row.status === "invited" ? (
              <>
                <RowAction
                  id={row.id}
                  intent="resend"
                  label="Resend invitation"
                  email={row.email}
                />
                {row.invitationExpiresAt ? (
                  <RowAction
                    id={row.id}
                    intent="revoke"
                    label="Revoke invitation"
                    email={row.email}
                  />
                ) : null}
              </>
            ) : null}
            {row.status === "deactivated" ? (
              <RowAction
                id={row.id}
                intent="reactivate"
                label="Reactivate"
                email={row.email}
                buttonRef={reactivate}
              />
            ) : (
              <DeleteButton
                confirmHref={`${STAFF_PATH}/${row.id}/deactivate`}
                itemName={row.email}
                noun="staff account"
                verb="Deactivate"
                consequence={DEACTIVATE_CONSEQUENCE}
              />
            )}
            <DeleteButton
              confirmHref={`${STAFF_PATH}/${row.id}/remove`}
              itemName={row.email}
              noun="staff account"
              verb="Remove"
              consequence={REMOVE_CONSEQUENCE}
            />
          </div>
        )}
      </td>
    </tr>
  );
}

/** One button of a row that posts its intent to this route. */
function RowAction({
  id,
  intent,
  label,
  email,
  buttonRef,
}: {
  id: string;
  intent: "reactivate" | "resend" | "revoke";
  label: string;
  email: string;
  buttonRef?: Ref<HTMLButtonElement>;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <button ref={buttonRef} type="submit" className={buttonClass.secondary}>
        {label}
        <span className="sr-only"> {email}</span>
      </button>
    </Form>
  );
}
