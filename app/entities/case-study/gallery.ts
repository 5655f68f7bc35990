import type { CaseStudyDetail, GalleryEntry } from "~/entities/case-study/view";

/**
 * What the gallery shows: the study's media, or (SPEC: "fallbacks when the study has no media")
 * its cover image alone; empty when it has neither.
 */
export function galleryItems(
  study: Pick<CaseStudyDetail, "media" | "imageUrl" | "title">,
): GalleryEntry[] {
  if (study.media.length > 0) return study.media;
  return study.imageUrl ? [{ type: "image", url: study.imageUrl, title: study.title }] : [];
}
