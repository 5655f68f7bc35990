import {
  emptyMedia,
  emptyMetric,
  MAX_KEY_METRICS,
  MAX_MEDIA_ITEMS,
  MEDIA_TYPES,
  type MediaDraft,
  type MediaType,
  type MetricDraft,
  moveRows,
  type RowIntent,
} from "~/entities/case-study/rows";
import type { KeyMetric, MediaItem } from "~/entities/case-study/view";
import { MUST_BE_MEDIA_VIDEO, optionalMediaVideo } from "~/lib/forms/admin-fields";
import { fieldErrorsOf } from "~/lib/forms/check";
import type { FieldErrors } from "~/lib/forms/result";
import { NO_SEO_VALUES, SEO_FIELD_NAMES, SEO_FIELDS, seoValuesOf } from "~/lib/forms/seo-fields";
import { z } from "~/lib/forms/zod";
import { isSafeUrl } from "~/lib/safe-url";
import { MAX_SLUG_LENGTH, SLUG_PATTERN, slugify } from "~/lib/slug";
import { CONTENT_STATUSES, GALLERY_LAYOUTS } from "~/lib/values";

/**
 * The case-study editor's form (issue #7): what the form posts, what it re-renders after a
 * round trip, and the rules a save must pass. Browser-safe: the server validates with it, and
 * so does the editor before a save. The rows and their buttons' intents are in rows.ts.
 *
 * Field names: scalar fields by their camelCase name; key-metric rows as `metrics.{i}.name`,
 * `metrics.{i}.value`, `metrics.{i}.hidden`; gallery items as `media.{i}.type`, `media.{i}.url`,
 * `media.{i}.title`, `media.{i}.thumbnailUrl`, `media.{i}.mediaId` (a video row's Media library
 * video). The index is the row's position in the form.
 */

/** The form as typed: every value a string, so a refused save re-renders exactly what was sent. */
export interface CaseStudyDraft {
  title: string;
  slug: string;
  subtitle: string;
  description: string;
  content: string;
  status: string;
  isFeatured: boolean;
  tags: string;
  imageUrl: string;
  videoUrl: string;
  videoMediaId: string;
  clientName: string;
  serviceType: string;
  projectDuration: string;
  budgetRange: string;
  sortPosition: string;
  galleryLayout: string;
  metrics: MetricDraft[];
  media: MediaDraft[];
  /** The "Search and social" fieldset (decision 0371). */
  metaTitle: string;
  metaDescription: string;
  socialImageUrl: string;
}

/** What a valid save stores (the case_studies columns the editor owns). */
export interface CaseStudyInput {
  title: string;
  slug: string;
  subtitle: string | null;
  description: string | null;
  content: string | null;
  status: (typeof CONTENT_STATUSES)[number];
  isFeatured: boolean;
  tags: string[];
  imageUrl: string | null;
  videoUrl: string | null;
  /** A Media library video, played instead of the video URL (issue #44). */
  videoMediaId: string | null;
  clientName: string | null;
  serviceType: string | null;
  projectDuration: string | null;
  budgetRange: string | null;
  sortPosition: number;
  galleryLayout: (typeof GALLERY_LAYOUTS)[number];
  keyMetrics: KeyMetric[];
  mediaGallery: MediaItem[];
  hiddenMetrics: string[];
  metaTitle: string | null;
  metaDescription: string | null;
  socialImageUrl: string | null;
}

export const CASE_STUDY_TEXT = {
  titleRequired: "Title is required",
  slugFormat: "Use lowercase letters, numbers and single hyphens (for example client-launch-film)",
  slugFromTitle: "Enter a slug: the title has no letters or numbers to make one from",
  slugTaken: (slug: string, other: string | null) =>
    `The slug "${slug}" is already used by ${other === null ? "another case study" : `"${other}"`}. Choose another one.`,
  slugLocked: "This built-in study keeps its address; its slug cannot change",
  status: "Choose a status: published, draft or archived",
  galleryLayout: "Choose a gallery layout: grid, music videos or curated",
  sortPosition: "Sort position must be a whole number between -1000 and 1000",
  url: "Enter a full web address (https://…) or a site path starting with /",
  metricName: "Give this metric a name",
  metricValue: "Give this metric a value",
  metricDuplicate: "Another metric already has this name",
  tooManyMetrics: `Keep it to ${MAX_KEY_METRICS} key metrics`,
  mediaType: "Choose image or video",
  mediaUrl: "Give this item a URL or upload an image",
  tooManyMedia: `Keep it to ${MAX_MEDIA_ITEMS} gallery items`,
  videoUpload: "Uploads take images only: for a video, enter its address",
  chooseFileAgain: "Choose the file again: files are not kept when the form has errors",
  tooManyTags: "Keep it to 20 tags of at most 40 characters each",
  tooLong: (max: number) => `Please keep this under ${max} characters.`,
  checkFields: "The case study was not saved. Please correct the highlighted fields.",
} as const;

export function emptyDraft(): CaseStudyDraft {
  return {
    title: "",
    slug: "",
    subtitle: "",
    description: "",
    content: "",
    status: "draft",
    isFeatured: false,
    tags: "",
    imageUrl: "",
    videoUrl: "",
    videoMediaId: "",
    clientName: "",
    serviceType: "",
    projectDuration: "",
    budgetRange: "",
    sortPosition: "0",
    galleryLayout: "grid",
    metrics: [emptyMetric()],
    media: [],
    ...NO_SEO_VALUES,
  };
}

// ---- Reading the posted form ----

/** The part of FormData the reader needs (the server's parsed multipart form fits too). */
export interface FormFields {
  get(name: string): unknown;
  keys(): Iterable<string>;
}

const SCALARS = [
  "title",
  "slug",
  "subtitle",
  "description",
  "content",
  "status",
  "tags",
  "imageUrl",
  "videoUrl",
  "videoMediaId",
  "clientName",
  "serviceType",
  "projectDuration",
  "budgetRange",
  "sortPosition",
  "galleryLayout",
  ...SEO_FIELD_NAMES,
] as const;

const ROW_FIELD = /^(metrics|media)\.(\d{1,3})\.([a-zA-Z]+)$/;
/** Rows beyond this are ignored outright (a form with more was not made by the editor). */
const ROW_READ_LIMIT = 100;

/** A field's text; multipart posts send CRLF line breaks, stored as LF like the rest. */
const text = (value: unknown) => (typeof value === "string" ? value.replace(/\r\n?/g, "\n") : "");

export function readDraft(form: FormFields): CaseStudyDraft {
  const draft = emptyDraft();
  for (const name of SCALARS) draft[name] = text(form.get(name));
  draft.isFeatured = form.get("isFeatured") != null && form.get("isFeatured") !== "";
  const metrics = new Map<number, MetricDraft>();
  const media = new Map<number, MediaDraft>();
  for (const key of new Set(form.keys())) {
    const match = ROW_FIELD.exec(key);
    if (!match) continue;
    const [, list, position, field] = match;
    const index = Number(position);
    if (index >= ROW_READ_LIMIT) continue;
    const value = form.get(key);
    if (list === "metrics") {
      const row = metrics.get(index) ?? emptyMetric();
      if (field === "name" || field === "value") row[field] = text(value);
      else if (field === "hidden") row.hidden = value != null && value !== "";
      metrics.set(index, row);
    } else {
      const row = media.get(index) ?? { ...emptyMedia(), type: "" };
      if (["type", "url", "title", "thumbnailUrl", "mediaId"].includes(field ?? "")) {
        row[field as keyof MediaDraft] = text(value);
      }
      media.set(index, row);
    }
  }
  const inOrder = <T>(rows: Map<number, T>) =>
    [...rows.entries()].sort(([a], [b]) => a - b).map(([, row]) => row);
  draft.metrics = inOrder(metrics);
  draft.media = inOrder(media);
  return draft;
}

/** A row button's change applied to the draft (the server's half of the no-JavaScript path). */
export function applyRowIntent(draft: CaseStudyDraft, intent: RowIntent): CaseStudyDraft {
  if (intent.list === "metric") {
    if (intent.op === "add" && draft.metrics.length >= MAX_KEY_METRICS) return draft;
    return { ...draft, metrics: moveRows(draft.metrics, intent, emptyMetric) };
  }
  if (intent.op === "add" && draft.media.length >= MAX_MEDIA_ITEMS) return draft;
  return { ...draft, media: moveRows(draft.media, intent, emptyMedia) };
}

// ---- Validation ----

const capped = (max: number) => z.string().trim().max(max, CASE_STUDY_TEXT.tooLong(max));
const optional = (max: number) => capped(max).transform((value) => value || null);
const optionalUrl = z
  .string()
  .trim()
  .max(2000, CASE_STUDY_TEXT.tooLong(2000))
  .refine((value) => value === "" || isSafeUrl(value, { sitePath: true }), CASE_STUDY_TEXT.url)
  .transform((value) => value || null);

const scalarSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, CASE_STUDY_TEXT.titleRequired)
    .max(200, CASE_STUDY_TEXT.tooLong(200)),
  slug: z.string().trim().toLowerCase().max(80, CASE_STUDY_TEXT.tooLong(80)),
  subtitle: optional(300),
  description: optional(2000),
  content: optional(50_000),
  // The editor's buttons decide publishing (issue #31); a study without a status is a draft.
  status: z.preprocess(
    (value) => (value === "" || value === undefined ? "draft" : value),
    z.enum(CONTENT_STATUSES, { error: CASE_STUDY_TEXT.status }),
  ),
  isFeatured: z.boolean(),
  tags: z
    .string()
    .transform((value) =>
      value
        .split(",")
        .map((tag) => tag.trim())
        .filter(Boolean)
        .filter((tag, i, all) => all.findIndex((t) => t.toLowerCase() === tag.toLowerCase()) === i),
    )
    .refine(
      (tags) => tags.length <= 20 && tags.every((t) => t.length <= 40),
      CASE_STUDY_TEXT.tooManyTags,
    ),
  imageUrl: optionalUrl,
  videoUrl: optionalUrl,
  videoMediaId: optionalMediaVideo,
  clientName: optional(200),
  serviceType: optional(200),
  projectDuration: optional(200),
  budgetRange: optional(200),
  sortPosition: z
    .string()
    .trim()
    .refine(
      (value) => /^-?\d{1,4}$/.test(value || "0") && Math.abs(Number(value)) <= 1000,
      CASE_STUDY_TEXT.sortPosition,
    )
    .transform((value) => Number(value || "0")),
  galleryLayout: z.enum(GALLERY_LAYOUTS, { error: CASE_STUDY_TEXT.galleryLayout }),
  ...SEO_FIELDS,
});

export type ParseResult =
  | { ok: true; value: CaseStudyInput }
  | { ok: false; fieldErrors: FieldErrors };

const isBlankMetric = (row: MetricDraft) => !row.name.trim() && !row.value.trim();
const isBlankMedia = (row: MediaDraft) =>
  !row.url.trim() && !row.title.trim() && !row.thumbnailUrl.trim() && !mediaIdOf(row);
/** A video row's chosen Media library video (an image row has none). */
export const mediaIdOf = (row: MediaDraft) => (row.type === "video" ? row.mediaId.trim() : "");

/**
 * Checks a draft. Blank rows (nothing typed) are dropped, not refused, so an "Add" pressed once
 * too often does not block a save. Error keys are the form's field names.
 */
export function parseCaseStudy(draft: CaseStudyDraft): ParseResult {
  const scalars = scalarSchema.safeParse(draft);
  // The scalar fields' messages (the one zod-issue loop), then the rows' own checks.
  const errors: FieldErrors = scalars.success ? {} : fieldErrorsOf(scalars.error);
  const add = (name: string, message: string) => {
    errors[name] = [...(errors[name] ?? []), message];
  };

  let slug = draft.slug.trim().toLowerCase();
  if (slug === "") {
    slug = slugify(draft.title);
    if (slug === "" && draft.title.trim() !== "") add("slug", CASE_STUDY_TEXT.slugFromTitle);
  } else if (!SLUG_PATTERN.test(slug) || slug.length > MAX_SLUG_LENGTH) {
    add("slug", CASE_STUDY_TEXT.slugFormat);
  }

  const keyMetrics: CaseStudyInput["keyMetrics"] = [];
  const hiddenMetrics: string[] = [];
  const seen = new Set<string>();
  draft.metrics.forEach((row, i) => {
    if (isBlankMetric(row)) return;
    const name = row.name.trim();
    const value = row.value.trim();
    if (!name) add(`metrics.${i}.name`, CASE_STUDY_TEXT.metricName);
    else if (name.length > 80) add(`metrics.${i}.name`, CASE_STUDY_TEXT.tooLong(80));
    else if (seen.has(name.toLowerCase()))
      add(`metrics.${i}.name`, CASE_STUDY_TEXT.metricDuplicate);
    if (!value) add(`metrics.${i}.value`, CASE_STUDY_TEXT.metricValue);
    else if (value.length > 80) add(`metrics.${i}.value`, CASE_STUDY_TEXT.tooLong(80));
    seen.add(name.toLowerCase());
    keyMetrics.push({ name, value });
    if (row.hidden) hiddenMetrics.push(name);
  });
  if (keyMetrics.length > MAX_KEY_METRICS) add("metrics", CASE_STUDY_TEXT.tooManyMetrics);

  const mediaGallery: CaseStudyInput["mediaGallery"] = [];
  draft.media.forEach((row, i) => {
    if (isBlankMedia(row)) return;
    const type = row.type as MediaType;
    if (!MEDIA_TYPES.includes(type)) add(`media.${i}.type`, CASE_STUDY_TEXT.mediaType);
    const url = row.url.trim();
    const mediaId = mediaIdOf(row);
    const chosen = optionalMediaVideo.safeParse(mediaId);
    if (!chosen.success) add(`media.${i}.mediaId`, MUST_BE_MEDIA_VIDEO);
    if (!url && !mediaId) add(`media.${i}.url`, CASE_STUDY_TEXT.mediaUrl);
    else if (url && (url.length > 2000 || !isSafeUrl(url, { sitePath: true })))
      add(`media.${i}.url`, CASE_STUDY_TEXT.url);
    const title = row.title.trim();
    if (title.length > 200) add(`media.${i}.title`, CASE_STUDY_TEXT.tooLong(200));
    const thumbnail = row.thumbnailUrl.trim();
    if (thumbnail && (thumbnail.length > 2000 || !isSafeUrl(thumbnail, { sitePath: true }))) {
      add(`media.${i}.thumbnailUrl`, CASE_STUDY_TEXT.url);
    }
    mediaGallery.push({
      type,
      url,
      ...(title ? { title } : {}),
      ...(thumbnail ? { thumbnail_url: thumbnail } : {}),
      ...(chosen.data ? { media_id: chosen.data } : {}),
    });
  });
  if (mediaGallery.length > MAX_MEDIA_ITEMS) add("media", CASE_STUDY_TEXT.tooManyMedia);

  if (!scalars.success || Object.keys(errors).length > 0) return { ok: false, fieldErrors: errors };
  return {
    ok: true,
    value: { ...scalars.data, slug, keyMetrics, mediaGallery, hiddenMetrics },
  };
}

/** The draft of a stored study (the edit screen's starting point). */
export function draftFromStudy(
  study: Omit<CaseStudyInput, "status" | "galleryLayout"> & {
    status: string;
    galleryLayout: string;
  },
): CaseStudyDraft {
  const hidden = new Set(study.hiddenMetrics.map((name) => name.trim().toLowerCase()));
  return {
    title: study.title,
    slug: study.slug,
    subtitle: study.subtitle ?? "",
    description: study.description ?? "",
    content: study.content ?? "",
    status: study.status,
    isFeatured: study.isFeatured,
    tags: study.tags.join(", "),
    imageUrl: study.imageUrl ?? "",
    videoUrl: study.videoUrl ?? "",
    videoMediaId: study.videoMediaId ?? "",
    clientName: study.clientName ?? "",
    serviceType: study.serviceType ?? "",
    projectDuration: study.projectDuration ?? "",
    budgetRange: study.budgetRange ?? "",
    sortPosition: String(study.sortPosition),
    galleryLayout: study.galleryLayout,
    metrics: study.keyMetrics.map((metric) => ({
      name: metric.name,
      value: metric.value,
      hidden: hidden.has(metric.name.trim().toLowerCase()),
    })),
    media: study.mediaGallery.map((item) => ({
      type: item.type,
      url: item.url,
      title: item.title ?? "",
      thumbnailUrl: item.thumbnail_url ?? "",
      mediaId: item.media_id ?? "",
    })),
    ...seoValuesOf(study),
  };
}
