import { AUDIT_PAGED_ROWS, pruneAuditEvents } from "@server/audit/read";
import { auditEvents, blogPosts, caseStudies, user } from "@server/db/schema";
import { requireAccess } from "@server/security/admin-access";
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loader as analyticsCsvLoader } from "~/routes/admin/analytics-csv";
import { loader as auditLoader } from "~/routes/admin/audit";
import { loader as auditCsvLoader } from "~/routes/admin/audit-csv";
import { action as editorAction } from "~/routes/admin/blog-editor";
import { action as caseStudiesAction } from "~/routes/admin/case-studies";
import { loader as inquiriesCsvLoader } from "~/routes/admin/inquiries-csv";
import { loader as applicationsCsvLoader } from "~/routes/admin/job-applications-csv";
import { action as loginAction } from "~/routes/admin/login";
import { loader as consentCsvLoader } from "~/routes/admin/privacy-consent-csv";
import { TEST_ADMIN, TEST_EDITOR } from "../support/admin-data";
import { callRoute, formOf, postTo, routeArgs, seededRuntime } from "../support/admin-runtime";
import { testDrivers } from "../support/database";
import { settle, statusOf } from "../support/route-answers";

/**
 * The audit log (issue #29): a row for each back-office write, in the write's transaction, with
 * who, when, what and the fields before and after; sign-in events; the screen's filters and paging;
 * the CSV; retention pruned by a daily job that runs once across instances.
 */
describe.each(testDrivers)("audit log on %s", (driver) => {
  const t = seededRuntime(driver);
  const db = () => t.database.db;
  const latest = async () =>
    (await db().select().from(auditEvents).orderBy(desc(auditEvents.at), desc(auditEvents.id)))[0];
  const rowCount = async () => (await db().select({ n: count() }).from(auditEvents))[0]?.n ?? 0;

  it("records an editor's new post and its edit with the fields before and after, who and from where", async () => {
    const created = (await postTo(
      t,
      editorAction,
      "/admin/blog/new",
      formOf({ title: "Audited post", status: "draft", content: "<p>One</p>" }),
      { cookie: t.cookies.editor },
    )) as Response;
    expect(created.status).toBe(302);
    const [post] = await db().select().from(blogPosts).where(eq(blogPosts.slug, "audited-post"));
    const creation = await latest();
    expect(creation).toMatchObject({
      action: "create",
      actorEmail: TEST_EDITOR.email,
      entityType: "blog_post",
      entityId: post?.id,
      entityName: "Audited post",
      ip: "203.0.113.7",
    });
    expect(creation?.changes?.title).toEqual({ before: null, after: "Audited post" });

    await postTo(
      t,
      editorAction,
      `/admin/blog/edit/${post?.id}`,
      formOf({ title: "Audited post, renamed", slug: "audited-post", status: "draft" }),
      { cookie: t.cookies.editor, params: { id: post?.id ?? "" } },
    );
    const edit = await latest();
    expect(edit).toMatchObject({ action: "update", entityId: post?.id });
    expect(edit?.changes?.title).toEqual({
      before: "Audited post",
      after: "Audited post, renamed",
    });
    // Only what changed: the slug stayed, so it is not listed.
    expect(edit?.changes).not.toHaveProperty("slug");
    const [editor] = await db().select().from(user).where(eq(user.email, TEST_EDITOR.email));
    expect(edit?.actorId).toBe(editor?.id);
  });

  it("writes no row for a refused save (a taken slug), nor for a toggle that finds no row", async () => {
    const before = await rowCount();
    const refused = (await postTo(
      t,
      editorAction,
      "/admin/blog/new",
      formOf({ title: "Dup", slug: "audited-post", status: "draft" }),
    )) as { init?: { status?: number } };
    expect(refused.init?.status).toBe(409);
    await postTo(
      t,
      caseStudiesAction,
      "/admin/case-studies",
      new URLSearchParams({
        intent: "feature",
        id: "00000000-0000-4000-8000-000000000000",
        value: "true",
      }),
    );
    expect(await rowCount()).toBe(before);
  });

  it("records a toggle and a delete of a case study by an admin", async () => {
    const [study] = await db().select().from(caseStudies).orderBy(asc(caseStudies.id)).limit(1);
    const id = study?.id ?? "";
    await postTo(
      t,
      caseStudiesAction,
      "/admin/case-studies",
      new URLSearchParams({ intent: "feature", id, value: String(!study?.isFeatured) }),
    );
    expect(await latest()).toMatchObject({
      action: "update",
      actorEmail: TEST_ADMIN.email,
      entityType: "case_study",
      entityId: id,
      changes: { isFeatured: { before: study?.isFeatured, after: !study?.isFeatured } },
    });
  });

  it("records sign-ins and failed sign-ins with the address tried", async () => {
    const post = (form: Record<string, string>) =>
      callRoute(loginAction, t.runtime, "/admin/login", {
        method: "POST",
        body: new URLSearchParams(form),
        ip: "198.51.100.44",
      });
    await post({ email: TEST_ADMIN.email, password: "not the password at all" });
    expect(await latest()).toMatchObject({
      action: "sign_in_failed",
      actorEmail: TEST_ADMIN.email,
      ip: "198.51.100.44",
    });
    await post(TEST_ADMIN);
    const [admin] = await db().select().from(user).where(eq(user.email, TEST_ADMIN.email));
    expect(await latest()).toMatchObject({ action: "sign_in", actorId: admin?.id });
  });

  it("finds a person's failed sign-ins by the Person filter (the address tried, no id)", async () => {
    const [editor] = await db().select().from(user).where(eq(user.email, TEST_EDITOR.email));
    await callRoute(loginAction, t.runtime, "/admin/login", {
      method: "POST",
      body: new URLSearchParams({ email: "Editor@Admin-Tests.test", password: "a wrong one!" }),
      ip: "198.51.100.45",
    });
    const failed = await latest();
    expect(failed).toMatchObject({ action: "sign_in_failed", actorId: null });
    const answer = (await callRoute(auditLoader, t.runtime, `/admin/audit?person=${editor?.id}`, {
      cookie: t.cookies.admin,
    })) as unknown as { data: { result: { rows: { id: string }[] } } };
    expect(answer.data.result.rows.map((row) => row.id)).toContain(failed?.id);
    // Someone else's filter does not show it.
    const [admin] = await db().select().from(user).where(eq(user.email, TEST_ADMIN.email));
    const other = (await callRoute(auditLoader, t.runtime, `/admin/audit?person=${admin?.id}`, {
      cookie: t.cookies.admin,
    })) as unknown as { data: { result: { rows: { id: string }[] } } };
    expect(other.data.result.rows.map((row) => row.id)).not.toContain(failed?.id);
  });

  it("records every CSV export: who, which file and its filters", async () => {
    const exports = [
      [inquiriesCsvLoader, "/admin/inquiries.csv?status=new&q=ada lovelace", "inquiry"],
      [applicationsCsvLoader, "/admin/job-applications.csv?position=Producer", "job_application"],
      [auditCsvLoader, "/admin/audit.csv?entity=blog_post", null],
      [analyticsCsvLoader, "/admin/analytics.csv?period=30d", null],
      [consentCsvLoader, "/admin/privacy/consent.csv", null],
    ] as const;
    for (const [loader, url, entity] of exports) {
      const before = await rowCount();
      const answer = (await callRoute(loader, t.runtime, url, {
        cookie: t.cookies.admin,
        ip: "198.51.100.46",
      })) as Response;
      expect(answer.status, url).toBe(200);
      await answer.text();
      expect(await rowCount(), url).toBe(before + 1);
      expect(await latest(), url).toMatchObject({
        action: "csv_export",
        actorEmail: TEST_ADMIN.email,
        ip: "198.51.100.46",
        entityType: entity,
        entityName: decodeURIComponent(url.slice("/admin/".length)),
      });
    }
  });

  it("records a refusal (403) once per request: who, the method and the route, never its ids", async () => {
    const before = await rowCount();
    const page = routeArgs(t.runtime, "/admin/audit?person=x", {
      cookie: t.cookies.editor,
      ip: "198.51.100.47",
    });
    // The layout's middleware and the loader both check: one row.
    expect(statusOf(await settle(requireAccess(page)))).toBe(403);
    expect(statusOf(await settle(auditLoader(page)))).toBe(403);
    expect(await rowCount()).toBe(before + 1);
    expect(await latest()).toMatchObject({
      action: "access_denied",
      actorEmail: TEST_EDITOR.email,
      ip: "198.51.100.47",
      entityName: "GET /admin/audit",
    });
    // A file (resource route): refused with 403 too, and recorded.
    const file = await settle(
      callRoute(auditCsvLoader, t.runtime, "/admin/audit.csv", { cookie: t.cookies.editor }),
    );
    expect(statusOf(file)).toBe(403);
    expect(await latest()).toMatchObject({
      action: "access_denied",
      actorEmail: TEST_EDITOR.email,
      entityName: "GET /admin/audit.csv",
    });
    // Signed out is not a refusal of a person: sent to sign in, nothing recorded.
    const count = await rowCount();
    await settle(callRoute(auditLoader, t.runtime, "/admin/audit"));
    expect(await rowCount()).toBe(count);
  });

  it("lists 25 a page, newest first, filtered by person, record and day; exports the same as CSV", async () => {
    const [editor] = await db().select().from(user).where(eq(user.email, TEST_EDITOR.email));
    // 30 more rows by the editor yesterday (Los Angeles time is well inside it at noon UTC).
    const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000);
    yesterday.setUTCHours(20, 0, 0, 0);
    await db()
      .insert(auditEvents)
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          at: new Date(yesterday.getTime() + i * 1000),
          action: "update" as const,
          actorId: editor?.id,
          actorEmail: TEST_EDITOR.email,
          entityType: "testimonial" as const,
          entityId: `row-${i}`,
        })),
      );
    const load = async (query: string) =>
      (await callRoute(auditLoader, t.runtime, `/admin/audit${query}`, {
        cookie: t.cookies.admin,
      })) as unknown as {
        data: { result: { rows: { entityId: string | null }[]; total: number; pageCount: number } };
      };
    const day = yesterday.toISOString().slice(0, 10);
    const filtered = await load(`?person=${editor?.id}&entity=testimonial&from=${day}&to=${day}`);
    expect(filtered.data.result.total).toBe(30);
    expect(filtered.data.result.pageCount).toBe(2);
    expect(filtered.data.result.rows).toHaveLength(25);
    expect(filtered.data.result.rows[0]?.entityId).toBe("row-29");
    const second = await load(`?person=${editor?.id}&entity=testimonial&page=2`);
    expect(second.data.result.rows.map((row) => row.entityId)).toEqual([
      "row-4",
      "row-3",
      "row-2",
      "row-1",
      "row-0",
    ]);
    const blogOnly = await load("?entity=blog_post");
    expect(blogOnly.data.result.total).toBe(2);
    const beforeYesterday = await load(
      `?entity=testimonial&to=${new Date(yesterday.getTime() - 2 * 86400000).toISOString().slice(0, 10)}`,
    );
    expect(beforeYesterday.data.result.total).toBe(0);

    const csv = (await callRoute(auditCsvLoader, t.runtime, `/admin/audit.csv?entity=testimonial`, {
      cookie: t.cookies.admin,
    })) as Response;
    const text = await csv.text();
    expect(text.split("\r\n").filter(Boolean)).toHaveLength(31);
    expect(text).toContain('"row-17"');
  });

  it("pages only the newest 2,500 of a longer log, and says how to reach older entries", async () => {
    await db().execute(
      sql`insert into audit_events (at, action, actor_email, entity_type, entity_name)
          select now() - make_interval(secs => g), 'update', 'bulk@example.test', 'backup', 'bulk'
          from generate_series(1, ${AUDIT_PAGED_ROWS + 5}) g`,
    );
    try {
      const load = async (query: string) =>
        (
          (await callRoute(auditLoader, t.runtime, `/admin/audit${query}`, {
            cookie: t.cookies.admin,
          })) as unknown as {
            data: {
              result: {
                rows: unknown[];
                total: number;
                page: number;
                pageCount: number;
                capped?: boolean;
              };
            };
          }
        ).data.result;
      const first = await load("?entity=backup");
      expect(first).toMatchObject({ total: AUDIT_PAGED_ROWS, pageCount: 100, capped: true });
      // Past the paged rows: the last page, not an OFFSET over the whole log.
      const deep = await load("?entity=backup&page=2000");
      expect(deep).toMatchObject({ page: 100, capped: true });
      expect(deep.rows).toHaveLength(25);
      // A filter that matches fewer counts them exactly.
      const narrow = await load(`?person=${crypto.randomUUID()}`);
      expect(narrow).toMatchObject({ total: 0 });
      expect(narrow.capped).toBeUndefined();
    } finally {
      await db().delete(auditEvents).where(eq(auditEvents.entityName, "bulk"));
    }
  });

  it("prunes rows past the retention, however many runs race", async () => {
    const old = new Date(Date.now() - 800 * 24 * 60 * 60 * 1000);
    await db()
      .insert(auditEvents)
      .values([
        { at: old, action: "sign_in", actorEmail: "old@admin-tests.test" },
        { action: "sign_in", actorEmail: "recent@admin-tests.test" },
      ]);
    const removed = await Promise.all([1, 2, 3].map(() => pruneAuditEvents(db(), 730)));
    // Each old row went once, whichever run took it.
    expect(removed.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(1);
    const left = await db()
      .select({ n: count() })
      .from(auditEvents)
      .where(and(eq(auditEvents.actorEmail, "old@admin-tests.test")));
    expect(left[0]?.n).toBe(0);
    // Again: nothing left to prune.
    expect(await pruneAuditEvents(db(), 730)).toBe(0);
    // Recent rows stay.
    const recent = await db()
      .select({ n: count() })
      .from(auditEvents)
      .where(eq(auditEvents.actorEmail, "recent@admin-tests.test"));
    expect(recent[0]?.n).toBe(1);
  });
});
