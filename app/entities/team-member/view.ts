/**
 * A team member as About's card shows them: loaders send these, not whole rows (a row of
 * team_members fits, the fields the card reads).
 */
export interface TeamMemberCardData {
  id: string;
  name: string;
  role: string;
  bio: string | null;
  imageUrl: string | null;
  linkedinUrl: string | null;
}

export function toTeamMemberCard(row: TeamMemberCardData): TeamMemberCardData {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    bio: row.bio,
    imageUrl: row.imageUrl,
    linkedinUrl: row.linkedinUrl,
  };
}
