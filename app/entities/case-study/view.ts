import type { PublicVideo } from "~/entities/media/view";
import { sameText } from "~/lib/listings/query";

/**
 * The case-study rules of SPEC sections 4 and 5, on plain objects (browser-safe): list
 * composition (built-in studies, samples), ordering, search, tag filter and visible metrics.
 */

/** A key result; names use underscores (`total_views`), shown with spaces. */
export type KeyMetric = { name: string; value: string };
/** One entry of a study's media gallery (the `media_gallery` column's JSON). */
export type MediaItem = {
  type: "video" | "image";
  url: string;
  title?: string;
  thumbnail_url?: string;
  /** A video of the Media library (issue #44), played instead of `url` (then often empty). */
  media_id?: string;
};
/** A gallery entry as the page shows it: with its Media library player once that is public. */
export type GalleryEntry = MediaItem & { video?: PublicVideo };

/** What the pages need of a case study: a database row and a built-in sample both fit. */
export interface CaseStudyRecord {
  id: string;
  slug: string;
  title: string;
  subtitle: string | null;
  description: string | null;
  content: string | null;
  tags: readonly string[];
  imageUrl: string | null;
  videoUrl: string | null;
  clientName: string | null;
  serviceType: string | null;
  projectDuration: string | null;
  keyMetrics: readonly KeyMetric[];
  mediaGallery: readonly MediaItem[];
  budgetRange: string | null;
  sortPosition: number;
  galleryLayout: string;
  hiddenMetrics: readonly string[];
  createdAt: Date;
}

/** A case study's card (home's grid, /case-studies). */
export interface CaseStudySummary {
  id: string;
  /** The path segment of the detail page (the slug; the route also accepts the id). */
  path: string;
  title: string;
  subtitle: string | null;
  description: string | null;
  tags: string[];
  imageUrl: string | null;
  clientName: string | null;
  serviceType: string | null;
  /** The first three visible key metrics. */
  metrics: KeyMetric[];
}

/** Cards show the first three key metrics (SPEC section 9). */
export const CARD_METRICS = 3;

/** Key-metric names are stored like `total_views`; SPEC shows them with spaces. */
export function metricLabel(name: string): string {
  return name.replaceAll("_", " ");
}

/**
 * The key metrics a study shows, in the admin's order: every place that shows metrics (cards,
 * Key Results) goes through here. SPEC hides one client's `views`; decision 0035 extends that to
 * cards.
 */
export function visibleMetrics(study: {
  keyMetrics?: readonly KeyMetric[] | null;
  hiddenMetrics?: readonly string[] | null;
}): KeyMetric[] {
  const hidden = (study.hiddenMetrics ?? []).map((name) => name.trim().toLowerCase());
  return (study.keyMetrics ?? [])
    .filter((metric) => !hidden.includes(metric.name.trim().toLowerCase()))
    .map((metric) => ({ name: metric.name, value: metric.value }));
}

export type GalleryLayout = "grid" | "music-videos" | "curated";

/** The detail page of /case-studies/{id}. */
export interface CaseStudyDetail extends Omit<CaseStudySummary, "metrics"> {
  paragraphs: string[];
  videoUrl: string | null;
  /** Its Media library video, once ready and published: played instead of `videoUrl`. */
  video: PublicVideo | null;
  projectDuration: string | null;
  budgetRange: string | null;
  /** Every key metric except the hidden ones, in the admin's order. */
  metrics: KeyMetric[];
  media: GalleryEntry[];
  galleryLayout: GalleryLayout;
  updatedAt?: string;
}

/**
 * The public list: the published rows (or the samples when there are none), with the built-in
 * studies always present and replacing same-titled rows, in display order. A published row with
 * a built-in's slug is that study as the admin edited it, so it takes the built-in's place
 * (docs/decisions/0100-built-in-case-studies-in-the-editor.md). (The samples are parameters so
 * the browser bundle never has to carry them.)
 */
export function composeCaseStudyList(
  rows: readonly CaseStudyRecord[],
  builtIns: readonly CaseStudyRecord[],
  samples: readonly CaseStudyRecord[],
): CaseStudyRecord[] {
  const base = rows.length > 0 ? rows : samples;
  const present = builtIns.map(
    (builtIn) => rows.find((row) => row.slug === builtIn.slug) ?? builtIn,
  );
  const kept = base.filter(
    (row) =>
      !builtIns.some((builtIn) => builtIn.slug === row.slug || sameText(builtIn.title, row.title)),
  );
  return orderCaseStudies([...kept, ...present]);
}

/**
 * Display order: `sort_position` ascending (negative pins to the top, positive to the bottom),
 * then newest first. Stable, and returns a new array.
 */
export function orderCaseStudies<T extends Pick<CaseStudyRecord, "sortPosition" | "createdAt">>(
  studies: readonly T[],
): T[] {
  return [...studies].sort(
    (a, b) =>
      a.sortPosition - b.sortPosition ||
      new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime(),
  );
}

export function toCaseStudySummary(study: CaseStudyRecord): CaseStudySummary {
  return {
    id: study.id,
    path: study.slug || study.id,
    title: study.title,
    subtitle: study.subtitle,
    description: study.description,
    tags: [...study.tags],
    imageUrl: study.imageUrl,
    clientName: study.clientName,
    serviceType: study.serviceType,
    metrics: visibleMetrics(study).slice(0, CARD_METRICS),
  };
}

export function toCaseStudyDetail(
  study: CaseStudyRecord & { updatedAt?: Date },
  video: PublicVideo | null = null,
  galleryVideos: ReadonlyMap<string, PublicVideo> = new Map(),
): CaseStudyDetail {
  return {
    ...toCaseStudySummary(study),
    paragraphs: (study.content ?? "")
      .split(/\n\s*\n/)
      .map((paragraph) => paragraph.trim())
      .filter(Boolean),
    videoUrl: study.videoUrl,
    video,
    projectDuration: study.projectDuration,
    budgetRange: study.budgetRange,
    metrics: visibleMetrics(study),
    // A Media library entry shows once its video is public; until then, its URL if it has one.
    media: study.mediaGallery.flatMap((item): GalleryEntry[] => {
      const player = item?.media_id ? galleryVideos.get(item.media_id) : undefined;
      if (player) return [{ ...item, video: player }];
      return typeof item?.url === "string" && item.url !== "" ? [{ ...item }] : [];
    }),
    galleryLayout: isGalleryLayout(study.galleryLayout) ? study.galleryLayout : "grid",
    updatedAt: study.updatedAt?.toISOString(),
  };
}

function isGalleryLayout(value: string): value is GalleryLayout {
  return value === "grid" || value === "music-videos" || value === "curated";
}

/** The tag filter's options: every tag of the list, once, alphabetically. */
export function caseStudyTags(studies: readonly Pick<CaseStudySummary, "tags">[]): string[] {
  const tags = new Map<string, string>();
  for (const study of studies) {
    for (const tag of study.tags) {
      const key = tag.trim().toLowerCase();
      if (key && !tags.has(key)) tags.set(key, tag.trim());
    }
  }
  return [...tags.values()].sort((a, b) => a.localeCompare(b, "en-US"));
}
