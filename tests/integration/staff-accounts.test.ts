import { auditEvents, notifications, session, user, verification } from "@server/db/schema";
import { getSessionUser } from "@server/security/admin-access";
import { CommonPasswordError, isCommonPassword } from "@server/security/passwords";
import { listStaff, STAFF_MESSAGES } from "@server/staff/accounts";
import { ensureUser } from "@server/staff/auth";
import { setTwoFactorRequired } from "@server/staff/settings";
import { and, desc, eq, like } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { RESET_ANSWER as RESET_ANSWER_SHOWN } from "~/entities/staff/view";
import { action as accountAction } from "~/routes/admin/account";
import { action as confirmAction } from "~/routes/admin/confirm";
import { action as forgotAction } from "~/routes/admin/forgot-password";
import { action as loginAction } from "~/routes/admin/login";
import {
  action as setPasswordAction,
  loader as setPasswordLoader,
} from "~/routes/admin/set-password";
import { action as staffAction, loader as staffLoader } from "~/routes/admin/staff";
import {
  action as deactivateAction,
  loader as deactivateLoader,
  action as removeAction,
  loader as removeLoader,
} from "~/routes/admin/staff-change";
import { TEST_ADMIN, TEST_EDITOR } from "../support/admin-data";
import {
  callRoute,
  createTestRuntime,
  postTo,
  SITE,
  type TestRuntime,
  toastOf,
} from "../support/admin-runtime";
import { testDrivers } from "../support/database";
import { type Answer, dataOf, settle, statusOf } from "../support/route-answers";

/**
 * Staff accounts (issue #29 items 2 and 3): invitations and resets through single-use links that
 * expire, the same answer for known and unknown addresses, sessions ended on deactivation and
 * reset, the last-admin rule, the common-password refusal, an audit row for each kind of write.
 */

const HOUR = 60 * 60_000;
const NEW_PASSWORD = "a fresh staff passphrase";
const RESET_ANSWER = "If an account exists for that address, we've sent a link.";

/** What a loader or action answered: `data(...)`'s value, or the plain object returned. */

describe.each(testDrivers)("staff accounts on %s", (driver) => {
  let t: TestRuntime;
  beforeAll(async () => {
    t = await createTestRuntime(driver);
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const db = () => t.runtime.database.db;

  const form = (fields: Record<string, string>) => new URLSearchParams(fields);
  const staffPost = (fields: Record<string, string>, cookie = t.cookies.admin) =>
    postTo(t, staffAction, "/admin/staff", form(fields), { cookie }) as Promise<unknown>;
  const userByEmail = async (email: string) =>
    (await db().select().from(user).where(eq(user.email, email)))[0];
  /** The token of the latest mail to `email` (the link's `token` parameter). */
  const tokenMailedTo = async (email: string) => {
    const [mail] = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.recipient, email))
      .orderBy(desc(notifications.createdAt))
      .limit(1);
    const token = mail?.textBody.match(/\/admin\/set-password\?token=([A-Za-z0-9_-]{43})/)?.[1];
    if (!token) throw new Error(`no set-password link was mailed to ${email}`);
    return token;
  };
  const mailsTo = async (email: string) =>
    (await db().select().from(notifications).where(eq(notifications.recipient, email))).length;
  const auditOf = async (action: string, entityName: string) =>
    db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, action), eq(auditEvents.entityName, entityName)));
  const openLink = (token: string) =>
    callRoute(
      setPasswordLoader,
      t.runtime,
      `/admin/set-password?token=${encodeURIComponent(token)}`,
    ) as Promise<unknown>;
  const setPassword = (token: string, password = NEW_PASSWORD) =>
    postTo(t, setPasswordAction, `/admin/set-password?token=${token}`, form({ token, password }), {
      cookie: "",
    }) as Promise<unknown>;
  const sessionOf = (cookie: string) =>
    getSessionUser(new Request(`${SITE}/admin`, { headers: { cookie } }), t.runtime);
  const cookieOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  const signInCookie = async (email: string, password: string) => {
    const response = await t.runtime.auth.api.signInEmail({
      body: { email, password },
      asResponse: true,
    });
    return response.ok ? cookieOf(response) : null;
  };
  // Each request from its own address: the per-address limit has its own test.
  let addresses = 0;
  const askReset = (email: string, ip = `192.0.2.${++addresses}`) =>
    callRoute(forgotAction, t.runtime, "/admin/forgot-password", {
      method: "POST",
      body: form({ email }),
      ip,
    }) as Promise<unknown>;
  /** Deactivation goes through its confirmation's action (issue #47). */
  const deactivate = (id: string, cookie = t.cookies.admin) =>
    settle(
      postTo(t, deactivateAction, `/admin/staff/${id}/deactivate`, form({}), {
        params: { id },
        cookie,
      }),
    ) as Promise<Response>;
  const remove = (id: string, cookie = t.cookies.admin) =>
    settle(
      postTo(t, removeAction, `/admin/staff/${id}/remove`, form({}), { params: { id }, cookie }),
    ) as Promise<Response>;
  /** Every token mailed to `email` (its set-password links), oldest first. */
  const tokensMailedTo = async (email: string) => {
    const mails = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.recipient, email))
      .orderBy(notifications.createdAt);
    return mails.flatMap(
      (mail) => mail.textBody.match(/\/admin\/set-password\?token=([A-Za-z0-9_-]{43})/)?.[1] ?? [],
    );
  };
  const loadStaff = () =>
    callRoute(staffLoader, t.runtime, "/admin/staff", { cookie: t.cookies.admin });
  const invite = async (email: string, role: "admin" | "editor") => {
    const response = (await staffPost({ intent: "invite", email, role })) as Response;
    expect(response.status).toBe(302);
    return response;
  };

  it("invites an editor: the account is Invited, the mail holds a link, the invitee sets a password and lands on /admin/blog signed in", async () => {
    const email = "new.editor@staff-tests.test";
    const response = await invite(email, "editor");
    expect(await toastOf(t.runtime, response)).toBe(`Success: Invitation sent to ${email}`);
    const rows = await listStaff(db());
    expect(rows.find((row) => row.email === email)).toMatchObject({
      role: "editor",
      status: "invited",
      lastSignInAt: null,
    });
    const [invitation] = await auditOf("invite", email);
    expect(invitation).toMatchObject({ actorEmail: TEST_ADMIN.email, entityType: "staff" });
    expect(invitation?.changes).toEqual({ role: { before: null, after: "editor" } });

    const token = await tokenMailedTo(email);
    expect(dataOf(await openLink(token))).toMatchObject({
      link: { purpose: "invitation", email },
    });
    // Opening the page spends nothing: the form still works.
    const done = (await setPassword(token)) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/admin/blog");
    const signedIn = await sessionOf(cookieOf(done));
    expect(signedIn).toMatchObject({ email, role: "editor" });
    // Logged as accepting the invitation (issue #47), not as a password change.
    const [accepted] = await auditOf("invite_accept", email);
    expect(accepted?.changes).toEqual({ status: { before: "Invited", after: "Active" } });
    expect(accepted?.actorEmail).toBe(email);
    expect(await auditOf("password_change", email)).toEqual([]);
    expect((await listStaff(db())).find((row) => row.email === email)?.status).toBe("active");

    // Single use: the same link again is refused, and the password stays.
    const again = await setPassword(token, "another fresh passphrase");
    expect(statusOf(again)).toBe(400);
    expect(dataOf(again).error).toMatch(/invalid, used or expired/);
    expect(statusOf(await openLink(token))).toBe(400);
    expect(await signInCookie(email, NEW_PASSWORD)).not.toBeNull();
  });

  it("refuses an address that already has an account, and a malformed one, with the field's message", async () => {
    const taken = await staffPost({ intent: "invite", email: TEST_EDITOR.email, role: "admin" });
    expect(statusOf(taken)).toBe(409);
    expect(dataOf(taken).fieldErrors).toEqual({ email: [STAFF_MESSAGES.exists] });
    const malformed = await staffPost({ intent: "invite", email: "not-an-address", role: "x" });
    expect(statusOf(malformed)).toBe(400);
    expect(Object.keys(dataOf(malformed).fieldErrors as object).sort()).toEqual(["email", "role"]);
  });

  it("keeps an invitation's link 48 hours, then refuses it", async () => {
    const email = "late.invitee@staff-tests.test";
    await invite(email, "admin");
    const token = await tokenMailedTo(email);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 47 * HOUR);
    expect(statusOf(await openLink(token))).toBe(200);
    vi.setSystemTime(Date.now() + 2 * HOUR);
    expect(statusOf(await openLink(token))).toBe(400);
    const late = await setPassword(token);
    expect(statusOf(late)).toBe(400);
    expect(dataOf(late).error).toMatch(/invalid, used or expired/);
    expect((await listStaff(db())).find((row) => row.email === email)?.status).toBe("invited");
  });

  it("refuses a common password (keeping the link usable), a short one, and ensureUser's common one", async () => {
    expect(isCommonPassword("Qwerty123456")).toBe(true);
    expect(isCommonPassword(NEW_PASSWORD)).toBe(false);
    const email = "careful.invitee@staff-tests.test";
    await invite(email, "editor");
    const token = await tokenMailedTo(email);
    const common = await setPassword(token, "qwerty123456");
    expect(statusOf(common)).toBe(400);
    expect(dataOf(common).fieldErrors).toEqual({
      password: [
        "The password is one of the most common passwords, the first ones attackers try: choose another.",
      ],
    });
    const short = await setPassword(token, "too-short");
    expect(dataOf(short).fieldErrors).toEqual({
      password: ["The password must be at least 12 characters."],
    });
    expect(statusOf(await setPassword(token))).toBe(302);
    await expect(
      ensureUser(t.runtime.auth, {
        email: "cli@staff-tests.test",
        password: "1q2w3e4r5t6y",
        role: "admin",
      }),
    ).rejects.toThrow(CommonPasswordError);
  });

  it("answers a reset request the same way, in the same time, for a known and an unknown address", async () => {
    const known = TEST_EDITOR.email;
    const unknown = "nobody@staff-tests.test";
    const ask = async (email: string) => {
      const started = performance.now();
      const answer = await askReset(email);
      return { answer, ms: performance.now() - started };
    };
    const mailsBefore = await mailsTo(known);
    const a = await ask(known);
    const b = await ask(unknown);
    expect(statusOf(a.answer)).toBe(200);
    expect(dataOf(a.answer)).toEqual(dataOf(b.answer));
    expect(dataOf(a.answer)).toEqual({ sent: true });
    for (const { ms } of [a, b]) expect(ms).toBeGreaterThanOrEqual(990);
    expect(Math.abs(a.ms - b.ms)).toBeLessThan(400);
    expect(await mailsTo(known)).toBe(mailsBefore + 1);
    expect(await mailsTo(unknown)).toBe(0);
    // The page shows the words for it.
    expect(RESET_ANSWER_SHOWN).toBe(RESET_ANSWER);
  });

  it("resets a password once, within an hour, and ends every session of that person", async () => {
    const email = "resetting@staff-tests.test";
    await ensureUser(t.runtime.auth, { email, password: "the-old-passphrase", role: "editor" });
    const oldSession = await signInCookie(email, "the-old-passphrase");
    expect(await sessionOf(oldSession ?? "")).not.toBeNull();
    await askReset(email);
    const token = await tokenMailedTo(email);
    expect(dataOf(await openLink(token))).toMatchObject({ link: { purpose: "reset", email } });

    const done = (await setPassword(token)) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/admin/blog");
    expect(await sessionOf(oldSession ?? "")).toBeNull();
    expect(await sessionOf(cookieOf(done))).toMatchObject({ email });
    expect(await signInCookie(email, "the-old-passphrase")).toBeNull();
    expect(await auditOf("password_reset", email)).toHaveLength(1);
    expect(statusOf(await setPassword(token, "yet another passphrase"))).toBe(400);

    // A second link, an hour and a minute later: expired.
    await askReset(email);
    const late = await tokenMailedTo(email);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 59 * 60_000);
    expect(statusOf(await openLink(late))).toBe(200);
    vi.setSystemTime(Date.now() + 2 * 60_000);
    expect(statusOf(await setPassword(late, "yet another passphrase"))).toBe(400);
  });

  it("limits reset requests per address", async () => {
    const ip = "198.51.100.9";
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => askReset("someone@staff-tests.test", ip)),
    );
    const statuses = answers.map(statusOf).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("deactivates an editor (every session ends, sign-in refused) and reactivates them, with audit rows", async () => {
    const email = "deactivated@staff-tests.test";
    await ensureUser(t.runtime.auth, { email, password: "deactivated-passphrase", role: "editor" });
    const cookie = await signInCookie(email, "deactivated-passphrase");
    expect(await sessionOf(cookie ?? "")).not.toBeNull();
    const target = await userByEmail(email);
    // The staff screen's own post no longer deactivates: its button leads to a confirmation.
    const direct = (await staffPost({ intent: "deactivate", id: target?.id ?? "" })) as Response;
    expect(await toastOf(t.runtime, direct)).toBe(`Error: ${STAFF_MESSAGES.updateFailed}`);
    expect(await sessionOf(cookie ?? "")).not.toBeNull();
    const confirmation = dataOf(
      await callRoute(deactivateLoader, t.runtime, `/admin/staff/${target?.id}/deactivate`, {
        cookie: t.cookies.admin,
        params: { id: target?.id ?? "" },
      }),
    );
    expect(confirmation).toEqual({ email });
    const response = await deactivate(target?.id ?? "");
    expect(await toastOf(t.runtime, response)).toBe(
      `Success: ${email} is deactivated and signed out everywhere`,
    );
    expect(await sessionOf(cookie ?? "")).toBeNull();
    expect(await signInCookie(email, "deactivated-passphrase")).toBeNull();
    const login = (await postTo(
      t,
      loginAction,
      "/admin/login",
      form({ email, password: "deactivated-passphrase" }),
      { cookie: "" },
    )) as Answer;
    expect(login.init?.status).toBe(403);
    expect((await listStaff(db())).find((row) => row.email === email)?.status).toBe("deactivated");
    // No reset link for a deactivated account.
    const mails = await mailsTo(email);
    await askReset(email);
    expect(await mailsTo(email)).toBe(mails);

    await staffPost({ intent: "reactivate", id: target?.id ?? "" });
    expect(await signInCookie(email, "deactivated-passphrase")).not.toBeNull();
    expect((await auditOf("deactivate", email))[0]?.changes).toEqual({
      status: { before: "Active", after: "Deactivated" },
    });
    expect(await auditOf("reactivate", email)).toHaveLength(1);
  });

  it("keeps the last active admin: no demotion, deactivation or removal, and says why", async () => {
    // Invited admins (no password yet) do not count: the test admin is the only active one.
    const admin = await userByEmail(TEST_ADMIN.email);
    const id = admin?.id ?? "";
    const rows = await listStaff(db());
    expect(rows.filter((row) => row.lastActiveAdmin).map((row) => row.email)).toEqual([
      TEST_ADMIN.email,
    ]);
    const demoted = (await staffPost({ intent: "role", id, role: "editor" })) as Response;
    expect(await toastOf(t.runtime, demoted)).toBe(`Error: ${STAFF_MESSAGES.lastAdmin}`);
    const deactivated = await deactivate(id);
    expect(await toastOf(t.runtime, deactivated)).toBe(`Error: ${STAFF_MESSAGES.lastAdmin}`);
    const removal = (await postTo(t, removeAction, `/admin/staff/${id}/remove`, form({}), {
      params: { id },
    })) as Response;
    expect(await toastOf(t.runtime, removal)).toBe(`Error: ${STAFF_MESSAGES.lastAdmin}`);
    expect(await userByEmail(TEST_ADMIN.email)).toMatchObject({ role: "admin", banned: false });
    expect(await sessionOf(t.cookies.admin)).not.toBeNull();
    const page = dataOf(
      await callRoute(staffLoader, t.runtime, "/admin/staff", { cookie: t.cookies.admin }),
    );
    expect(page).toMatchObject({ loadError: null });

    // With a second active admin, the change goes through (and ends the editor's sessions).
    const editor = await userByEmail(TEST_EDITOR.email);
    const promoted = (await staffPost({
      intent: "role",
      id: editor?.id ?? "",
      role: "admin",
    })) as Response;
    expect(await toastOf(t.runtime, promoted)).toBe(
      `Success: ${TEST_EDITOR.email} now has the role Admin`,
    );
    expect((await auditOf("role_change", TEST_EDITOR.email))[0]?.changes).toEqual({
      role: { before: "editor", after: "admin" },
    });
    expect(await sessionOf(t.cookies.editor)).toBeNull();
    expect((await listStaff(db())).some((row) => row.lastActiveAdmin)).toBe(false);
    await staffPost({ intent: "role", id: editor?.id ?? "", role: "editor" });
    expect((await userByEmail(TEST_EDITOR.email))?.role).toBe("editor");
  });

  it("removes an account after the confirmation, with its audit row", async () => {
    const email = "leaving@staff-tests.test";
    await invite(email, "editor");
    const leaving = await userByEmail(email);
    const id = leaving?.id ?? "";
    const confirm = dataOf(
      await callRoute(removeLoader, t.runtime, `/admin/staff/${id}/remove`, {
        cookie: t.cookies.admin,
        params: { id },
      }),
    );
    expect(confirm).toEqual({ email });
    const removed = (await postTo(t, removeAction, `/admin/staff/${id}/remove`, form({}), {
      params: { id },
    })) as Response;
    expect(await toastOf(t.runtime, removed)).toBe(`Success: ${email} was removed`);
    expect(await userByEmail(email)).toBeUndefined();
    expect((await auditOf("remove", email))[0]).toMatchObject({
      actorEmail: TEST_ADMIN.email,
      entityId: id,
    });
    // The invitation of a removed account leads nowhere.
    expect(statusOf(await setPassword(await tokenMailedTo(email)))).toBe(400);
  });

  it("asks for the password or a code again after 10 minutes before each act that gives or keeps power", async () => {
    const me = await sessionOf(t.cookies.admin);
    const verifiedAt = (at: Date) =>
      db()
        .update(session)
        .set({ verifiedAt: at })
        .where(eq(session.id, me?.sessionId ?? ""));
    const password = "a step-up target's passphrase";
    const newAccount = async (email: string) => {
      await ensureUser(t.runtime.auth, { email, password, role: "editor" });
      return (await userByEmail(email))?.id ?? "";
    };
    const toDeactivate = await newAccount("stepup.deactivate@staff-tests.test");
    const toReactivate = await newAccount("stepup.reactivate@staff-tests.test");
    await db().update(user).set({ banned: true }).where(eq(user.id, toReactivate));
    const toRemove = await newAccount("stepup.remove@staff-tests.test");
    await invite("stepup.invited-admin@staff-tests.test", "admin");
    const invitedAdmin = (await userByEmail("stepup.invited-admin@staff-tests.test"))?.id ?? "";
    // Requiring two-factor (as an admin who has it) so that switching it off can be asked.
    await db().update(user).set({ twoFactorEnabled: true }).where(eq(user.email, TEST_ADMIN.email));
    const required = await staffPost({ intent: "require-two-factor", required: "on" });
    expect(await toastOf(t.runtime, required as Response)).toBe(
      `Success: ${STAFF_MESSAGES.settingSaved}`,
    );
    const newAdmin = "stepup.new-admin@staff-tests.test";
    const acts = [
      {
        name: "inviting an admin",
        // Typed as the person typed it: the form comes back with it, checked (lower case).
        run: () => staffPost({ intent: "invite", email: newAdmin.toUpperCase(), role: "admin" }),
        back: `/admin/staff?confirmed=invite&email=${encodeURIComponent(newAdmin)}&role=admin`,
        done: async () => (await userByEmail(newAdmin)) !== undefined,
      },
      {
        name: "deactivating",
        run: () => deactivate(toDeactivate),
        back: `/admin/staff/${toDeactivate}/deactivate`,
        done: async () => (await userByEmail("stepup.deactivate@staff-tests.test"))?.banned,
      },
      {
        name: "reactivating",
        run: () => staffPost({ intent: "reactivate", id: toReactivate }),
        back: "/admin/staff",
        done: async () => !(await userByEmail("stepup.reactivate@staff-tests.test"))?.banned,
      },
      {
        name: "removing",
        run: () => remove(toRemove),
        back: `/admin/staff/${toRemove}/remove`,
        done: async () => (await userByEmail("stepup.remove@staff-tests.test")) === undefined,
      },
      {
        name: "switching off require two-factor",
        run: () => staffPost({ intent: "require-two-factor" }),
        back: "/admin/staff",
        done: async () => !dataOf(await loadStaff()).requireTwoFactor,
      },
      {
        name: "resending an admin's invitation",
        run: () => staffPost({ intent: "resend", id: invitedAdmin }),
        back: "/admin/staff?confirmed=resend",
        done: async () =>
          (await tokensMailedTo("stepup.invited-admin@staff-tests.test")).length === 2,
      },
    ];
    try {
      await verifiedAt(new Date(Date.now() - 11 * 60_000));
      for (const act of acts) {
        const asked = (await settle(act.run())) as Response;
        expect(asked.status, act.name).toBe(302);
        expect(asked.headers.get("location"), act.name).toBe(
          `/admin/confirm?redirectTo=${encodeURIComponent(act.back)}`,
        );
        expect(await act.done(), `${act.name} happened without the step-up`).toBeFalsy();
      }
      // An editor's invitation gives no admin power: no step-up.
      const editorInvite = (await staffPost({
        intent: "invite",
        email: "stepup.editor@staff-tests.test",
        role: "editor",
      })) as Response;
      expect(await toastOf(t.runtime, editorInvite)).toMatch(/^Success: Invitation sent/);

      // The password again on /admin/confirm, which leads back to the deactivation's page.
      const back = `/admin/staff/${toDeactivate}/deactivate`;
      const confirmed = (await settle(
        postTo(
          t,
          confirmAction,
          "/admin/confirm",
          form({ secret: TEST_ADMIN.password, redirectTo: back }),
        ),
      )) as Response;
      expect(confirmed.headers.get("location")).toBe(back);
      // Back on the invitation's return path, the form is filled again and says what to do; a
      // tampered query fills nothing.
      const inviteBack = acts[0]?.back ?? "";
      const backToInvite = (await settle(
        postTo(
          t,
          confirmAction,
          "/admin/confirm",
          form({ secret: TEST_ADMIN.password, redirectTo: inviteBack }),
        ),
      )) as Response;
      expect(backToInvite.headers.get("location")).toBe(inviteBack);
      const loadAt = async (path: string) =>
        dataOf(await callRoute(staffLoader, t.runtime, path, { cookie: t.cookies.admin }))
          .confirmed;
      expect(await loadAt(inviteBack)).toEqual({
        notice: "Confirmed. Press Send invitation again.",
        values: { email: newAdmin, role: "admin" },
      });
      expect(await loadAt("/admin/staff?confirmed=resend")).toEqual({
        notice: "Confirmed. Press Resend invitation again.",
        values: {},
      });
      expect(await loadAt("/admin/staff?confirmed=invite&email=nope&role=owner")).toBeNull();
      expect(await loadAt("/admin/staff")).toBeNull();
      for (const act of acts) {
        const answer = (await settle(act.run())) as Response;
        expect(answer.headers.get("location"), act.name).toBe("/admin/staff");
        expect(await toastOf(t.runtime, answer), act.name).toMatch(/^Success: /);
        expect(await act.done(), act.name).toBe(true);
      }
    } finally {
      await verifiedAt(new Date());
      await setTwoFactorRequired(db(), { id: null, email: null, ip: null }, false);
      await db()
        .update(user)
        .set({ twoFactorEnabled: false })
        .where(eq(user.email, TEST_ADMIN.email));
    }
  });

  it("ends every other open reset link and invitation when a password is set, reset or changed, and on deactivation", async () => {
    const password = "an older passphrase here";
    const opens = async (token: string) => statusOf(await openLink(token)) === 200;

    // Set: an invitee who also asked for a reset accepts the invitation; the reset link ends.
    const invitee = "links.invitee@staff-tests.test";
    await invite(invitee, "editor");
    const [invitation] = await tokensMailedTo(invitee);
    await askReset(invitee);
    const [, resetOfInvitee] = await tokensMailedTo(invitee);
    expect(await opens(resetOfInvitee ?? "")).toBe(true);
    expect(statusOf(await setPassword(invitation ?? ""))).toBe(302);
    expect(await opens(resetOfInvitee ?? "")).toBe(false);

    // Reset: of two reset links, the one used ends the other.
    const resetting = "links.reset@staff-tests.test";
    await ensureUser(t.runtime.auth, { email: resetting, password, role: "editor" });
    await Promise.all([askReset(resetting), askReset(resetting)]);
    const [one, two] = await tokensMailedTo(resetting);
    expect(await opens(one ?? "")).toBe(true);
    expect(statusOf(await setPassword(two ?? ""))).toBe(302);
    expect(await opens(one ?? "")).toBe(false);
    expect(statusOf(await setPassword(one ?? "", "a third passphrase here"))).toBe(400);

    // Change on "Your account": the open reset link ends.
    const changing = "links.change@staff-tests.test";
    await ensureUser(t.runtime.auth, { email: changing, password, role: "editor" });
    const cookie = (await signInCookie(changing, password)) ?? "";
    await askReset(changing);
    const [forgotten] = await tokensMailedTo(changing);
    const changed = (await settle(
      postTo(
        t,
        accountAction,
        "/admin/account",
        form({ intent: "password", currentPassword: password, newPassword: NEW_PASSWORD }),
        { cookie },
      ),
    )) as Response;
    expect(await toastOf(t.runtime, changed)).toMatch(/^Success: Password changed/);
    expect(await opens(forgotten ?? "")).toBe(false);

    // Deactivation: the open reset link ends, and stays ended after a reactivation.
    const leaving = "links.deactivated@staff-tests.test";
    await ensureUser(t.runtime.auth, { email: leaving, password, role: "editor" });
    await askReset(leaving);
    const [pending] = await tokensMailedTo(leaving);
    const id = (await userByEmail(leaving))?.id ?? "";
    expect(await toastOf(t.runtime, await deactivate(id))).toMatch(/^Success: /);
    await staffPost({ intent: "reactivate", id });
    expect(await opens(pending ?? "")).toBe(false);
    expect(statusOf(await setPassword(pending ?? ""))).toBe(400);
    // No link row of theirs is left at all.
    const rows = await db()
      .select()
      .from(verification)
      .where(and(eq(verification.value, id), like(verification.identifier, "password-reset:%")));
    expect(rows).toEqual([]);

    // Set by user:create or ADMIN_EMAIL (ensureUser): the open reset link ends; the same password
    // given again (ADMIN_EMAIL at every start) ends nothing.
    const operated = "links.operator@staff-tests.test";
    await ensureUser(t.runtime.auth, { email: operated, password, role: "editor" });
    await askReset(operated);
    await ensureUser(t.runtime.auth, { email: operated, password, role: "editor" });
    const [kept] = await tokensMailedTo(operated);
    expect(await opens(kept ?? "")).toBe(true);
    await ensureUser(t.runtime.auth, { email: operated, password: NEW_PASSWORD, role: "editor" });
    expect(await opens(kept ?? "")).toBe(false);
  });

  it("limits reset e-mails per account's address, whichever addresses ask, with the same answer", async () => {
    const email = "often.forgotten@staff-tests.test";
    await ensureUser(t.runtime.auth, {
      email,
      password: "a forgettable passphrase",
      role: "editor",
    });
    // Five requests from five addresses (each under its own per-IP limit).
    const answers = await Promise.all(Array.from({ length: 5 }, () => askReset(email)));
    expect(answers.map(statusOf)).toEqual([200, 200, 200, 200, 200]);
    for (const answer of answers) expect(dataOf(answer)).toEqual({ sent: true });
    expect(await mailsTo(email)).toBe(3);
    // Another address's mails are counted apart.
    const editorMails = await mailsTo(TEST_EDITOR.email);
    await askReset(TEST_EDITOR.email);
    expect(await mailsTo(TEST_EDITOR.email)).toBe(editorMails + 1);
  });

  it("resends an invitation (a new link, the old one ended) and revokes one (its link no longer works), with audit rows", async () => {
    const email = "resent@staff-tests.test";
    await invite(email, "editor");
    const id = (await userByEmail(email))?.id ?? "";
    const [first] = await tokensMailedTo(email);
    const resent = (await staffPost({ intent: "resend", id })) as Response;
    expect(await toastOf(t.runtime, resent)).toBe(`Success: ${STAFF_MESSAGES.resent(email)}`);
    const [, second] = await tokensMailedTo(email);
    expect(second).toBeTruthy();
    expect(statusOf(await openLink(first ?? ""))).toBe(400);
    expect(dataOf(await openLink(second ?? ""))).toMatchObject({
      link: { purpose: "invitation", email },
    });
    const [resendRow] = await auditOf("invite_resend", email);
    expect(resendRow).toMatchObject({ actorEmail: TEST_ADMIN.email, entityId: id });
    const expiry = (await listStaff(db())).find((row) => row.email === email)?.invitationExpiresAt;
    expect(expiry?.getTime()).toBeGreaterThan(Date.now() + 47 * HOUR);

    const revoked = (await staffPost({ intent: "revoke", id })) as Response;
    expect(await toastOf(t.runtime, revoked)).toBe(`Success: ${STAFF_MESSAGES.revoked(email)}`);
    expect(statusOf(await openLink(second ?? ""))).toBe(400);
    expect(statusOf(await setPassword(second ?? ""))).toBe(400);
    const [revokeRow] = await auditOf("invite_revoke", email);
    expect(revokeRow?.changes).toEqual({
      link_expires: { before: expiry?.toISOString(), after: null },
    });
    expect((await listStaff(db())).find((row) => row.email === email)).toMatchObject({
      status: "invited",
      invitationExpiresAt: null,
    });
    const again = (await staffPost({ intent: "revoke", id })) as Response;
    expect(await toastOf(t.runtime, again)).toBe(`Error: ${STAFF_MESSAGES.noOpenInvitation}`);

    // Resent after the revocation, it works; once accepted there is nothing to resend.
    await staffPost({ intent: "resend", id });
    const [, , third] = await tokensMailedTo(email);
    expect(statusOf(await setPassword(third ?? ""))).toBe(302);
    const late = (await staffPost({ intent: "resend", id })) as Response;
    expect(await toastOf(t.runtime, late)).toBe(`Error: ${STAFF_MESSAGES.notInvited}`);
    expect(await tokensMailedTo(email)).toHaveLength(3);
  });

  it("refuses an editor the staff screen and its writes", async () => {
    const editor = (await signInCookie(TEST_EDITOR.email, TEST_EDITOR.password)) ?? "";
    await expect(
      callRoute(staffLoader, t.runtime, "/admin/staff", { cookie: editor }),
    ).rejects.toMatchObject({ init: { status: 403 } });
    await expect(
      staffPost({ intent: "invite", email: "x@staff-tests.test", role: "admin" }, editor),
    ).rejects.toMatchObject({ init: { status: 403 } });
    expect(await userByEmail("x@staff-tests.test")).toBeUndefined();
  });
});
