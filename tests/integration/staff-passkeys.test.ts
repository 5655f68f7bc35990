import { passkey, session } from "@server/db/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSKEY_MESSAGES } from "~/entities/staff/view";
import { loader as auditCsvLoader } from "~/routes/admin/audit-csv";
import { loader as backupDownloadLoader } from "~/routes/admin/backup-download";
import { loader as blogLoader } from "~/routes/admin/blog";
import { loader as inquiriesCsvLoader } from "~/routes/admin/inquiries-csv";
import { action as passkeyConfirmAction } from "~/routes/admin/passkey-confirm";
import { action as registerAction } from "~/routes/admin/passkey-register";
import { action as passkeySignInAction } from "~/routes/admin/passkey-sign-in";
import { loader as resumeLoader } from "~/routes/admin/resume";
import { action as staffAction } from "~/routes/admin/staff";
import { action as deactivateAction } from "~/routes/admin/staff-change";
import { action as codeAction } from "~/routes/admin/two-factor";
import {
  callRoute,
  createTestRuntime,
  postTo,
  type RouteHandler,
  SITE,
  type TestRuntime,
  toastOf,
} from "../support/admin-runtime";
import { testDrivers } from "../support/database";
import {
  type Answer,
  codeFor,
  cookiesOf,
  dataOf,
  settle,
  statusOf,
} from "../support/route-answers";
import { SoftAuthenticator } from "../support/soft-authenticator";
import { STAFF_PASSWORD as PASSWORD, staffPeople } from "../support/staff-people";

/**
 * Issue #29 item 4: passkeys (better-auth's passkey plugin, decision 0304) registered from the
 * account page and used to sign in without a password or a code, with a software authenticator
 * (ES256, "none" attestation) answering the server's real options; the regenerated recovery codes;
 * and what "Require two-factor for all staff" does to resource routes. On both databases.
 */

const form = (fields: Record<string, string>) => new URLSearchParams(fields);
const joinCookies = (...cookies: string[]) => cookies.filter(Boolean).join("; ");

describe.each(testDrivers)("passkeys and recovery codes on %s", (driver) => {
  let t: TestRuntime;
  beforeAll(async () => {
    t = await createTestRuntime(driver);
  });
  afterAll(async () => {
    await t?.close();
  });
  const db = () => t.runtime.database.db;
  const { newStaff, signIn, whoIs, account, view, audits } = staffPeople(
    () => t,
    driver,
    "passkey",
  );
  /** A POST to one of the three passkey routes: the JSON answer, its status and its cookies. */
  const call = async (
    handler: RouteHandler<Record<string, never>, Promise<Response>>,
    path: string,
    fields: Record<string, string>,
    cookie = "",
    origin = SITE,
  ) => {
    const response = (await settle(
      callRoute(handler, t.runtime, path, {
        method: "POST",
        body: form(fields),
        cookie,
        headers: { origin, "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0" },
      }),
    )) as Response;
    return {
      status: response.status,
      body: (await response.json()) as Record<string, unknown>,
      cookies: cookiesOf(response.headers),
    };
  };
  /** "Add a passkey" with the soft authenticator. */
  const addPasskey = async (cookie: string, authenticator: SoftAuthenticator) => {
    const path = "/admin/account/passkeys";
    const begun = await call(registerAction, path, { step: "options" }, cookie);
    expect(begun.status).toBe(200);
    const options = begun.body.options as Parameters<SoftAuthenticator["create"]>[0] & {
      authenticatorSelection: { userVerification: string; residentKey: string };
    };
    expect(options.authenticatorSelection).toMatchObject({
      userVerification: "required",
      residentKey: "required",
    });
    const answer = authenticator.create(options);
    return call(
      registerAction,
      path,
      { step: "verify", response: JSON.stringify(answer) },
      joinCookies(cookie, begun.cookies),
    );
  };
  /** "Sign in with a passkey": no e-mail, no password. */
  const passkeySignIn = async (authenticator: SoftAuthenticator, redirectTo = "") => {
    const path = "/admin/login/passkey";
    const begun = await call(passkeySignInAction, path, { step: "options" });
    expect(begun.status).toBe(200);
    // Issue #47 item 14: the authenticator is asked to verify the person, as the server requires.
    expect((begun.body.options as { userVerification: string }).userVerification).toBe("required");
    const answer = authenticator.get(begun.body.options as { challenge: string });
    return call(
      passkeySignInAction,
      path,
      { step: "verify", response: JSON.stringify(answer), redirectTo },
      begun.cookies,
    );
  };

  it("registers a passkey from the account page and signs in with it, without a password or a code", async () => {
    const me = await newStaff("editor");
    const authenticator = new SoftAuthenticator(SITE);
    const added = await addPasskey(me.cookie, authenticator);
    expect(added.status).toBe(200);
    expect(added.body.ok).toBe(true);
    const listed = (await view(me.cookie)).passkeys as { name: string; createdAt: Date }[];
    expect(listed).toHaveLength(1);
    expect(listed[0]?.name).toBe("Chrome on Linux");
    expect(listed[0]?.createdAt).toBeInstanceOf(Date);
    const [added_] = await audits("passkey_added", me.email);
    expect(added_?.actorEmail).toBe(me.email);
    expect(added_?.changes).toEqual({ passkey: { before: null, after: "Chrome on Linux" } });

    const signedIn = await passkeySignIn(authenticator, "/admin/blog/categories");
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.redirectTo).toBe("/admin/blog/categories");
    const who = await whoIs(signedIn.cookies);
    expect(who?.email).toBe(me.email);
    expect(who?.role).toBe("editor");
    const [row] = await db()
      .select()
      .from(session)
      .where(eq(session.id, who?.sessionId ?? ""));
    expect(row?.passkey).toBe(true);
    expect((await audits("sign_in", me.email)).length).toBeGreaterThan(0);
    // The signature counter moved on.
    const [stored] = await db().select().from(passkey).where(eq(passkey.userId, me.id));
    expect(stored?.counter).toBe(1);
  });

  it("skips the code step for a person with two-factor on, and counts as two factors when it is required", async () => {
    const admin = await newStaff("admin");
    const me = await newStaff("editor");
    const authenticator = new SoftAuthenticator(SITE);
    expect((await addPasskey(me.cookie, authenticator)).status).toBe(200);

    // TOTP on too: a password asks for the code; a passkey does not.
    expect(
      statusOf(await account(me.cookie, { intent: "two-factor-start", password: PASSWORD })),
    ).toBe(302);
    const setup = (await view(me.cookie)).setup as { setupKey: string };
    const on = (await account(me.cookie, {
      intent: "two-factor-verify",
      code: await codeFor(setup.setupKey),
    })) as Answer;
    expect((on.data as { recoveryCodes: string[] }).recoveryCodes).toHaveLength(10);
    const byPassword = await t.runtime.auth.api.signInEmail({
      body: { email: me.email, password: PASSWORD },
      asResponse: true,
    });
    expect(((await byPassword.json()) as { twoFactorRedirect?: boolean }).twoFactorRedirect).toBe(
      true,
    );
    const byPasskey = await passkeySignIn(authenticator);
    expect(byPasskey.status).toBe(200);
    expect(byPasskey.body.redirectTo).toBe("/admin/blog");
    expect((await whoIs(byPasskey.cookies))?.email).toBe(me.email);

    // "Require two-factor": someone without TOTP who signed in with a passkey is let through; the
    // same person signed in with only a password is sent to set it up.
    const other = await newStaff("editor");
    const otherKey = new SoftAuthenticator(SITE);
    expect((await addPasskey(other.cookie, otherKey)).status).toBe(200);
    const adminOn = await account(admin.cookie, { intent: "two-factor-start", password: PASSWORD });
    expect(statusOf(adminOn)).toBe(302);
    const adminSetup = (await view(admin.cookie)).setup as { setupKey: string };
    const adminVerified = (await account(admin.cookie, {
      intent: "two-factor-verify",
      code: await codeFor(adminSetup.setupKey),
    })) as Answer;
    const adminCookie = cookiesOf(new Headers(adminVerified.init?.headers));
    const require = (on: boolean) =>
      postTo(
        t,
        staffAction,
        "/admin/staff",
        form(
          on ? { intent: "require-two-factor", required: "on" } : { intent: "require-two-factor" },
        ),
        { cookie: adminCookie },
      );
    await require(true);
    try {
      const blog = (cookie: string) =>
        settle(callRoute(blogLoader, t.runtime, "/admin/blog", { cookie }));
      const sentAway = (await blog(other.cookie)) as Response;
      expect(sentAway.status).toBe(302);
      expect(sentAway.headers.get("location")).toBe("/admin/account");
      expect((await view(other.cookie)).required).toBe(true);
      const withPasskey = await passkeySignIn(otherKey);
      expect(withPasskey.status).toBe(200);
      expect(statusOf(await blog(withPasskey.cookies))).toBe(200);
      expect((await view(withPasskey.cookies)).required).toBe(false);
    } finally {
      await require(false);
    }
  });

  it("refuses a forged signature, an authenticator that does not verify the person, a removed passkey and a deactivated account", async () => {
    const admin = await newStaff("admin");
    const me = await newStaff("editor");
    const authenticator = new SoftAuthenticator(SITE);
    expect((await addPasskey(me.cookie, authenticator)).status).toBe(200);

    // A signature over another challenge.
    const begun = await call(passkeySignInAction, "/admin/login/passkey", { step: "options" });
    const forged = authenticator.get({ challenge: "bm90IHRoZSBzZXJ2ZXIncyBjaGFsbGVuZ2U" });
    const refused = await call(
      passkeySignInAction,
      "/admin/login/passkey",
      { step: "verify", response: JSON.stringify(forged) },
      begun.cookies,
    );
    expect(refused.status).toBe(401);
    expect(refused.cookies).not.toMatch(/session_token/);
    // No challenge cookie at all.
    const noChallenge = await call(passkeySignInAction, "/admin/login/passkey", {
      step: "verify",
      response: JSON.stringify(authenticator.get({ challenge: "eA" })),
    });
    expect(noChallenge.status).toBe(401);

    // Without user verification a passkey is one factor: refused at sign-in and at registration.
    authenticator.userVerification = false;
    expect((await passkeySignIn(authenticator)).status).toBe(401);
    expect((await addPasskey(me.cookie, authenticator)).status).toBe(400);
    authenticator.userVerification = true;

    // Adding one needs a recent password (the step-up).
    const meNow = await whoIs(me.cookie);
    await db()
      .update(session)
      .set({ verifiedAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(session.id, meNow?.sessionId ?? ""));
    const stale = await call(
      registerAction,
      "/admin/account/passkeys",
      { step: "options" },
      me.cookie,
    );
    expect(stale.status).toBe(403);
    expect(stale.body.confirm).toBe("/admin/confirm?redirectTo=%2Fadmin%2Faccount");

    // Someone else's passkey cannot be removed; one's own can, and then signs in no more.
    const [mine] = await db()
      .select({ id: passkey.id })
      .from(passkey)
      .where(eq(passkey.userId, me.id));
    const notYours = (await account(admin.cookie, {
      intent: "passkey-remove",
      id: mine?.id ?? "",
    })) as Response;
    expect(await toastOf(t.runtime, notYours)).toBe(
      "Error: That passkey has already been removed.",
    );
    expect(await db().select().from(passkey).where(eq(passkey.userId, me.id))).toHaveLength(1);
    const removed = (await account(me.cookie, {
      intent: "passkey-remove",
      id: mine?.id ?? "",
    })) as Response;
    expect(await toastOf(t.runtime, removed)).toBe("Success: Passkey removed.");
    expect(await db().select().from(passkey).where(eq(passkey.userId, me.id))).toHaveLength(0);
    const [removedRow] = await audits("passkey_removed", me.email);
    expect(removedRow?.changes).toEqual({ passkey: { before: "Chrome on Linux", after: null } });
    expect((await passkeySignIn(authenticator)).status).toBe(401);

    // A deactivated account's passkey starts no session.
    const again = new SoftAuthenticator(SITE);
    const fresh = await signIn(me.email);
    expect((await addPasskey(fresh, again)).status).toBe(200);
    await postTo(t, deactivateAction, `/admin/staff/${me.id}/deactivate`, form({}), {
      cookie: admin.cookie,
      params: { id: me.id },
    });
    const deactivated = await passkeySignIn(again);
    expect(deactivated.status).toBe(403);
    expect(deactivated.body.error).toBe("This account has been deactivated.");
  });

  it("accepts a passkey of the person's own at the step-up, and keeps their session", async () => {
    const me = await newStaff("editor");
    const mine = new SoftAuthenticator(SITE);
    expect((await addPasskey(me.cookie, mine)).status).toBe(200);
    const someone = await newStaff("editor");
    const theirs = new SoftAuthenticator(SITE);
    expect((await addPasskey(someone.cookie, theirs)).status).toBe(200);
    const sessionId = (await whoIs(me.cookie))?.sessionId ?? "";
    const clock = async () => {
      const [row] = await db()
        .select({ at: session.verifiedAt })
        .from(session)
        .where(eq(session.id, sessionId));
      return row?.at.getTime() ?? 0;
    };
    const stale = new Date(Date.now() - 11 * 60_000);
    await db().update(session).set({ verifiedAt: stale }).where(eq(session.id, sessionId));
    const sessionsOf = async () =>
      (await db().select().from(session).where(eq(session.userId, me.id))).length;
    const sessionsBefore = await sessionsOf();
    const path = "/admin/confirm/passkey";
    const confirm = async (authenticator: SoftAuthenticator) => {
      const begun = await call(passkeyConfirmAction, path, { step: "options" }, me.cookie);
      expect(begun.status).toBe(200);
      const options = begun.body.options as {
        challenge: string;
        allowCredentials?: unknown[];
        userVerification: string;
      };
      // Only the person's own passkeys are offered, and each must verify the person.
      expect(options.allowCredentials).toHaveLength(1);
      expect(options.userVerification).toBe("required");
      return call(
        passkeyConfirmAction,
        path,
        {
          step: "verify",
          response: JSON.stringify(authenticator.get(options)),
          redirectTo: "/admin/blog",
        },
        joinCookies(me.cookie, begun.cookies),
      );
    };
    // Someone else's passkey confirms nothing (and leaves no session behind).
    const wrong = await confirm(theirs);
    expect(wrong.status).toBe(401);
    expect(await clock()).toBe(stale.getTime());
    // A failed step-up is on the audit log (issue #47 item 12).
    expect(await audits("verification_failed", me.email)).toHaveLength(1);
    const right = await confirm(mine);
    expect(right.status).toBe(200);
    expect(right.body.redirectTo).toBe("/admin/blog");
    expect(Date.now() - (await clock())).toBeLessThan(60_000);
    // No new session, and the one the person had goes on.
    expect(right.cookies).not.toMatch(/session_token/);
    expect(await sessionsOf()).toBe(sessionsBefore);
    expect((await whoIs(me.cookie))?.sessionId).toBe(sessionId);
    expect(await db().select().from(session).where(eq(session.userId, someone.id))).toHaveLength(1);
  });

  it("refuses, on each of the three routes, a cross-site post, an answer that is not JSON and an unknown step", async () => {
    const me = await newStaff("editor");
    const routes = [
      [registerAction, "/admin/account/passkeys", me.cookie, PASSKEY_MESSAGES.addFailed],
      [passkeySignInAction, "/admin/login/passkey", "", PASSKEY_MESSAGES.signInFailed],
      [passkeyConfirmAction, "/admin/confirm/passkey", me.cookie, PASSKEY_MESSAGES.signInFailed],
    ] as const;
    for (const [handler, path, cookie, message] of routes) {
      const refusals = [
        [403, await call(handler, path, { step: "options" }, cookie, "https://elsewhere.test")],
        [400, await call(handler, path, { step: "verify", response: "{not json" }, cookie)],
        [400, await call(handler, path, { step: "finish" }, cookie)],
      ] as const;
      for (const [status, answer] of refusals) {
        expect({ path, status: answer.status, body: answer.body }).toEqual({
          path,
          status,
          body: { error: message },
        });
        expect(answer.cookies).toBe("");
      }
    }
    // Sign-in wants an object: JSON that is not one is refused the same way.
    const scalar = await call(passkeySignInAction, "/admin/login/passkey", {
      step: "verify",
      response: "42",
    });
    expect(scalar).toEqual({
      status: 400,
      body: { error: PASSKEY_MESSAGES.signInFailed },
      cookies: "",
    });
  });

  it("regenerates the recovery codes with the password: the old ones stop working, the new ones work once", async () => {
    const me = await newStaff("editor");
    expect(
      statusOf(await account(me.cookie, { intent: "two-factor-start", password: PASSWORD })),
    ).toBe(302);
    const setup = (await view(me.cookie)).setup as { setupKey: string };
    const on = (await account(me.cookie, {
      intent: "two-factor-verify",
      code: await codeFor(setup.setupKey),
    })) as Answer;
    const cookie = cookiesOf(new Headers(on.init?.headers));
    const oldCodes = (on.data as { recoveryCodes: string[] }).recoveryCodes;

    const wrong = await account(cookie, {
      intent: "recovery-codes",
      recoveryPassword: "wrong one",
    });
    expect(statusOf(wrong)).toBe(400);
    expect(dataOf(wrong).fieldErrors).toEqual({
      recoveryPassword: ["The current password is not correct."],
    });
    const made = (await account(cookie, {
      intent: "recovery-codes",
      recoveryPassword: PASSWORD,
    })) as Answer;
    expect(statusOf(made)).toBe(200);
    const answer = made.data as { recoveryCodes: string[]; regenerated: boolean };
    expect(answer.regenerated).toBe(true);
    expect(answer.recoveryCodes).toHaveLength(10);
    expect(answer.recoveryCodes.filter((code) => oldCodes.includes(code))).toHaveLength(0);
    const [row] = await audits("recovery_codes_regenerated", me.email);
    expect(row?.actorEmail).toBe(me.email);

    const challenge = async () => {
      const response = await t.runtime.auth.api.signInEmail({
        body: { email: me.email, password: PASSWORD },
        asResponse: true,
      });
      return cookiesOf(response.headers);
    };
    const enter = async (code: string) =>
      (await settle(
        callRoute(codeAction, t.runtime, "/admin/two-factor", {
          method: "POST",
          body: form({ code, redirectTo: "" }),
          cookie: await challenge(),
        }),
      )) as Response | Answer;
    expect(statusOf(await enter(oldCodes[0] ?? ""))).toBe(401);
    const used = (await enter(answer.recoveryCodes[0] ?? "")) as Response;
    expect(used.status).toBe(302);
    expect(used.headers.get("location")).toBe("/admin/blog");
    expect(statusOf(await enter(answer.recoveryCodes[0] ?? ""))).toBe(401);
  });

  it("refuses the resource routes (a resume, a CSV export, a backup download) to staff without two-factor while it is required", async () => {
    const admin = await newStaff("admin");
    const other = await newStaff("admin");
    const on = await account(admin.cookie, { intent: "two-factor-start", password: PASSWORD });
    expect(statusOf(on)).toBe(302);
    const setup = (await view(admin.cookie)).setup as { setupKey: string };
    const verified = (await account(admin.cookie, {
      intent: "two-factor-verify",
      code: await codeFor(setup.setupKey),
    })) as Answer;
    const adminCookie = cookiesOf(new Headers(verified.init?.headers));
    const require = (required: boolean) =>
      postTo(
        t,
        staffAction,
        "/admin/staff",
        form(
          required
            ? { intent: "require-two-factor", required: "on" }
            : { intent: "require-two-factor" },
        ),
        { cookie: adminCookie },
      );
    const resources = (cookie: string) =>
      Promise.all([
        settle(
          callRoute(resumeLoader, t.runtime, "/admin/job-applications/1/resume", {
            cookie,
            params: { id: "1" },
          }),
        ),
        settle(callRoute(inquiriesCsvLoader, t.runtime, "/admin/inquiries.csv", { cookie })),
        settle(callRoute(auditCsvLoader, t.runtime, "/admin/audit.csv", { cookie })),
        settle(
          callRoute(backupDownloadLoader, t.runtime, "/admin/backups/some-run/download", {
            cookie,
            params: { id: "some-run" },
          }),
        ),
      ]) as Promise<Response[]>;
    // Not required: the admin without two-factor is served (a resume that does not exist: 404;
    // the exports stream; the backup goes to its link or says it is gone).
    const before = await resources(other.cookie);
    expect(before.map((r) => r.status)).not.toContain(403);
    await require(true);
    try {
      const refused = await resources(other.cookie);
      for (const response of refused) {
        expect(response.status).toBe(403);
        expect(await response.text()).toBe(
          "Forbidden: Two-factor authentication is required: turn it on first.",
        );
      }
      // The admin with two-factor still is.
      const served = await resources(adminCookie);
      expect(served.map((r) => r.status)).not.toContain(403);
    } finally {
      await require(false);
    }
  });
});
