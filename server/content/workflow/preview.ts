import { readTimeOf } from "@server/content/blog/editor";
import {
  categoryColumns,
  type PublishedBlogPost,
  withCategoriesAndTags,
} from "@server/content/blog/read";
import { type OwnSeo, ownSeoOf } from "@server/content/case-studies/read";
import { sanitizeBlogHtml } from "@server/content/sanitize";
import { findDraft } from "@server/content/workflow/drafts";
import type { Executor } from "@server/db/client";
import { blogCategories, blogPosts, caseStudies, previewRevocations } from "@server/db/schema";
import { privateVideos } from "@server/media/playback";
import { expiringLinks } from "@server/security/expiring-links";
import { and, eq } from "drizzle-orm";
import type { BlogPostFormValues } from "~/entities/blog-post/form";
import { parseTagList, parseUtcDateTime } from "~/entities/blog-post/form";
import { type CaseStudyDraft, parseCaseStudy } from "~/entities/case-study/form";
import { type CaseStudyDetail, toCaseStudyDetail } from "~/entities/case-study/view";
import type { WorkflowEntity } from "~/lib/values";

/**
 * Preview links (issue #31, decision 0331): a draft as its public page will show it, at a link
 * signed for 24 hours that staff may send to someone without an account. The signature (its own
 * derived key) is the authorisation; the page is `private, no-store`, noindex, never in the
 * full-page cache.
 */

export const PREVIEW_SECONDS = 24 * 60 * 60;

const PATHS: Record<WorkflowEntity, string> = {
  blog_post: "/preview/blog",
  case_study: "/preview/case-studies",
  portfolio_item: "/preview/portfolio",
};

/**
 * What a link signs: the item, and its generation once its links were revoked (decision 0462;
 * generation 0 is the subject of decision 0331, so the links sent before still open).
 */
const subjectOf = (entity: WorkflowEntity, id: string, generation = 0) =>
  generation === 0 ? `preview:${entity}:${id}` : `preview:${entity}:${id}:${generation}`;

/** The preview address of an item, valid 24 hours from `now`, for its current `generation`. */
export function previewPath(
  key: string,
  entity: WorkflowEntity,
  id: string,
  now: () => number = Date.now,
  generation = 0,
): string {
  return `${PATHS[entity]}/${id}?${expiringLinks(key, now).sign(subjectOf(entity, id, generation), PREVIEW_SECONDS)}`;
}

/**
 * "valid"; "expired" (signed by us, too old, or of a generation that was revoked: a 410, the
 * same answer); "invalid" (forged or altered).
 */
export function checkPreview(
  key: string,
  entity: WorkflowEntity,
  id: string,
  query: URLSearchParams,
  now: () => number = Date.now,
  generation = 0,
): "valid" | "expired" | "invalid" {
  if (expiringLinks(key, now).verify(subjectOf(entity, id, generation), query)) return "valid";
  // Checked at the start of time, a real signature of ours passes whatever its expiry.
  const ever = expiringLinks(key, () => 0);
  for (let older = generation; older >= 0; older--) {
    if (ever.verify(subjectOf(entity, id, older), query)) return "expired";
  }
  return "invalid";
}

/** The generation an item's preview links are signed for: how often they were revoked. */
export async function previewGeneration(
  db: Executor,
  entity: WorkflowEntity,
  id: string,
): Promise<number> {
  const [row] = await db
    .select({ generation: previewRevocations.generation })
    .from(previewRevocations)
    .where(and(eq(previewRevocations.entityType, entity), eq(previewRevocations.entityId, id)));
  return row?.generation ?? 0;
}

/** An item's preview address for its current generation (the editors show it). */
export async function currentPreviewPath(
  db: Executor,
  key: string,
  entity: WorkflowEntity,
  id: string,
): Promise<string> {
  return previewPath(key, entity, id, Date.now, await previewGeneration(db, entity, id));
}

/** A visitor's preview link checked against the item's current generation. */
export async function checkPreviewLink(
  db: Executor,
  key: string,
  entity: WorkflowEntity,
  id: string,
  query: URLSearchParams,
): Promise<"valid" | "expired" | "invalid"> {
  return checkPreview(key, entity, id, query, Date.now, await previewGeneration(db, entity, id));
}

/**
 * A post as its page will show it: the live row with the draft's values over it (the body
 * sanitised again, read time and tags from the draft). Null when the post does not exist.
 */
export async function findBlogPostPreview(
  db: Executor,
  id: string,
  now: Date = new Date(),
): Promise<PublishedBlogPost | null> {
  const rows = await db
    .select({ post: blogPosts, category: categoryColumns })
    .from(blogPosts)
    .leftJoin(blogCategories, eq(blogCategories.id, blogPosts.categoryId))
    .where(eq(blogPosts.id, id));
  const [live] = await withCategoriesAndTags(db, rows);
  if (!live) return null;
  const draft = await findDraft(db, "blog_post", id);
  if (!draft) return { ...live, publishedAt: live.publishedAt ?? now };
  const values = draft.values as Partial<BlogPostFormValues>;
  const content = sanitizeBlogHtml(values.content ?? "");
  const [category] = values.categoryId
    ? await db
        .select(categoryColumns)
        .from(blogCategories)
        .where(eq(blogCategories.id, values.categoryId))
    : [];
  return {
    ...live,
    title: values.title || live.title,
    slug: values.slug || live.slug,
    excerpt: values.excerpt || null,
    content,
    featuredImageUrl: values.featuredImageUrl || null,
    authorName: values.authorName || null,
    authorImageUrl: values.authorImageUrl || null,
    isFeatured: Boolean(values.isFeatured),
    publishedAt: parseUtcDateTime(values.publishedAt ?? "") ?? live.publishedAt ?? now,
    readTime: readTimeOf(content),
    updatedAt: draft.updatedAt,
    category: category ?? null,
    tags: parseTagList(values.tags ?? "").map((name) => ({ id: name, name })),
  };
}

/**
 * A case study as its page will show it: the live row (any status) with the draft's checked
 * values over it. A draft that no longer passes the editor's checks shows the live row. Null when
 * the study does not exist.
 */
export async function findCaseStudyPreview(
  db: Executor,
  id: string,
  playbackKey: string,
): Promise<{ study: CaseStudyDetail; seo: OwnSeo } | null> {
  const [live] = await db.select().from(caseStudies).where(eq(caseStudies.id, id));
  if (!live) return null;
  const draft = await findDraft(db, "case_study", id);
  const parsed = draft ? parseCaseStudy(draft.values as unknown as CaseStudyDraft) : null;
  const row = parsed?.ok ? { ...live, ...parsed.value } : live;
  // Its Media library videos play through private links: they are not on the site until it is.
  const gallery = row.mediaGallery.map((item) => item?.media_id ?? null);
  const videos = await privateVideos(db, playbackKey, [row.videoMediaId, ...gallery]);
  const video = (row.videoMediaId && videos.get(row.videoMediaId)) || null;
  return { study: toCaseStudyDetail(row, video, videos), seo: ownSeoOf(row) };
}
