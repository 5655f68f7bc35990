import { account, user } from "@server/db/schema";
import { PasswordTooShortError } from "@server/security/passwords";
import { type Auth, createAuth, ensureUser } from "@server/staff/auth";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffRoleOf } from "~/entities/staff/access";
import { runScript } from "../support/cli";
import { createTestDatabase, type TestDatabase, testDrivers } from "../support/database";

const SITE = "http://localhost:3999";

describe.each(testDrivers)("users and sign-in on %s", (driver) => {
  let database: TestDatabase;
  let auth: Auth;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    auth = createAuth({
      db: database.db,
      siteUrl: SITE,
      secret: "x".repeat(40),
      sessionIdleHours: 2,
    });
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

  it("refuses to set a password of 11 characters, on a new user and on an existing one", async () => {
    const eleven = "eleven-char";
    expect(eleven).toHaveLength(11);
    await expect(
      ensureUser(auth, { email: "short@studio.test", password: eleven, role: "admin" }),
    ).rejects.toThrow(new PasswordTooShortError());
    expect(new PasswordTooShortError().message).toBe(
      "The password must be at least 12 characters.",
    );
    expect(
      await database.db.select().from(user).where(eq(user.email, "short@studio.test")),
    ).toEqual([]);
    await ensureUser(auth, { email: "short@studio.test", password: "twelve-chars", role: "admin" });
    await expect(
      ensureUser(auth, { email: "short@studio.test", password: eleven, role: "admin" }),
    ).rejects.toThrow(PasswordTooShortError);
    expect((await signIn("short@studio.test", "twelve-chars")).status).toBe(200);
    expect((await signIn("short@studio.test", eleven)).status).toBe(401);
  });

  it("keeps an existing 8-character password working for sign-in until it is changed", async () => {
    // What an older version stored: the hash of an 8-character password.
    await ensureUser(auth, {
      email: "old@studio.test",
      password: "placeholder-pass",
      role: "admin",
    });
    const ctx = await auth.$context;
    const [old] = await database.db.select().from(user).where(eq(user.email, "old@studio.test"));
    await ctx.internalAdapter.updatePassword(old?.id ?? "", await ctx.password.hash("eight-ch"));

    expect((await signIn("old@studio.test", "eight-ch")).status).toBe(200);
    // Given again (ADMIN_PASSWORD at a restart), it is kept, not refused.
    expect(
      await ensureUser(auth, { email: "old@studio.test", password: "eight-ch", role: "admin" }),
    ).toBe("updated");
    expect((await signIn("old@studio.test", "eight-ch")).status).toBe(200);
  });
});

describe("npm run user:create", () => {
  it("refuses a password of 11 characters with a clear message, before opening anything", async () => {
    const run = await runScript(
      "user:create",
      ["--email", "short@studio.test", "--password", "eleven-char"],
      { DATA_DIR: "/nonexistent/user-create-test", DATABASE_URL: "" },
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("the password must be at least 12 characters");
  });

  it("refuses a password of 129 characters with a clear message (issue #47: one longest password)", async () => {
    const run = await runScript(
      "user:create",
      ["--email", "long@studio.test", "--password", "p".repeat(64) + "q".repeat(65)],
      { DATA_DIR: "/nonexistent/user-create-test", DATABASE_URL: "" },
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("the password must be at most 128 characters");
  });

  it("refuses a common password of 12 characters or more with a clear message", async () => {
    const run = await runScript(
      "user:create",
      ["--email", "common@studio.test", "--password", "qwerty123456"],
      { DATA_DIR: "/nonexistent/user-create-test", DATABASE_URL: "" },
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("the password is one of the most common passwords");
  });
});
