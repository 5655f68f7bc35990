import { auditEvents, user } from "@server/db/schema";
import { getSessionUser } from "@server/security/admin-access";
import { ensureUser } from "@server/staff/auth";
import { and, eq } from "drizzle-orm";
import { action as accountAction, loader as accountLoader } from "~/routes/admin/account";
import { callRoute, postTo, SITE, type TestRuntime } from "./admin-runtime";
import { cookiesOf, dataOf, settle } from "./route-answers";

/** The password every person `staffPeople` makes signs in with. */
export const STAFF_PASSWORD = "a long staff passphrase 1";

/**
 * Fresh staff members on a test runtime, each signed in with their own session (the sign-in and
 * account tests change a person's password, factors and sessions, so none shares the seeded
 * ones), their account page, who a cookie is, and the audit rows about them.
 */
export function staffPeople(t: () => TestRuntime, driver: string, prefix = "person") {
  const db = () => t().runtime.database.db;
  let people = 0;
  const signIn = async (email: string, password = STAFF_PASSWORD) => {
    const response = await t().runtime.auth.api.signInEmail({
      body: { email, password },
      asResponse: true,
    });
    return cookiesOf(response.headers);
  };
  return {
    signIn,
    /** How many people were made: each request of the n-th can come from its own address. */
    count: () => people,
    /** A new staff member, signed in: their e-mail, id and session cookie. */
    async newStaff(role: "admin" | "editor" = "editor") {
      const email = `${prefix}${++people}-${driver}@studio.test`;
      await ensureUser(t().runtime.auth, { email, password: STAFF_PASSWORD, role });
      const [row] = await db().select({ id: user.id }).from(user).where(eq(user.email, email));
      return { email, id: row?.id ?? "", cookie: await signIn(email) };
    },
    /** Whose session `cookie` is (null: none). */
    whoIs: (cookie: string) =>
      getSessionUser(new Request(`${SITE}/admin`, { headers: { cookie } }), t().runtime),
    /** A POST to the account page. */
    account: (cookie: string, fields: Record<string, string>) =>
      settle(postTo(t(), accountAction, "/admin/account", new URLSearchParams(fields), { cookie })),
    /** What the account page shows. */
    view: async (cookie: string) =>
      dataOf(await callRoute(accountLoader, t().runtime, "/admin/account", { cookie })),
    /** The audit rows of `action` naming `entityName` (a person's e-mail). */
    audits: (action: string, entityName: string) =>
      db()
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, action), eq(auditEvents.entityName, entityName))),
  };
}
