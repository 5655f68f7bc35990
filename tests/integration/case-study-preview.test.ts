import { findPublishedCaseStudy } from "@server/content/case-studies/read";
import { PREVIEW_SECONDS, previewPath } from "@server/content/workflow/preview";
import { caseStudies } from "@server/db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action as studyAction, loader as studyLoader } from "~/routes/admin/case-study-editor";
import { loader as pageLoader } from "~/routes/site/case-study";
import { callRoute, formOf, postTo, seededRuntime } from "../support/admin-runtime";
import { testDrivers } from "../support/database";

/** A case study's draft at its signed preview link (issue #31, decision 0331), as the blog's. */
describe.each(testDrivers)("case-study preview on %s", (driver) => {
  const t = seededRuntime(driver);
  const db = () => t.database.db;

  it("shows the draft without a session, private and noindex; expired is a 410; forged is a 404", async () => {
    const fields = {
      title: "Preview Study",
      slug: "preview-study",
      description: "The live text.",
      serviceType: "Video Production",
      galleryLayout: "grid",
      sortPosition: "0",
    };
    const post = (extra: Record<string, string>, id?: string) =>
      postTo(
        t,
        studyAction,
        id ? `/admin/case-studies/${id}/edit` : "/admin/case-studies/new",
        formOf({ ...fields, ...extra }),
        { params: id ? { id } : {} },
      );
    await post({ workflow: "publish" });
    const [row] = await db()
      .select()
      .from(caseStudies)
      .where(eq(caseStudies.slug, "preview-study"));
    const id = row?.id ?? "";
    await post({ description: "The draft text.", workflow: "save-draft" }, id);

    // The editor offers the link; it is valid 24 hours.
    const editor = (await callRoute(studyLoader, t.runtime, `/admin/case-studies/${id}/edit`, {
      cookie: t.cookies.admin,
      params: { id },
    })) as unknown as { preview: string };
    expect(editor.preview).toMatch(
      new RegExp(`^/preview/case-studies/${id}\\?expires=\\d+&signature=[0-9a-f]{64}$`),
    );

    const open = async (path: string) => {
      try {
        const answer = (await callRoute(pageLoader, t.runtime, path, {
          params: { previewId: id },
        })) as unknown as {
          data: Record<string, unknown>;
          init: { status?: number; headers: Record<string, string> };
        };
        return { status: answer.init.status ?? 200, ...answer };
      } catch (thrown) {
        const answer = thrown as {
          data: unknown;
          init: { status: number; headers: Record<string, string> };
        };
        return { status: answer.init.status, ...answer };
      }
    };
    const key = t.runtime.keys.previewLinks;
    const shown = await open(previewPath(key, "case_study", id));
    expect(shown.status).toBe(200);
    expect(shown.init.headers).toEqual({ "Cache-Control": "private, no-store" });
    const data = shown.data as {
      preview: boolean;
      study: { description: string };
      meta: { name?: string; content?: string }[];
    };
    expect(data.preview).toBe(true);
    expect(data.study.description).toBe("The draft text.");
    expect(data.meta.filter((tag) => tag.name === "robots")).toEqual([
      { name: "robots", content: "noindex" },
    ]);
    expect((await findPublishedCaseStudy(db(), "preview-study"))?.description).toBe(
      "The live text.",
    );

    const old = previewPath(
      key,
      "case_study",
      id,
      () => Date.now() - PREVIEW_SECONDS * 1000 - 1000,
    );
    const expired = await open(old);
    expect(expired.status).toBe(410);
    expect(expired.init.headers).toEqual({ "Cache-Control": "private, no-store" });
    // A blog post's signature does not open the study's preview.
    const other = previewPath(key, "blog_post", id).replace(
      "/preview/blog/",
      "/preview/case-studies/",
    );
    expect((await open(other)).status).toBe(404);
  });
});
