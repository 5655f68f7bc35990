import type { CaseStudySummary } from "~/entities/case-study/view";
import { matchesSearch, sameText } from "~/lib/listings/query";

/**
 * The list rule the browser runs on /case-studies, kept apart from case-studies.ts so the page
 * and the sample cards (loaded when a browser-side load fails) share no chunk.
 */

/** SPEC section 5: case-insensitive over title, subtitle and description; tag 'all' = none. */
export function filterCaseStudies<
  T extends Pick<CaseStudySummary, "title" | "subtitle" | "description" | "tags">,
>(studies: readonly T[], filter: { search: string; tag: string | null }): T[] {
  return studies.filter(
    (study) =>
      matchesSearch(filter.search, [study.title, study.subtitle, study.description]) &&
      (filter.tag === null || study.tags.some((tag) => sameText(tag, filter.tag ?? ""))),
  );
}
