import { checkbox, MUST_BE_URL, optionalHttpUrl, optionalImageUrl } from "~/lib/forms/admin-fields";
import { optionalText, requiredText } from "~/lib/forms/common";
import { z } from "~/lib/forms/zod";

export const TEAM_MEMBER_FORM_MESSAGES = {
  name: "Name is required",
  role: "Role is required",
  email: "Valid email is required",
  displayOrder: "Display order must be a whole number from 0 to 9999",
} as const;

/** The team member editor (SPEC section 3: name, role, bio, email, LinkedIn, image, order, active). */
export const teamMemberSchema = z.object({
  name: requiredText(TEAM_MEMBER_FORM_MESSAGES.name),
  role: requiredText(TEAM_MEMBER_FORM_MESSAGES.role),
  bio: optionalText(2000),
  email: z
    .string()
    .trim()
    .max(254, TEAM_MEMBER_FORM_MESSAGES.email)
    .optional()
    .refine(
      (value) => !value || z.email().safeParse(value).success,
      TEAM_MEMBER_FORM_MESSAGES.email,
    )
    .transform((value) => (value ? value : null)),
  linkedinUrl: optionalHttpUrl(MUST_BE_URL),
  imageUrl: optionalImageUrl(),
  displayOrder: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? Number(value) : 0))
    .refine(
      (value) => Number.isInteger(value) && value >= 0 && value <= 9999,
      TEAM_MEMBER_FORM_MESSAGES.displayOrder,
    ),
  isActive: checkbox,
});
export type TeamMemberInput = z.output<typeof teamMemberSchema>;
