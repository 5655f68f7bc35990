import { listTables, qualified, rowsOf } from "@server/backup/archive/catalog";
import {
  approvals,
  auditEvents,
  contactSubmissions,
  deliverableVersions,
  mediaItems,
  projects,
  reviewComments,
  reviewers,
  shareLinks,
  user,
} from "@server/db/schema";
import { deleteItem } from "@server/media/library";
import { erasePerson } from "@server/privacy/erasure";
import { findPerson, tablesNotCovered } from "@server/privacy/person";
import {
  addDeliverable,
  addVersion,
  ProjectInputError,
  setProjectStatus,
  startProjectFromInquiry,
} from "@server/projects/projects";
import {
  createShareLink,
  hashToken,
  listShareLinks,
  recordLinkOpen,
  resolveShareLink,
  revokeShareLink,
} from "@server/projects/share-links";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { areaOfPath, mayEnter } from "~/entities/staff/access";
import { loader as inquiryLoader } from "~/routes/admin/inquiry";
import { action as projectsAction } from "~/routes/admin/projects";
import { TEST_ADMIN } from "../support/admin-data";
import { callRoute, createTestRuntime, type TestRuntime } from "../support/admin-runtime";
import { testDrivers } from "../support/database";

/**
 * The review room's foundation (issue #45): a project started from an inquiry, versions of ready
 * media items with their hash, share links (token, password, expiry, revocation), and the new
 * tables in a person's export and erasure by construction.
 */

const SHA = "a".repeat(64);
const CLIENT = "Cora.Client@Example.com";
const REVIEWER = "rita.reviewer@example.com";

describe.each(testDrivers)("the review room's projects on %s", (driver) => {
  let t: TestRuntime;
  let actor: { id: string; email: string; ip: string };
  let ready = "";
  let processing = "";
  beforeAll(async () => {
    t = await createTestRuntime(driver);
    const db = t.runtime.database.db;
    const [admin] = await db.select().from(user).where(eq(user.email, TEST_ADMIN.email));
    actor = { id: admin?.id ?? "", email: TEST_ADMIN.email, ip: "203.0.113.7" };
    const [a, b] = await db
      .insert(mediaItems)
      .values([
        { title: "Spring :30 v1", originalName: "a.mov", size: 10, state: "ready", sha256: SHA },
        { title: "Still encoding", originalName: "b.mov", size: 10, state: "processing" },
      ])
      .returning();
    ready = a?.id ?? "";
    processing = b?.id ?? "";
  });
  afterAll(async () => {
    await t?.close();
  });

  async function startedProject(service: string | null = null) {
    const db = t.runtime.database.db;
    const [inquiry] = await db
      .insert(contactSubmissions)
      .values({ name: "Cora Client", email: CLIENT, description: "A spring campaign", service })
      .returning();
    const project = await startProjectFromInquiry(db, actor, inquiry?.id ?? "");
    if (!project || !inquiry) throw new Error("no project");
    return { project, inquiry };
  }

  it("starts a project from an inquiry with its client, the starter as owner, audited", async () => {
    const { project, inquiry } = await startedProject();
    expect(project).toMatchObject({
      clientName: "Cora Client",
      clientEmail: CLIENT,
      inquiryId: inquiry.id,
      ownerId: actor.id,
      status: "active",
      title: "Cora Client: project",
    });
    // Named by what the inquiry asked for, when it said.
    expect((await startedProject("video-production")).project.title).toBe(
      "Cora Client: Video Production",
    );
    expect(await startProjectFromInquiry(t.runtime.database.db, actor, crypto.randomUUID())).toBe(
      null,
    );
    expect(await setProjectStatus(t.runtime.database.db, actor, project.id, "delivered")).toBe(
      true,
    );
    const audit = await t.runtime.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, "project"), eq(auditEvents.entityId, project.id)));
    expect(audit.map((row) => row.action).sort()).toEqual(["create", "update"]);
    // The status is a check constraint: nothing else is stored.
    await expect(
      t.runtime.database.db.execute(
        sql`update projects set status = 'lost' where id = ${project.id}`,
      ),
    ).rejects.toThrow();
  });

  it("'Start project' on an inquiry's page: one project for the client, shown on the inquiry", async () => {
    const db = t.runtime.database.db;
    const [inquiry] = await db
      .insert(contactSubmissions)
      .values({ name: "Stan Starter", email: "stan@example.com", description: "A launch film" })
      .returning();
    const id = inquiry?.id ?? "";
    const start = (inquiryId: string) =>
      callRoute(projectsAction, t.runtime, "/admin/projects", {
        method: "POST",
        cookie: t.cookies.admin,
        body: new URLSearchParams({ intent: "start", inquiryId }),
      }) as Promise<Response>;
    const first = await start(id);
    expect(first.status).toBe(302);
    const location = first.headers.get("location") ?? "";
    expect(location).toMatch(/^\/admin\/projects\/[0-9a-f-]{36}$/);
    // Pressed again (a double click): the same project, not a second one.
    expect((await start(id)).headers.get("location")).toBe(location);
    const made = await db.select().from(projects).where(eq(projects.inquiryId, id));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ clientName: "Stan Starter", clientEmail: "stan@example.com" });
    // An inquiry that is gone, or no id at all: back to the inquiries with a message.
    for (const missing of [crypto.randomUUID(), "not-an-id"]) {
      const refused = await start(missing);
      expect(refused.status).toBe(302);
      expect(refused.headers.get("location")).toBe("/admin");
      expect(refused.headers.get("set-cookie")).toMatch(/admin_flash=/);
    }
    const page = await callRoute(inquiryLoader, t.runtime, `/admin/inquiries/${id}`, {
      cookie: t.cookies.admin,
      params: { id },
    });
    expect(page.projects).toEqual([
      { id: location.split("/").pop(), title: made[0]?.title, status: "active" },
    ]);
  });

  it("numbers versions v1, v2, keeps the master's SHA-256, refuses a video not ready", async () => {
    const db = t.runtime.database.db;
    const { project } = await startedProject();
    const deliverable = await addDeliverable(db, actor, project.id, "Spring campaign :30");
    const target = { projectId: project.id, deliverableId: deliverable?.id ?? "" };
    const v1 = await addVersion(db, actor, target, ready, t.runtime.jobs);
    const v2 = await addVersion(db, actor, target, ready, t.runtime.jobs);
    expect([v1.number, v2.number]).toEqual([1, 2]);
    expect(v1.sha256).toBe(SHA);
    // The copy stays even if the library's row changes later.
    await db
      .update(mediaItems)
      .set({ sha256: "b".repeat(64) })
      .where(eq(mediaItems.id, ready));
    const [kept] = await db
      .select()
      .from(deliverableVersions)
      .where(eq(deliverableVersions.id, v1.id));
    expect(kept?.sha256).toBe(SHA);
    await db.update(mediaItems).set({ sha256: SHA }).where(eq(mediaItems.id, ready));
    await expect(addVersion(db, actor, target, processing, t.runtime.jobs)).rejects.toBeInstanceOf(
      ProjectInputError,
    );
    await expect(
      addVersion(db, actor, target, crypto.randomUUID(), t.runtime.jobs),
    ).rejects.toBeInstanceOf(ProjectInputError);
    // A deliverable of another project, named through this one's address: refused.
    const { project: other } = await startedProject();
    await expect(
      addVersion(db, actor, { ...target, projectId: other.id }, ready, t.runtime.jobs),
    ).rejects.toBeInstanceOf(ProjectInputError);
    // The Media library keeps a video while it is a version: refused with a reason, not a 500.
    expect(await deleteItem(t.runtime, actor, ready)).toBe("in-review");
    const [still] = await db.select().from(mediaItems).where(eq(mediaItems.id, ready));
    expect(still?.state).toBe("ready");
  });

  it("share links: 256-bit tokens stored hashed, password, expiry and revocation", async () => {
    const db = t.runtime.database.db;
    const { project } = await startedProject();
    const open = await createShareLink(db, actor, { projectId: project.id });
    expect(Buffer.from(open.token, "base64url").length).toBeGreaterThanOrEqual(16);
    const tokens = await Promise.all(
      Array.from({ length: 20 }, () => createShareLink(db, actor, { projectId: project.id })),
    );
    expect(new Set(tokens.map((made) => made.token)).size).toBe(20);
    const stored = await rowsOf<{ row: string }>(
      db,
      sql`select to_jsonb(s)::text as row from share_links s where id = ${open.link.id}`,
    );
    expect(stored[0]?.row).not.toContain(open.token);
    expect(open.link.tokenHash).toBe(hashToken(open.token));
    expect((await resolveShareLink(db, open.token)).status).toBe("ok");
    expect((await resolveShareLink(db, `${open.token}x`)).status).toBe("not-found");
    expect((await resolveShareLink(db, "")).status).toBe("not-found");

    const locked = await createShareLink(db, actor, {
      projectId: project.id,
      password: "correct horse battery",
    });
    expect(locked.link.passwordHash).not.toContain("correct horse");
    expect((await resolveShareLink(db, locked.token)).status).toBe("password-needed");
    expect((await resolveShareLink(db, locked.token, "wrong")).status).toBe("password-needed");
    expect((await resolveShareLink(db, locked.token, "correct horse battery")).status).toBe("ok");

    const soon = new Date(Date.now() + 60_000);
    const expiring = await createShareLink(db, actor, { projectId: project.id, expiresAt: soon });
    expect((await resolveShareLink(db, expiring.token)).status).toBe("ok");
    expect(
      (await resolveShareLink(db, expiring.token, null, new Date(soon.getTime() + 1))).status,
    ).toBe("expired");

    expect(await revokeShareLink(db, actor, project.id, open.link.id)).toBe(true);
    expect(await revokeShareLink(db, actor, project.id, open.link.id)).toBe(false);
    expect((await resolveShareLink(db, open.token)).status).toBe("revoked");
    const revokes = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "revoke"), eq(auditEvents.entityId, open.link.id)));
    expect(revokes).toHaveLength(1);
    // The log names the link by its project, as staff know it.
    expect(revokes[0]?.entityName).toBe(project.title);

    await recordLinkOpen(db, locked.link.id);
    await recordLinkOpen(db, expiring.link.id);
    await recordLinkOpen(db, expiring.link.id);
    const listed = await listShareLinks(db, project.id);
    const row = listed.find((link) => link.id === locked.link.id);
    expect(row).toMatchObject({ hasPassword: true });
    // Each link lists its own opens only.
    expect(row?.opens).toHaveLength(1);
    expect(listed.find((link) => link.id === expiring.link.id)?.opens).toHaveLength(2);
    expect(listed.find((link) => link.id === open.link.id)?.opens).toEqual([]);
    expect(JSON.stringify(listed)).not.toContain(locked.link.tokenHash);
  });

  it("contributors have no access to /admin/projects; admins and editors do", () => {
    for (const path of [
      "/admin/projects",
      "/admin/projects/0b6f6c1e-1f7e-4f0e-8b1a-0c0c0c0c0c0c",
    ]) {
      const area = areaOfPath(path);
      expect(area).toBe("projects");
      expect(mayEnter("contributor", area)).toBe(false);
      expect(mayEnter("editor", area)).toBe(true);
      expect(mayEnter("admin", area)).toBe(true);
    }
  });

  it("the new tables are covered by construction; erasure anonymises a client and a reviewer", async () => {
    const db = t.runtime.database.db;
    const tables = await listTables(db);
    for (const table of ["projects", "reviewers", "approvals", "review_comments", "share_links"]) {
      expect(tables).toContain(table);
    }
    expect(await tablesNotCovered(db)).toEqual([]);
    const { project } = await startedProject();
    const deliverable = await addDeliverable(db, actor, project.id, "Cutdown :15");
    const version = await addVersion(
      db,
      actor,
      { projectId: project.id, deliverableId: deliverable?.id ?? "" },
      ready,
      t.runtime.jobs,
    );
    const { link } = await createShareLink(db, actor, { projectId: project.id });
    const [reviewer] = await db
      .insert(reviewers)
      .values({ linkId: link.id, name: "Rita Reviewer", email: REVIEWER })
      .returning();
    await db.insert(reviewComments).values({
      versionId: version.id,
      reviewerId: reviewer?.id,
      body: "Warmer grade here",
      atSeconds: 3.2,
    });
    await db.insert(approvals).values({
      versionId: version.id,
      reviewerId: reviewer?.id,
      linkId: link.id,
      reviewerName: "Rita Reviewer",
      reviewerEmail: REVIEWER.toUpperCase(),
      decision: "approve",
      sha256: version.sha256,
    });
    const found = await findPerson(db, REVIEWER);
    expect(found.related.reviewers).toHaveLength(1);
    expect(found.related.approvals).toHaveLength(1);
    expect((await findPerson(db, CLIENT)).related.projects?.length).toBeGreaterThan(0);

    const services = {
      db,
      storage: t.runtime.storage,
      hashKey: t.runtime.keys.personHashes,
    };
    await erasePerson(services, actor, REVIEWER);
    await erasePerson(services, actor, CLIENT);
    // Nothing names either address in any table; the comment and the approval stay.
    for (const table of tables) {
      const hits = await rowsOf<{ n: number }>(
        db,
        sql`select count(*)::int as n from ${qualified(table)} t
            where strpos(lower(to_jsonb(t)::text), ${REVIEWER}) > 0
               or strpos(lower(to_jsonb(t)::text), ${CLIENT.toLowerCase()}) > 0`,
      );
      if (table !== "audit_events") expect([table, hits[0]?.n]).toEqual([table, 0]);
    }
    const [kept] = await db.select().from(approvals).where(eq(approvals.versionId, version.id));
    expect(kept).toMatchObject({ reviewerName: "Erased", reviewerEmail: null, sha256: SHA });
    const comments = await db
      .select()
      .from(reviewComments)
      .where(eq(reviewComments.versionId, version.id));
    expect(comments).toHaveLength(1);
    const [anonymous] = await db.select().from(projects).where(eq(projects.id, project.id));
    expect(anonymous).toMatchObject({ clientName: "Erased", clientEmail: null, inquiryId: null });
    expect(await db.select().from(shareLinks).where(eq(shareLinks.id, link.id))).toHaveLength(1);
  });
});
