import { blogPosts, caseStudies } from "@server/db/schema";
import { eq } from "drizzle-orm";
import type { MetaDescriptor } from "react-router";
import { describe, expect, it } from "vitest";
import { WORK_META } from "~/copy/content-pages";
import { studio } from "~/copy/studio";
import { action as blogEditorAction } from "~/routes/admin/blog-editor";
import { action as caseStudyEditorAction } from "~/routes/admin/case-study-editor";
import { loader as blogPostLoader } from "~/routes/site/blog-post";
import { loader as caseStudyLoader } from "~/routes/site/case-study";
import {
  callRoute,
  formOf,
  postTo,
  type RouteHandler,
  SITE,
  seededRuntime,
} from "../support/admin-runtime";
import { testDrivers } from "../support/database";

/**
 * Per-page SEO (issue #31 item 6, decision 0371): a case study's and a post's own meta title,
 * meta description and social image go into the page's head; each one left empty falls back to
 * the page's own value (title, description or excerpt, cover image), as before.
 */

const STUDY = {
  title: "Seo Study",
  slug: "seo-study",
  subtitle: "A night shoot",
  description: "Lights, rain and a city.",
  content: "",
  status: "published",
  tags: "",
  imageUrl: "/media/case-studies/estate-media.svg",
  videoUrl: "",
  clientName: "",
  serviceType: "",
  projectDuration: "",
  budgetRange: "",
  sortPosition: "0",
  galleryLayout: "grid",
};

describe.each(testDrivers)("per-page SEO on %s", (driver) => {
  const t = seededRuntime(driver);
  const db = () => t.database.db;

  /** The page's head as the loader builds it: title, description, og:image. */
  async function headOf<P>(loader: RouteHandler<P, unknown>, path: string, params: NoInfer<P>) {
    const result = (await callRoute(loader, t.runtime, path, { params })) as {
      data: { meta: MetaDescriptor[] };
    };
    const meta = result.data.meta as Record<string, string>[];
    const find = (key: string, value: string) => meta.find((tag) => tag[key] === value)?.content;
    return {
      title: meta.find((tag) => "title" in tag)?.title,
      description: find("name", "description"),
      ogTitle: find("property", "og:title"),
      image: find("property", "og:image"),
    };
  }

  const saveStudy = (fields: Record<string, string>, id?: string) =>
    postTo(
      t,
      caseStudyEditorAction,
      id ? `/admin/case-studies/${id}/edit` : "/admin/case-studies/new",
      formOf({ ...STUDY, ...fields }),
      { params: id ? { id } : {} },
    );

  it("a case study without its own values keeps today's head", async () => {
    expect(((await saveStudy({})) as Response).status).toBe(302);
    const head = await headOf(caseStudyLoader, "/case-studies/seo-study", { id: "seo-study" });
    expect(head).toEqual({
      title: `Seo Study: A night shoot | ${studio.name}`,
      description: "Lights, rain and a city.",
      ogTitle: `Seo Study: A night shoot | ${studio.name}`,
      image: `${SITE}/img/jpeg/1200/media/case-studies/estate-media.svg`,
    });
  });

  it("a case study's own meta title, description and social image replace them; each falls back alone", async () => {
    const [row] = await db().select().from(caseStudies).where(eq(caseStudies.slug, "seo-study"));
    const id = row?.id ?? "";
    expect(
      (
        (await saveStudy(
          {
            metaTitle: "Rain-soaked night shoot for a city campaign",
            metaDescription: "How we lit a city in the rain.",
            socialImageUrl: "https://cdn.example.com/share.jpg",
          },
          id,
        )) as Response
      ).status,
    ).toBe(302);
    expect(await headOf(caseStudyLoader, "/case-studies/seo-study", { id: "seo-study" })).toEqual({
      title: "Rain-soaked night shoot for a city campaign",
      description: "How we lit a city in the rain.",
      ogTitle: "Rain-soaked night shoot for a city campaign",
      image: "https://cdn.example.com/share.jpg",
    });

    await saveStudy(
      { metaTitle: "", metaDescription: "Only the description.", description: "" },
      id,
    );
    expect(await headOf(caseStudyLoader, "/case-studies/seo-study", { id: "seo-study" })).toEqual({
      title: `Seo Study: A night shoot | ${studio.name}`,
      description: "Only the description.",
      ogTitle: `Seo Study: A night shoot | ${studio.name}`,
      image: `${SITE}/img/jpeg/1200/media/case-studies/estate-media.svg`,
    });
    await saveStudy({ description: "" }, id);
    expect(
      (await headOf(caseStudyLoader, "/case-studies/seo-study", { id: "seo-study" })).description,
    ).toBe(WORK_META.description);
  });

  it("refuses a social image that is not a web address or a site path", async () => {
    const [row] = await db().select().from(caseStudies).where(eq(caseStudies.slug, "seo-study"));
    const refused = (await saveStudy({ socialImageUrl: "javascript:alert(1)" }, row?.id)) as {
      data: { fieldErrors: Record<string, string[]> };
      init: { status: number };
    };
    expect(refused.init.status).toBe(400);
    expect(refused.data.fieldErrors.socialImageUrl).toEqual([
      "Must be a valid URL or a path on this site",
    ]);
  });

  it("a blog post's own values go into its head; empty ones fall back to title, excerpt and cover", async () => {
    const savePost = (fields: Record<string, string>, id?: string) =>
      postTo(
        t,
        blogEditorAction,
        id ? `/admin/blog/edit/${id}` : "/admin/blog/new",
        formOf({
          title: "Seo Post",
          slug: "seo-post",
          excerpt: "An excerpt.",
          content: "<p>Body</p>",
          status: "published",
          featuredImageUrl: "/media/blog/cover.svg",
          ...fields,
        }),
        { params: id ? { id } : {} },
      ) as Promise<Response>;
    expect((await savePost({})).status).toBe(302);
    expect(await headOf(blogPostLoader, "/blog/seo-post", { slug: "seo-post" })).toMatchObject({
      title: `Seo Post | ${studio.name}`,
      description: "An excerpt.",
    });
    const [post] = await db().select().from(blogPosts).where(eq(blogPosts.slug, "seo-post"));
    expect(
      (
        await savePost(
          { metaTitle: "Own title", metaDescription: "", socialImageUrl: "/files/share.png" },
          post?.id,
        )
      ).status,
    ).toBe(302);
    expect(await headOf(blogPostLoader, "/blog/seo-post", { slug: "seo-post" })).toEqual({
      title: "Own title",
      description: "An excerpt.",
      ogTitle: "Own title",
      image: `${SITE}/files/share.png`,
    });
  });
});
