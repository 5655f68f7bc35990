import type { Executor } from "@server/db/client";
import { FALLBACK_CASE_STUDIES } from "~/copy/samples";
import type { SitemapEntry } from "~/lib/sitemap";
import { listPublishedPosts } from "./blog";
import { listPublishedCaseStudies } from "./case-studies";
import { listPublishedPortfolioItems } from "./portfolio";

const latest = (dates: Date[]): string | undefined =>
  dates.length > 0 ? new Date(Math.max(...dates.map((d) => d.getTime()))).toISOString() : undefined;

/**
 * The sitemap entries of the content pages: /case-studies, /portfolio and /blog with the date of
 * their newest change, every published case study (plus the fixed fallback studies, whose pages
 * exist without a row) and every published post. The /sitemap.xml route adds the static pages.
 */
export async function listSitemapEntries(db: Executor): Promise<SitemapEntry[]> {
  const [studies, items, posts] = await Promise.all([
    listPublishedCaseStudies(db),
    listPublishedPortfolioItems(db),
    listPublishedPosts(db),
  ]);
  const studyPaths = new Set(studies.map((study) => study.slug));
  const fallbacks = Object.values(FALLBACK_CASE_STUDIES).filter((s) => !studyPaths.has(s.slug));
  return [
    {
      path: "/case-studies",
      lastModified: latest([...studies, ...fallbacks].map((s) => s.updatedAt)),
    },
    ...studies.map((study) => ({
      path: `/case-studies/${study.slug}`,
      lastModified: study.updatedAt.toISOString(),
    })),
    ...fallbacks.map((study) => ({
      path: `/case-studies/${study.slug}`,
      lastModified: study.updatedAt.toISOString(),
    })),
    { path: "/portfolio", lastModified: latest(items.map((item) => item.updatedAt)) },
    { path: "/blog", lastModified: latest(posts.map((post) => post.updatedAt)) },
    ...posts.map((post) => ({
      path: `/blog/${post.slug}`,
      // A post scheduled in the past may have been edited before it went out.
      lastModified: new Date(
        Math.max(post.updatedAt.getTime(), post.publishedAt?.getTime() ?? 0),
      ).toISOString(),
    })),
  ];
}
