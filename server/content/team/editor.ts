import { findRow, listRows, rowEditor } from "@server/content/editor-rows";
import type { Database } from "@server/db/client";
import { type TeamMember, teamMembers } from "@server/db/schema";
import { containsAny, type ListQuery, type Page } from "@server/kit/list-params";
import { asc } from "drizzle-orm";
import type { TeamMemberInput } from "~/entities/team-member/form";

/**
 * Team members in the back-office: list by display order, create and edit (the editor),
 * Active/Inactive toggle, delete (SPEC section 7, admin).
 */

export const TEAM_OWNER_TABLE = "team_members";

export interface TeamMemberRow {
  id: string;
  name: string;
  role: string;
  email: string | null;
  imageUrl: string | null;
  displayOrder: number;
  isActive: boolean;
}

/** One page (25) of the members matching the search (name, role, e-mail), in display order. */
export function listTeamMembers(db: Database, query: ListQuery): Promise<Page<TeamMemberRow>> {
  const where = query.q
    ? containsAny(query.q, [teamMembers.name, teamMembers.role, teamMembers.email])
    : undefined;
  return listRows(db, query.page, {
    table: teamMembers,
    select: () =>
      db
        .select({
          id: teamMembers.id,
          name: teamMembers.name,
          role: teamMembers.role,
          email: teamMembers.email,
          imageUrl: teamMembers.imageUrl,
          displayOrder: teamMembers.displayOrder,
          isActive: teamMembers.isActive,
        })
        .from(teamMembers)
        .$dynamic(),
    where,
    orderBy: [asc(teamMembers.displayOrder), asc(teamMembers.name), asc(teamMembers.id)],
  });
}

export async function findTeamMemberName(db: Database, id: string): Promise<string | null> {
  const row = await findRow(
    db.select({ name: teamMembers.name }).from(teamMembers).$dynamic(),
    teamMembers.id,
    id,
  );
  return row?.name ?? null;
}

const TEAM = rowEditor<typeof teamMembers, TeamMemberInput>(
  { table: teamMembers, entity: "team", uploadsOwner: TEAM_OWNER_TABLE },
  (input) => [input.imageUrl],
);

export function setTeamMemberActive(db: Database, id: string, active: boolean): Promise<boolean> {
  return TEAM.update(db, id, { isActive: active });
}

export const deleteTeamMember = TEAM.remove;

export const findTeamMember: (db: Database, id: string) => Promise<TeamMember | null> = TEAM.find;

/**
 * Creates (`id` null) or updates a team member; returns its id, or null when it is gone. The row
 * and its portrait's upload record change in one transaction.
 */
export const saveTeamMember = TEAM.save;
