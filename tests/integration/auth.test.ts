import { type Auth, createAuth, ensureUser } from "@server/auth";
import { account, user } from "@server/db/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffRoleOf } from "~/entities/staff/access";
import { createTestDatabase, type TestDatabase, testDrivers } from "../support/database";

const SITE = "http://localhost:3999";

describe.each(testDrivers)("users and sign-in on %s", (driver) => {
  let database: TestDatabase;
  let auth: Auth;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    auth = createAuth({ db: database.db, siteUrl: SITE, secret: "x".repeat(40) });
  });
  afterAll(async () => {
    await database?.destroy();
  });

  async function signIn(email: string, password: string) {
    return auth.api.signInEmail({ body: { email, password }, asResponse: true });
  }

  it("creates an admin whose password works and whose session carries the admin role", async () => {
    expect(
      await ensureUser(auth, {
        email: "Owner@Studio.test",
        password: "first-pass-1",
        role: "admin",
      }),
    ).toBe("created");
    const response = await signIn("owner@studio.test", "first-pass-1");
    expect(response.status).toBe(200);
    const cookies = response.headers.getSetCookie();
    expect(cookies.join(";")).toMatch(/HttpOnly/i);
    expect(cookies.join(";")).toMatch(/SameSite=Lax/i);
    const session = await auth.api.getSession({
      headers: new Headers({ cookie: cookies.map((c) => c.split(";")[0]).join("; ") }),
    });
    expect(staffRoleOf(session?.user)).toBe("admin");
  });

  it("refuses a wrong password", async () => {
    const response = await signIn("owner@studio.test", "wrong-password");
    expect(response.status).toBe(401);
  });

  it("updates the password and role of an existing user instead of duplicating it", async () => {
    expect(
      await ensureUser(auth, {
        email: "owner@studio.test",
        password: "second-pass-2",
        role: null,
      }),
    ).toBe("updated");
    expect((await signIn("owner@studio.test", "first-pass-1")).status).toBe(401);
    const response = await signIn("owner@studio.test", "second-pass-2");
    expect(response.status).toBe(200);
    const rows = await database.db.select().from(user).where(eq(user.email, "owner@studio.test"));
    expect(rows).toHaveLength(1);
    const [owner] = rows;
    expect(staffRoleOf(owner)).toBeNull();
    const accounts = await database.db
      .select()
      .from(account)
      .where(eq(account.userId, owner?.id ?? ""));
    expect(accounts).toHaveLength(1);
    // Passwords are stored hashed.
    expect(accounts[0]?.password).not.toContain("second-pass-2");
  });

  it("creates an editor, whose session carries the editor role", async () => {
    await ensureUser(auth, {
      email: "editor@studio.test",
      password: "editor-pass-1",
      role: "editor",
    });
    const response = await signIn("editor@studio.test", "editor-pass-1");
    const session = await auth.api.getSession({
      headers: new Headers({
        cookie: response.headers
          .getSetCookie()
          .map((c) => c.split(";")[0])
          .join("; "),
      }),
    });
    expect(session?.user.email).toBe("editor@studio.test");
    expect(staffRoleOf(session?.user)).toBe("editor");
  });

  it("does not allow public sign-up", async () => {
    const response = await auth.api.signUpEmail({
      body: { email: "intruder@x.test", password: "intruder-pass", name: "x" },
      asResponse: true,
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    const rows = await database.db.select().from(user).where(eq(user.email, "intruder@x.test"));
    expect(rows).toHaveLength(0);
  });
});
