import type { TeamMember } from "@server/db/schema";

/** A team member as About's card shows them: loaders send these, not whole rows. */
export type TeamMemberCardData = Pick<
  TeamMember,
  "id" | "name" | "role" | "bio" | "imageUrl" | "linkedinUrl"
>;

export function toTeamMemberCard(row: TeamMember): TeamMemberCardData {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    bio: row.bio,
    imageUrl: row.imageUrl,
    linkedinUrl: row.linkedinUrl,
  };
}
