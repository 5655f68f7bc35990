import { contentChanged } from "@server/content/changes";
import { sanitizeBlogHtml } from "@server/content/sanitize";
import {
  draftPublishAtColumn,
  draftStateColumn,
  forgetItem,
  publishingWhere,
} from "@server/content/workflow/drafts";
import type { Database, Executor } from "@server/db/client";
import { isUniqueViolation } from "@server/db/errors";
import {
  type BlogPost,
  blogCategories,
  blogPosts,
  blogPostTags,
  blogTags,
} from "@server/db/schema";
import {
  containsPattern,
  PAGE_SIZE,
  type Page,
  parseListQuery,
  parseOneOf,
  readPage,
} from "@server/kit/list-params";
import { claimImages } from "@server/uploads/images";
import { releaseUploadsOf } from "@server/uploads/release";
import { and, asc, count, desc, eq, ilike, inArray, ne, type SQL, sql } from "drizzle-orm";
import sanitizeHtml from "sanitize-html";
import type { BlogPostInput } from "~/entities/blog-post/form";
import { BLOG_MESSAGES_FORM } from "~/entities/blog-post/form";
import { PUBLISHING_STATES, type PublishingState } from "~/lib/publishing";
import type { DraftState } from "~/lib/values";

/**
 * Blog posts in the back-office: the list (search over titles, status filter; SPEC: a
 * case-insensitive substring match), the editor's save (slug, sanitised HTML, read time, publish
 * date, tags made on the fly, category rules) and delete. Every committed write calls
 * `contentChanged`, so /blog, the post page, RSS and the sitemap show it at once.
 */

const OWNER_TABLE = "blog_posts";

export interface BlogPostRow {
  id: string;
  title: string;
  slug: string;
  status: string;
  isFeatured: boolean;
  publishedAt: Date | null;
  authorName: string | null;
  category: string | null;
  /** Its work not yet published (issue #31), if any. */
  draftState: DraftState | null;
  /** When its scheduled draft goes live ("Publish at"); null unless scheduled. */
  publishAt: Date | null;
}

export interface BlogFilters {
  /** Case-insensitive text in the title. */
  q: string;
  /** A publishing state (the list's badges). */
  status: PublishingState | "";
}

export function parseBlogQuery(params: URLSearchParams): BlogFilters & { page: number } {
  return {
    ...parseListQuery(params),
    status: parseOneOf(params.get("status"), PUBLISHING_STATES),
  };
}

/**
 * Case-insensitive text in the title: exactly the expression of the trigram index
 * blog_posts_title_search_idx, so a search of three or more characters reads it (decision 0225).
 */
export function blogSearch(q: string): SQL {
  return ilike(blogPosts.title, containsPattern(q));
}

/** Drafts (no publish date) first, then latest published; the order of blog_posts_list_idx. */
export const BLOG_LIST_ORDER = [
  sql`${blogPosts.publishedAt} desc nulls first`,
  desc(blogPosts.createdAt),
  desc(blogPosts.id),
] as const;

/** One page (25) of the matching posts, drafts then latest published, with the total. */
export function listBlogPosts(
  db: Executor,
  filters: BlogFilters,
  page: number,
): Promise<Page<BlogPostRow>> {
  const where = and(
    filters.status
      ? publishingWhere("blog_post", blogPosts.id, blogPosts.status, filters.status)
      : undefined,
    filters.q ? blogSearch(filters.q) : undefined,
  );
  return readPage(page, {
    rows: (offset) =>
      db
        .select({
          id: blogPosts.id,
          title: blogPosts.title,
          slug: blogPosts.slug,
          status: blogPosts.status,
          isFeatured: blogPosts.isFeatured,
          publishedAt: blogPosts.publishedAt,
          authorName: blogPosts.authorName,
          category: blogCategories.name,
          draftState: draftStateColumn("blog_post", blogPosts.id),
          publishAt: draftPublishAtColumn("blog_post", blogPosts.id),
        })
        .from(blogPosts)
        .leftJoin(blogCategories, eq(blogCategories.id, blogPosts.categoryId))
        .where(where)
        .orderBy(...BLOG_LIST_ORDER)
        .limit(PAGE_SIZE)
        .offset(offset),
    total: async () =>
      (await db.select({ total: count() }).from(blogPosts).where(where))[0]?.total ?? 0,
  });
}

// ---------------------------------------------------------------------------------------------
// The editor
// ---------------------------------------------------------------------------------------------

/** A post as the editor shows it: the stored row plus its tag names. */
export type EditableBlogPost = BlogPost & { tags: string[] };

export async function findBlogPostForEdit(
  db: Database,
  id: string,
): Promise<EditableBlogPost | null> {
  const [post] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
  if (!post) return null;
  const tags = await db
    .select({ name: blogTags.name })
    .from(blogPostTags)
    .innerJoin(blogTags, eq(blogTags.id, blogPostTags.tagId))
    .where(eq(blogPostTags.postId, id))
    .orderBy(asc(blogTags.name));
  return { ...post, tags: tags.map((tag) => tag.name) };
}

/** Words per minute of the read-time estimate (the seed uses the same rate). */
const WORDS_PER_MINUTE = 200;

/** Minutes to read `html`'s text at 200 words a minute, at least one. */
export function readTimeOf(html: string): number {
  // The text only: tags dropped, entities decoded (so "don&rsquo;t" stays one word).
  const text = sanitizeHtml(html.replace(/<\/?(p|br|li|h[1-6]|div|blockquote)\b/gi, " $&"), {
    allowedTags: [],
    allowedAttributes: {},
  });
  const words = text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

/** What the editor posts, with the image URLs already resolved (uploads stored). */
export interface BlogPostSave extends BlogPostInput {
  featuredImageUrl: string | null;
  authorImageUrl: string | null;
}

export type SaveResult =
  | { ok: true; id: string; slug: string; created: boolean }
  | { ok: false; fieldErrors: Record<string, string[]> };

class FieldRuleError extends Error {
  constructor(readonly fieldErrors: Record<string, string[]>) {
    super("invalid blog post");
  }
}

/**
 * Creates (no `id`) or updates a post in one transaction. The body is sanitised to SPEC's
 * allow-list here, whatever the browser sent; read time comes from that text; publishing without a
 * date publishes now; unknown tags are created. Returns field errors (nothing stored) for a taken
 * slug or an unusable category, `null` when the post to update no longer exists.
 */
export async function saveBlogPost(
  db: Database,
  input: BlogPostSave,
  id?: string,
  now: Date = new Date(),
): Promise<SaveResult | null> {
  const content = sanitizeBlogHtml(input.content);
  let result: SaveResult | null;
  try {
    result = await db.transaction(async (tx) => {
      const current = id
        ? (
            await tx
              .select({ id: blogPosts.id, categoryId: blogPosts.categoryId })
              .from(blogPosts)
              .where(eq(blogPosts.id, id))
              .for("update")
          )[0]
        : undefined;
      if (id && !current) return null;

      const errors: Record<string, string[]> = {};
      const [taken] = await tx
        .select({ id: blogPosts.id })
        .from(blogPosts)
        .where(and(eq(blogPosts.slug, input.slug), id ? ne(blogPosts.id, id) : undefined));
      if (taken) errors.slug = [BLOG_MESSAGES_FORM.slugTaken];
      const categoryError = await checkCategory(tx, input.categoryId, current?.categoryId ?? null);
      if (categoryError) errors.categoryId = [categoryError];
      if (Object.keys(errors).length > 0) throw new FieldRuleError(errors);

      const values = {
        title: input.title,
        slug: input.slug,
        excerpt: input.excerpt,
        content,
        featuredImageUrl: input.featuredImageUrl,
        authorName: input.authorName,
        authorImageUrl: input.authorImageUrl,
        categoryId: input.categoryId,
        isFeatured: input.isFeatured,
        status: input.status,
        // Publishing without a date publishes now; drafts keep whatever date they were given.
        publishedAt: input.publishedAt ?? (input.status === "published" ? now : null),
        readTime: readTimeOf(content),
        metaTitle: input.metaTitle,
        metaDescription: input.metaDescription,
        socialImageUrl: input.socialImageUrl,
      };
      const [saved] = id
        ? await tx
            .update(blogPosts)
            .set({ ...values, updatedAt: now })
            .where(eq(blogPosts.id, id))
            .returning({ id: blogPosts.id })
        : await tx.insert(blogPosts).values(values).returning({ id: blogPosts.id });
      if (!saved) throw new Error("the post was not saved");
      await setPostTags(tx, saved.id, input.tags);
      await claimImages(tx, { table: OWNER_TABLE, id: saved.id }, [
        input.featuredImageUrl,
        input.authorImageUrl,
      ]);
      return { ok: true as const, id: saved.id, slug: input.slug, created: !id };
    });
  } catch (error) {
    if (error instanceof FieldRuleError) return { ok: false, fieldErrors: error.fieldErrors };
    // Two admins saving the same slug at once: the unique index decides, the loser is told.
    if (isUniqueViolation(error, "blog_posts_slug_unique")) {
      return { ok: false, fieldErrors: { slug: [BLOG_MESSAGES_FORM.slugTaken] } };
    }
    throw error;
  }
  if (result?.ok) {
    await contentChanged(db, { entity: "blog", id: result.id, action: "updated" });
  }
  return result;
}

/**
 * A post may use any active category; an inactive one only if it already had it (deactivating a
 * category must not make its posts unsaveable).
 */
async function checkCategory(
  tx: Executor,
  categoryId: string | null,
  currentCategoryId: string | null,
): Promise<string | null> {
  if (!categoryId) return null;
  const [category] = await tx
    .select({ isActive: blogCategories.isActive })
    .from(blogCategories)
    .where(eq(blogCategories.id, categoryId));
  if (!category) return BLOG_MESSAGES_FORM.categoryMissing;
  if (!category.isActive && categoryId !== currentCategoryId) {
    return BLOG_MESSAGES_FORM.categoryInactive;
  }
  return null;
}

/**
 * Replaces the post's tags by `names`. Tags match case-insensitively ("Color" reuses "color");
 * unknown ones are created. `on conflict do nothing` lets two saves create the same tag at once.
 */
async function setPostTags(tx: Executor, postId: string, names: readonly string[]) {
  await tx.delete(blogPostTags).where(eq(blogPostTags.postId, postId));
  if (names.length === 0) return;
  const lower = names.map((name) => name.toLowerCase());
  const findExisting = () =>
    tx
      .select({ id: blogTags.id, name: blogTags.name })
      .from(blogTags)
      .where(inArray(sql`lower(${blogTags.name})`, lower));
  let existing = await findExisting();
  const known = new Set(existing.map((tag) => tag.name.toLowerCase()));
  const missing = names.filter((name) => !known.has(name.toLowerCase()));
  if (missing.length > 0) {
    await tx
      .insert(blogTags)
      .values(missing.map((name) => ({ name })))
      .onConflictDoNothing();
    existing = await findExisting();
  }
  // One link per requested name, even if the table holds two spellings of it.
  const byName = new Map<string, string>();
  for (const tag of existing) {
    if (!byName.has(tag.name.toLowerCase())) byName.set(tag.name.toLowerCase(), tag.id);
  }
  const tagIds = [...new Set(lower.map((name) => byName.get(name)).filter((tagId) => !!tagId))];
  if (tagIds.length > 0) {
    await tx
      .insert(blogPostTags)
      .values(tagIds.map((tagId) => ({ postId, tagId: tagId as string })))
      .onConflictDoNothing();
  }
}

// ---------------------------------------------------------------------------------------------
// Delete
// ---------------------------------------------------------------------------------------------

export async function findBlogPostTitle(db: Database, id: string): Promise<string | null> {
  const [row] = await db
    .select({ title: blogPosts.title })
    .from(blogPosts)
    .where(eq(blogPosts.id, id));
  return row?.title ?? null;
}

/** Deletes a post (its tag links cascade) and releases its images; its title, or null if gone. */
export async function deleteBlogPost(db: Database, id: string): Promise<string | null> {
  const title = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(blogPosts)
      .where(eq(blogPosts.id, id))
      .returning({ title: blogPosts.title });
    if (row) {
      await releaseUploadsOf(tx, OWNER_TABLE, id);
      await forgetItem(tx, "blog_post", id);
    }
    return row?.title ?? null;
  });
  if (title !== null) await contentChanged(db, { entity: "blog", id, action: "deleted" });
  return title;
}

// ---------------------------------------------------------------------------------------------

// Moved to server/db/errors.ts (the backup runs use it too); re-exported for its callers.
export { isUniqueViolation };
