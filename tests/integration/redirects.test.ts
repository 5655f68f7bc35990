import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { restoreBackupArchive, writeBackupArchive } from "@server/backup/archive";
import { auditEvents, blogPosts, caseStudies, redirectDomains, redirects } from "@server/db/schema";
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { REDIRECT_MESSAGES } from "~/entities/redirect/form";
import { action as blogEditorAction } from "~/routes/admin/blog-editor";
import { action as caseStudyEditorAction } from "~/routes/admin/case-study-editor";
import { action as domainsAction } from "~/routes/admin/redirect-domains";
import { action as redirectsAction, loader as redirectsLoader } from "~/routes/admin/redirects";
import { loader as blogPostLoader } from "~/routes/site/blog-post";
import { loader as caseStudyLoader } from "~/routes/site/case-study";
import { loader as notFoundLoader } from "~/routes/site/not-found";
import { callRoute, formOf, postTo, SITE, seededRuntime, toastOf } from "../support/admin-runtime";
import { ARCHIVE_KEY, openTestStorage } from "../support/backup-site";
import { createTestDatabase, testDrivers } from "../support/database";

/**
 * Redirects (issue #31 item 5, decision 0370): added by hand on /admin/redirects and when a
 * published item's slug changes; chains collapse; loops, self-redirects and malformed targets are
 * refused with a message and store nothing; a gone path answers 410; an unknown one still 404;
 * every write leaves an audit row.
 */

type Answer = { status: number; location: string | null; body: unknown };

/** What a loader or action gave back (returned or thrown), as a status, Location and data. */
async function settle(run: () => Promise<unknown>): Promise<Answer> {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) {
    return { status: result.status, location: result.headers.get("location"), body: null };
  }
  const wrapped = result as { data?: unknown; init?: { status?: number } | null };
  if (wrapped && typeof wrapped === "object" && "init" in wrapped) {
    return { status: wrapped.init?.status ?? 200, location: null, body: wrapped.data };
  }
  return { status: 200, location: null, body: result };
}

describe.each(testDrivers)("redirects on %s", (driver) => {
  const t = seededRuntime(driver);
  const db = () => t.database.db;

  /** A public visit of `path` through the route that would serve it. */
  function visit(path: string): Promise<Answer> {
    const url = new URL(path, SITE);
    const study = /^\/case-studies\/([^/]+)$/.exec(url.pathname);
    const post = /^\/blog\/([^/]+)$/.exec(url.pathname);
    if (study) {
      return settle(() =>
        callRoute(caseStudyLoader, t.runtime, path, { params: { id: study[1] ?? "" } }),
      );
    }
    if (post) {
      return settle(() =>
        callRoute(blogPostLoader, t.runtime, path, { params: { slug: post[1] ?? "" } }),
      );
    }
    return settle(async () =>
      callRoute(notFoundLoader, t.runtime, path, { params: { "*": url.pathname.slice(1) } }),
    );
  }

  async function add(fields: Record<string, string>, cookie = t.cookies.admin) {
    const result = await settle(() =>
      postTo(t, redirectsAction, "/admin/redirects", formOf({ intent: "add", ...fields }), {
        cookie,
      }),
    );
    return result;
  }

  const stored = async (from: string) =>
    (await db().select().from(redirects).where(eq(redirects.fromPath, from)))[0];
  const errorsOf = (answer: Answer) =>
    (answer.body as { fieldErrors: Record<string, string[]> }).fieldErrors;

  it("adds one by hand: the old path answers 301 to the new one, with the query kept", async () => {
    const response = (await postTo(
      t,
      redirectsAction,
      "/admin/redirects",
      formOf({ intent: "add", from: "/old-site/about.html", to: "/about" }),
    )) as Response;
    expect(response.status).toBe(302);
    expect(await toastOf(t.runtime, response)).toBe(
      `Success: ${REDIRECT_MESSAGES.added("/old-site/about.html")}`,
    );
    expect(await stored("/old-site/about.html")).toMatchObject({
      toTarget: "/about",
      origin: "manual",
    });
    expect(await visit("/old-site/about.html")).toMatchObject({ status: 301, location: "/about" });
    expect(await visit("/old-site/about.html?ref=mail")).toMatchObject({
      status: 301,
      location: "/about?ref=mail",
    });
    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityType, "redirect"))
      .orderBy(desc(auditEvents.at));
    expect(audit).toMatchObject({ action: "create", entityName: "/old-site/about.html" });
  });

  /** An admin's post to the list of other sites; the toast it leads back with. */
  async function domains(fields: Record<string, string>, cookie = t.cookies.admin) {
    const answer = await settle(() =>
      postTo(t, domainsAction, "/admin/redirects/domains", formOf(fields), { cookie }),
    );
    return answer;
  }
  const toastAfter = async (fields: Record<string, string>) => {
    const response = (await postTo(
      t,
      domainsAction,
      "/admin/redirects/domains",
      formOf(fields),
    )) as Response;
    expect(response.headers.get("location")).toBe("/admin/redirects");
    return toastOf(t.runtime, response);
  };
  const domainId = async (host: string) =>
    (await db().select().from(redirectDomains).where(eq(redirectDomains.host, host)))[0]?.id ?? "";

  it("normalises From (slashes) and takes a full https URL as To; this site's own URL as a path", async () => {
    expect(await toastAfter({ intent: "add-domain", host: "press.example.com" })).toBe(
      `Success: ${REDIRECT_MESSAGES.domainAdded("press.example.com")}`,
    );
    expect((await add({ from: "/press//kit/", to: "https://press.example.com/kit" })).status).toBe(
      302,
    );
    expect(await stored("/press/kit")).toMatchObject({ toTarget: "https://press.example.com/kit" });
    expect(await visit("/press/kit")).toMatchObject({
      status: 301,
      location: "https://press.example.com/kit",
    });
    expect((await add({ from: "/reel", to: `${SITE}/portfolio` })).status).toBe(302);
    expect(await stored("/reel")).toMatchObject({ toTarget: "/portfolio" });
  });

  it("refuses malformed paths and targets with a message, storing nothing", async () => {
    const before = await db().select().from(redirects);
    const cases: [Record<string, string>, "from" | "to", string][] = [
      [{ from: "old-page", to: "/about" }, "from", REDIRECT_MESSAGES.fromInvalid],
      [{ from: "/old?page=1", to: "/about" }, "from", REDIRECT_MESSAGES.fromInvalid],
      [{ from: "/admin/blog", to: "/about" }, "from", REDIRECT_MESSAGES.fromAdmin],
      [{ from: "/x1", to: "javascript:alert(1)" }, "to", REDIRECT_MESSAGES.toInvalid],
      [{ from: "/x2", to: "http://insecure.example.com/" }, "to", REDIRECT_MESSAGES.toInvalid],
      [{ from: "/x3", to: "//evil.example.com/" }, "to", REDIRECT_MESSAGES.toInvalid],
      [{ from: "/x4", to: "https://user:pw@example.com/" }, "to", REDIRECT_MESSAGES.toInvalid],
      [{ from: "/x5", to: "about" }, "to", REDIRECT_MESSAGES.toInvalid],
      [{ from: "/x6", to: "" }, "to", REDIRECT_MESSAGES.toRequired],
      [{ from: "/x7", to: "/about", gone: "on" }, "to", REDIRECT_MESSAGES.toWithGone],
      [{ from: "/x8", to: "/x8/" }, "to", REDIRECT_MESSAGES.toSelf],
      [{ from: "/x9", to: "/x9?b=1" }, "to", REDIRECT_MESSAGES.toSelf],
    ];
    for (const [fields, field, message] of cases) {
      const answer = await add(fields);
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(errorsOf(answer)[field], JSON.stringify(fields)).toEqual([message]);
    }
    expect(await db().select().from(redirects)).toEqual(before);
  });

  it("refuses a loop, however long, and a From that already has a redirect", async () => {
    expect((await add({ from: "/loop-a", to: "/loop-b" })).status).toBe(302);
    const loop = await add({ from: "/loop-b", to: "/loop-a" });
    expect(loop.status).toBe(400);
    expect(errorsOf(loop).to).toEqual([REDIRECT_MESSAGES.loop("/loop-b", "/loop-a")]);
    expect(await stored("/loop-b")).toBeUndefined();

    const taken = await add({ from: "/loop-a", to: "/about" });
    expect(taken.status).toBe(400);
    expect(errorsOf(taken).from).toEqual([REDIRECT_MESSAGES.taken("/loop-a", "/loop-b")]);
    expect(await stored("/loop-a")).toMatchObject({ toTarget: "/loop-b" });
  });

  it("collapses chains: A→B then B→C gives A→C and B→C; a new A→B with B→C stores A→C", async () => {
    expect((await add({ from: "/chain-a", to: "/chain-b" })).status).toBe(302);
    expect((await add({ from: "/chain-b", to: "/chain-c" })).status).toBe(302);
    expect((await stored("/chain-a"))?.toTarget).toBe("/chain-c");
    expect((await stored("/chain-b"))?.toTarget).toBe("/chain-c");
    expect(await visit("/chain-a")).toMatchObject({ status: 301, location: "/chain-c" });
    const [rewrite] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, "redirect"), eq(auditEvents.action, "update")))
      .orderBy(desc(auditEvents.at));
    expect(rewrite).toMatchObject({ entityName: "/chain-a" });
    expect(rewrite?.changes?.toTarget).toEqual({ before: "/chain-b", after: "/chain-c" });

    expect((await add({ from: "/chain-z", to: "/chain-a" })).status).toBe(302);
    expect((await stored("/chain-z"))?.toTarget).toBe("/chain-c");
  });

  it("answers 410 for a page that is gone, and 404 for an unknown one", async () => {
    expect((await add({ from: "/old-offer", to: "", gone: "on" })).status).toBe(302);
    expect(await stored("/old-offer")).toMatchObject({ toTarget: null });
    expect((await visit("/old-offer")).status).toBe(410);
    expect((await visit("/case-studies/a-study-that-went")).status).toBe(404);
    expect(
      (await add({ from: "/case-studies/a-study-that-went", to: "", gone: "on" })).status,
    ).toBe(302);
    expect((await visit("/case-studies/a-study-that-went")).status).toBe(410);
    expect((await visit("/never-existed")).status).toBe(404);
    expect((await visit("/blog/never-existed")).status).toBe(404);
  });

  it("lists, searches and removes them; removing one is audited and its path 404s again", async () => {
    expect((await add({ from: "/to-remove", to: "/contact" })).status).toBe(302);
    const listed = (await callRoute(redirectsLoader, t.runtime, "/admin/redirects?q=to-remove", {
      cookie: t.cookies.editor,
    })) as { data: { rows: { id: string; fromPath: string }[]; total: number } };
    expect(listed.data.rows.map((row) => row.fromPath)).toEqual(["/to-remove"]);
    const id = listed.data.rows[0]?.id ?? "";

    const removed = (await postTo(
      t,
      redirectsAction,
      "/admin/redirects",
      formOf({ intent: "remove", id }),
      { cookie: t.cookies.editor },
    )) as Response;
    expect(removed.status).toBe(302);
    expect(await toastOf(t.runtime, removed)).toBe(
      `Success: ${REDIRECT_MESSAGES.removed("/to-remove")}`,
    );
    expect(await stored("/to-remove")).toBeUndefined();
    expect((await visit("/to-remove")).status).toBe(404);
    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, "redirect"), eq(auditEvents.entityId, id)))
      .orderBy(desc(auditEvents.at));
    expect(audit).toMatchObject({ action: "delete", entityName: "/to-remove" });

    const again = (await postTo(
      t,
      redirectsAction,
      "/admin/redirects",
      formOf({ intent: "remove", id }),
    )) as Response;
    expect(await toastOf(t.runtime, again)).toBe(`Error: ${REDIRECT_MESSAGES.removeFailed}`);
  });

  it("a live page wins over a redirect from its address (one left from before the page)", async () => {
    const [post] = await db()
      .select()
      .from(blogPosts)
      .where(eq(blogPosts.status, "published"))
      .limit(1);
    if (!post) throw new Error("the demo content has a published post");
    await db()
      .insert(redirects)
      .values({ fromPath: `/blog/${post.slug}`, toTarget: "/about", origin: "slug" });
    expect((await visit(`/blog/${post.slug}`)).status).toBe(200);
    await db()
      .delete(redirects)
      .where(eq(redirects.fromPath, `/blog/${post.slug}`));
  });

  // Issue #47 item 19: a redirect that could never apply is refused, not "Success".
  it("refuses a From that a page answers, with a message, storing nothing", async () => {
    const [post] = await db()
      .select()
      .from(blogPosts)
      .where(eq(blogPosts.status, "published"))
      .limit(1);
    const [study] = await db()
      .select()
      .from(caseStudies)
      .where(eq(caseStudies.status, "published"))
      .limit(1);
    if (!post || !study) throw new Error("the demo content has a published post and study");
    const before = await db().select().from(redirects);
    for (const from of [
      "/about",
      "/",
      "/services/video-production",
      `/blog/${post.slug}`,
      `/case-studies/${study.slug}`,
      `/case-studies/${study.id}`,
      // A built-in study answers at its fixed address.
      "/case-studies/estate-media",
      "/blog/rss.xml",
      "/sitemap.xml",
    ]) {
      const answer = await add({ from, to: "/contact" });
      expect(answer.status, from).toBe(400);
      expect(errorsOf(answer).from, from).toEqual([REDIRECT_MESSAGES.pageAnswers(from)]);
    }
    expect(await db().select().from(redirects)).toEqual(before);
  });

  it("saves a redirect to an item that is not published, with a warning", async () => {
    const [draft] = await db()
      .select()
      .from(blogPosts)
      .where(eq(blogPosts.status, "draft"))
      .limit(1);
    if (!draft) throw new Error("the demo content has a draft post");
    const target = `/blog/${draft.slug}`;
    const response = (await postTo(
      t,
      redirectsAction,
      "/admin/redirects",
      formOf({ intent: "add", from: "/old-draft-link", to: target }),
    )) as Response;
    expect(response.status).toBe(302);
    expect(await toastOf(t.runtime, response)).toBe(
      `Warning: ${REDIRECT_MESSAGES.added("/old-draft-link")} ${REDIRECT_MESSAGES.unpublishedTarget(target)}`,
    );
    expect(await stored("/old-draft-link")).toMatchObject({ toTarget: target });
    // A published target: a plain success.
    const published = (await postTo(
      t,
      redirectsAction,
      "/admin/redirects",
      formOf({ intent: "add", from: "/old-about-link", to: "/about" }),
    )) as Response;
    expect(await toastOf(t.runtime, published)).toBe(
      `Success: ${REDIRECT_MESSAGES.added("/old-about-link")}`,
    );
  });

  // Issue #47 item 11: other sites only from the admins' list.
  it("leads to another site only if it is on the admins' list; editors pick, admins keep it (audited)", async () => {
    const refused = await add({ from: "/out-1", to: "https://elsewhere.example.net/page" });
    expect(refused.status).toBe(400);
    expect(errorsOf(refused).to).toEqual([
      REDIRECT_MESSAGES.hostNotListed("elsewhere.example.net"),
    ]);
    expect(await stored("/out-1")).toBeUndefined();

    // An editor may not add or remove a site: the policy's 403.
    expect(
      (await domains({ intent: "add-domain", host: "elsewhere.example.net" }, t.cookies.editor))
        .status,
    ).toBe(403);
    expect(await domainId("elsewhere.example.net")).toBe("");

    // An admin adds it (spelled any way), and the list shows it to an editor.
    expect(
      await toastAfter({ intent: "add-domain", host: "https://Elsewhere.Example.NET/x" }),
    ).toBe(`Success: ${REDIRECT_MESSAGES.domainAdded("elsewhere.example.net")}`);
    expect(await toastAfter({ intent: "add-domain", host: "elsewhere.example.net" })).toBe(
      `Error: ${REDIRECT_MESSAGES.domainTaken("elsewhere.example.net")}`,
    );
    expect(await toastAfter({ intent: "add-domain", host: "not a domain" })).toBe(
      `Error: ${REDIRECT_MESSAGES.domainInvalid}`,
    );
    const listed = (await callRoute(redirectsLoader, t.runtime, "/admin/redirects", {
      cookie: t.cookies.editor,
    })) as { domains: { host: string }[]; managesDomains: boolean };
    expect(listed.domains.map((domain) => domain.host)).toContain("elsewhere.example.net");
    expect(listed.managesDomains).toBe(false);

    // The editor picks it.
    expect(
      (await add({ from: "/out-1", to: "https://elsewhere.example.net/page" }, t.cookies.editor))
        .status,
    ).toBe(302);
    // A subdomain is another host.
    expect(
      errorsOf(await add({ from: "/out-2", to: "https://www.elsewhere.example.net/" })).to,
    ).toEqual([REDIRECT_MESSAGES.hostNotListed("www.elsewhere.example.net")]);

    // Not removed while a redirect leads there; removed once none does.
    const id = await domainId("elsewhere.example.net");
    expect(await toastAfter({ intent: "remove-domain", id })).toBe(
      `Error: ${REDIRECT_MESSAGES.domainInUse("elsewhere.example.net", 1)}`,
    );
    expect((await domains({ intent: "remove-domain", id }, t.cookies.editor)).status).toBe(403);
    const from = await stored("/out-1");
    await postTo(
      t,
      redirectsAction,
      "/admin/redirects",
      formOf({ intent: "remove", id: from?.id ?? "" }),
    );
    expect(await toastAfter({ intent: "remove-domain", id })).toBe(
      `Success: ${REDIRECT_MESSAGES.domainRemoved("elsewhere.example.net")}`,
    );
    expect(await domainId("elsewhere.example.net")).toBe("");
    const audits = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, "redirect_domain"), eq(auditEvents.entityId, id)))
      .orderBy(auditEvents.at);
    expect(audits.map((row) => [row.action, row.entityName])).toEqual([
      ["create", "elsewhere.example.net"],
      ["delete", "elsewhere.example.net"],
    ]);
  });

  describe("a published item's slug changes", () => {
    const STUDY = {
      title: "Slug Move Study",
      subtitle: "",
      description: "",
      content: "",
      status: "published",
      tags: "",
      imageUrl: "",
      videoUrl: "",
      clientName: "",
      serviceType: "",
      projectDuration: "",
      budgetRange: "",
      sortPosition: "0",
      galleryLayout: "grid",
    };
    const saveStudy = (fields: Record<string, string>, id?: string) =>
      postTo(
        t,
        caseStudyEditorAction,
        id ? `/admin/case-studies/${id}/edit` : "/admin/case-studies/new",
        formOf({ ...STUDY, ...fields }),
        { params: id ? { id } : {} },
      ) as Promise<Response>;
    const studyId = async (slug: string) =>
      (await db().select().from(caseStudies).where(eq(caseStudies.slug, slug)))[0]?.id ?? "";

    it("a case study's old address answers 301 to the new one; changing it back swaps them", async () => {
      expect((await saveStudy({ slug: "slug-move-one" })).status).toBe(302);
      const id = await studyId("slug-move-one");
      expect((await saveStudy({ slug: "slug-move-two" }, id)).status).toBe(302);
      expect(await stored("/case-studies/slug-move-one")).toMatchObject({
        toTarget: "/case-studies/slug-move-two",
        origin: "slug",
      });
      expect(await visit("/case-studies/slug-move-one")).toMatchObject({
        status: 301,
        location: "/case-studies/slug-move-two",
      });
      expect((await visit("/case-studies/slug-move-two")).status).toBe(200);
      const [audit] = await db()
        .select()
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.entityType, "redirect"),
            eq(auditEvents.entityName, "/case-studies/slug-move-one"),
          ),
        );
      expect(audit).toMatchObject({ action: "create" });

      // A→B, then B→C: A→C and B→C.
      expect((await saveStudy({ slug: "slug-move-three" }, id)).status).toBe(302);
      expect((await stored("/case-studies/slug-move-one"))?.toTarget).toBe(
        "/case-studies/slug-move-three",
      );
      expect((await stored("/case-studies/slug-move-two"))?.toTarget).toBe(
        "/case-studies/slug-move-three",
      );

      // Back to the first slug: its redirect goes, the others lead there.
      expect((await saveStudy({ slug: "slug-move-one" }, id)).status).toBe(302);
      expect(await stored("/case-studies/slug-move-one")).toBeUndefined();
      expect((await stored("/case-studies/slug-move-two"))?.toTarget).toBe(
        "/case-studies/slug-move-one",
      );
      expect((await stored("/case-studies/slug-move-three"))?.toTarget).toBe(
        "/case-studies/slug-move-one",
      );
      expect((await visit("/case-studies/slug-move-one")).status).toBe(200);
    });

    it("a draft's slug change adds no redirect", async () => {
      expect((await saveStudy({ slug: "draft-move-one", status: "draft" })).status).toBe(302);
      const id = await studyId("draft-move-one");
      expect((await saveStudy({ slug: "draft-move-two", status: "draft" }, id)).status).toBe(302);
      expect(await stored("/case-studies/draft-move-one")).toBeUndefined();
    });

    it("a blog post's old address answers 301 to the new one", async () => {
      const savePost = (fields: Record<string, string>, id?: string) =>
        postTo(
          t,
          blogEditorAction,
          id ? `/admin/blog/edit/${id}` : "/admin/blog/new",
          formOf({ title: "Moving Post", content: "<p>Body</p>", status: "published", ...fields }),
          { params: id ? { id } : {}, cookie: t.cookies.editor },
        ) as Promise<Response>;
      expect((await savePost({ slug: "moving-post" })).status).toBe(302);
      const [post] = await db().select().from(blogPosts).where(eq(blogPosts.slug, "moving-post"));
      expect((await savePost({ slug: "moved-post" }, post?.id)).status).toBe(302);
      expect(await visit("/blog/moving-post")).toMatchObject({
        status: 301,
        location: "/blog/moved-post",
      });
      // A refused save (a taken slug) moves nothing.
      const other = await db().select().from(blogPosts).where(eq(blogPosts.status, "published"));
      const taken = other.find((row) => row.id !== post?.id)?.slug ?? "";
      expect((await settle(() => savePost({ slug: taken }, post?.id))).status).toBe(409);
      expect(await stored("/blog/moved-post")).toBeUndefined();
    });
  });
});

// Once, on the PostgreSQL server when there is one: every table's round trip on both databases is
// backup-archive.test.ts's (by construction); this names the redirects' own promise.
describe.each(testDrivers.slice(-1))("redirects in a backup on %s", (driver) => {
  it("survive a backup and a restore into an empty site", async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), "redirect-backup-"));
    const opened: { close(): Promise<void> }[] = [];
    const site = async () => {
      const database = await createTestDatabase(driver);
      const storage = await openTestStorage("local");
      opened.push({ close: () => database.destroy() }, storage);
      return { database, storage: storage.storage };
    };
    try {
      const source = await site();
      await source.database.db.insert(redirects).values([
        { fromPath: "/old-work", toTarget: "/case-studies", origin: "manual" },
        { fromPath: "/case-studies/old-name", toTarget: "/case-studies/new-name", origin: "slug" },
        { fromPath: "/closed-offer", toTarget: null, origin: "manual" },
      ]);
      // The other sites redirects may lead to (issue #47 item 11) travel with them.
      await source.database.db.insert(redirectDomains).values({ host: "press.example.com" });
      const archive = await writeBackupArchive(source, {
        directory: folder,
        archiveKey: ARCHIVE_KEY,
      });
      const target = await site();
      await restoreBackupArchive(archive.path, target, { archiveKey: ARCHIVE_KEY });
      const rows = async (db: typeof source.database.db) =>
        (await db.select().from(redirects)).sort((a, b) => a.fromPath.localeCompare(b.fromPath));
      expect(await rows(target.database.db)).toEqual(await rows(source.database.db));
      expect(await rows(target.database.db)).toHaveLength(3);
      const sites = async (db: typeof source.database.db) =>
        db.select({ host: redirectDomains.host }).from(redirectDomains);
      expect(await sites(target.database.db)).toEqual([{ host: "press.example.com" }]);
    } finally {
      for (const resource of opened.reverse()) await resource.close().catch(() => {});
      await rm(folder, { recursive: true, force: true });
    }
  }, 120_000);
});
