import {
  type AuditFilters,
  listAuditEvents,
  listAuditPeople,
  parseAuditQuery,
} from "@server/audit/read";
import type { AuditEvent } from "@server/db/schema";
import { loadAdminList } from "@server/route-kit/moderation";
import { formatDateTime } from "~/components/admin/format";
import { AdminListFilters, FilterDate, FilterSelect } from "~/components/admin/list-filters";
import { ExportLink, ListBody, PagedRows } from "~/components/admin/list-page";
import { PageHeader } from "~/components/ui/page-header";
import { ToastMessageView } from "~/components/ui/toasts";
import { adminMeta } from "~/lib/admin-meta";
import { AUDIT_ENTITY_LABELS, type AuditAction, type AuditEntity } from "~/lib/values";
import type { Route } from "./+types/audit";

/** /admin/audit (admins): who did what, when and from where, 25 a page (issue #29). */

export const meta: Route.MetaFunction = () => adminMeta("Audit log");

export async function loader(args: Route.LoaderArgs) {
  const { page, ...filters } = parseAuditQuery(args.url.searchParams);
  const list = await loadAdminList(
    args,
    async (db) => {
      const [result, people] = await Promise.all([
        listAuditEvents(db, filters, page),
        listAuditPeople(db),
      ]);
      return { result, people };
    },
    "Failed to load the audit log",
  );
  return { ...list, filters };
}

const ACTION_LABELS: Record<AuditAction, string> = {
  create: "Created",
  update: "Updated",
  delete: "Deleted",
  sign_in: "Signed in",
  sign_in_failed: "Failed sign-in",
  sign_in_slowed: "Sign-in slowed down",
  sign_in_locked: "Sign-in locked",
  verification_failed: "Failed verification",
  invite: "Invited",
  role_change: "Changed role",
  deactivate: "Deactivated",
  reactivate: "Reactivated",
  remove: "Removed",
  password_reset: "Reset password",
  password_change: "Changed password",
  two_factor_on: "Turned on two-factor",
  two_factor_off: "Turned off two-factor",
  recovery_code_used: "Used a recovery code",
  recovery_codes_regenerated: "Made new recovery codes",
  passkey_added: "Added a passkey",
  passkey_removed: "Removed a passkey",
  sessions_ended: "Ended sessions",
  setting_change: "Changed a setting",
  backup: "Started a backup",
  download: "Downloaded a backup",
  restore: "Restored a backup",
  export: "Exported a person's data",
  erase: "Erased a person's data",
  retention: "Deleted by retention",
  note: "Added a note",
  reply: "Sent a reply",
  rate: "Rated",
  save_draft: "Saved a draft",
  schedule: "Scheduled",
  restore_revision: "Restored a revision",
  submit_for_review: "Submitted for review",
  approve: "Approved and published",
  request_changes: "Requested changes",
  invite_accept: "Accepted an invitation",
  invite_resend: "Resent an invitation",
  invite_revoke: "Revoked an invitation",
  csv_export: "Exported a CSV",
  access_denied: "Refused access",
  revoke_preview: "Revoked preview links",
  retry: "Retried",
  cancel: "Cancelled",
  revoke: "Revoked",
  comment: "Commented",
  resolve: "Resolved",
  reopen: "Reopened",
};

const ENTITY_OPTIONS = Object.entries(AUDIT_ENTITY_LABELS).map(([value, label]) => ({
  value,
  label,
}));

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { data, filters, loadError } = loaderData;
  const filtered = Boolean(filters.person || filters.entity || filters.from || filters.to);
  return (
    <>
      <PageHeader
        variant="admin"
        title="Audit log"
        lead="Every change made in the back-office and every sign-in, newest first."
        actions={<ExportLink path="/admin/audit.csv" filters={exportFilters(filters)} />}
      />
      <ToastMessageView message={loadError} />

      <AdminListFilters label="Filter the audit log" clearTo="/admin/audit" filtered={filtered}>
        <FilterSelect
          id="audit-person"
          name="person"
          label="Person"
          value={filters.person}
          allLabel="Everyone"
          options={data?.people ?? []}
        />
        <FilterSelect
          id="audit-entity"
          name="entity"
          label="Record"
          value={filters.entity}
          allLabel="All records"
          options={ENTITY_OPTIONS}
        />
        <FilterDate id="audit-from" name="from" label="From" value={filters.from} />
        <FilterDate id="audit-to" name="to" label="To" value={filters.to} />
      </AdminListFilters>

      <ListBody loadError={loadError} rows={data?.result.rows} empty="Nothing recorded yet.">
        {(events) =>
          data && (
            <PagedRows label="Audit log" result={data.result} noun={["entry", "entries"]}>
              {events.map((event) => (
                <AuditRow key={event.id} event={event} />
              ))}
            </PagedRows>
          )
        }
      </ListBody>
    </>
  );
}

function exportFilters(filters: AuditFilters): Record<string, string> {
  return { person: filters.person, entity: filters.entity, from: filters.from, to: filters.to };
}

/** A value as the row shows it: text as is, anything else as JSON, long values cut. */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === "") return "(empty)";
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > 160 ? `${text.slice(0, 160)}…` : text;
}

/** A column name as words: `isFeatured` → "Is featured". */
function fieldLabel(field: string): string {
  const words = field.replace(/([A-Z])/g, " $1").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function AuditRow({ event }: { event: AuditEvent }) {
  const headingId = `audit-${event.id}`;
  const entity = event.entityType as AuditEntity | null;
  const changes = Object.entries(event.changes ?? {});
  return (
    <li
      aria-labelledby={headingId}
      className="min-w-0 rounded-lg border border-line bg-surface p-4"
    >
      {/* Long ids and names (`hmac:` + 64 hex digits) wrap anywhere: the screen fits 390 px. */}
      <h2 id={headingId} className="text-sm font-semibold wrap-anywhere">
        {ACTION_LABELS[event.action as AuditAction] ?? event.action}
        {entity ? (
          <span className="font-normal text-ink-muted">
            {" "}
            · {AUDIT_ENTITY_LABELS[entity]}
            {event.entityName ? ` “${event.entityName}”` : ""}
          </span>
        ) : null}
      </h2>
      <p className="mt-0.5 text-sm break-all text-ink-muted">
        {event.actorLinkId
          ? `Reviewer ${event.actorEmail ?? "(erased)"} through share link ${event.actorLinkId}`
          : (event.actorEmail ?? "Someone unknown")}
        <span aria-hidden="true"> · </span>
        <time dateTime={new Date(event.at).toISOString()}>{formatDateTime(event.at)}</time>
        {event.ip ? (
          <>
            <span aria-hidden="true"> · </span>IP {event.ip}
          </>
        ) : null}
        {event.entityId ? (
          <>
            <span aria-hidden="true"> · </span>ID {event.entityId}
          </>
        ) : null}
      </p>
      {changes.length > 0 ? (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer text-ink-muted hover:text-ink">
            {changes.length} field{changes.length === 1 ? "" : "s"} changed
          </summary>
          <dl className="mt-2 space-y-1">
            {changes.map(([field, change]) => (
              <div key={field} className="grid gap-x-3 sm:grid-cols-[10rem_1fr]">
                <dt className="font-medium text-ink">{fieldLabel(field)}</dt>
                <dd className="min-w-0 text-ink-muted wrap-anywhere">
                  <span className="sr-only">before: </span>
                  <del className="decoration-ink-faint">{shown(change.before)}</del>
                  <span aria-hidden="true"> → </span>
                  <span className="sr-only">, after: </span>
                  <ins className="text-ink no-underline">{shown(change.after)}</ins>
                </dd>
              </div>
            ))}
          </dl>
        </details>
      ) : null}
    </li>
  );
}
