import { email } from "~/lib/forms/common";
import { z } from "~/lib/forms/zod";
import { STAFF_ROLES } from "~/lib/values";

export const STAFF_FORM_MESSAGES = {
  email: "Please enter a valid email address",
  role: "Please choose a role",
} as const;

/** The invitation form of /admin/staff (issue #29): "Email" and "Role". */
export const inviteSchema = z.object({
  email: email(STAFF_FORM_MESSAGES.email).transform((value) => value.toLowerCase()),
  role: z.enum(STAFF_ROLES, { error: STAFF_FORM_MESSAGES.role }),
});
export type InviteInput = z.output<typeof inviteSchema>;

/** The reset request form of /admin/forgot-password: "Email". */
export const resetRequestSchema = z.object({
  email: email(STAFF_FORM_MESSAGES.email).transform((value) => value.toLowerCase()),
});
