import { listBlogPosts } from "@server/content/blog/editor";
import { findPublishedPost } from "@server/content/blog/read";
import { findPublishedCaseStudy } from "@server/content/case-studies/read";
import {
  auditEvents,
  blogPosts,
  caseStudies,
  contentDrafts,
  notifications,
} from "@server/db/schema";
import { safeRedirectTarget } from "@server/security/admin-access";
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { areaOf, HOME_PATHS, mayEnter } from "~/entities/staff/access";
import { toZonedInput } from "~/lib/studio-time";
import { action as blogDeleteAction } from "~/routes/admin/blog-delete";
import { action as editorAction, loader as editorLoader } from "~/routes/admin/blog-editor";
import { action as studiesAction } from "~/routes/admin/case-studies";
import { action as studyAction } from "~/routes/admin/case-study-editor";
import { loader as historyLoader } from "~/routes/admin/content-history";
import { loader as inquiriesLoader } from "~/routes/admin/inquiries";
import { action as staffAction } from "~/routes/admin/staff";
import { TEST_CONTRIBUTOR } from "../support/admin-data";
import { callRoute, formOf, postTo, seededRuntime, toastOf } from "../support/admin-runtime";
import { testDrivers } from "../support/database";

/**
 * Review before publishing (issue #31, decision 0333): the contributor role writes drafts of blog
 * posts and case studies and submits them; an admin or editor approves and publishes them or
 * requests changes with a comment; the author is e-mailed either way. Every refusal is checked
 * on the server: a 403, and nothing changes.
 */
describe.each(testDrivers)("review before publishing on %s", (driver) => {
  const t = seededRuntime(driver);
  const db = () => t.database.db;

  async function blog(
    who: "admin" | "editor" | "contributor",
    fields: Record<string, string>,
    id?: string,
  ) {
    const path = id ? `/admin/blog/edit/${id}` : "/admin/blog/new";
    const result = await postTo(t, editorAction, path, formOf(fields), {
      params: id ? { id } : {},
      cookie: t.cookies[who],
    });
    if (result instanceof Response) {
      return {
        status: result.status,
        location: result.headers.get("location"),
        toast: await toastOf(t.runtime, result),
      };
    }
    const { data, init } = result as unknown as { data: object; init: { status: number } };
    return { status: init.status, data };
  }

  const rowOf = async (id: string) =>
    (await db().select().from(blogPosts).where(eq(blogPosts.id, id)))[0];
  const draftOf = async (id: string) =>
    (await db().select().from(contentDrafts).where(eq(contentDrafts.entityId, id)))[0];
  const auditOf = (id: string) =>
    db()
      .select({ action: auditEvents.action, actor: auditEvents.actorEmail })
      .from(auditEvents)
      .where(eq(auditEvents.entityId, id))
      .orderBy(desc(auditEvents.at), desc(auditEvents.id));
  const mailTo = (email: string, subject: string) =>
    db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipient, email), eq(notifications.subject, subject)));

  it("a contributor saves and submits a draft; an editor requests changes, then approves and publishes; the author is e-mailed", async () => {
    const fields = { title: "Contributed Story", content: "<p>Words of a contributor</p>" };
    const created = await blog("contributor", { ...fields, workflow: "save-draft" });
    const id = created.location?.split("/").pop() ?? "";
    expect(created.location).toBe(`/admin/blog/edit/${id}`);
    expect((await rowOf(id))?.status).toBe("draft");

    // The contributor's editor offers only "Save draft" and "Submit for review".
    const open = (await callRoute(editorLoader, t.runtime, `/admin/blog/edit/${id}`, {
      cookie: t.cookies.contributor,
      params: { id },
    })) as unknown as { publishing: { intents: string[] }; history: string | null };
    expect(open.publishing.intents).toEqual(["save-draft", "submit"]);
    expect(open.history).toBeNull();

    const submitted = await blog("contributor", { ...fields, workflow: "submit" }, id);
    expect(submitted.toast).toBe(
      "Success: Submitted for review. An editor will approve it or ask for changes.",
    );
    expect((await draftOf(id))?.state).toBe("in_review");
    expect(await findPublishedPost(db(), "contributed-story")).toBeNull();
    // Admins and editors see what is in review: the badge and the filter.
    const inReview = await listBlogPosts(db(), { q: "", status: "in_review" }, 1);
    expect(inReview.rows.map((row) => row.title)).toContain("Contributed Story");
    expect(
      (await listBlogPosts(db(), { q: "", status: "draft" }, 1)).rows.map((r) => r.title),
    ).not.toContain("Contributed Story");
    expect((await auditOf(id))[0]).toEqual({
      action: "submit_for_review",
      actor: TEST_CONTRIBUTOR.email,
    });

    // "Request changes" needs a comment.
    const bare = await blog("editor", { workflow: "request-changes", reviewComment: " " }, id);
    expect(bare).toMatchObject({
      status: 400,
      data: { fieldErrors: { reviewComment: ["Write what should change."] } },
    });
    expect((await draftOf(id))?.state).toBe("in_review");
    const sentBack = await blog(
      "editor",
      { workflow: "request-changes", reviewComment: "Add a closing paragraph." },
      id,
    );
    expect(sentBack.toast).toBe("Success: Changes requested. The author has been e-mailed.");
    expect((await draftOf(id))?.state).toBe("draft");
    const [changesMail] = await mailTo(
      TEST_CONTRIBUTOR.email,
      "Changes requested: Contributed Story",
    );
    expect(changesMail?.textBody).toContain("Add a closing paragraph.");
    expect(changesMail?.textBody).toContain(`/admin/blog/edit/${id}`);
    expect((await auditOf(id))[0]?.action).toBe("request_changes");

    // "Approve and publish" only answers a draft in review.
    const early = await blog("editor", { ...fields, workflow: "approve" }, id);
    expect(early).toMatchObject({
      status: 409,
      data: { formError: "This item is not waiting for review." },
    });
    expect((await rowOf(id))?.status).toBe("draft");

    const fixed = { ...fields, content: "<p>Words of a contributor</p><p>The end.</p>" };
    await blog("contributor", { ...fixed, workflow: "submit" }, id);
    const approved = await blog("editor", { ...fixed, workflow: "approve" }, id);
    expect(approved).toMatchObject({
      location: "/admin/blog",
      toast: "Success: Approved and published. The author has been e-mailed.",
    });
    expect((await findPublishedPost(db(), "contributed-story"))?.content).toContain("The end.");
    expect(await draftOf(id)).toBeUndefined();
    const [publishedMail] = await mailTo(TEST_CONTRIBUTOR.email, "Published: Contributed Story");
    expect(publishedMail?.textBody).toContain("approved your post");
    expect(
      (await auditOf(id))
        .map((row) => row.action)
        .slice(0, 2)
        .sort(),
    ).toEqual(["approve", "update"]);
  });

  it("refuses a contributor's publish, update, schedule, unpublish, approve, a status=published post and an archived one: 403, nothing changes", async () => {
    const fields = { title: "Guarded Story", content: "<p>Guarded</p>" };
    const created = await blog("contributor", { ...fields, workflow: "save-draft" });
    const id = created.location?.split("/").pop() ?? "";
    const before = await rowOf(id);
    const tomorrow = toZonedInput(
      new Date(Date.now() + 24 * 60 * 60 * 1000),
      t.runtime.config.STUDIO_TIME_ZONE,
    );
    const attempts: Record<string, string>[] = [
      { workflow: "publish" },
      { workflow: "update" },
      { workflow: "schedule", publishAt: tomorrow },
      { workflow: "unpublish" },
      { workflow: "approve" },
      { workflow: "request-changes", reviewComment: "No." },
      // A script's post without a button: the status field would publish it.
      { status: "published" },
      // Archiving takes a post off the site: a publishing decision, with or without a button.
      { status: "archived" },
      { workflow: "save-draft", status: "archived" },
    ];
    for (const extra of attempts) {
      const refused = await blog("contributor", { ...fields, ...extra }, id);
      expect(refused, JSON.stringify(extra)).toMatchObject({
        status: 403,
        data: { formError: "Your role cannot do that: save a draft or submit it for review." },
      });
    }
    // A new post published outright is refused too, and nothing is created.
    const fresh = await blog("contributor", {
      title: "Never Made",
      content: "<p>x</p>",
      workflow: "publish",
    });
    expect(fresh.status).toBe(403);
    const archivedFresh = await blog("contributor", {
      title: "Never Made",
      content: "<p>x</p>",
      workflow: "save-draft",
      status: "archived",
    });
    expect(archivedFresh.status).toBe(403);
    expect(await db().select().from(blogPosts).where(eq(blogPosts.slug, "never-made"))).toEqual([]);
    expect(await rowOf(id)).toEqual(before);
    expect(await draftOf(id)).toMatchObject({ state: "draft" });

    // A published post: the contributor's draft stays beside it; Unpublish is refused.
    await blog("editor", { ...fields, workflow: "publish" }, id);
    const live = await rowOf(id);
    await blog("contributor", { ...fields, content: "<p>Edited</p>", workflow: "save-draft" }, id);
    expect(await rowOf(id)).toEqual(live);
    expect((await findPublishedPost(db(), "guarded-story"))?.content).toBe("<p>Guarded</p>");
    expect((await blog("contributor", { workflow: "unpublish" }, id)).status).toBe(403);
    expect((await rowOf(id))?.status).toBe("published");

    // A scheduled draft: a contributor's save would unschedule it, so it is refused.
    await blog("editor", { ...fields, workflow: "schedule", publishAt: tomorrow }, id);
    const overScheduled = await blog("contributor", { ...fields, workflow: "save-draft" }, id);
    expect(overScheduled.status).toBe(403);
    expect((await draftOf(id))?.state).toBe("scheduled");

    // Deleting: the confirmation's action is the content area's.
    await expect(
      postTo(t, blogDeleteAction, `/admin/blog/${id}/delete`, formOf({}), {
        params: { id },
        cookie: t.cookies.contributor,
      }),
    ).rejects.toMatchObject({ init: { status: 403 } });
    expect(await rowOf(id)).toBeDefined();
  });

  it("case studies: a contributor submits, an editor approves; the list's feature toggle is refused to a contributor", async () => {
    const fields = {
      title: "Contributed Study",
      slug: "contributed-study",
      description: "A contributor's study.",
      serviceType: "Video Production",
      galleryLayout: "grid",
      sortPosition: "0",
    };
    const post = async (
      who: "editor" | "contributor",
      extra: Record<string, string>,
      id?: string,
    ) => {
      const path = id ? `/admin/case-studies/${id}/edit` : "/admin/case-studies/new";
      return postTo(t, studyAction, path, formOf({ ...fields, ...extra }), {
        params: id ? { id } : {},
        cookie: t.cookies[who],
      });
    };
    const refusedPublish = (await post("contributor", { workflow: "publish" })) as unknown as {
      init: { status: number };
    };
    expect(refusedPublish.init.status).toBe(403);
    expect(
      await db().select().from(caseStudies).where(eq(caseStudies.slug, "contributed-study")),
    ).toEqual([]);

    const submitted = await post("contributor", { workflow: "submit" });
    expect(submitted).toBeInstanceOf(Response);
    const [row] = await db()
      .select()
      .from(caseStudies)
      .where(eq(caseStudies.slug, "contributed-study"));
    const id = row?.id ?? "";
    expect(row?.status).toBe("draft");
    expect((await draftOf(id))?.state).toBe("in_review");
    expect((await auditOf(id)).map((r) => r.action)).toContain("submit_for_review");

    const approved = await post("editor", { workflow: "approve" }, id);
    expect(await toastOf(t.runtime, approved as Response)).toBe(
      "Success: Approved and published. The author has been e-mailed.",
    );
    expect((await findPublishedCaseStudy(db(), "contributed-study"))?.description).toBe(
      "A contributor's study.",
    );
    expect(await mailTo(TEST_CONTRIBUTOR.email, "Published: Contributed Study")).toHaveLength(1);

    await expect(
      postTo(
        t,
        studiesAction,
        "/admin/case-studies",
        formOf({ intent: "feature", id, value: "true" }),
        { cookie: t.cookies.contributor },
      ),
    ).rejects.toMatchObject({ init: { status: 403 } });
    expect(
      (await db().select().from(caseStudies).where(eq(caseStudies.id, id)))[0]?.isFeatured,
    ).toBe(false);
  });

  it("keeps a contributor to writing: no inquiries, history, staff; lands on /admin/blog", async () => {
    expect(HOME_PATHS.contributor).toBe("/admin/blog");
    expect(safeRedirectTarget("/admin/inquiries/1", "contributor")).toBe("/admin/blog");
    expect(safeRedirectTarget("/admin/case-studies", "contributor")).toBe("/admin/case-studies");
    for (const pattern of [
      "/admin",
      "/admin/portfolio",
      "/admin/team",
      "/admin/staff",
      "/admin/redirects",
      "/admin/history/:section/:id",
      "/admin/blog/:id/delete",
      "/admin/blog/categories",
    ]) {
      expect(mayEnter("contributor", areaOf(pattern)), pattern).toBe(false);
    }
    expect(mayEnter("contributor", areaOf("/admin/case-studies", "POST"))).toBe(false);
    expect(mayEnter("editor", areaOf("/admin/case-studies", "POST"))).toBe(true);

    const [post] = await db().select({ id: blogPosts.id }).from(blogPosts).limit(1);
    const id = post?.id ?? "";
    await expect(
      callRoute(inquiriesLoader, t.runtime, "/admin", { cookie: t.cookies.contributor }),
    ).rejects.toMatchObject({ init: { status: 403 }, data: { home: "/admin/blog" } });
    await expect(
      callRoute(historyLoader, t.runtime, `/admin/history/blog/${id}`, {
        cookie: t.cookies.contributor,
        params: { section: "blog", id },
      }),
    ).rejects.toMatchObject({ init: { status: 403 } });
    await expect(
      postTo(
        t,
        staffAction,
        "/admin/staff",
        formOf({ intent: "invite", email: "x@example.test", role: "admin" }),
        { cookie: t.cookies.contributor },
      ),
    ).rejects.toMatchObject({ init: { status: 403 } });
  });

  it("an admin invites a contributor: the role is stored and named in the invitation", async () => {
    const email = "new-contributor@example.test";
    await postTo(
      t,
      staffAction,
      "/admin/staff",
      formOf({ intent: "invite", email, role: "contributor" }),
    );
    const [mail] = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.recipient, email));
    expect(mail?.textBody).toContain("(role: Contributor)");
  });
});
