import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  account,
  applicationRatings,
  auditEvents,
  contactSubmissions,
  jobApplications,
  notifications,
  pipelineActivity,
  replyTemplates,
  user,
} from "@server/db/schema";
import { inTransaction } from "@server/kit/transaction";
import { createMailTransport } from "@server/mail";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ADMIN, TEST_CONTRIBUTOR, TEST_EDITOR } from "../support/admin-data";
import {
  callRoute,
  createTestRuntime,
  postTo,
  type TestRuntime,
  toastOf,
} from "../support/admin-runtime";
import { testDrivers } from "../support/database";
import { deliverQueuedMail, makeMailRetriesDue } from "../support/jobs";
import { startSmtpPeer } from "../support/smtp-peer";

/**
 * The inquiry pipeline (issue #30): the page's loader and every form of its action, each step
 * with its Activity entry and audit row; a reply through the outbox with SMTP down, then up.
 */

const inquiryPage = () => import("~/routes/admin/inquiry");
const INTERVIEW_URL = "https://cal.test/northlight/interview";
const inquiriesList = () => import("~/routes/admin/inquiries");

describe.each(testDrivers)("inquiry pipeline on %s", (driver) => {
  let t: TestRuntime;
  let inquiryId: string;
  let adminId: string;
  let editorId: string;
  let contributorId: string;
  let secondAdminId: string;
  const invitedAdminId = "pipeline-invited-admin";
  const db = () => t.database.db;
  const url = () => `/admin/inquiries/${inquiryId}`;
  const post = async (fields: Record<string, string>, cookie?: string) => {
    const { action } = await inquiryPage();
    return postTo(t, action, url(), new URLSearchParams(fields), {
      params: { id: inquiryId },
      cookie,
    }) as Promise<Response | { data: unknown; init: ResponseInit | null }>;
  };
  const load = async (search = "") => {
    const { loader } = await inquiryPage();
    return callRoute(loader, t.runtime, `${url()}${search}`, {
      cookie: t.cookies.admin,
      params: { id: inquiryId },
    });
  };
  const activity = () =>
    db()
      .select()
      .from(pipelineActivity)
      .where(eq(pipelineActivity.subjectId, inquiryId))
      .orderBy(asc(pipelineActivity.at));
  const audits = (action: string) =>
    db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, inquiryId), eq(auditEvents.action, action)));

  beforeAll(async () => {
    t = await createTestRuntime(driver, { NOTIFY_EMAIL: "studio@studio.test" });
    const [row] = await db()
      .insert(contactSubmissions)
      .values({
        name: "Rosa Diaz",
        email: "rosa@example.com",
        service: "video-production",
        budget: "25k-50k",
        timeline: "1-month",
        description: "A launch film.",
      })
      .returning({ id: contactSubmissions.id });
    inquiryId = row?.id ?? "";
    const idOf = async (email: string) =>
      (await db().select({ id: user.id }).from(user).where(eq(user.email, email)))[0]?.id ?? "";
    adminId = await idOf(TEST_ADMIN.email);
    editorId = await idOf(TEST_EDITOR.email);
    contributorId = await idOf(TEST_CONTRIBUTOR.email);
    await db().update(user).set({ name: "Eddie Editor" }).where(eq(user.id, editorId));
    secondAdminId = "pipeline-second-admin";
    await db()
      .insert(user)
      .values({ id: secondAdminId, name: "Ada Admin", email: "ada@studio.test", role: "admin" });
    // Ada accepted her invitation (a password); Ivy's is still open (or was revoked): "Invited" on
    // the staff screen, nobody can sign in as her.
    await db().insert(account).values({
      id: "pipeline-second-admin-credential",
      accountId: secondAdminId,
      providerId: "credential",
      userId: secondAdminId,
      password: "a-hash",
    });
    await db()
      .insert(user)
      .values({ id: invitedAdminId, name: "Ivy Invited", email: "ivy@studio.test", role: "admin" });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("shows the inquiry with its labels, the staff who can open it to own it, and its templates; 404 otherwise", async () => {
    const page = await load();
    expect(page.record.name).toBe("Rosa Diaz");
    // Only active staff whose role opens inquiries (the policy table): admins, not the editor
    // nor the contributor (issue #47 item 16), nor the account without a role.
    expect(page.staff.map((member) => member.id).sort()).toEqual([adminId, secondAdminId].sort());
    expect(page.staff.map((member) => member.id)).not.toContain(editorId);
    expect(page.staff.map((member) => member.id)).not.toContain(contributorId);
    // Nor an admin whose invitation is open or was revoked (no password: "Invited").
    expect(page.staff.map((member) => member.id)).not.toContain(invitedAdminId);
    expect(page.templates.map((template) => template.name)).toEqual([
      "Acknowledge",
      "Ask for details",
      "Propose a call",
      "Decline",
    ]);
    expect(page.reply.subject).toBe("Re: Your Video Production Project Inquiry");
    const { loader } = await inquiryPage();
    for (const id of ["not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
      await expect(
        callRoute(loader, t.runtime, `/admin/inquiries/${id}`, {
          cookie: t.cookies.admin,
          params: { id },
        }),
      ).rejects.toMatchObject({ init: { status: 404 } });
    }
  });

  it("refuses editors the page and its action", async () => {
    const { loader } = await inquiryPage();
    await expect(
      callRoute(loader, t.runtime, url(), {
        cookie: t.cookies.editor,
        params: { id: inquiryId },
      }),
    ).rejects.toMatchObject({ init: { status: 403 } });
    await expect(post({ intent: "note", note: "Sneaky" }, t.cookies.editor)).rejects.toMatchObject({
      init: { status: 403 },
    });
    expect(await db().select().from(pipelineActivity)).toHaveLength(0);
  });

  it("assigns an owner: saved, e-mailed to the new owner, in the Activity and the audit log", async () => {
    const response = (await post({ intent: "owner", owner: secondAdminId })) as Response;
    expect(response.status).toBe(302);
    expect(await toastOf(t.runtime, response)).toBe("Success: Owner set to Ada Admin");
    const [row] = await db()
      .select()
      .from(contactSubmissions)
      .where(eq(contactSubmissions.id, inquiryId));
    expect(row?.ownerId).toBe(secondAdminId);
    const [mail] = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.kind, "owner-assigned"));
    expect(mail).toMatchObject({
      recipient: "ada@studio.test",
      subject: "You now own the inquiry from Rosa Diaz",
    });
    expect(mail?.textBody).toContain(`http://localhost:3999/admin/inquiries/${inquiryId}`);
    expect((await activity()).at(-1)).toMatchObject({
      kind: "owner",
      summary: "Ada Admin",
      actorId: adminId,
    });
    const [audit] = await audits("update");
    expect(audit?.changes).toMatchObject({ ownerId: { before: null, after: secondAdminId } });
    // Unassigned again.
    await post({ intent: "owner", owner: "" });
    expect((await activity()).at(-1)).toMatchObject({ kind: "owner", summary: "Unassigned" });
  });

  it("refuses an owner who cannot open inquiries (an editor, a contributor, an admin still invited, anyone else) with a 400 and a message, and mails no one", async () => {
    const before = await activity();
    for (const owner of [editorId, contributorId, invitedAdminId, "someone-else"]) {
      const refused = (await post({ intent: "owner", owner })) as {
        data: { intent: string; fieldErrors: Record<string, string[]> };
        init: ResponseInit;
      };
      expect(refused.init.status).toBe(400);
      expect(refused.data.intent).toBe("owner");
      expect(refused.data.fieldErrors.owner).toEqual([
        "Choose an active staff member who can open inquiries",
      ]);
    }
    const [row] = await db()
      .select()
      .from(contactSubmissions)
      .where(eq(contactSubmissions.id, inquiryId));
    expect(row?.ownerId).toBeNull();
    expect(await activity()).toHaveLength(before.length);
    const mailed = await db()
      .select({ recipient: notifications.recipient })
      .from(notifications)
      .where(eq(notifications.kind, "owner-assigned"));
    expect(mailed.map((mail) => mail.recipient)).not.toContain(TEST_EDITOR.email);
    expect(mailed.map((mail) => mail.recipient)).not.toContain(TEST_CONTRIBUTOR.email);
    expect(mailed.map((mail) => mail.recipient)).not.toContain("ivy@studio.test");
  });

  it("changes the status and the follow-up, each in the Activity; a bad date is a 400 with a message", async () => {
    await post({ intent: "status", status: "contacted" });
    expect((await activity()).at(-1)).toMatchObject({ kind: "status", summary: "New → Contacted" });
    await post({ intent: "follow_up", followUp: "2030-02-03" });
    expect((await activity()).at(-1)).toMatchObject({
      kind: "follow_up",
      summary: "Follow up on 2030-02-03",
    });
    const bad = (await post({ intent: "follow_up", followUp: "2030-02-31" })) as {
      data: { fieldErrors: Record<string, string[]> };
      init: ResponseInit;
    };
    expect(bad.init.status).toBe(400);
    expect(bad.data.fieldErrors.followUp).toEqual(["Please enter a valid date"]);
    const [row] = await db()
      .select()
      .from(contactSubmissions)
      .where(eq(contactSubmissions.id, inquiryId));
    expect(row).toMatchObject({ status: "contacted", followUpOn: "2030-02-03" });
    // The list's status dropdown records the same step.
    const { action } = await inquiriesList();
    await postTo(
      t,
      action,
      "/admin?index",
      new URLSearchParams({ intent: "status", id: inquiryId, status: "qualified" }),
    );
    expect((await activity()).at(-1)).toMatchObject({
      kind: "status",
      summary: "Contacted → Qualified",
    });
  });

  it("adds notes, newest first with author and time; an empty note is a 400", async () => {
    await post({ intent: "note", note: "Called, left a message." });
    await post({ intent: "note", note: "They want a June shoot." });
    const empty = (await post({ intent: "note", note: "   " })) as { init: ResponseInit };
    expect(empty.init.status).toBe(400);
    const page = await load();
    expect(page.notes.map((note) => note.body)).toEqual([
      "They want a June shoot.",
      "Called, left a message.",
    ]);
    expect(page.notes[0]?.who).toBeTruthy();
    expect(page.notes[0]?.at).toBeInstanceOf(Date);
    expect(await audits("note")).toHaveLength(2);
  });

  it("sends a reply from a template through the outbox: kept while SMTP is down, delivered once when it is back", async () => {
    const [template] = await db()
      .select()
      .from(replyTemplates)
      .where(eq(replyTemplates.name, "Propose a call"));
    const page = await load(`?template=${template?.id}`);
    expect(page.reply.message).toContain("Hi Rosa Diaz,");
    expect(page.reply.message).toContain(t.runtime.config.BOOKING_URL);
    expect(page.reply.message).not.toContain("{");

    const dataDir = await mkdtemp(path.join(tmpdir(), "pipeline-mail-"));
    const down = await startSmtpPeer();
    const port = down.port;
    await down.close();
    const transport = createMailTransport({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      dataDir,
      from: "Studio <website@studio.test>",
    });
    await db().delete(notifications);
    const sent = (await post({
      intent: "reply",
      subject: page.reply.subject,
      message: page.reply.message,
    })) as Response;
    expect(await toastOf(t.runtime, sent)).toBe("Success: Reply sent");
    // The reply fails; the mails of earlier steps, whose rows were cleared above, find nothing.
    expect((await deliverQueuedMail(t.runtime, transport)).failed).toBe(1);
    const [queued] = await db().select().from(notifications);
    expect(queued).toMatchObject({
      recipient: "rosa@example.com",
      replyTo: "studio@studio.test",
      subject: "Re: Your Video Production Project Inquiry",
      sentAt: null,
    });
    expect(queued?.htmlBody).toContain("Hi Rosa Diaz,");

    const up = await startSmtpPeer(port);
    try {
      await makeMailRetriesDue(t.runtime);
      expect(await deliverQueuedMail(t.runtime, transport)).toEqual({ completed: 1, failed: 0 });
      expect(await deliverQueuedMail(t.runtime, transport)).toEqual({ completed: 0, failed: 0 });
      expect(up.messages).toHaveLength(1);
      expect(up.messages[0]?.recipients).toEqual(["rosa@example.com"]);
    } finally {
      transport.close();
      await up.close();
      await rm(dataDir, { recursive: true, force: true });
    }
    expect((await activity()).at(-1)).toMatchObject({
      kind: "reply",
      summary: "Re: Your Video Production Project Inquiry",
    });
    expect(await audits("reply")).toHaveLength(1);
    const missing = (await post({ intent: "reply", subject: "", message: "" })) as {
      data: { fieldErrors: Record<string, string[]> };
      init: ResponseInit;
    };
    expect(missing.init.status).toBe(400);
    expect(Object.keys(missing.data.fieldErrors).sort()).toEqual(["message", "subject"]);
  });

  it("a reply moves a New inquiry to Contacted, in its Activity and the reply's audit row; not one already further", async () => {
    const [fresh] = await db()
      .insert(contactSubmissions)
      .values({ name: "Noa Fresh", email: "noa@example.com", description: "A film." })
      .returning({ id: contactSubmissions.id });
    const id = fresh?.id ?? "";
    const { action } = await inquiryPage();
    const reply = (message: string) =>
      postTo(
        t,
        action,
        `/admin/inquiries/${id}`,
        new URLSearchParams({ intent: "reply", subject: "Re: Your Project Inquiry", message }),
        { params: { id } },
      ) as Promise<Response>;
    const statusOf = async () =>
      (
        await db()
          .select({ status: contactSubmissions.status })
          .from(contactSubmissions)
          .where(eq(contactSubmissions.id, id))
      )[0]?.status;
    const steps = async () =>
      (
        await db()
          .select({ kind: pipelineActivity.kind, summary: pipelineActivity.summary })
          .from(pipelineActivity)
          .where(eq(pipelineActivity.subjectId, id))
      ).map((entry) => `${entry.kind}: ${entry.summary}`);
    expect(await statusOf()).toBe("new");
    expect(await toastOf(t.runtime, await reply("Hi Noa, thanks!"))).toBe("Success: Reply sent");
    expect(await statusOf()).toBe("contacted");
    expect((await steps()).sort()).toEqual(
      ["reply: Re: Your Project Inquiry", "status: New → Contacted"].sort(),
    );
    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, id), eq(auditEvents.action, "reply")));
    expect(audit?.changes).toMatchObject({
      reply: { before: null, after: "Re: Your Project Inquiry" },
      status: { before: "new", after: "contacted" },
    });
    // A second reply, or one to a qualified inquiry, changes no status.
    await reply("And one more thing.");
    await db()
      .update(contactSubmissions)
      .set({ status: "qualified" })
      .where(eq(contactSubmissions.id, id));
    await reply("A third.");
    expect(await statusOf()).toBe("qualified");
    expect((await steps()).filter((step) => step.startsWith("status"))).toHaveLength(1);
    await db().delete(pipelineActivity).where(eq(pipelineActivity.subjectId, id));
    await db().delete(contactSubmissions).where(eq(contactSubmissions.id, id));
  });

  it("a template chosen without JavaScript keeps what was typed: it asks, then replaces or keeps", async () => {
    const [template] = await db()
      .select()
      .from(replyTemplates)
      .where(eq(replyTemplates.name, "Ask for details"));
    const chosen = template?.id ?? "";
    const mailsBefore = (await db().select().from(notifications)).length;
    const stepsBefore = (await activity()).length;
    type Answer = {
      data: {
        intent: string;
        values: Record<string, string>;
        replace?: { template: string; name: string };
        fieldErrors: Record<string, string[]>;
      };
      init: ResponseInit | null;
    };
    const choose = async (intent: string, fields: Record<string, string>) =>
      (await post({ intent, template: chosen, ...fields })) as Answer;
    const typed = {
      subject: "Re: Your plan",
      message: "Hi Rosa,\r\n\r\nI watched your reel twice.",
    };

    // Over typed text: nothing replaced, the question asked, the text kept.
    const asked = await choose("template", typed);
    expect(asked.init?.status ?? 200).toBe(200);
    expect(asked.data.replace).toEqual({ template: chosen, name: "Ask for details" });
    expect(asked.data.values).toMatchObject({ ...typed, template: chosen });
    // "Keep what I typed": the text stays, no question.
    const kept = await choose("template-keep", typed);
    expect(kept.data.replace).toBeUndefined();
    expect(kept.data.values).toMatchObject(typed);
    // "Replace": the template, filled for Rosa.
    const replaced = await choose("template-replace", typed);
    expect(replaced.data.replace).toBeUndefined();
    expect(replaced.data.values.message).toContain("Hi Rosa Diaz,");
    expect(replaced.data.values.message).not.toContain("watched your reel");
    expect(replaced.data.values.subject).toBe("Re: Your Video Production Project Inquiry");
    // Over the page's own text (no template, or another one untouched): replaced at once.
    const untouched = await choose("template", {
      subject: "Re: Your Video Production Project Inquiry",
      message: "",
    });
    expect(untouched.data.replace).toBeUndefined();
    expect(untouched.data.values.message).toBe(replaced.data.values.message);
    const [other] = await db()
      .select()
      .from(replyTemplates)
      .where(eq(replyTemplates.name, "Decline"));
    const switched = (await post({
      intent: "template",
      template: other?.id ?? "",
      subject: replaced.data.values.subject ?? "",
      message: (replaced.data.values.message ?? "").replace(/\n/g, "\r\n"),
    })) as Answer;
    expect(switched.data.replace).toBeUndefined();
    expect(switched.data.values.message).toContain("not the right studio");
    // An unknown template: a 400 with a message, what was typed kept.
    const unknown = (await post({
      intent: "template",
      template: "00000000-0000-4000-8000-000000000000",
      ...typed,
    })) as Answer;
    expect(unknown.init?.status).toBe(400);
    expect(unknown.data.fieldErrors.template).toEqual(["Choose one of the templates"]);
    expect(unknown.data.values).toMatchObject(typed);
    // Choosing sends nothing and records nothing.
    expect(await db().select().from(notifications)).toHaveLength(mailsBefore);
    expect(await activity()).toHaveLength(stepsBefore);
  });

  it("lists owner and follow-up, filters Mine, Unassigned and Follow-up due, sorts by follow-up", async () => {
    const { listInquiries } = await import("@server/inquiries/back-office");
    const others = await db()
      .insert(contactSubmissions)
      .values([
        {
          name: "Mine Soon",
          email: "a@x.co",
          ownerId: adminId,
          followUpOn: "2020-01-02",
          createdAt: new Date("2026-01-01T00:00:00Z"),
        },
        {
          name: "Mine Later",
          email: "b@x.co",
          ownerId: adminId,
          followUpOn: "2099-01-01",
          createdAt: new Date("2026-01-02T00:00:00Z"),
        },
        { name: "Nobody", email: "c@x.co", createdAt: new Date("2020-01-01T00:00:00Z") },
      ])
      .returning({ id: contactSubmissions.id });
    const scope = { me: adminId, today: "2026-11-26" };
    const names = async (filters: Record<string, unknown>) =>
      (await listInquiries(db(), { q: "", status: "", ...filters }, 1, scope)).rows.map(
        (row) => row.name,
      );
    expect(await names({ owner: "mine" })).toEqual(["Mine Later", "Mine Soon"]);
    expect(await names({ owner: "mine", sort: "follow-up" })).toEqual(["Mine Soon", "Mine Later"]);
    expect(await names({ owner: "mine", due: true })).toEqual(["Mine Soon"]);
    expect(await names({ owner: "unassigned" })).toEqual(["Rosa Diaz", "Nobody"]);
    const [first] = (await listInquiries(db(), { q: "", status: "", owner: "mine" }, 1, scope))
      .rows;
    expect(first?.ownerName).toBeTruthy();
    await db().delete(contactSubmissions).where(eq(contactSubmissions.ownerId, adminId));
    expect(others).toHaveLength(3);
  });

  it("keeps the submission and every step in the Activity, newest first", async () => {
    const page = await load();
    expect(page.activity.map((entry) => entry.kind).reverse()).toEqual([
      "owner",
      "owner",
      "status",
      "follow_up",
      "status",
      "note",
      "note",
      "reply",
    ]);
  });
});

describe.each(testDrivers)("application pipeline on %s", (driver) => {
  let t: TestRuntime;
  let applicationId: string;
  const page = () => import("~/routes/admin/job-application");
  const url = () => `/admin/job-applications/${applicationId}`;
  const post = async (fields: Record<string, string>, cookie?: string) => {
    const { action } = await page();
    return postTo(t, action, url(), new URLSearchParams(fields), {
      params: { id: applicationId },
      cookie,
    }) as Promise<Response | { data: unknown; init: ResponseInit | null }>;
  };
  const load = async (search = "") => {
    const { loader } = await page();
    return callRoute(loader, t.runtime, `${url()}${search}`, {
      cookie: t.cookies.admin,
      params: { id: applicationId },
    });
  };

  beforeAll(async () => {
    t = await createTestRuntime(driver, { INTERVIEW_BOOKING_URL: INTERVIEW_URL });
    const [row] = await t.database.db
      .insert(jobApplications)
      .values({ name: "Sam Ortiz", email: "sam@example.com", positionTitle: "Video Editor" })
      .returning({ id: jobApplications.id });
    applicationId = row?.id ?? "";
  });
  afterAll(async () => {
    await t?.close();
  });

  it("rates 1 to 5 per reviewer with the average; a second rating replaces the first", async () => {
    expect((await post({ intent: "rating", rating: "5" })) as Response).toHaveProperty(
      "status",
      302,
    );
    expect((await load()).ratings).toEqual({ mine: 5, average: 5, count: 1 });
    await post({ intent: "rating", rating: "2" });
    expect((await load()).ratings).toEqual({ mine: 2, average: 2, count: 1 });
    // Another reviewer's rating counts in the average, not in "Your rating".
    const [viewer] = await t.database.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, TEST_EDITOR.email));
    await t.database.db
      .insert(applicationRatings)
      .values({ applicationId, userId: viewer?.id ?? "", rating: 5 });
    expect((await load()).ratings).toEqual({ mine: 2, average: 3.5, count: 2 });
    for (const bad of ["0", "6", "x", ""]) {
      const refused = (await post({ intent: "rating", rating: bad })) as { init: ResponseInit };
      expect(refused.init.status).toBe(400);
    }
    const entries = (await load()).activity.filter((entry) => entry.kind === "rating");
    expect(entries.map((entry) => entry.summary)).toEqual(["2 of 5", "5 of 5"]);
    const audits = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, applicationId), eq(auditEvents.action, "rate")));
    expect(audits).toHaveLength(2);
  });

  it("offers as owners only the staff who can open applications; an editor is a 400 with a message", async () => {
    const idOf = async (email: string) =>
      (await t.database.db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]
        ?.id ?? "";
    const adminId = await idOf(TEST_ADMIN.email);
    const editorId = await idOf(TEST_EDITOR.email);
    const contributorId = await idOf(TEST_CONTRIBUTOR.email);
    expect((await load()).staff.map((member) => member.id)).toEqual([adminId]);
    for (const owner of [editorId, contributorId]) {
      const refused = (await post({ intent: "owner", owner })) as {
        data: { fieldErrors: Record<string, string[]> };
        init: ResponseInit;
      };
      expect(refused.init.status).toBe(400);
      expect(refused.data.fieldErrors.owner).toEqual([
        "Choose an active staff member who can open job applications",
      ]);
    }
    expect(
      await t.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.kind, "owner-assigned")),
    ).toHaveLength(0);
    expect((await post({ intent: "owner", owner: adminId })) as Response).toHaveProperty(
      "status",
      302,
    );
    const [row] = await t.database.db
      .select({ ownerId: jobApplications.ownerId })
      .from(jobApplications)
      .where(eq(jobApplications.id, applicationId));
    expect(row?.ownerId).toBe(adminId);
  });

  it("offers the interview invite and rejection templates, filled for the applicant", async () => {
    const loaded = await load();
    expect(loaded.templates.map((template) => template.name)).toEqual([
      "Interview invite",
      "Rejection",
    ]);
    const invite = await load(`?template=${loaded.templates[0]?.id}`);
    expect(invite.reply.subject).toBe("Your application for Video Editor");
    expect(invite.reply.message).toContain("the Video Editor role");
    // Applicants' own interview page, never the sales discovery call (issue #47 item 18).
    expect(invite.reply.message).toContain(`Or pick a time here: ${INTERVIEW_URL}`);
    expect(invite.reply.message).not.toContain(t.runtime.config.BOOKING_URL);
    expect(invite.reply.message).not.toMatch(/discovery|\{/);
    for (const template of loaded.templates) {
      expect(template.message).not.toContain(t.runtime.config.BOOKING_URL);
    }
    const sent = (await post({
      intent: "reply",
      subject: invite.reply.subject,
      message: invite.reply.message,
    })) as Response;
    expect(sent.status).toBe(302);
    const [mail] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipient, "sam@example.com"));
    expect(mail?.subject).toBe("Your application for Video Editor");
  });
});

describe.each(testDrivers)(
  "the interview template without INTERVIEW_BOOKING_URL on %s",
  (driver) => {
    let t: TestRuntime;
    beforeAll(async () => {
      t = await createTestRuntime(driver);
    });
    afterAll(async () => {
      await t?.close();
    });

    it("offers no link at all: the link's paragraph is left out, the sales call never put in", async () => {
      expect(t.runtime.config.INTERVIEW_BOOKING_URL).toBeUndefined();
      const [row] = await t.database.db
        .insert(jobApplications)
        .values({ name: "Ira Quist", email: "ira@example.com", positionTitle: "Producer" })
        .returning({ id: jobApplications.id });
      const { loader } = await import("~/routes/admin/job-application");
      const page = (await callRoute(loader, t.runtime, `/admin/job-applications/${row?.id}`, {
        cookie: t.cookies.admin,
        params: { id: row?.id ?? "" },
      })) as { templates: { name: string; message: string }[] };
      const invite = page.templates.find((template) => template.name === "Interview invite");
      expect(invite?.message).toBe(
        "Hi Ira Quist,\n\nThank you for applying for the Producer role. We enjoyed your application and would like to invite you to a first interview.\n\nPlease reply to this e-mail with a few times that suit you over the next two weeks.\n\nThe Northlight Studio team",
      );
      for (const template of page.templates) {
        expect(template.message).not.toMatch(/https?:|\{/);
      }
    });
  },
);

describe.each(testDrivers)("follow-up digests on %s", (driver) => {
  let t: TestRuntime;
  beforeAll(async () => {
    t = await createTestRuntime(driver);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("mails each owner their due follow-ups once a day, with two workers racing", async () => {
    const db = t.database.db;
    const idOf = async (email: string) =>
      (await db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]?.id ?? "";
    const admin = await idOf(TEST_ADMIN.email);
    const editor = await idOf(TEST_EDITOR.email);
    await db.insert(contactSubmissions).values([
      { name: "Due Today", email: "a@x.co", ownerId: admin, followUpOn: "2026-11-26" },
      { name: "Overdue", email: "b@x.co", ownerId: admin, followUpOn: "2026-11-20" },
      { name: "Not Yet", email: "c@x.co", ownerId: admin, followUpOn: "2026-11-27" },
      {
        name: "Closed",
        email: "d@x.co",
        ownerId: editor,
        followUpOn: "2026-11-01",
        status: "closed",
      },
      { name: "Nobody's", email: "e@x.co", followUpOn: "2026-11-01" },
    ]);
    await db.insert(jobApplications).values([
      {
        name: "Applicant Due",
        email: "f@x.co",
        positionTitle: "Producer",
        ownerId: admin,
        followUpOn: "2026-11-26",
      },
      // Owned by an editor (set before issue #47, or a role changed since): the editor cannot open
      // applications, so no digest links them to a 403.
      {
        name: "Editor's Applicant",
        email: "g@x.co",
        positionTitle: "Editor",
        ownerId: editor,
        followUpOn: "2026-11-26",
      },
    ]);
    await db.insert(contactSubmissions).values({
      name: "Editor's Inquiry",
      email: "h@x.co",
      ownerId: editor,
      followUpOn: "2026-11-26",
    });
    const { queueFollowUpDigests } = await import("@server/pipeline/digests");
    const run = () =>
      inTransaction(db, (tx) =>
        queueFollowUpDigests(tx, {
          siteUrl: "https://studio.test",
          today: "2026-11-26",
          jobs: t.runtime.jobs,
        }),
      );
    expect(await run()).toBe(1);
    // The day's job again (a retry after a crash, another instance): nobody gets a second one.
    expect(await run()).toBe(0);
    const digests = await db
      .select()
      .from(notifications)
      .where(eq(notifications.kind, "follow-up-digest"))
      .orderBy(asc(notifications.recipient));
    expect(digests.map((mail) => mail.recipient)).toEqual([TEST_ADMIN.email]);
    const [adminDigest] = digests;
    expect(adminDigest?.subject).toBe("Follow-ups due today: 3");
    expect(adminDigest?.textBody).toContain("Inquiry from Overdue (due 2026-11-20)");
    expect(adminDigest?.textBody).toContain("Inquiry from Due Today (due 2026-11-26)");
    expect(adminDigest?.textBody).toContain("Producer application from Applicant Due");
    expect(adminDigest?.textBody).not.toContain("Not Yet");
    expect(adminDigest?.textBody).not.toContain("Closed");
    expect(adminDigest?.textBody).not.toContain("Editor's");
  });
});

describe.each(testDrivers)("dashboard on %s", (driver) => {
  let t: TestRuntime;
  beforeAll(async () => {
    t = await createTestRuntime(driver);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("computes its figures from known data", async () => {
    const db = t.database.db;
    const now = new Date("2026-11-26T20:00:00Z");
    const daysAgo = (days: number, hours = 0) =>
      new Date(now.getTime() - days * 86_400_000 - hours * 3_600_000);
    const rows = await db
      .insert(contactSubmissions)
      .values([
        { name: "A", email: "a@x.co", service: "video-production", createdAt: daysAgo(1) },
        { name: "B", email: "b@x.co", service: "video-production", createdAt: daysAgo(3) },
        {
          name: "C",
          email: "c@x.co",
          service: "social-content",
          createdAt: daysAgo(10),
          status: "contacted",
          followUpOn: "2026-11-26",
        },
        {
          name: "D",
          email: "d@x.co",
          createdAt: daysAgo(40),
          status: "closed",
          followUpOn: "2026-11-01",
        },
      ])
      .returning({ id: contactSubmissions.id, createdAt: contactSubmissions.createdAt });
    // First responses: A after 2 h (a status change, then a later reply), B after 6 h, C after 10 h.
    const answered = [
      [rows[0], 2, "status"],
      [rows[0], 5, "reply"],
      [rows[1], 6, "reply"],
      [rows[2], 10, "status"],
    ] as const;
    await db.insert(pipelineActivity).values(
      answered.map(([row, hours, kind]) => ({
        subjectType: "inquiry",
        subjectId: row?.id ?? "",
        kind,
        at: new Date((row?.createdAt.getTime() ?? 0) + hours * 3_600_000),
      })),
    );
    await db.insert(jobApplications).values([
      { name: "P1", email: "p1@x.co", positionTitle: "Producer", createdAt: daysAgo(2) },
      { name: "P2", email: "p2@x.co", positionTitle: "Producer", createdAt: daysAgo(20) },
      { name: "E1", email: "e1@x.co", positionTitle: "Video Editor", createdAt: daysAgo(2) },
    ]);
    const { loadDashboard } = await import("@server/pipeline/dashboard");
    const dashboard = await loadDashboard(db, { now, today: "2026-11-26" });
    expect(dashboard.newThisWeek).toEqual({ inquiries: 2, applications: 2 });
    expect(dashboard.openByStatus).toEqual([
      { label: "New", value: 2 },
      { label: "Contacted", value: 1 },
      { label: "Qualified", value: 0 },
    ]);
    expect(dashboard.followUpsDue).toBe(1);
    expect(dashboard.medianFirstResponseHours).toBe(6);
    expect(dashboard.byService).toEqual([
      { label: "Video Production", value: 2 },
      { label: "Social Content", value: 1 },
      { label: "No service (weddings and others)", value: 1 },
    ]);
    expect(dashboard.byMonth).toEqual([
      { label: "2026-10", value: 1 },
      { label: "2026-11", value: 3 },
    ]);
    expect(dashboard.byPosition).toEqual([
      { label: "Producer", value: 2 },
      { label: "Video Editor", value: 1 },
    ]);

    // The page's figures are kept per instance for 30 s (and per day), then computed again.
    const { cachedDashboard } = await import("@server/pipeline/dashboard");
    const { DASHBOARD_TTL_MS } = await import("@server/caches");
    const at = (ms: number) => ({ now: new Date(now.getTime() + ms), today: "2026-11-26" });
    const first = cachedDashboard(db, at(0));
    expect(await first).toEqual(dashboard);
    await db.insert(jobApplications).values({
      name: "P3",
      email: "p3@x.co",
      positionTitle: "Producer",
      createdAt: daysAgo(1),
    });
    expect(cachedDashboard(db, at(DASHBOARD_TTL_MS - 1))).toBe(first);
    expect((await cachedDashboard(db, at(DASHBOARD_TTL_MS))).newThisWeek.applications).toBe(3);
    expect(cachedDashboard(db, { ...at(DASHBOARD_TTL_MS), today: "2026-11-27" })).not.toBe(first);

    // A step of a pipeline (a status changed here) is in the next figures, within the 30 s.
    const { changeStatus } = await import("@server/pipeline/steps");
    const kept = cachedDashboard(db, at(2 * DASHBOARD_TTL_MS));
    expect(cachedDashboard(db, at(2 * DASHBOARD_TTL_MS + 1))).toBe(kept);
    await changeStatus(
      {
        db,
        jobs: t.runtime.jobs,
        actor: { id: null, email: null, ip: null },
        siteUrl: "http://localhost",
      },
      "inquiry",
      String(rows[0]?.id),
      "qualified",
    );
    const after = cachedDashboard(db, at(2 * DASHBOARD_TTL_MS + 2));
    expect(after).not.toBe(kept);
    expect((await after).openByStatus).toContainEqual({ label: "Qualified", value: 1 });
  });
});

describe.each(testDrivers)("reply templates and every kind of Activity entry on %s", (driver) => {
  let t: TestRuntime;
  const db = () => t.database.db;
  const templatesPage = () => import("~/routes/admin/templates");
  beforeAll(async () => {
    t = await createTestRuntime(driver, { NOTIFY_EMAIL: "studio@studio.test" });
  });
  afterAll(async () => {
    await t?.close();
  });

  const saveTemplate = async (fields: Record<string, string>, cookie = t.cookies.admin) => {
    const { action } = await templatesPage();
    return postTo(t, action, "/admin/templates", new URLSearchParams(fields), {
      cookie,
    }) as Promise<Response | { data: unknown; init: ResponseInit | null }>;
  };

  it("edits a template on /admin/templates (admins): saved with its audit row, used by the next reply", async () => {
    const [propose] = await db()
      .select()
      .from(replyTemplates)
      .where(eq(replyTemplates.name, "Propose a call"));
    if (!propose) throw new Error("the migration seeds the templates");
    const saved = (await saveTemplate({
      id: propose.id,
      name: "Propose a call",
      subject: "A call about your project",
      body: "Hi {name}, book here: {booking_url} ({unknown})",
    })) as Response;
    expect(saved.status).toBe(302);
    expect(await toastOf(t.runtime, saved)).toBe('Success: Template "Propose a call" saved');
    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, propose.id), eq(auditEvents.action, "update")));
    expect(audit?.changes).toMatchObject({
      subject: { before: "", after: "A call about your project" },
    });

    // The inquiry page's reply, filled for the visitor from the edited template.
    const [row] = await db()
      .insert(contactSubmissions)
      .values({ name: "Lou Park", email: "lou@example.com", description: "A film." })
      .returning({ id: contactSubmissions.id });
    const { loader } = await import("~/routes/admin/inquiry");
    const page = (await callRoute(
      loader,
      t.runtime,
      `/admin/inquiries/${row?.id}?template=${propose.id}`,
      {
        cookie: t.cookies.admin,
        params: { id: row?.id ?? "" },
      },
    )) as { reply: { subject: string; message: string } };
    expect(page.reply.subject).toBe("A call about your project");
    expect(page.reply.message).toBe(
      `Hi Lou Park, book here: ${t.runtime.config.BOOKING_URL} ({unknown})`,
    );

    // A template without a name is a 400 with the message; editors are refused.
    const invalid = (await saveTemplate({ id: propose.id, name: " ", subject: "", body: "x" })) as {
      data: { fieldErrors: Record<string, string[]> };
      init: ResponseInit;
    };
    expect(invalid.init.status).toBe(400);
    expect(invalid.data.fieldErrors.name).toEqual(["Please enter a name"]);
    await expect(
      saveTemplate({ id: propose.id, name: "Mine", subject: "", body: "x" }, t.cookies.editor),
    ).rejects.toMatchObject({ init: { status: 403 } });
    const [after] = await db()
      .select()
      .from(replyTemplates)
      .where(eq(replyTemplates.id, propose.id));
    expect(after?.name).toBe("Propose a call");
  });

  it("records every kind of Activity entry: submitted, status, owner, follow-up, note, reply, booked, rating", async () => {
    const { handleContactPost, handleApplicationPost } = await import(
      "@server/route-kit/public-forms"
    );
    const { reportBooking } = await import("@server/inquiries/booking");
    const form = new FormData();
    form.append("name", "Kit Moreno");
    form.append("email", "kit@example.com");
    form.append("description", "A series of short films.");
    const sent = await handleContactPost(
      t.runtime,
      new Request("http://localhost:3999/contact", { method: "POST", body: form }),
      "192.0.2.77",
    );
    if (sent.result.status !== "success" || !sent.result.booking) throw new Error("not sent");
    const [inquiry] = await db()
      .select({ id: contactSubmissions.id })
      .from(contactSubmissions)
      .where(eq(contactSubmissions.email, "kit@example.com"));
    const id = inquiry?.id ?? "";
    const [admin] = await db()
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, TEST_ADMIN.email));
    const { action } = await import("~/routes/admin/inquiry");
    const step = (fields: Record<string, string>) =>
      postTo(t, action, `/admin/inquiries/${id}`, new URLSearchParams(fields), {
        params: { id },
      });
    await step({ intent: "status", status: "contacted" });
    await step({ intent: "owner", owner: admin?.id ?? "" });
    await step({ intent: "follow_up", followUp: "2031-01-02" });
    await step({ intent: "note", note: "Call on Monday" });
    await step({
      intent: "reply",
      template: "",
      subject: "Re: Your Project Inquiry",
      message: "Hi Kit",
    });
    expect(await reportBooking(t.runtime, sent.result.booking.reference)).toBe("recorded");

    const kinds = async (subjectId: string) =>
      (
        await db()
          .select({ kind: pipelineActivity.kind })
          .from(pipelineActivity)
          .where(eq(pipelineActivity.subjectId, subjectId))
          .orderBy(asc(pipelineActivity.at))
      ).map((entry) => entry.kind);
    expect(await kinds(id)).toEqual([
      "submitted",
      "status",
      "owner",
      "follow_up",
      "note",
      "reply",
      "booked",
    ]);

    // An application: its submission and a rating.
    const { pdfBytes } = await import("../support/files");
    const application = new FormData();
    application.append("name", "Ira Quist");
    application.append("email", "ira@example.com");
    application.append("position_title", "Producer");
    application.append("resume", new File([new Uint8Array(pdfBytes())], "cv.pdf"));
    const applied = await handleApplicationPost(
      t.runtime,
      new Request("http://localhost:3999/careers", { method: "POST", body: application }),
      "192.0.2.78",
    );
    expect(applied.status).toBe(200);
    const [row] = await db()
      .select({ id: jobApplications.id })
      .from(jobApplications)
      .where(eq(jobApplications.email, "ira@example.com"));
    const applicationId = row?.id ?? "";
    const { action: applicationAction } = await import("~/routes/admin/job-application");
    await postTo(
      t,
      applicationAction,
      `/admin/job-applications/${applicationId}`,
      new URLSearchParams({ intent: "rating", rating: "4" }),
      { params: { id: applicationId } },
    );
    expect(await kinds(applicationId)).toEqual(["submitted", "rating"]);
  });
});
