/** How a record's visit source reads in the back-office (issue #33). Browser-safe. */

/** The `utm_*` parameters of a page view, by their name without `utm_` (issue #33). */
export type VisitUtm = Partial<
  Record<"source" | "medium" | "campaign" | "term" | "content", string>
>;

export interface RecordSource {
  sourceHost: string | null;
  sourceUtm: VisitUtm | null;
  landingPage: string | null;
}

const UTM_ORDER = ["source", "medium", "campaign", "term", "content"] as const;

/** Shown when a record has no visit: sent before counting began, or by a client we do not count. */
export const NO_VISIT = "No visit recorded";
/** A visit that came with no referrer and no campaign tags. */
export const DIRECT = "Direct (no referrer)";

/**
 * One line each: the referrer host ("google.com"), each UTM parameter ("utm_campaign
 * spring-reels"), then "Landing page /case-studies/low-tide-records". Empty: no visit found.
 */
export function sourceLines(record: RecordSource): string[] {
  if (!record.landingPage) return [];
  const lines: string[] = [];
  if (record.sourceHost) lines.push(record.sourceHost);
  for (const key of UTM_ORDER) {
    const value = record.sourceUtm?.[key];
    if (value) lines.push(`utm_${key} ${value}`);
  }
  if (lines.length === 0) lines.push(DIRECT);
  lines.push(`Landing page ${record.landingPage}`);
  return lines;
}

/** The source a visit is counted under on the analytics screen: its UTM source, else its referrer. */
export function sourceLabel(value: string): string {
  return value === "" ? DIRECT : value;
}
