import { WORK_META } from "~/copy/content-pages";
import { studio } from "~/copy/studio";
import type { PageHeadPreview } from "~/lib/forms/seo-fields";

/**
 * A case study's search and social head when it sets none of its own (decision 0371): the
 * public page's and the editor's preview alike. Browser-safe.
 */
export function caseStudyHead(study: {
  title: string;
  subtitle: string | null;
  description: string | null;
  imageUrl: string | null;
  /** The slug (or, for a built-in copy, its id). */
  path: string;
}): PageHeadPreview {
  return {
    title: `${study.title}: ${study.subtitle || "Case Study"} | ${studio.name}`,
    description: study.description || WORK_META.description,
    path: `/case-studies/${study.path}`,
    image: study.imageUrl || null,
  };
}
