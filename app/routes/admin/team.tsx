import { TEAM_MESSAGES } from "@server/admin/messages";
import { loadOrReport, moderationListAction } from "@server/admin/moderation";
import { listTeamMembers } from "@server/admin/team";
import { getRuntimeFrom } from "@server/context";
import { requireAdmin } from "@server/security/admin-access";
import { Pencil, Plus } from "lucide-react";
import { Link } from "react-router";
import { DeleteButton } from "~/components/admin/delete-button";
import { ToggleForm } from "~/components/admin/toggle-form";
import { buttonClass, EmptyState, Flag, LoadError, RowList } from "~/components/admin/ui";
import { PageHeader } from "~/components/ui/page-header";
import { ToastMessageView } from "~/components/ui/toasts";
import { adminMeta } from "~/lib/admin-meta";
import type { Route } from "./+types/team";

/** /admin/team: team members by display order; Active/Inactive toggle and delete. */

export const meta: Route.MetaFunction = () => adminMeta("Team Members");

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const db = getRuntimeFrom(args.context).database.db;
  return loadOrReport(args.context, () => listTeamMembers(db), TEAM_MESSAGES.fetchFailed);
}

export const action = (args: Route.ActionArgs) => moderationListAction("team", args);

export default function Team({ loaderData }: Route.ComponentProps) {
  const { data: rows, loadError } = loaderData;
  return (
    <>
      <PageHeader
        variant="admin"
        title="Team Members"
        lead="In display order. Active members appear on the About page."
        actions={
          <Link to="/admin/team/new" className={buttonClass.primary}>
            <Plus aria-hidden="true" className="size-4" />
            Add Team Member
          </Link>
        }
      />
      <ToastMessageView message={loadError} />
      {loadError ? (
        <LoadError message={loadError.description ?? ""} />
      ) : !rows || rows.length === 0 ? (
        <EmptyState>No team members found</EmptyState>
      ) : (
        <RowList label="Team members">
          {rows.map((member) => (
            <li
              key={member.id}
              className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="flex min-w-0 items-center gap-3">
                <span
                  aria-hidden="true"
                  className="grid size-9 shrink-0 place-items-center rounded-full bg-surface-raised text-xs font-semibold text-ink-muted tabular-nums"
                >
                  {member.displayOrder}
                </span>
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold">{member.name}</span>
                    <Flag on={member.isActive}>{member.isActive ? "Active" : "Inactive"}</Flag>
                  </p>
                  <p className="mt-0.5 text-sm text-ink-muted">
                    {[member.role, member.email].filter(Boolean).join(" · ")}
                  </p>
                </div>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <ToggleForm
                  id={member.id}
                  intent="activate"
                  on={member.isActive}
                  onLabel="Deactivate"
                  offLabel="Activate"
                  itemName={member.name}
                />
                <Link to={`/admin/team/${member.id}/edit`} className={buttonClass.secondary}>
                  <Pencil aria-hidden="true" className="size-4" />
                  Edit<span className="sr-only"> {member.name}</span>
                </Link>
                <DeleteButton
                  confirmHref={`/admin/team/${member.id}/delete`}
                  itemName={member.name}
                  noun="team member"
                />
              </div>
            </li>
          ))}
        </RowList>
      )}
    </>
  );
}
