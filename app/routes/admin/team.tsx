import { listTeamMembers } from "@server/content/team/editor";
import { parseListQuery } from "@server/kit/list-params";
import { loadAdminList, moderationListAction } from "@server/route-kit/moderation";
import { DeleteButton } from "~/components/admin/delete-button";
import { AdminListFilters, FilterSearch } from "~/components/admin/list-filters";
import { AddLink, ContentRow, EditLink, ListBody, PagedList } from "~/components/admin/list-page";
import { ToggleForm } from "~/components/admin/toggle-form";
import { Flag } from "~/components/admin/ui";
import { PageHeader } from "~/components/ui/page-header";
import { ToastMessageView } from "~/components/ui/toasts";
import { TEAM_MESSAGES } from "~/lib/admin-messages";
import { adminMeta } from "~/lib/admin-meta";
import type { Route } from "./+types/team";

/** /admin/team: team members by display order; Active/Inactive toggle and delete. */

export const meta: Route.MetaFunction = () => adminMeta("Team Members");

export async function loader(args: Route.LoaderArgs) {
  const query = parseListQuery(args.url.searchParams);
  const list = await loadAdminList(
    args,
    (db) => listTeamMembers(db, query),
    TEAM_MESSAGES.fetchFailed,
  );
  return { ...list, q: query.q };
}

export const action = (args: Route.ActionArgs) => moderationListAction("team", args);

export default function Team({ loaderData }: Route.ComponentProps) {
  const { data, loadError, q } = loaderData;
  return (
    <>
      <PageHeader
        variant="admin"
        title="Team Members"
        lead="In display order. Active members appear on the About page."
        actions={<AddLink to="/admin/team/new">Add Team Member</AddLink>}
      />
      <ToastMessageView message={loadError} />
      <AdminListFilters label="Filter team members" clearTo="/admin/team" filtered={Boolean(q)}>
        <FilterSearch id="team-search" label="Search names, roles and emails" value={q} />
      </AdminListFilters>
      <ListBody
        loadError={loadError}
        rows={data?.rows}
        empty={q ? "No team members found matching your search." : "No team members found"}
      >
        {(members) => (
          <PagedList label="Team members" result={data} noun={["team member", "team members"]}>
            {members.map((member) => (
              <ContentRow
                key={member.id}
                leading={
                  <span
                    aria-hidden="true"
                    className="grid size-9 shrink-0 place-items-center rounded-full bg-surface-raised text-xs font-semibold text-ink-muted tabular-nums"
                  >
                    {member.displayOrder}
                  </span>
                }
                title={member.name}
                badges={<Flag on={member.isActive}>{member.isActive ? "Active" : "Inactive"}</Flag>}
                details={[member.role, member.email]}
                actions={
                  <>
                    <ToggleForm
                      id={member.id}
                      intent="activate"
                      on={member.isActive}
                      onLabel="Deactivate"
                      offLabel="Activate"
                      itemName={member.name}
                    />
                    <EditLink to={`/admin/team/${member.id}/edit`} name={member.name} />
                    <DeleteButton
                      confirmHref={`/admin/team/${member.id}/delete`}
                      itemName={member.name}
                      noun="team member"
                    />
                  </>
                }
              />
            ))}
          </PagedList>
        )}
      </ListBody>
    </>
  );
}
