import { SAMPLE_CASE_STUDIES } from "~/copy/samples";
import { toCaseStudySummary } from "~/entities/case-study/view";

/**
 * The sample studies as cards: what /case-studies shows beneath its error panel when a
 * browser-side load fails for good. Imported on demand, so no page's bundle carries the samples.
 */
export const SAMPLE_SUMMARIES = SAMPLE_CASE_STUDIES.map(toCaseStudySummary);
