import type { Executor } from "@server/db/client";
import { blogPosts, caseStudies, portfolioItems } from "@server/db/schema";
import { isUuid } from "@server/kit/list-params";
import { publicVideos } from "@server/media/playback";
import { and, asc, count, eq, inArray, isNotNull, max, or, sql } from "drizzle-orm";
import { FALLBACK_CASE_STUDIES } from "~/copy/samples";
import { type SitemapEntry, type SitemapVideo, STATIC_SITEMAP_ENTRIES } from "~/lib/sitemap";
import { cachedRead } from "./cache";

/**
 * The sitemap, bounded (issue #20, decision 0230). A sitemap file holds at most SITEMAP_MAX_URLS
 * URLs. While the site has no more than that, /sitemap.xml is one urlset; beyond, it is a
 * sitemapindex of child sitemaps under /sitemaps/: `pages.xml` (the static pages and the fixed
 * fallback studies), then `case-studies-N.xml` and `blog-N.xml`, each a page of at most
 * SITEMAP_MAX_URLS rows ordered by slug. Every read is a count or one LIMITed page, through the
 * content cache (decision 0030) like the pages' reads.
 */
export const SITEMAP_MAX_URLS = 10_000;

/** The sections whose rows are paged into child sitemaps. */
export const SITEMAP_SECTIONS = ["case-studies", "blog"] as const;
export type SitemapSection = (typeof SITEMAP_SECTIONS)[number];

/** A child sitemap of the index: its file name under /sitemaps/ and its newest change. */
export interface SitemapChild {
  name: string;
  lastModified?: string;
}

export type SitemapPlan =
  | { kind: "urlset"; entries: SitemapEntry[] }
  | { kind: "index"; children: SitemapChild[] };

interface SectionSummary {
  rows: number;
  lastModified: Date | null;
}

interface SitemapSummary {
  sections: Record<SitemapSection, SectionSummary>;
  portfolioModified: Date | null;
  /** Fallback studies whose slug a published row has taken (the row's page replaces theirs). */
  takenFallbacks: Set<string>;
}

const newest = (...dates: (Date | null | undefined)[]): Date | null => {
  const times = dates.filter((d): d is Date => d instanceof Date).map((d) => d.getTime());
  return times.length > 0 ? new Date(Math.max(...times)) : null;
};
const iso = (date: Date | null) => date?.toISOString();

/** Counts and newest dates of the published content: three aggregate queries and one lookup. */
function readSummary(db: Executor): Promise<SitemapSummary> {
  return cachedRead(db, "sitemap:summary", async () => {
    const fallbackSlugs = Object.keys(FALLBACK_CASE_STUDIES);
    const [[studies], [posts], [portfolio], taken] = await Promise.all([
      db
        .select({ rows: count(), updated: max(caseStudies.updatedAt) })
        .from(caseStudies)
        .where(eq(caseStudies.status, "published")),
      db
        .select({ rows: count(), updated: max(blogPosts.updatedAt) })
        .from(blogPosts)
        .where(eq(blogPosts.status, "published")),
      db
        .select({ updated: max(portfolioItems.updatedAt) })
        .from(portfolioItems)
        .where(eq(portfolioItems.status, "published")),
      db
        .select({ slug: caseStudies.slug })
        .from(caseStudies)
        .where(and(eq(caseStudies.status, "published"), inArray(caseStudies.slug, fallbackSlugs))),
    ]);
    return {
      sections: {
        "case-studies": { rows: studies?.rows ?? 0, lastModified: studies?.updated ?? null },
        blog: { rows: posts?.rows ?? 0, lastModified: posts?.updated ?? null },
      },
      portfolioModified: portfolio?.updated ?? null,
      takenFallbacks: new Set(taken.map((row) => row.slug)),
    };
  });
}

/** Each section's table and the path of its rows' pages. */
const SECTION_ROWS = {
  "case-studies": { table: caseStudies, prefix: "/case-studies/" },
  blog: { table: blogPosts, prefix: "/blog/" },
} as const satisfies Record<SitemapSection, unknown>;

/** One page (0-based) of a section's entries, ordered by slug: at most SITEMAP_MAX_URLS rows. */
function readSectionPage(
  db: Executor,
  section: SitemapSection,
  page: number,
): Promise<SitemapEntry[]> {
  return cachedRead(db, `sitemap:${section}:${page}`, async () => {
    const { table, prefix } = SECTION_ROWS[section];
    const rows = await db
      .select({ slug: table.slug, updatedAt: table.updatedAt })
      .from(table)
      .where(eq(table.status, "published"))
      .orderBy(asc(table.slug))
      .limit(SITEMAP_MAX_URLS)
      .offset(page * SITEMAP_MAX_URLS);
    // A row's last change is its updated_at (decision 0272): every save sets it, and a post is
    // on the site from the save that publishes it (published_at is an editorial date, any day).
    return rows.map((row) => ({
      path: `${prefix}${row.slug}`,
      lastModified: row.updatedAt.toISOString(),
    }));
  });
}

/**
 * The videos of the published pages (the video sitemap extension, issue #44): each case study's
 * Media library video on its page, and the portfolio's on /portfolio. Only ready videos, which
 * are the ones with a public address.
 */
function readVideoEntries(db: Executor): Promise<Map<string, SitemapVideo[]>> {
  return cachedRead(db, "sitemap:videos", async () => {
    const [studies, portfolio] = await Promise.all([
      db
        .select({
          slug: caseStudies.slug,
          title: caseStudies.title,
          description: caseStudies.description,
          mediaId: caseStudies.videoMediaId,
          gallery: caseStudies.mediaGallery,
        })
        .from(caseStudies)
        .where(
          and(
            eq(caseStudies.status, "published"),
            or(
              isNotNull(caseStudies.videoMediaId),
              sql`jsonb_path_exists(${caseStudies.mediaGallery}, '$[*].media_id')`,
            ),
          ),
        ),
      db
        .select({
          title: portfolioItems.title,
          description: portfolioItems.description,
          mediaId: portfolioItems.videoMediaId,
        })
        .from(portfolioItems)
        .where(and(eq(portfolioItems.status, "published"), isNotNull(portfolioItems.videoMediaId)))
        .limit(1000),
    ]);
    // A study's gallery videos are on its page too, each under its own title when it has one.
    const galleryRows = studies.flatMap((study) =>
      study.gallery.flatMap((entry) =>
        entry?.media_id && isUuid(entry.media_id)
          ? [
              {
                slug: study.slug,
                title: entry.title || study.title,
                description: study.description,
                mediaId: entry.media_id,
              },
            ]
          : [],
      ),
    );
    const videos = await publicVideos(
      db,
      [...studies, ...galleryRows, ...portfolio].map((row) => row.mediaId),
    );
    const byPath = new Map<string, SitemapVideo[]>();
    const add = (
      path: string,
      row: { title: string; description: string | null; mediaId: string | null },
    ) => {
      const video = row.mediaId ? videos.get(row.mediaId) : undefined;
      if (!video) return;
      byPath.set(path, [
        ...(byPath.get(path) ?? []),
        {
          title: row.title,
          description: row.description || row.title,
          thumbnail: video.poster.jpeg,
          content: video.master,
          durationSeconds: video.durationSeconds,
          publicationDate: video.uploadDate,
        },
      ]);
    };
    for (const row of [...studies, ...galleryRows]) add(`/case-studies/${row.slug}`, row);
    for (const row of portfolio) add("/portfolio", row);
    return byPath;
  });
}

/** The entries with the videos of their pages. */
async function withVideos(db: Executor, entries: SitemapEntry[]): Promise<SitemapEntry[]> {
  const videos = await readVideoEntries(db);
  return entries.map((entry) => {
    const own = videos.get(entry.path);
    return own ? { ...entry, videos: own } : entry;
  });
}

/** One entry per path; a later entry (the content's, with its dates) completes an earlier one. */
function mergeByPath(entries: readonly SitemapEntry[]): SitemapEntry[] {
  const byPath = new Map<string, SitemapEntry>();
  for (const entry of entries) {
    const earlier = byPath.get(entry.path);
    byPath.set(entry.path, earlier ? { ...earlier, ...entry } : entry);
  }
  return [...byPath.values()];
}

/**
 * The pages that need no paging: the static pages, the list pages with the date of their newest
 * change, and the fixed fallback studies (their pages exist without a row) that no row replaces.
 */
function fixedEntries(summary: SitemapSummary): SitemapEntry[] {
  const fallbacks = Object.values(FALLBACK_CASE_STUDIES).filter(
    (study) => !summary.takenFallbacks.has(study.slug),
  );
  const { sections } = summary;
  return mergeByPath([
    ...STATIC_SITEMAP_ENTRIES,
    {
      path: "/case-studies",
      lastModified: iso(
        newest(sections["case-studies"].lastModified, ...fallbacks.map((s) => s.updatedAt)),
      ),
    },
    ...fallbacks.map((study) => ({
      path: `/case-studies/${study.slug}`,
      lastModified: study.updatedAt.toISOString(),
    })),
    { path: "/portfolio", lastModified: iso(summary.portfolioModified) },
    { path: "/blog", lastModified: iso(sections.blog.lastModified) },
  ]);
}

const pagesOf = (rows: number) => Math.max(1, Math.ceil(rows / SITEMAP_MAX_URLS));

/**
 * What /sitemap.xml answers: every URL in one urlset while there are at most SITEMAP_MAX_URLS,
 * else the index of the child sitemaps.
 */
export async function planSitemap(db: Executor): Promise<SitemapPlan> {
  const summary = await readSummary(db);
  const fixed = fixedEntries(summary);
  const total = SITEMAP_SECTIONS.reduce(
    (sum, section) => sum + summary.sections[section].rows,
    fixed.length,
  );
  if (total <= SITEMAP_MAX_URLS) {
    const pages = await Promise.all(SITEMAP_SECTIONS.map((s) => readSectionPage(db, s, 0)));
    return {
      kind: "urlset",
      entries: await withVideos(db, mergeByPath([...fixed, ...pages.flat()])),
    };
  }
  const children: SitemapChild[] = [
    { name: "pages.xml", lastModified: latestOf(fixed) },
    ...SITEMAP_SECTIONS.flatMap((section) => {
      const { rows, lastModified } = summary.sections[section];
      if (rows === 0) return [];
      return Array.from({ length: pagesOf(rows) }, (_, i) => ({
        name: `${section}-${i + 1}.xml`,
        lastModified: iso(lastModified),
      }));
    }),
  ];
  return { kind: "index", children };
}

const CHILD_NAME = /^(?:(pages)|(case-studies|blog)-([1-9][0-9]{0,5}))\.xml$/;

/** The entries of the child sitemap `name` (e.g. `blog-2.xml`); null when there is no such file. */
export async function loadSitemapChild(db: Executor, name: string): Promise<SitemapEntry[] | null> {
  const match = CHILD_NAME.exec(name);
  if (!match) return null;
  const summary = await readSummary(db);
  if (match[1]) return withVideos(db, fixedEntries(summary));
  const section = match[2] as SitemapSection;
  const page = Number(match[3]) - 1;
  if (page >= pagesOf(summary.sections[section].rows)) return null;
  return withVideos(db, await readSectionPage(db, section, page));
}

function latestOf(entries: readonly SitemapEntry[]): string | undefined {
  const dates = entries
    .map((entry) => (entry.lastModified ? new Date(entry.lastModified) : null))
    .filter((date): date is Date => date !== null && !Number.isNaN(date.getTime()));
  return iso(newest(...dates));
}

/**
 * The sitemap entries of the content pages (the /sitemap.xml urlset without the static pages):
 * /case-studies, /portfolio and /blog with the date of their newest change, the published case
 * studies (plus the fixed fallback studies no row replaces) and the published posts, at most
 * SITEMAP_MAX_URLS of each.
 */
export async function listSitemapEntries(db: Executor): Promise<SitemapEntry[]> {
  const summary = await readSummary(db);
  const staticPaths = new Set(STATIC_SITEMAP_ENTRIES.map((entry) => entry.path));
  const pages = await Promise.all(SITEMAP_SECTIONS.map((s) => readSectionPage(db, s, 0)));
  const fixed = fixedEntries(summary).filter(
    (entry) => !staticPaths.has(entry.path) || entry.lastModified !== undefined,
  );
  return [...fixed, ...pages.flat()];
}
