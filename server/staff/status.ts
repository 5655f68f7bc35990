import { account, user } from "@server/db/schema";
import { and, eq, isNotNull, sql } from "drizzle-orm";

/**
 * The one rule of "Invited" vs "Active": a user row has accepted its invitation once it has a
 * password (better-auth's credential account). Until then nobody can sign in as it. A select
 * expression over `user`, shared with the pipelines' possible owners (decision 0455).
 *
 * The condition is a nested expression, not columns of this template: in a select of one table,
 * drizzle writes a selected expression's own columns without their table, and `user_id = id`
 * would then compare the account with itself (never true).
 */
export const hasPasswordSql = sql<boolean>`exists (select 1 from ${account} where ${and(
  eq(account.userId, user.id),
  eq(account.providerId, "credential"),
  isNotNull(account.password),
)})`;

/**
 * Who a staff account is and where it stands (its role; `banned`: deactivated), as the staff
 * screen and the digests' owners read a user row; `staffRoleOf` reads the role.
 */
export const staffColumns = {
  id: user.id,
  name: user.name,
  email: user.email,
  role: user.role,
  banned: user.banned,
};
