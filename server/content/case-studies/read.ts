import { cachedListPage, cachedRead } from "@server/content/cache";
import type { Executor } from "@server/db/client";
import { type CaseStudy, caseStudies } from "@server/db/schema";
import { containsPattern } from "@server/kit/list-params";
import { publicVideos } from "@server/media/playback";
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { BUILT_IN_CASE_STUDIES, findFallbackCaseStudy, SAMPLE_CASE_STUDIES } from "~/copy/samples";
import { filterCaseStudies } from "~/entities/case-study/list";
import {
  type CaseStudyDetail,
  type CaseStudyRecord,
  type CaseStudySummary,
  caseStudyTags,
  composeCaseStudyList,
  orderCaseStudies,
  toCaseStudyDetail,
  toCaseStudySummary,
} from "~/entities/case-study/view";
import { LIST_PAGE_SIZE, type ListPage, pageCountOf } from "~/lib/listings/query";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Display order: `sort_position` ascending (negative pins to the top, positive to the bottom),
 * then newest first; the id settles ties, so every instance and every page agree.
 */
const caseStudyOrder = [
  asc(caseStudies.sortPosition),
  desc(caseStudies.createdAt),
  asc(caseStudies.id),
];

/** Published case studies in display order, optionally only the featured ones. */
export function listPublishedCaseStudies(
  db: Executor,
  options: { featuredOnly?: boolean } = {},
): Promise<CaseStudy[]> {
  return cachedRead(db, `case-studies:${Boolean(options.featuredOnly)}`, () =>
    db
      .select()
      .from(caseStudies)
      .where(
        and(
          eq(caseStudies.status, "published"),
          options.featuredOnly ? eq(caseStudies.isFeatured, true) : undefined,
        ),
      )
      .orderBy(...caseStudyOrder),
  );
}

/** One published case study by slug or by id (routes accept either); null when absent. */
export async function findPublishedCaseStudy(
  db: Executor,
  slugOrId: string,
): Promise<CaseStudy | null> {
  return cachedRead(db, `case-study:${slugOrId}`, () => queryPublishedCaseStudy(db, slugOrId));
}

async function queryPublishedCaseStudy(db: Executor, slugOrId: string): Promise<CaseStudy | null> {
  const match = UUID.test(slugOrId)
    ? or(eq(caseStudies.id, slugOrId), eq(caseStudies.slug, slugOrId))
    : eq(caseStudies.slug, slugOrId);
  const [row] = await db
    .select()
    .from(caseStudies)
    .where(and(eq(caseStudies.status, "published"), match))
    .limit(1);
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------
// What the public pages show (SPEC sections 2 and 4)
// ---------------------------------------------------------------------------------------------

/** What /case-studies asks for: the search (title, subtitle, description), a tag, the page. */
export interface CaseStudiesQuery {
  search: string;
  tag: string | null;
  page: number;
}

export interface CaseStudiesPage extends ListPage<CaseStudyRecord> {
  /** The tag filter's options: every tag of the whole list, once. */
  tags: string[];
}

const BUILT_IN_SLUGS = BUILT_IN_CASE_STUDIES.map((study) => study.slug);
const BUILT_IN_TITLES = BUILT_IN_CASE_STUDIES.map((study) => study.title.trim().toLowerCase());

/**
 * One page of /case-studies in display order (decision 0220): the list `composeCaseStudyList`
 * describes (published rows, built-in studies always present and replacing same-titled rows,
 * the samples when nothing is published), filtered and paged in SQL. The built-ins that are not
 * rows are merged in at the place the order gives them, so the order holds across pages.
 */
export function listCaseStudiesPage(
  db: Executor,
  query: CaseStudiesQuery,
): Promise<CaseStudiesPage> {
  const key = JSON.stringify([query.search, query.tag?.toLowerCase() ?? null, query.page]);
  return cachedListPage(db, `case-studies-page:${key}`, query.search, () =>
    queryCaseStudiesPage(db, query),
  );
}

async function queryCaseStudiesPage(
  db: Executor,
  query: CaseStudiesQuery,
): Promise<CaseStudiesPage> {
  const published = eq(caseStudies.status, "published");
  // A row titled like a built-in is replaced by it, unless it is that built-in (its slug).
  const listed = and(
    published,
    or(
      inArray(caseStudies.slug, BUILT_IN_SLUGS),
      sql`lower(trim(${caseStudies.title})) not in ${BUILT_IN_TITLES}`,
    ),
  );
  const [anyRow, rowsOfBuiltIns, tagRows] = await Promise.all([
    db.select({ id: caseStudies.id }).from(caseStudies).where(published).limit(1),
    db
      .select({ slug: caseStudies.slug })
      .from(caseStudies)
      .where(and(published, inArray(caseStudies.slug, BUILT_IN_SLUGS))),
    db
      .selectDistinct({ tag: sql<string>`unnest(${caseStudies.tags})` })
      .from(caseStudies)
      .where(listed),
  ]);
  if (anyRow.length === 0) {
    // Nothing published: the samples and the built-ins, all in memory.
    const all = composeCaseStudyList([], BUILT_IN_CASE_STUDIES, SAMPLE_CASE_STUDIES);
    return { ...pageInMemory(matchInMemory(all, query), query.page), tags: tagsOf(all) };
  }
  const virtual = orderCaseStudies(
    BUILT_IN_CASE_STUDIES.filter((study) => !rowsOfBuiltIns.some((row) => row.slug === study.slug)),
  );
  const tags = caseStudyTags([
    ...tagRows.map((row) => ({ tags: [row.tag] })),
    ...summaries(virtual),
  ]);
  const matchingVirtual = matchInMemory(virtual, query);

  const pattern = query.search ? containsPattern(query.search) : null;
  const matching: SQL | undefined = and(
    listed,
    pattern
      ? or(
          ilike(caseStudies.title, pattern),
          ilike(caseStudies.subtitle, pattern),
          ilike(caseStudies.description, pattern),
        )
      : undefined,
    query.tag
      ? sql`exists (select 1 from unnest(${caseStudies.tags}) as tag where lower(trim(tag)) = lower(${query.tag.trim()}))`
      : undefined,
  );
  // Where each built-in goes: after every matching row it does not precede (ties: rows first).
  const [[counted], ...ranks] = await Promise.all([
    db.select({ total: count() }).from(caseStudies).where(matching),
    ...matchingVirtual.map((study) =>
      db
        .select({ total: count() })
        .from(caseStudies)
        .where(
          and(
            matching,
            or(
              sql`${caseStudies.sortPosition} < ${study.sortPosition}`,
              and(
                eq(caseStudies.sortPosition, study.sortPosition),
                sql`${caseStudies.createdAt} >= ${study.createdAt.toISOString()}`,
              ),
            ),
          ),
        ),
    ),
  ]);
  const rowTotal = counted?.total ?? 0;
  const total = rowTotal + matchingVirtual.length;
  const pageCount = pageCountOf(total);
  const page = Math.min(query.page, pageCount);
  const start = (page - 1) * LIST_PAGE_SIZE;
  // A row's place in the whole list is its place among the rows plus the built-ins before it.
  const builtInPlaces = matchingVirtual.map((study, index) => {
    const rank = ranks[index]?.[0]?.total ?? 0;
    return { study: study as CaseStudyRecord, rank, at: rank + index };
  });
  const firstRow = Math.max(0, start - matchingVirtual.length);
  const rows = await db
    .select()
    .from(caseStudies)
    .where(matching)
    .orderBy(...caseStudyOrder)
    .limit(start + LIST_PAGE_SIZE - firstRow)
    .offset(firstRow);
  const placed = [
    ...builtInPlaces,
    ...rows.map((row, index) => {
      const at = firstRow + index;
      return {
        study: row as CaseStudyRecord,
        at: at + builtInPlaces.filter((b) => b.rank <= at).length,
      };
    }),
  ];
  const items = placed
    .filter((entry) => entry.at >= start && entry.at < start + LIST_PAGE_SIZE)
    .sort((a, b) => a.at - b.at)
    .map((entry) => entry.study);
  return { items, total, page, pageCount, tags };
}

function summaries(studies: readonly CaseStudyRecord[]): CaseStudySummary[] {
  return studies.map(toCaseStudySummary);
}

function tagsOf(studies: readonly CaseStudyRecord[]): string[] {
  return caseStudyTags(summaries(studies));
}

/** The search and tag filter on studies held in memory (built-ins, samples): SPEC section 5. */
function matchInMemory<T extends CaseStudyRecord>(
  studies: readonly T[],
  query: CaseStudiesQuery,
): T[] {
  const kept = new Set(
    filterCaseStudies(summaries(studies), { search: query.search, tag: query.tag }).map(
      (study) => study.id,
    ),
  );
  return studies.filter((study) => kept.has(study.id));
}

function pageInMemory<T>(items: readonly T[], requested: number): ListPage<T> {
  const pageCount = pageCountOf(items.length);
  const page = Math.min(requested, pageCount);
  const start = (page - 1) * LIST_PAGE_SIZE;
  return {
    items: items.slice(start, start + LIST_PAGE_SIZE),
    total: items.length,
    page,
    pageCount,
  };
}

export type CaseStudyCards = {
  studies: CaseStudySummary[];
  tags: string[];
  total: number;
  page: number;
  pageCount: number;
} & (
  | { state: "ok" }
  /** The database failed: the samples, shown beneath the error panel. */
  | { state: "error"; error: unknown }
);

/**
 * A page of /case-studies' cards and its tag filter. A database failure is returned, not thrown:
 * the sample studies in its place.
 */
export async function loadCaseStudyCards(
  db: Executor,
  query: CaseStudiesQuery,
): Promise<CaseStudyCards> {
  try {
    const page = await listCaseStudiesPage(db, query);
    return { state: "ok", ...page, studies: summaries(page.items) };
  } catch (error) {
    const samples = pageInMemory(summaries(SAMPLE_CASE_STUDIES), 1);
    return {
      state: "error",
      studies: samples.items,
      tags: caseStudyTags(samples.items),
      total: samples.total,
      page: samples.page,
      pageCount: samples.pageCount,
      error,
    };
  }
}

/**
 * The detail page of /case-studies/{slugOrId}: the published row, else one of the six fixed
 * fallback studies (so those ids work with an empty or unreachable database), else null.
 * A database failure with no fallback for the id is thrown.
 */
export async function findCaseStudyDetail(
  db: Executor,
  slugOrId: string,
): Promise<{ study: CaseStudyDetail; seo: OwnSeo; source: "database" | "fallback" } | null> {
  let row: CaseStudy | null;
  try {
    row = await findPublishedCaseStudy(db, slugOrId);
  } catch (error) {
    const fallback = findFallbackCaseStudy(slugOrId);
    if (fallback) return { study: toCaseStudyDetail(fallback), seo: {}, source: "fallback" };
    throw error;
  }
  if (row) {
    const gallery = row.mediaGallery.map((item) => item?.media_id ?? null);
    const videos = await publicVideos(db, [row.videoMediaId, ...gallery]);
    const video = (row.videoMediaId && videos.get(row.videoMediaId)) || null;
    const study = toCaseStudyDetail(row, video, videos);
    return { study, seo: ownSeoOf(row), source: "database" };
  }
  const fallback = findFallbackCaseStudy(slugOrId);
  return fallback ? { study: toCaseStudyDetail(fallback), seo: {}, source: "fallback" } : null;
}

/** A page's own search and social values (decision 0371); the page's own serve where null. */
export interface OwnSeo {
  metaTitle?: string | null;
  metaDescription?: string | null;
  socialImageUrl?: string | null;
}

export function ownSeoOf(row: OwnSeo): OwnSeo {
  return {
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    socialImageUrl: row.socialImageUrl,
  };
}
