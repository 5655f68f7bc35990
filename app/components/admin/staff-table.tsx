import { type Ref, useEffect, useRef } from "react";
import { Form } from "react-router";
import { DeleteButton } from "~/components/admin/delete-button";
import { formatDateTime } from "~/components/admin/format";
import { IntentButton } from "~/components/admin/intent-form";
import { buttonClass, ColumnHeads, fieldClass, TableRegion } from "~/components/admin/ui";
import {
  DEACTIVATE_CONSEQUENCE,
  REMOVE_CONSEQUENCE,
  STAFF_PATH,
  STAFF_ROLE_OPTIONS,
  STAFF_STATUS_LABELS,
  type StaffRow,
} from "~/entities/staff/view";
import { STAFF_ROLE_LABELS } from "~/lib/values";

/**
 * The table of /admin/staff (issue #29). Per account a role change, deactivate (after a
 * confirmation) or reactivate, remove (after a confirmation), and while invited, resend or revoke
 * the invitation: plain forms posted to the page (deactivate and remove to their confirmations').
 */

/** Every account: role, status, latest sign-in, and what may be done to it. */
export function StaffTable({ rows, me }: { rows: readonly StaffRow[]; me: string }) {
  return (
    <TableRegion captionId="staff-caption">
      <table className="w-full min-w-[56rem] text-left text-sm">
        <caption id="staff-caption" className="sr-only">
          Staff accounts
        </caption>
        <thead className="border-b border-line text-xs text-ink-muted">
          <tr>
            <ColumnHeads
              labels={["Name", "Email", "Role", "Status", "Last sign-in", "Actions"]}
              className="px-4 py-3 font-medium"
            />
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
                {STAFF_ROLE_OPTIONS.map((option) => (
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
                <RowAction row={row} intent="resend" label="Resend invitation" />
                {row.invitationExpiresAt ? (
                  <RowAction row={row} intent="revoke" label="Revoke invitation" />
                ) : null}
              </>
            ) : null}
            {row.status === "deactivated" ? (
              <RowAction row={row} intent="reactivate" label="Reactivate" buttonRef={reactivate} />
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
  row,
  intent,
  label,
  buttonRef,
}: {
  row: StaffRow;
  intent: "reactivate" | "resend" | "revoke";
  label: string;
  buttonRef?: Ref<HTMLButtonElement>;
}) {
  return (
    <IntentButton intent={intent} id={row.id} buttonRef={buttonRef}>
      {label}
      <span className="sr-only"> {row.email}</span>
    </IntentButton>
  );
}
