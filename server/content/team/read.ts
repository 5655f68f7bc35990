import { cachedRead } from "@server/content/cache";
import type { Executor } from "@server/db/client";
import { type TeamMember, teamMembers } from "@server/db/schema";
import { asc, eq } from "drizzle-orm";

/** Active team members in display order (shown on About). */
export function listActiveTeamMembers(db: Executor): Promise<TeamMember[]> {
  return cachedRead(db, "team:active", () =>
    db
      .select()
      .from(teamMembers)
      .where(eq(teamMembers.isActive, true))
      .orderBy(asc(teamMembers.displayOrder), asc(teamMembers.name), asc(teamMembers.id)),
  );
}
