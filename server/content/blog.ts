import { sanitizeBlogHtml } from "@server/content/sanitize";
import type { Executor } from "@server/db/client";
import {
  type BlogCategory,
  type BlogPost,
  type BlogTag,
  blogCategories,
  blogPosts,
  blogPostTags,
  blogTags,
} from "@server/db/schema";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { BlogCard } from "~/entities/blog-post/view";
import { cachedRead } from "./cache";

/** A published post with its category and tags, as the public pages read it. */
export type PublishedBlogPost = BlogPost & {
  category: Pick<BlogCategory, "id" | "name" | "color"> | null;
  tags: Pick<BlogTag, "id" | "name">[];
};

/** Adds each post's tags (one query for all of them) to rows read with their category. */
export async function withCategoriesAndTags(
  db: Executor,
  rows: { post: BlogPost; category: PublishedBlogPost["category"] }[],
): Promise<PublishedBlogPost[]> {
  if (rows.length === 0) return [];
  const links = await db
    .select({ postId: blogPostTags.postId, id: blogTags.id, name: blogTags.name })
    .from(blogPostTags)
    .innerJoin(blogTags, eq(blogTags.id, blogPostTags.tagId))
    .where(
      inArray(
        blogPostTags.postId,
        rows.map((r) => r.post.id),
      ),
    )
    .orderBy(asc(blogTags.name));
  return rows.map(({ post, category }) => ({
    ...post,
    category,
    tags: links.filter((l) => l.postId === post.id).map(({ id, name }) => ({ id, name })),
  }));
}

export const categoryColumns = {
  id: blogCategories.id,
  name: blogCategories.name,
  color: blogCategories.color,
};

/** Published posts with their category and tags, newest published first; optionally featured. */
export function listPublishedPosts(
  db: Executor,
  options: { featuredOnly?: boolean } = {},
): Promise<PublishedBlogPost[]> {
  return cachedRead(db, `posts:${Boolean(options.featuredOnly)}`, () =>
    queryPublishedPosts(db, options),
  );
}

async function queryPublishedPosts(
  db: Executor,
  options: { featuredOnly?: boolean },
): Promise<PublishedBlogPost[]> {
  const rows = await db
    .select({ post: blogPosts, category: categoryColumns })
    .from(blogPosts)
    .leftJoin(blogCategories, eq(blogCategories.id, blogPosts.categoryId))
    .where(
      and(
        eq(blogPosts.status, "published"),
        options.featuredOnly ? eq(blogPosts.isFeatured, true) : undefined,
      ),
    )
    .orderBy(desc(blogPosts.publishedAt));
  return withCategoriesAndTags(db, rows);
}

/** One published post by slug; null when absent or not published. */
export function findPublishedPost(db: Executor, slug: string): Promise<PublishedBlogPost | null> {
  return cachedRead(db, `post:${slug}`, () => queryPublishedPost(db, slug));
}

async function queryPublishedPost(db: Executor, slug: string): Promise<PublishedBlogPost | null> {
  const rows = await db
    .select({ post: blogPosts, category: categoryColumns })
    .from(blogPosts)
    .leftJoin(blogCategories, eq(blogCategories.id, blogPosts.categoryId))
    .where(and(eq(blogPosts.status, "published"), eq(blogPosts.slug, slug)))
    .limit(1);
  const [post] = await withCategoriesAndTags(db, rows);
  return post ?? null;
}

/** Active categories by name (the blog's category filter). */
export function listActiveCategories(db: Executor): Promise<BlogCategory[]> {
  return cachedRead(db, "categories:active", () =>
    db
      .select()
      .from(blogCategories)
      .where(eq(blogCategories.isActive, true))
      .orderBy(asc(blogCategories.name)),
  );
}

// ---------------------------------------------------------------------------------------------
// What the public pages show
// ---------------------------------------------------------------------------------------------

/** A card of the list: everything but the body, so the page data stays small. */
export function toBlogCard(post: PublishedBlogPost): BlogCard {
  return {
    id: post.id,
    slug: post.slug,
    title: post.title,
    excerpt: post.excerpt,
    featuredImageUrl: post.featuredImageUrl,
    authorName: post.authorName,
    authorImageUrl: post.authorImageUrl,
    category: post.category ? { name: post.category.name, color: post.category.color } : null,
    tags: post.tags.map((tag) => tag.name),
    isFeatured: post.isFeatured,
    publishedAt: post.publishedAt?.toISOString() ?? null,
    readTime: post.readTime,
  };
}

export type BlogCards =
  | { state: "ok"; posts: BlogCard[]; categories: string[] }
  | { state: "error"; posts: []; categories: []; error: unknown };

/** The cards and category filter of /blog. A database failure is returned, not thrown. */
export async function loadBlogCards(db: Executor): Promise<BlogCards> {
  try {
    const [posts, categories] = await Promise.all([
      listPublishedPosts(db),
      listActiveCategories(db),
    ]);
    return {
      state: "ok",
      posts: posts.map(toBlogCard),
      categories: categories.map((category) => category.name),
    };
  } catch (error) {
    return { state: "error", posts: [], categories: [], error };
  }
}

/** The post page: the card fields, the sanitised body and the dates for SEO. */
export interface BlogPostPage extends BlogCard {
  html: string;
  updatedAt: string;
}

export function toBlogPostPage(post: PublishedBlogPost): BlogPostPage {
  return {
    ...toBlogCard(post),
    // Stored HTML was sanitised on save; it is sanitised again here (DESIGN: on save and render).
    html: sanitizeBlogHtml(post.content),
    updatedAt: post.updatedAt.toISOString(),
  };
}
