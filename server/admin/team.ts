import { asc, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { teamMembers } from "../db/schema";
import { contentChanged } from "./after-content-write";
import { releaseUploadsOf } from "./uploads";

/** Team moderation: list by display order, Active/Inactive toggle, delete (SPEC section 7, admin). */

export interface TeamMemberRow {
  id: string;
  name: string;
  role: string;
  email: string | null;
  imageUrl: string | null;
  displayOrder: number;
  isActive: boolean;
}

export function listTeamMembers(db: Database): Promise<TeamMemberRow[]> {
  return db
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
    .orderBy(asc(teamMembers.displayOrder), asc(teamMembers.name));
}

export async function findTeamMemberName(db: Database, id: string): Promise<string | null> {
  const [row] = await db
    .select({ name: teamMembers.name })
    .from(teamMembers)
    .where(eq(teamMembers.id, id));
  return row?.name ?? null;
}

export async function setTeamMemberActive(
  db: Database,
  id: string,
  active: boolean,
): Promise<boolean> {
  const rows = await db
    .update(teamMembers)
    .set({ isActive: active })
    .where(eq(teamMembers.id, id))
    .returning({ id: teamMembers.id });
  if (rows.length === 0) return false;
  await contentChanged(db, { entity: "team", id, action: "updated" });
  return true;
}

export async function deleteTeamMember(db: Database, id: string): Promise<boolean> {
  const deleted = await db.transaction(async (tx) => {
    const rows = await tx
      .delete(teamMembers)
      .where(eq(teamMembers.id, id))
      .returning({ id: teamMembers.id });
    if (rows.length > 0) await releaseUploadsOf(tx, "team_members", id);
    return rows.length > 0;
  });
  if (deleted) await contentChanged(db, { entity: "team", id, action: "deleted" });
  return deleted;
}
