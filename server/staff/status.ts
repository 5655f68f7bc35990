import { account, user } from "@server/db/schema";
import { sql } from "drizzle-orm";

/**
 * The one rule of "Invited" vs "Active": a user row has accepted its invitation once it has a
 * password (better-auth's credential account). Until then nobody can sign in as it. A select
 * expression over `user`, shared with the pipelines' possible owners (decision 0455).
 */
export const hasPasswordSql = sql<boolean>`exists (select 1 from ${account} where ${account.userId} = ${user.id} and ${account.providerId} = 'credential' and ${account.password} is not null)`;
