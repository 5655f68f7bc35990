import { auditEvents, blogPosts, caseStudies } from "@server/db/schema";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action as editorAction, loader as editorLoader } from "~/routes/admin/blog-editor";
import { loader as studyEditorLoader } from "~/routes/admin/case-study-editor";
import { action as revokeAction } from "~/routes/admin/preview-links";
import { loader as postLoader } from "~/routes/site/blog-post";
import { loader as studyLoader } from "~/routes/site/case-study";
import { callRoute, formOf, postTo, seededRuntime, toastOf } from "../support/admin-runtime";
import { testDrivers } from "../support/database";
import { settle, statusOf } from "../support/route-answers";

/**
 * Issue #47 item 14 (decision 0462): preview links can be revoked from the post and case-study
 * editors. A revoked link answers as an expired one (410), the editor shows a new link that
 * opens, and the revocation is audited.
 */
describe.each(testDrivers)("revoking preview links on %s", (driver) => {
  const t = seededRuntime(driver);
  const db = () => t.database.db;

  /** The case study's preview page at `path`, as a visitor without a session. */
  const open = async (path: string, id: string) =>
    statusOf(await settle(callRoute(studyLoader, t.runtime, path, { params: { previewId: id } })));
  const postPreview = async (id: string) =>
    (
      (await callRoute(editorLoader, t.runtime, `/admin/blog/edit/${id}`, {
        cookie: t.cookies.editor,
        params: { id },
      })) as unknown as { preview: string }
    ).preview;

  it("a post's revoked link answers as an expired one; the editor's new link opens; audited", async () => {
    const created = (await postTo(
      t,
      editorAction,
      "/admin/blog/new",
      formOf({ title: "Revoked Preview Story", content: "<p>Words</p>", workflow: "save-draft" }),
    )) as Response;
    const id = created.headers.get("location")?.split("/").pop() ?? "";
    const sent = await postPreview(id);
    // The blog-post module reads the preview id as `id`.
    const openPost = (path: string) =>
      settle(callRoute(postLoader, t.runtime, path, { params: { id } })).then(statusOf);
    expect(await openPost(sent)).toBe(200);

    const revoked = (await postTo(
      t,
      revokeAction,
      `/admin/preview-links/blog/${id}`,
      new URLSearchParams(),
      { params: { section: "blog", id }, cookie: t.cookies.editor },
    )) as Response;
    expect(revoked.status).toBe(302);
    expect(revoked.headers.get("location")).toBe(`/admin/blog/edit/${id}`);
    expect(await toastOf(t.runtime, revoked)).toBe(
      'Success: Preview links of "Revoked Preview Story" revoked: links sent before no longer open. Preview has a new one.',
    );

    // The link sent before: the expired answer (410 with its message), not the page.
    const answer = await settle(callRoute(postLoader, t.runtime, sent, { params: { id } }));
    expect(statusOf(answer)).toBe(410);
    expect((answer as { data: { expired?: boolean } }).data.expired).toBe(true);

    const fresh = await postPreview(id);
    expect(fresh).not.toBe(sent);
    expect(await openPost(fresh)).toBe(200);

    // Revoked again: the second link goes too, the first stays gone.
    await postTo(t, revokeAction, `/admin/preview-links/blog/${id}`, new URLSearchParams(), {
      params: { section: "blog", id },
    });
    expect(await openPost(fresh)).toBe(410);
    expect(await openPost(sent)).toBe(410);
    expect(await openPost(await postPreview(id))).toBe(200);
    // A forged link is still the 404 page.
    expect(await openPost(sent.replace(/signature=[0-9a-f]{4}/, "signature=0000"))).toBe(404);

    const audits = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "revoke_preview"), eq(auditEvents.entityId, id)));
    expect(audits).toHaveLength(2);
    expect(audits[0]).toMatchObject({
      entityType: "blog_post",
      entityName: "Revoked Preview Story",
    });
  });

  it("a case study's too, and an unknown item or section is refused", async () => {
    const [study] = await db().select().from(caseStudies).limit(1);
    if (!study) throw new Error("the demo content has a case study");
    const id = study.id;
    const preview = async () =>
      (
        (await callRoute(studyEditorLoader, t.runtime, `/admin/case-studies/${id}/edit`, {
          params: { id },
          cookie: t.cookies.admin,
        })) as unknown as { preview: string }
      ).preview;
    const sent = await preview();
    expect(await open(sent, id)).toBe(200);
    const revoked = (await postTo(
      t,
      revokeAction,
      `/admin/preview-links/case-studies/${id}`,
      new URLSearchParams(),
      { params: { section: "case-studies", id } },
    )) as Response;
    expect(revoked.headers.get("location")).toBe(`/admin/case-studies/${id}/edit`);
    expect(await open(sent, id)).toBe(410);
    expect(await open(await preview(), id)).toBe(200);

    const [post] = await db().select({ id: blogPosts.id }).from(blogPosts).limit(1);
    for (const [section, target] of [
      ["portfolio", post?.id ?? ""],
      ["blog", "not-a-uuid"],
    ] as const) {
      const answer = (await postTo(
        t,
        revokeAction,
        `/admin/preview-links/${section}/${target}`,
        new URLSearchParams(),
        { params: { section, id: target } },
      )) as Response;
      expect(await toastOf(t.runtime, answer)).toMatch(/^Error: /);
    }
    const missing = (await postTo(
      t,
      revokeAction,
      "/admin/preview-links/blog/00000000-0000-4000-8000-000000000000",
      new URLSearchParams(),
      { params: { section: "blog", id: "00000000-0000-4000-8000-000000000000" } },
    )) as Response;
    expect(await toastOf(t.runtime, missing)).toBe(
      "Error: That item no longer exists. It may have been deleted.",
    );
  });
});
