import { listBlogPosts } from "@server/content/blog/editor";
import { findPublishedPost, listPublishedPosts } from "@server/content/blog/read";
import { findPublishedCaseStudy } from "@server/content/case-studies/read";
import { REVISIONS_KEPT, recordRevision } from "@server/content/workflow/drafts";
import { checkPreview, PREVIEW_SECONDS, previewPath } from "@server/content/workflow/preview";
import {
  publishDue,
  publishScheduledJob,
  queuePublishing,
} from "@server/content/workflow/scheduled-publishing";
import {
  auditEvents,
  blogPosts,
  caseStudies,
  contentDrafts,
  contentRevisions,
  redirects,
} from "@server/db/schema";
import { and, count, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { PublishingState } from "~/lib/publishing";
import { toZonedInput } from "~/lib/studio-time";
import { action as editorAction, loader as editorLoader } from "~/routes/admin/blog-editor";
import { action as studyAction, loader as studyLoader } from "~/routes/admin/case-study-editor";
import { action as historyAction, loader as historyLoader } from "~/routes/admin/content-history";
import { loader as postLoader } from "~/routes/site/blog-post";
import { callRoute, formOf, postTo, seededRuntime, toastOf } from "../support/admin-runtime";
import { testDrivers } from "../support/database";
import { startWorkingInstance } from "../support/jobs";
import { waitFor } from "../support/wait";

/** Drafts, publishing and revisions (issue #31) through the blog editor's route. */
describe.each(testDrivers)("content workflow on %s", (driver) => {
  const t = seededRuntime(driver);
  const db = () => t.database.db;

  async function submit(path: string, fields: Record<string, string>, id?: string) {
    const result = await postTo(t, editorAction, path, formOf(fields), {
      params: id ? { id } : {},
    });
    if (result instanceof Response) {
      return { location: result.headers.get("location"), toast: await toastOf(t.runtime, result) };
    }
    const { data, init } = result as unknown as { data: object; init: { status: number } };
    return { status: init.status, data };
  }

  async function editor(id: string) {
    return (await callRoute(editorLoader, t.runtime, `/admin/blog/edit/${id}`, {
      cookie: t.cookies.admin,
      params: { id },
    })) as unknown as {
      values: { title: string; content: string };
      publishing: { state: string; live: boolean };
    };
  }

  async function badgeOf(title: string, status: PublishingState | "" = "") {
    const page = await listBlogPosts(db(), { q: title, status }, 1);
    return page.rows.map((row) => ({
      title: row.title,
      status: row.status,
      draft: row.draftState,
    }));
  }

  it("saves a new post as a draft, publishes it, keeps edits of a published post off the site until Update, unpublishes", async () => {
    // "Save draft" on a new post: stored, not on the site, back in the editor.
    const created = await submit("/admin/blog/new", {
      title: "Workflow Story",
      content: "<p>First words</p>",
      workflow: "save-draft",
    });
    expect(created.toast).toBe(
      "Success: Draft saved. The website shows the published version until you publish.",
    );
    const id = created.location?.split("/").pop() ?? "";
    expect(created.location).toBe(`/admin/blog/edit/${id}`);
    expect(await findPublishedPost(db(), "workflow-story")).toBeNull();
    expect((await editor(id)).publishing).toMatchObject({ state: "draft", live: false });

    // "Publish": on the site.
    const published = await submit(
      `/admin/blog/edit/${id}`,
      { title: "Workflow Story", content: "<p>First words</p>", workflow: "publish" },
      id,
    );
    expect(published.location).toBe("/admin/blog");
    expect((await findPublishedPost(db(), "workflow-story"))?.content).toBe("<p>First words</p>");
    expect((await editor(id)).publishing).toMatchObject({ state: "published", live: true });

    // "Save draft" on the published post: the public post (read through the cache) is unchanged.
    const listed = (await listPublishedPosts(db())).length;
    const drafted = await submit(
      `/admin/blog/edit/${id}`,
      {
        title: "Workflow Story",
        content: "<p>Second <script>x</script>words</p>",
        workflow: "save-draft",
      },
      id,
    );
    expect(drafted.location).toBe(`/admin/blog/edit/${id}`);
    expect((await findPublishedPost(db(), "workflow-story"))?.content).toBe("<p>First words</p>");
    expect((await listPublishedPosts(db())).length).toBe(listed);
    const open = await editor(id);
    expect(open.values.content).toBe("<p>Second words</p>");
    expect(open.publishing).toMatchObject({ state: "changes", live: true });
    expect(await badgeOf("Workflow Story", "changes")).toEqual([
      { title: "Workflow Story", status: "published", draft: "draft" },
    ]);
    expect(await badgeOf("Workflow Story", "published")).toEqual([]);
    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, id))
      .orderBy(desc(auditEvents.at))
      .limit(1);
    expect(audit).toMatchObject({ action: "save_draft", entityType: "blog_post" });

    // "Update": the public post changes, the draft is gone.
    await submit(
      `/admin/blog/edit/${id}`,
      { title: "Workflow Story", content: open.values.content, workflow: "update" },
      id,
    );
    expect((await findPublishedPost(db(), "workflow-story"))?.content).toBe("<p>Second words</p>");
    expect(await db().select().from(contentDrafts).where(eq(contentDrafts.entityId, id))).toEqual(
      [],
    );
    expect(await badgeOf("Workflow Story", "published")).toHaveLength(1);
    const kinds = await db()
      .select({ kind: contentRevisions.kind })
      .from(contentRevisions)
      .where(eq(contentRevisions.entityId, id))
      .orderBy(contentRevisions.at);
    expect(kinds.map((row) => row.kind)).toEqual(["draft", "published", "draft", "published"]);

    // "Unpublish": off the site (no fields needed), the text kept as a draft.
    const off = await submit(`/admin/blog/edit/${id}`, { workflow: "unpublish" }, id);
    expect(off.toast).toBe("Success: Blog post unpublished. It is no longer on the website.");
    expect(await findPublishedPost(db(), "workflow-story")).toBeNull();
    expect(await badgeOf("Workflow Story", "draft")).toHaveLength(1);
    const [row] = await db().select().from(blogPosts).where(eq(blogPosts.id, id));
    expect(row).toMatchObject({ status: "draft", content: "<p>Second words</p>" });
    const again = await submit(`/admin/blog/edit/${id}`, { workflow: "unpublish" }, id);
    expect(again).toMatchObject({
      status: 409,
      data: { formError: "This post is not published." },
    });
  });

  it("case studies: a draft of a published study stays off the site until Update; Unpublish", async () => {
    const fields = {
      title: "Workflow Study",
      slug: "workflow-study",
      description: "The first text.",
      serviceType: "Video Production",
      galleryLayout: "grid",
      sortPosition: "0",
    };
    const post = async (extra: Record<string, string>, id?: string) => {
      const path = id ? `/admin/case-studies/${id}/edit` : "/admin/case-studies/new";
      const result = await postTo(t, studyAction, path, formOf({ ...fields, ...extra }), {
        params: id ? { id } : {},
      });
      if (!(result instanceof Response)) throw new Error(JSON.stringify(result));
      return { location: result.headers.get("location"), toast: await toastOf(t.runtime, result) };
    };
    const load = async (id: string) =>
      (await callRoute(studyLoader, t.runtime, `/admin/case-studies/${id}/edit`, {
        cookie: t.cookies.admin,
        params: { id },
      })) as unknown as { draft: { description: string }; publishing: object };

    const created = await post({ workflow: "publish" });
    expect(created).toMatchObject({ location: "/admin/case-studies" });
    const [row] = await db()
      .select()
      .from(caseStudies)
      .where(eq(caseStudies.slug, "workflow-study"));
    const id = row?.id ?? "";
    expect((await findPublishedCaseStudy(db(), "workflow-study"))?.description).toBe(
      "The first text.",
    );

    const drafted = await post({ description: "The second text.", workflow: "save-draft" }, id);
    expect(drafted.location).toBe(`/admin/case-studies/${id}/edit`);
    expect((await findPublishedCaseStudy(db(), "workflow-study"))?.description).toBe(
      "The first text.",
    );
    const open = await load(id);
    expect(open.draft.description).toBe("The second text.");
    expect(open.publishing).toMatchObject({ state: "changes", live: true });

    await post({ description: "The second text.", workflow: "update" }, id);
    expect((await findPublishedCaseStudy(db(), "workflow-study"))?.description).toBe(
      "The second text.",
    );
    expect((await load(id)).publishing).toMatchObject({ state: "published", live: true });

    const off = await post({ workflow: "unpublish" }, id);
    expect(off.toast).toBe("Success: Case study unpublished. It is no longer on the website.");
    expect(await findPublishedCaseStudy(db(), "workflow-study")).toBeNull();
  });

  it("preview: a signed link shows the draft without a session, private and noindex; expired is a 410", async () => {
    const created = await submit("/admin/blog/new", {
      title: "Preview Story",
      content: "<p>Live words</p>",
      workflow: "publish",
    });
    expect(created.location).toBe("/admin/blog");
    const [row] = await db().select().from(blogPosts).where(eq(blogPosts.slug, "preview-story"));
    const id = row?.id ?? "";
    await submit(
      `/admin/blog/edit/${id}`,
      { title: "Preview Story", content: "<p>Draft words</p>", workflow: "save-draft" },
      id,
    );
    const key = t.runtime.keys.previewLinks;
    /** The post page's loader at `path`, as a visitor without a session. */
    const open = async (path: string) => {
      try {
        const answer = (await callRoute(postLoader, t.runtime, path, {
          params: { id },
        })) as unknown as {
          data: Record<string, unknown>;
          init: { headers: Record<string, string> };
        };
        return { status: 200, ...answer };
      } catch (thrown) {
        const answer = thrown as {
          data: unknown;
          init: { status: number; headers: Record<string, string> };
        };
        return { status: answer.init.status, ...answer };
      }
    };

    const link = previewPath(key, "blog_post", id);
    expect(link).toMatch(new RegExp(`^/preview/blog/${id}\\?expires=\\d+&signature=[0-9a-f]{64}$`));
    const shown = await open(link);
    expect(shown.status).toBe(200);
    expect(shown.init.headers).toEqual({ "Cache-Control": "private, no-store" });
    const data = shown.data as { preview: boolean; post: { html: string }; meta: object[] };
    expect(data.preview).toBe(true);
    expect(data.post.html).toBe("<p>Draft words</p>");
    expect(data.meta).toContainEqual({ name: "robots", content: "noindex" });
    expect(data.meta.filter((tag) => "name" in tag && tag.name === "robots")).toHaveLength(1);
    // The public page still shows the published words.
    expect((await findPublishedPost(db(), "preview-story"))?.content).toBe("<p>Live words</p>");

    // Valid for 24 hours, then a 410 with its message; a forged signature opens nothing.
    const query = new URLSearchParams(link.split("?")[1]);
    const signedAt = Date.now();
    expect(
      checkPreview(key, "blog_post", id, query, () => signedAt + PREVIEW_SECONDS * 1000 - 5000),
    ).toBe("valid");
    expect(
      checkPreview(key, "blog_post", id, query, () => signedAt + PREVIEW_SECONDS * 1000 + 1000),
    ).toBe("expired");
    const old = previewPath(key, "blog_post", id, () => Date.now() - PREVIEW_SECONDS * 1000 - 1000);
    const expired = await open(old);
    expect(expired.status).toBe(410);
    expect(expired.init.headers).toEqual({ "Cache-Control": "private, no-store" });
    const forged = link.replace(/signature=[0-9a-f]/, (match) =>
      match.endsWith("0") ? `${match.slice(0, -1)}1` : `${match.slice(0, -1)}0`,
    );
    expect((await open(forged)).status).toBe(404);
    expect(checkPreview(key, "case_study", id, query)).toBe("invalid");
  });

  it("history: lists revisions (who, when), compares two word by word, restores one as the draft", async () => {
    const created = await submit("/admin/blog/new", {
      title: "History Story",
      content: "<p>The quick brown fox</p>",
      workflow: "publish",
    });
    expect(created.location).toBe("/admin/blog");
    const [row] = await db().select().from(blogPosts).where(eq(blogPosts.slug, "history-story"));
    const id = row?.id ?? "";
    await submit(
      `/admin/blog/edit/${id}`,
      {
        title: "History Story, revised",
        content: "<p>The slow brown fox</p>",
        workflow: "save-draft",
      },
      id,
    );
    const path = `/admin/history/blog/${id}`;
    const history = async (query = "") =>
      (await callRoute(historyLoader, t.runtime, `${path}${query}`, {
        cookie: t.cookies.admin,
        params: { section: "blog", id },
      })) as unknown as {
        revisions: { id: string; kind: string; by: string }[];
        comparison: {
          changes: { field: string; words: { text: string; change: string }[] | null }[];
        } | null;
        compareError: string | null;
      };
    const listed = await history();
    expect(listed.revisions.map((r) => r.kind)).toEqual(["Draft saved", "Published"]);
    expect(listed.revisions[0]?.by).toMatch(/@/);
    const [newer, older] = listed.revisions;

    const compared = await history(`?compare=${newer?.id}&compare=${older?.id}`);
    const fields = compared.comparison?.changes.map((change) => change.field);
    expect(fields).toEqual(["title", "content"]);
    const body = compared.comparison?.changes.find((change) => change.field === "content");
    expect(body?.words?.filter((part) => part.change !== "same")).toEqual([
      { text: "quick", change: "removed" },
      { text: "slow", change: "added" },
    ]);
    expect((await history(`?compare=${newer?.id}`)).compareError).toBe(
      "Choose two revisions to compare.",
    );

    // Restore the published revision: it becomes the draft; the site is unchanged.
    const restored = await postTo(
      t,
      historyAction,
      path,
      new URLSearchParams({ revision: older?.id ?? "" }),
      { params: { section: "blog", id } },
    );
    expect(restored instanceof Response && restored.headers.get("location")).toBe(
      `/admin/blog/edit/${id}`,
    );
    expect(await toastOf(t.runtime, restored as Response)).toBe(
      "Success: Revision restored as the draft. Publish it to put it on the website.",
    );
    const open = await editor(id);
    expect(open.values).toMatchObject({
      title: "History Story",
      content: "<p>The quick brown fox</p>",
    });
    expect((await findPublishedPost(db(), "history-story"))?.title).toBe("History Story");
    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, id))
      .orderBy(desc(auditEvents.at))
      .limit(1);
    expect(audit?.action).toBe("restore_revision");
  });

  it("scheduling: publishes at its time (studio zone), exactly once with two workers racing; caches drop it", async () => {
    const created = await submit("/admin/blog/new", {
      title: "Scheduled Story",
      content: "<p>Monday words</p>",
      workflow: "save-draft",
    });
    const id = created.location?.split("/").pop() ?? "";
    const zone = "America/Los_Angeles";
    const past = await submit(
      `/admin/blog/edit/${id}`,
      {
        title: "Scheduled Story",
        content: "<p>Monday words</p>",
        workflow: "schedule",
        publishAt: toZonedInput(new Date(Date.now() - 60_000), zone),
      },
      id,
    );
    expect(past).toMatchObject({
      status: 400,
      data: {
        fieldErrors: { publishAt: ["Enter a date and time in the future to schedule publishing."] },
      },
    });
    const at = new Date(Math.ceil((Date.now() + 3_600_000) / 60_000) * 60_000);
    const scheduled = await submit(
      `/admin/blog/edit/${id}`,
      {
        title: "Scheduled Story",
        content: "<p>Monday words</p>",
        workflow: "schedule",
        publishAt: toZonedInput(at, zone),
      },
      id,
    );
    expect(scheduled.toast).toBe(
      `Success: Scheduled. It will be published on ${toZonedInput(at, zone).replace("T", " ")} (${zone}).`,
    );
    const [draft] = await db().select().from(contentDrafts).where(eq(contentDrafts.entityId, id));
    expect(draft).toMatchObject({ state: "scheduled", publishAt: at });
    expect((await editor(id)).publishing).toMatchObject({
      state: "scheduled",
      publishAt: toZonedInput(at, zone),
    });
    expect(await badgeOf("Scheduled Story", "scheduled")).toHaveLength(1);

    // Before its time: nothing (and the cached public read says so).
    expect(await findPublishedPost(db(), "scheduled-story")).toBeNull();
    expect(await publishDue(db(), t.runtime.config.SITE_URL, new Date(at.getTime() - 1000))).toBe(
      0,
    );
    expect(await findPublishedPost(db(), "scheduled-story")).toBeNull();

    // At its time, two workers race: it goes live once.
    const results = await Promise.all([
      publishDue(db(), t.runtime.config.SITE_URL, at),
      publishDue(db(), t.runtime.config.SITE_URL, at),
    ]);
    expect(results.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await publishDue(db(), t.runtime.config.SITE_URL, new Date(at.getTime() + 60_000))).toBe(
      0,
    );
    const live = await findPublishedPost(db(), "scheduled-story");
    expect(live?.content).toBe("<p>Monday words</p>");
    expect(live?.publishedAt).toEqual(at);
    expect(await db().select().from(contentDrafts).where(eq(contentDrafts.entityId, id))).toEqual(
      [],
    );
    const published = await db()
      .select()
      .from(contentRevisions)
      .where(and(eq(contentRevisions.entityId, id), eq(contentRevisions.kind, "published")));
    expect(published).toHaveLength(1);
    const audits = await db()
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.entityId, id))
      .orderBy(auditEvents.at);
    expect(audits.map((row) => row.action)).toEqual(["create", "schedule", "update"]);
  });

  it("queues the schedule's job with the save, and a working instance publishes within 5 s of its time", async () => {
    const created = await submit("/admin/blog/new", {
      title: "Timely Story",
      content: "<p>On the dot</p>",
      workflow: "save-draft",
    });
    const id = created.location?.split("/").pop() ?? "";
    const zone = "America/Los_Angeles";
    const at = new Date(Math.ceil((Date.now() + 3_600_000) / 60_000) * 60_000);
    await submit(
      `/admin/blog/edit/${id}`,
      {
        title: "Timely Story",
        content: "<p>On the dot</p>",
        workflow: "schedule",
        publishAt: toZonedInput(at, zone),
      },
      id,
    );
    // The save queued its job, due at "Publish at".
    const queued = await t.runtime.jobs.boss.findJobs(publishScheduledJob.name);
    expect(queued.map((job) => job.startAfter)).toContainEqual(at);
    // The form takes whole minutes; the same schedule two seconds from now, as its save makes it.
    const soon = new Date(Date.now() + 2_000);
    await db().update(contentDrafts).set({ publishAt: soon }).where(eq(contentDrafts.entityId, id));
    await queuePublishing(db(), t.runtime.jobs, { entity: "blog_post", id, publishAt: soon });
    // Another instance that works the queue (this runtime only enqueues).
    const worker = await startWorkingInstance(t.runtime, [publishScheduledJob]);
    try {
      const liveAt = await waitFor(
        async () => ((await findPublishedPost(db(), "timely-story")) ? Date.now() : null),
        "the post to go live",
        30_000,
        50,
      );
      expect(liveAt - soon.getTime()).toBeLessThan(5_000);
      expect(liveAt).toBeGreaterThanOrEqual(soon.getTime());
    } finally {
      await worker.stop();
    }
  });

  it("scheduling a live post's new slug: at its time the old address redirects to the new one", async () => {
    await submit("/admin/blog/new", {
      title: "Moving Story",
      slug: "moving-story",
      content: "<p>Words</p>",
      workflow: "publish",
    });
    const id = (await findPublishedPost(db(), "moving-story"))?.id ?? "";
    expect(id).not.toBe("");
    const at = new Date(Math.ceil((Date.now() + 3_600_000) / 60_000) * 60_000);
    await submit(
      `/admin/blog/edit/${id}`,
      {
        title: "Moving Story",
        slug: "moved-story",
        content: "<p>Words</p>",
        workflow: "schedule",
        publishAt: toZonedInput(at, "America/Los_Angeles"),
      },
      id,
    );
    expect(
      await db().select().from(redirects).where(eq(redirects.fromPath, "/blog/moving-story")),
    ).toEqual([]);
    expect(await publishDue(db(), t.runtime.config.SITE_URL, at)).toBe(1);
    expect((await findPublishedPost(db(), "moved-story"))?.id).toBe(id);
    const [moved] = await db()
      .select()
      .from(redirects)
      .where(eq(redirects.fromPath, "/blog/moving-story"));
    expect(moved).toMatchObject({ toTarget: "/blog/moved-story", origin: "slug" });
  });

  it("a refused draft stores nothing: a 4xx with the message", async () => {
    const before = (await db().select({ n: count() }).from(contentRevisions))[0]?.n;
    const refused = await submit("/admin/blog/new", { title: "", workflow: "save-draft" });
    expect(refused).toMatchObject({
      status: 400,
      data: { fieldErrors: { title: ["Title is required"] } },
    });
    expect((await db().select({ n: count() }).from(contentRevisions))[0]?.n).toBe(before);
  });

  it(`keeps the last ${REVISIONS_KEPT} revisions of an item`, async () => {
    const [post] = await db().select({ id: blogPosts.id }).from(blogPosts).limit(1);
    const id = post?.id ?? "";
    const actor = { id: null, email: "pruner@example.com", ip: null };
    const start = Date.UTC(2020, 0, 1);
    for (let i = 0; i < REVISIONS_KEPT + 5; i++) {
      await recordRevision(
        db(),
        { entity: "blog_post", id },
        "draft",
        { n: i },
        actor,
        new Date(start + i * 1000),
      );
    }
    const kept = await db()
      .select({ values: contentRevisions.values })
      .from(contentRevisions)
      .where(
        and(
          eq(contentRevisions.entityId, id),
          eq(contentRevisions.actorEmail, "pruner@example.com"),
        ),
      )
      .orderBy(contentRevisions.at);
    expect(kept).toHaveLength(REVISIONS_KEPT);
    expect(kept[0]?.values).toEqual({ n: 5 });
  });
});
