import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as loginAction, loader as loginLoader } from "../../app/routes/admin/login";
import { action as logoutAction } from "../../app/routes/admin/logout";
import { signInLimiterFor } from "../../server/admin/sign-in";
import {
  requireAdmin,
  requireAdminResource,
  safeRedirectTarget,
} from "../../server/security/admin-access";
import { commitFlash, takeFlash } from "../../server/security/flash";
import { isCrossSiteRequest } from "../../server/security/origin";
import { createSignInLimiter, SIGN_IN_LIMITS } from "../../server/security/rate-limit";
import { TEST_ADMIN, TEST_VIEWER } from "../support/admin-data";
import { createTestRuntime, routeArgs, SITE, type TestRuntime } from "../support/admin-runtime";
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
      expect(safeRedirectTarget(bad)).toBe("/admin/portfolio");
    }
    expect(safeRedirectTarget("/admin")).toBe("/admin");
    expect(safeRedirectTarget("/admin/team")).toBe("/admin/team");
  });

  it("sends a signed-in admin from /admin/login to /admin/portfolio; tells a non-admin why", async () => {
    const admin = loginLoader(
      routeArgs(t.runtime, "/admin/login", { cookie: t.cookies.admin }) as never,
    );
    await expect(admin).rejects.toSatisfy(
      (r: Response) => r.status === 302 && r.headers.get("location") === "/admin/portfolio",
    );
    const viewer = (await loginLoader(
      routeArgs(t.runtime, "/admin/login", { cookie: t.cookies.viewer }) as never,
    )) as unknown as { data: { signedInAs: string } };
    expect(viewer.data.signedInAs).toBe(TEST_VIEWER.email);
  });

  it("signs a non-admin in but back to the login page, not into the back-office", async () => {
    const result = await outcome(await postLogin(t, { ...TEST_VIEWER, redirectTo: "/admin" }));
    expect(result.response?.headers.get("location")).toBe("/admin/login");
  });

  it("guards pages with a redirect and resources with 401/403", async () => {
    const anonymous = routeArgs(t.runtime, "/admin/team");
    await expect(requireAdmin(anonymous)).rejects.toSatisfy(
      (r: Response) =>
        r.status === 302 &&
        r.headers.get("location") === "/admin/login?redirectTo=%2Fadmin%2Fteam" &&
        r.headers.get("cache-control") === "private, no-store",
    );
    const viewer = routeArgs(t.runtime, "/admin/team", { cookie: t.cookies.viewer });
    await expect(requireAdmin(viewer)).rejects.toSatisfy((r: Response) => r.status === 302);
    await expect(
      requireAdminResource(routeArgs(t.runtime, "/admin/inquiries.csv")),
    ).rejects.toSatisfy((r: Response) => r.status === 401);
    await expect(
      requireAdminResource(
        routeArgs(t.runtime, "/admin/inquiries.csv", { cookie: t.cookies.viewer }),
      ),
    ).rejects.toSatisfy((r: Response) => r.status === 403);
    const admin = await requireAdmin(routeArgs(t.runtime, "/admin", { cookie: t.cookies.admin }));
    expect(admin.email).toBe(TEST_ADMIN.email);
  });

  it("limits failed sign-ins per account: the 6th attempt is refused, even with the right password", async () => {
    const email = "locked@x.test";
    for (let i = 0; i < SIGN_IN_LIMITS.perAccount.points; i++) {
      expect(
        (await outcome(await postLogin(t, { email, password: `wrong-${i}-xx` }, `192.0.2.${i}`)))
          .status,
      ).toBe(401);
    }
    const refused = await outcome(
      await postLogin(t, { email, password: "any-password" }, "192.0.2.99"),
    );
    expect(refused.status).toBe(429);
    expect(refused.error).toMatchObject({ title: "Login Failed" });
    expect(refused.error?.description).toMatch(
      /^Too many sign-in attempts\. Please try again in \d+ minutes?\.$/,
    );
  });

  it("limits failed sign-ins per IP address across accounts", async () => {
    const ip = "198.51.100.200";
    for (let i = 0; i < SIGN_IN_LIMITS.perIp.points; i++) {
      await postLogin(t, { email: `user${i}@x.test`, password: "wrong-pass-1" }, ip);
    }
    const refused = await outcome(await postLogin(t, TEST_ADMIN, ip));
    expect(refused.status).toBe(429);
    // Another address is not affected.
    expect((await outcome(await postLogin(t, TEST_ADMIN, "198.51.100.201"))).status).toBe(302);
  });

  it("forgets an account's failures after a successful sign-in", async () => {
    const limiter = signInLimiterFor(t.runtime);
    const ip = "203.0.113.50";
    for (let i = 0; i < SIGN_IN_LIMITS.perAccount.points - 1; i++) {
      await limiter.recordFailure(ip, TEST_ADMIN.email);
    }
    expect((await outcome(await postLogin(t, TEST_ADMIN, ip))).status).toBe(302);
    await limiter.recordFailure(ip, TEST_ADMIN.email);
    expect(await limiter.check(ip, TEST_ADMIN.email)).toEqual({ allowed: true });
  });

  it("signs out with a POST that ends the session, and refuses a cross-site POST", async () => {
    const response = await outcome(await postLogin(t, TEST_ADMIN, "203.0.113.60"));
    const cookie = (response.response?.headers.getSetCookie() ?? [])
      .map((c) => c.split(";")[0])
      .join("; ");
    const crossSite = await logoutAction(
      routeArgs(t.runtime, "/admin/logout", {
        method: "POST",
        cookie,
        headers: { Origin: "https://evil.test" },
      }) as never,
    );
    expect(crossSite.status).toBe(403);
    expect(
      await t.runtime.auth.api.getSession({ headers: new Headers({ cookie }) }),
    ).not.toBeNull();

    const out = await logoutAction(
      routeArgs(t.runtime, "/admin/logout", {
        method: "POST",
        cookie,
        headers: { Origin: SITE },
      }) as never,
    );
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
  it("counts failures only and reports how long to wait", async () => {
    const limiter = createSignInLimiter({
      perIp: { points: 3, durationSeconds: 60 },
      perAccount: { points: 2, durationSeconds: 120 },
    });
    expect(await limiter.check("ip", "a@x.test")).toEqual({ allowed: true });
    await limiter.recordFailure("ip", "A@X.test");
    await limiter.recordFailure("ip", "a@x.test ");
    const verdict = await limiter.check("other-ip", "a@x.test");
    expect(verdict.allowed).toBe(false);
    expect(verdict.allowed === false && verdict.retryAfterSeconds).toBeGreaterThan(60);
  });
});
