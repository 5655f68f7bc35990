import type { Executor } from "@server/db/client";
import { type CaseStudy, caseStudies } from "@server/db/schema";
import { and, asc, desc, eq, or } from "drizzle-orm";
import { BUILT_IN_CASE_STUDIES, findFallbackCaseStudy, SAMPLE_CASE_STUDIES } from "~/copy/samples";
import {
  type CaseStudyDetail,
  type CaseStudySummary,
  composeCaseStudyList,
  toCaseStudyDetail,
  toCaseStudySummary,
} from "~/entities/case-study/view";
import { cachedRead } from "./cache";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Published case studies in display order: `sort_position` ascending (negative pins to the top,
 * positive to the bottom), then newest first. Optionally only the featured ones.
 */
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
      .orderBy(asc(caseStudies.sortPosition), desc(caseStudies.createdAt)),
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

export type CaseStudyCards =
  | { state: "ok"; studies: CaseStudySummary[] }
  /** The database failed: the samples, shown beneath the error panel. */
  | { state: "error"; studies: CaseStudySummary[]; error: unknown };

/**
 * The cards of /case-studies: the published studies (the samples when there are none) with the
 * built-in studies always present, in display order. A database failure is returned, not thrown.
 */
export async function loadCaseStudyCards(db: Executor): Promise<CaseStudyCards> {
  try {
    const rows = await listPublishedCaseStudies(db);
    const studies = composeCaseStudyList(rows, BUILT_IN_CASE_STUDIES, SAMPLE_CASE_STUDIES);
    return { state: "ok", studies: studies.map(toCaseStudySummary) };
  } catch (error) {
    return { state: "error", studies: SAMPLE_CASE_STUDIES.map(toCaseStudySummary), error };
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
): Promise<{ study: CaseStudyDetail; source: "database" | "fallback" } | null> {
  let row: CaseStudy | null;
  try {
    row = await findPublishedCaseStudy(db, slugOrId);
  } catch (error) {
    const fallback = findFallbackCaseStudy(slugOrId);
    if (fallback) return { study: toCaseStudyDetail(fallback), source: "fallback" };
    throw error;
  }
  if (row) return { study: toCaseStudyDetail(row), source: "database" };
  const fallback = findFallbackCaseStudy(slugOrId);
  return fallback ? { study: toCaseStudyDetail(fallback), source: "fallback" } : null;
}
