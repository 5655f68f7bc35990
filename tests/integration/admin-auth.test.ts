import { notifications, session, user, verification } from "@server/db/schema";
import { commitFlash, takeFlash } from "@server/route-kit/flash";
import {
  requireAccess,
  requireResourceAccess,
  safeRedirectTarget,
} from "@server/security/admin-access";
import { isCrossSiteRequest } from "@server/security/origin";
import { createSignInLimiter, SIGN_IN_LIMITS, slowDownSeconds } from "@server/security/rate-limit";
import { ensureUser } from "@server/staff/auth";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { action as loginAction, loader as loginLoader } from "~/routes/admin/login";
import { action as logoutAction } from "~/routes/admin/logout";
import { action as unlockAction, loader as unlockLoader } from "~/routes/admin/unlock";
import { TEST_ADMIN, TEST_EDITOR, TEST_VIEWER } from "../support/admin-data";
import {
  callRoute,
  createTestRuntime,
  formOf,
  routeArgs,
  SITE,
  type TestRuntime,
  toastOf,
} from "../support/admin-runtime";
import { testDrivers } from "../support/database";

type Args = Parameters<typeof loginAction>[0];

function postLogin(t: TestRuntime, form: Record<string, string>, ip = "198.51.100.1") {
  return loginAction(
    routeArgs(t.runtime, "/admin/login", {
      method: "POST",
      body: new URLSearchParams(form),
      ip,
    }) as unknown as Args,
  );
}

/** A session cookie from better-auth's sign-in, as the browser would send it. */
async function sessionCookie(t: TestRuntime, account: { email: string; password: string }) {
  const response = await t.runtime.auth.api.signInEmail({ body: account, asResponse: true });
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** The login action answers data (an error) or a Response (the redirect after success). */
async function outcome(result: unknown) {
  if (result instanceof Response) return { status: result.status, response: result };
  const value = result as {
    init?: { status?: number };
    data: { error?: { title: string; description: string } };
  };
  return { status: value.init?.status ?? 200, error: value.data.error };
}

describe.each(testDrivers)("back-office sign-in on %s", (driver) => {
  let t: TestRuntime;
  beforeAll(async () => {
    t = await createTestRuntime(driver);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("asks for both fields (SPEC: 'Error: Please fill in all fields')", async () => {
    for (const form of <Record<string, string>[]>[
      {},
      { email: TEST_ADMIN.email },
      { password: "x" },
      { email: " ", password: "x" },
    ]) {
      const result = await outcome(await postLogin(t, form));
      expect(result.status).toBe(400);
      expect(result.error).toMatchObject({
        title: "Error",
        description: "Please fill in all fields",
      });
    }
  });

  it("says 'Login Failed: Invalid email or password' without saying which half was wrong", async () => {
    const wrongPassword = await outcome(
      await postLogin(t, { email: TEST_ADMIN.email, password: "nope-nope-1" }),
    );
    const unknownUser = await outcome(
      await postLogin(t, { email: "ghost@x.test", password: "nope-nope-1" }),
    );
    for (const result of [wrongPassword, unknownUser]) {
      expect(result.status).toBe(401);
      expect(result.error).toEqual(
        expect.objectContaining({
          title: "Login Failed",
          description: "Invalid email or password",
        }),
      );
    }
  });

  it("passes on the server's message for other failures", async () => {
    const result = await outcome(
      await postLogin(t, { email: "not-an-email", password: "whatever-1" }),
    );
    expect(result.status).toBe(400);
    expect(result.error).toMatchObject({ title: "Login Failed", description: "Invalid email" });
  });

  it("signs an admin in with an HttpOnly session cookie and goes to /admin/portfolio", async () => {
    const result = await outcome(await postLogin(t, TEST_ADMIN));
    expect(result.status).toBe(302);
    expect(result.response?.headers.get("location")).toBe("/admin/portfolio");
    const cookie = result.response?.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/session_token=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it("returns to a safe redirectTo after sign-in, never to another site", async () => {
    const back = await outcome(
      await postLogin(t, { ...TEST_ADMIN, redirectTo: "/admin/job-applications?status=new" }),
    );
    expect(back.response?.headers.get("location")).toBe("/admin/job-applications?status=new");
    const evil = await outcome(await postLogin(t, { ...TEST_ADMIN, redirectTo: "//evil.test/x" }));
    expect(evil.response?.headers.get("location")).toBe("/admin/portfolio");
    for (const bad of [
      "https://evil.test",
      "/\\evil.test",
      "/admin//evil.test",
      "/admin/login",
      "javascript:alert(1)",
      "/blog",
    ]) {
      expect(safeRedirectTarget(bad, "admin")).toBe("/admin/portfolio");
      expect(safeRedirectTarget(bad, "editor")).toBe("/admin/blog");
    }
    expect(safeRedirectTarget("/admin", "admin")).toBe("/admin");
    expect(safeRedirectTarget("/admin/team", "admin")).toBe("/admin/team");
    // Never to a page the role may not open.
    expect(safeRedirectTarget("/admin/team", "editor")).toBe("/admin/team");
    expect(safeRedirectTarget("/admin", "editor")).toBe("/admin/blog");
    expect(safeRedirectTarget("/admin/job-applications?page=2", "editor")).toBe("/admin/blog");
    expect(safeRedirectTarget("/admin/blog/edit/abc", "editor")).toBe("/admin/blog/edit/abc");
  });

  it("sends a signed-in admin from /admin/login to /admin/portfolio; tells a non-admin why", async () => {
    const admin = callRoute(loginLoader, t.runtime, "/admin/login", { cookie: t.cookies.admin });
    await expect(admin).rejects.toSatisfy(
      (r: Response) => r.status === 302 && r.headers.get("location") === "/admin/portfolio",
    );
    const viewer = (await callRoute(loginLoader, t.runtime, "/admin/login", {
      cookie: t.cookies.viewer,
    })) as unknown as { data: { signedInAs: string } };
    expect(viewer.data.signedInAs).toBe(TEST_VIEWER.email);
  });

  it("signs a non-admin in but back to the login page, not into the back-office", async () => {
    const result = await outcome(await postLogin(t, { ...TEST_VIEWER, redirectTo: "/admin" }));
    expect(result.response?.headers.get("location")).toBe("/admin/login");
  });

  it("guards pages with a redirect and resources with 401/403", async () => {
    const anonymous = routeArgs(t.runtime, "/admin/team");
    await expect(requireAccess(anonymous)).rejects.toSatisfy(
      (r: Response) =>
        r.status === 302 &&
        r.headers.get("location") === "/admin/login?redirectTo=%2Fadmin%2Fteam" &&
        r.headers.get("cache-control") === "private, no-store",
    );
    const viewer = routeArgs(t.runtime, "/admin/team", { cookie: t.cookies.viewer });
    await expect(requireAccess(viewer)).rejects.toSatisfy((r: Response) => r.status === 302);
    await expect(
      requireResourceAccess(routeArgs(t.runtime, "/admin/inquiries.csv")),
    ).rejects.toSatisfy((r: Response) => r.status === 401);
    await expect(
      requireResourceAccess(
        routeArgs(t.runtime, "/admin/inquiries.csv", { cookie: t.cookies.viewer }),
      ),
    ).rejects.toSatisfy((r: Response) => r.status === 403);
    const admin = await requireAccess(routeArgs(t.runtime, "/admin", { cookie: t.cookies.admin }));
    expect(admin.email).toBe(TEST_ADMIN.email);
  });

  it("lets an editor into content only: admin-only pages are a 403 page, admin-only resources a 403", async () => {
    const editor = (url: string, init: Parameters<typeof routeArgs>[2] = {}) =>
      routeArgs(t.runtime, url, { cookie: t.cookies.editor, ...init });
    for (const url of [
      "/admin/blog",
      "/admin/blog/edit/x",
      "/admin/team/new",
      "/admin/portfolio",
    ]) {
      expect((await requireAccess(editor(url))).role).toBe("editor");
    }
    expect((await requireResourceAccess(editor("/admin/uploads/image"))).role).toBe("editor");
    for (const url of ["/admin", "/admin/job-applications", "/admin/backups"]) {
      for (const method of ["GET", "POST"]) {
        await expect(requireAccess(editor(url, { method }))).rejects.toSatisfy(
          (thrown: { type?: string; init?: { status?: number }; data?: { home?: string } }) =>
            thrown.init?.status === 403 && thrown.data?.home === "/admin/blog",
        );
      }
    }
    for (const url of [
      "/admin/inquiries.csv",
      "/admin/job-applications.csv",
      "/admin/job-applications/some-id/resume",
      "/admin/backups/some-id/download",
    ]) {
      await expect(requireResourceAccess(editor(url))).rejects.toSatisfy(
        (r: Response) => r.status === 403,
      );
    }
    // An admin opens all of them.
    for (const url of ["/admin", "/admin/job-applications", "/admin/backups", "/admin/blog"]) {
      const admin = await requireAccess(routeArgs(t.runtime, url, { cookie: t.cookies.admin }));
      expect(admin.role).toBe("admin");
    }
  });

  it("refuses a route no rule covers, even to an admin (fail closed)", async () => {
    const args = { ...routeArgs(t.runtime, "/admin/new-screen", { cookie: t.cookies.admin }) };
    await expect(requireAccess({ ...args, pattern: "/admin/new-screen" })).rejects.toSatisfy(
      (thrown: { init?: { status?: number } }) => thrown.init?.status === 403,
    );
    expect(t.logs.some((line) => line.msg.includes("has no access rule"))).toBe(true);
  });

  it("signs an editor in to the blog, and back to a content page it was going to", async () => {
    const home = await outcome(await postLogin(t, { ...TEST_EDITOR, redirectTo: "" }));
    expect(home.response?.headers.get("location")).toBe("/admin/blog");
    const denied = await outcome(await postLogin(t, { ...TEST_EDITOR, redirectTo: "/admin" }));
    expect(denied.response?.headers.get("location")).toBe("/admin/blog");
    const back = await outcome(await postLogin(t, { ...TEST_EDITOR, redirectTo: "/admin/team" }));
    expect(back.response?.headers.get("location")).toBe("/admin/team");
  });

  it("counts each attempt before the password: 60 parallel wrong sign-ins evaluate at most 5 passwords", async () => {
    const account = { email: "burst@x.test", password: "burst-password-1" };
    await ensureUser(t.runtime.auth, { ...account, role: "admin" });
    t.passwordChecks.count = 0;
    const results = await Promise.all(
      Array.from({ length: 60 }, async (_, i) =>
        outcome(await postLogin(t, { email: account.email, password: `wrong-${i}-xx` })),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(t.passwordChecks.count).toBeGreaterThan(0);
    expect(t.passwordChecks.count).toBeLessThanOrEqual(SIGN_IN_LIMITS.perAccount);
    expect(statuses.filter((s) => s === 401)).toHaveLength(t.passwordChecks.count);
    expect(statuses.filter((s) => s === 429)).toHaveLength(60 - t.passwordChecks.count);
  });

  it("slows an account down after 5 failures, but its owner still signs in from a fresh address", async () => {
    const owner = { email: "owner@x.test", password: "owner-password-1" };
    await ensureUser(t.runtime.auth, { ...owner, role: "admin" });
    const attacker = "192.0.2.20";
    for (let i = 0; i < SIGN_IN_LIMITS.perAccount; i++) {
      const failed = await outcome(
        await postLogin(t, { email: owner.email, password: `wrong-${i}-xx` }, attacker),
      );
      expect(failed.status).toBe(401);
    }
    // The failing address waits, even with the right password, and is told how long.
    t.passwordChecks.count = 0;
    const refused = await outcome(await postLogin(t, owner, attacker));
    expect(refused.status).toBe(429);
    expect(refused.error).toMatchObject({
      title: "Login Failed",
      description: "Too many sign-in attempts. Please try again in 30 seconds.",
    });
    expect(t.passwordChecks.count).toBe(0);
    // The owner, from an address with no failures for the account, is not slowed down.
    expect((await outcome(await postLogin(t, owner, "192.0.2.21"))).status).toBe(302);
  });

  it("locks an account under attack for everyone, and mails its owner a link that unlocks it once", async () => {
    const owner = { email: "attacked@x.test", password: "attacked-password-1" };
    await ensureUser(t.runtime.auth, { ...owner, role: "admin" });
    const { failures, addresses } = SIGN_IN_LIMITS.underAttack;
    for (let i = 0; i < failures; i++) {
      const ip = `198.18.${i % addresses}.${i}`;
      const failed = await outcome(
        await postLogin(t, { email: owner.email, password: `wrong-${i}-xx` }, ip),
      );
      expect(failed.status).toBe(401);
    }
    // Locked: the right password from a fresh address is refused, without checking it.
    t.passwordChecks.count = 0;
    const refused = await outcome(await postLogin(t, owner, "192.0.2.30"));
    expect(refused.status).toBe(429);
    expect(refused.error?.description).toBe(
      "Too many sign-in attempts. Please try again in 60 minutes.",
    );
    expect(t.passwordChecks.count).toBe(0);

    const mails = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipient, owner.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.kind).toBe("sign-in-locked");
    const link = new URL(mails[0]?.textBody.match(/https?:\/\/\S+/)?.[0] ?? "");
    expect(link.origin + link.pathname).toBe(`${SITE}/admin/unlock`);
    // The token is stored hashed, never as sent.
    const token = link.searchParams.get("token") ?? "";
    const stored = await t.database.db.select().from(verification);
    expect(stored.some((row) => row.identifier.includes(token) || row.value === token)).toBe(false);

    // The link's page only offers the button (a mail scanner opening it spends nothing).
    const page = await callRoute(unlockLoader, t.runtime, link.href);
    expect(page).toEqual({ token, error: null });
    expect(await callRoute(unlockLoader, t.runtime, "/admin/unlock")).toMatchObject({
      error: "This unlock link is invalid, used or expired.",
    });
    const unlock = () =>
      callRoute(unlockAction, t.runtime, "/admin/unlock", {
        method: "POST",
        body: new URLSearchParams({ token }),
      });
    const unlocked = (await unlock()) as Response;
    expect(unlocked.status).toBe(302);
    expect(unlocked.headers.get("location")).toBe("/admin/login");
    expect(await toastOf(t.runtime, unlocked)).toBe("Account unlocked: You can sign in again.");
    expect((await outcome(await postLogin(t, owner, "192.0.2.30"))).status).toBe(302);

    // Once only; a made-up token is refused the same way.
    for (const again of [
      await unlock(),
      await callRoute(unlockAction, t.runtime, "/admin/unlock", {
        method: "POST",
        body: new URLSearchParams({ token: "x".repeat(43) }),
      }),
    ]) {
      expect(again).toMatchObject({
        init: { status: 400 },
        data: { error: "This unlock link is invalid, used or expired." },
      });
    }
  }, 120_000); // 50 password checks: slow on a loaded machine

  it("limits failed sign-ins per IP address across accounts", async () => {
    const ip = "198.51.100.200";
    for (let i = 0; i < SIGN_IN_LIMITS.perIp; i++) {
      await postLogin(t, { email: `user${i}@x.test`, password: "wrong-pass-1" }, ip);
    }
    const refused = await outcome(await postLogin(t, TEST_ADMIN, ip));
    expect(refused.status).toBe(429);
    // Another address is not affected.
    expect((await outcome(await postLogin(t, TEST_ADMIN, "198.51.100.201"))).status).toBe(302);
  });

  it("forgets an address's failures for an account after it signs in", async () => {
    const account = { email: "forgiven@x.test", password: "forgiven-password-1" };
    await ensureUser(t.runtime.auth, { ...account, role: "admin" });
    const ip = "203.0.113.50";
    for (let i = 0; i < SIGN_IN_LIMITS.perAccount - 1; i++) {
      await postLogin(t, { email: account.email, password: `wrong-${i}-xx` }, ip);
    }
    expect((await outcome(await postLogin(t, account, ip))).status).toBe(302);
    // Its earlier failures are forgiven: this address is fresh again for the account, so the
    // failure that makes five is still evaluated...
    const fifth = await postLogin(t, { email: account.email, password: "again-xx-1" }, ip);
    expect((await outcome(fifth)).status).toBe(401);
    // ...and only after it does this address wait, while another one is not slowed down.
    expect((await outcome(await postLogin(t, account, ip))).status).toBe(429);
    expect((await outcome(await postLogin(t, account, "203.0.113.51"))).status).toBe(302);
  });

  it("reads the sign-in form with a small bound: a large or multipart-with-file body is a 4xx toast", async () => {
    const large = await outcome(
      await postLogin(t, { email: TEST_ADMIN.email, password: "x".repeat(20_000) }),
    );
    expect(large.status).toBe(413);
    expect(large.error).toMatchObject({
      title: "Login Failed",
      description: "The form is too large.",
    });
    const withFile = formOf({
      email: TEST_ADMIN.email,
      password: TEST_ADMIN.password,
      file: new File(["x"], "x.txt", { type: "text/plain" }),
    });
    const multipart = await outcome(
      await callRoute(loginAction, t.runtime, "/admin/login", { method: "POST", body: withFile }),
    );
    expect(multipart.status).toBe(413);
    expect(multipart.error?.title).toBe("Login Failed");
  });

  /** The user's id and a session cookie from a fresh sign-in. */
  async function signedInAccount(t: TestRuntime, email: string) {
    const account = { email, password: `${email}-password` };
    await ensureUser(t.runtime.auth, { ...account, role: "admin" });
    const cookie = await sessionCookie(t, account);
    const [row] = await t.database.db.select().from(user).where(eq(user.email, email));
    return { id: row?.id ?? "", cookie };
  }
  const HOUR = 60 * 60 * 1000;
  const signedIn = async (t: TestRuntime, cookie: string) =>
    requireAccess(routeArgs(t.runtime, "/admin", { cookie })).then(
      () => true,
      (refusal: Response) => {
        expect(refusal.status).toBe(302);
        return false;
      },
    );

  it("ends a session 12 hours after sign-in by default, however recently it was used", async () => {
    const { id, cookie } = await signedInAccount(t, "long-session@x.test");
    const age = async (hours: number) =>
      t.database.db
        .update(session)
        .set({ createdAt: new Date(Date.now() - hours * HOUR) })
        .where(eq(session.userId, id));
    await age(11.9);
    expect(await signedIn(t, cookie)).toBe(true);
    await age(12.1);
    expect(await signedIn(t, cookie)).toBe(false);
    expect(await t.database.db.select().from(session).where(eq(session.userId, id))).toHaveLength(
      0,
    );
  });

  it("ends a session unused for 2 hours by default, and keeps one in use alive", async () => {
    const { id, cookie } = await signedInAccount(t, "idle-session@x.test");
    const [row] = await t.database.db.select().from(session).where(eq(session.userId, id));
    expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBeCloseTo(
      2 * HOUR,
      -4,
    );
    // Only Date is faked: the databases' own timers keep running.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    try {
      // Used every 1 h 55 min: each use pushes the end back, past the first 2 hours.
      for (let use = 0; use < 3; use++) {
        vi.setSystemTime(Date.now() + 115 * 60 * 1000);
        expect(await signedIn(t, cookie)).toBe(true);
      }
      // Then left alone for 2 hours and a minute.
      vi.setSystemTime(Date.now() + 121 * 60 * 1000);
      expect(await signedIn(t, cookie)).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it("ends every session of a user when their password or role changes, not on a same-value ensure", async () => {
    const account = { email: "rotated@x.test", password: "rotated-password-1" };
    await ensureUser(t.runtime.auth, { ...account, role: "admin" });
    const signedIn = async (cookie: string) =>
      (await t.runtime.auth.api.getSession({ headers: new Headers({ cookie }) })) !== null;

    const first = await sessionCookie(t, account);
    const second = await sessionCookie(t, account);
    await ensureUser(t.runtime.auth, { ...account, role: "admin" });
    expect(await signedIn(first)).toBe(true);

    const changed = { ...account, password: "rotated-password-2" };
    await ensureUser(t.runtime.auth, { ...changed, role: "admin" });
    expect(await signedIn(first)).toBe(false);
    expect(await signedIn(second)).toBe(false);

    const third = await sessionCookie(t, changed);
    await ensureUser(t.runtime.auth, { ...changed, role: null });
    expect(await signedIn(third)).toBe(false);
  });

  it("signs out with a POST that ends the session, and refuses a cross-site POST", async () => {
    const response = await outcome(await postLogin(t, TEST_ADMIN, "203.0.113.60"));
    const cookie = (response.response?.headers.getSetCookie() ?? [])
      .map((c) => c.split(";")[0])
      .join("; ");
    const crossSite = await callRoute(logoutAction, t.runtime, "/admin/logout", {
      method: "POST",
      cookie,
      headers: { Origin: "https://evil.test" },
    });
    expect(crossSite.status).toBe(403);
    expect(
      await t.runtime.auth.api.getSession({ headers: new Headers({ cookie }) }),
    ).not.toBeNull();

    const out = await callRoute(logoutAction, t.runtime, "/admin/logout", {
      method: "POST",
      cookie,
      headers: { Origin: SITE },
    });
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/admin/login");
    expect(await t.runtime.auth.api.getSession({ headers: new Headers({ cookie }) })).toBeNull();
  });

  it("carries a signed flash message across one redirect, and ignores a forged one", async () => {
    const setCookie = await commitFlash(t.runtime, {
      kind: "success",
      title: "Success",
      description: "Saved",
    });
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/Path=\/;/);
    const request = new Request(`${SITE}/admin`, {
      headers: { cookie: setCookie.split(";")[0] ?? "" },
    });
    const { flash, clear } = await takeFlash(request, t.runtime);
    expect(flash).toMatchObject({ kind: "success", title: "Success", description: "Saved" });
    expect(clear).toMatch(/Max-Age=0/i);

    const forged = `admin_flash=${Buffer.from(JSON.stringify({ id: "x", kind: "error", title: "Go to evil.test" })).toString("base64")}`;
    const taken = await takeFlash(
      new Request(`${SITE}/admin`, { headers: { cookie: forged } }),
      t.runtime,
    );
    expect(taken.flash).toBeNull();
  });
});

describe.each(testDrivers)("session lifetimes from the configuration on %s", (driver) => {
  let t: TestRuntime;
  beforeAll(async () => {
    t = await createTestRuntime(driver, { SESSION_MAX_HOURS: "1", SESSION_IDLE_HOURS: "0.5" });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("ends sessions after SESSION_IDLE_HOURS unused and SESSION_MAX_HOURS in all", async () => {
    const [admin] = await t.database.db.select().from(user).where(eq(user.email, TEST_ADMIN.email));
    const userId = admin?.id ?? "";
    const [row] = await t.database.db.select().from(session).where(eq(session.userId, userId));
    const lifetime = (row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0);
    expect(lifetime).toBeCloseTo(30 * 60 * 1000, -4);

    const guard = () => requireAccess(routeArgs(t.runtime, "/admin", { cookie: t.cookies.admin }));
    expect((await guard()).email).toBe(TEST_ADMIN.email);
    await t.database.db
      .update(session)
      .set({ createdAt: new Date(Date.now() - 61 * 60 * 1000) })
      .where(eq(session.userId, userId));
    await expect(guard()).rejects.toSatisfy((r: Response) => r.status === 302);
  });

  it("signs in with a password of 8 characters set before the 12-character rule", async () => {
    const email = "eight@x.test";
    await ensureUser(t.runtime.auth, { email, password: "a-placeholder-password", role: "admin" });
    const ctx = await t.runtime.auth.$context;
    const [old] = await t.database.db.select().from(user).where(eq(user.email, email));
    await ctx.internalAdapter.updatePassword(old?.id ?? "", await ctx.password.hash("8-chars!"));
    const result = await outcome(await postLogin(t, { email, password: "8-chars!" }));
    expect(result.status).toBe(302);
    expect(result.response?.headers.get("location")).toBe("/admin/portfolio");
  });
});

describe("cross-site check for resource-route POSTs", () => {
  const post = (headers: Record<string, string>) =>
    new Request("http://127.0.0.1:3000/admin/logout", { method: "POST", headers });
  it("accepts our origin and requests without browser headers; refuses other sites", () => {
    expect(isCrossSiteRequest(post({ Origin: "https://studio.test" }), "https://studio.test")).toBe(
      false,
    );
    expect(
      isCrossSiteRequest(post({ Origin: "http://127.0.0.1:3000" }), "https://studio.test"),
    ).toBe(false);
    expect(isCrossSiteRequest(post({}), "https://studio.test")).toBe(false);
    expect(isCrossSiteRequest(post({ Origin: "https://evil.test" }), "https://studio.test")).toBe(
      true,
    );
    expect(isCrossSiteRequest(post({ Origin: "null" }), "https://studio.test")).toBe(true);
    expect(
      isCrossSiteRequest(post({ "Sec-Fetch-Site": "cross-site" }), "https://studio.test"),
    ).toBe(true);
  });
});

describe("sign-in limiter", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("makes a failing address wait a delay that doubles with each failure", async () => {
    vi.useFakeTimers();
    const limiter = createSignInLimiter();
    const fail = async (ip: string) => {
      const attempt = await limiter.begin(ip, "a@x.test");
      if (!attempt.allowed) throw new Error(`refused for ${attempt.retryAfterSeconds} s`);
      await attempt.failed();
    };
    for (let i = 0; i < 5; i++) await fail("ip");
    for (const seconds of [30, 60, 120]) {
      expect(await limiter.begin("ip", "A@X.test ")).toEqual({
        allowed: false,
        retryAfterSeconds: seconds,
      });
      await vi.advanceTimersByTimeAsync(seconds * 1000);
      await fail("ip");
    }
    expect(slowDownSeconds(4)).toBe(0);
    expect(slowDownSeconds(5)).toBe(30);
    expect(slowDownSeconds(20)).toBe(SIGN_IN_LIMITS.maxDelaySeconds);
  });
});
