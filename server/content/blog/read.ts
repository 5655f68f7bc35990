import { cachedListPage, cachedRead } from "@server/content/cache";
import { type OwnSeo, ownSeoOf } from "@server/content/case-studies/read";
import { cardsOrFailure } from "@server/content/list-read";
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
import { containsPattern } from "@server/kit/list-params";
import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  notInArray,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { type BlogCard, MAX_FEATURED } from "~/entities/blog-post/view";
import { LIST_PAGE_SIZE, type ListPage, pageCountOf, pagingOf } from "~/lib/listings/query";

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

/** Newest published first; the id settles ties, so every instance and every page agree. */
const publishedPostOrder = [desc(blogPosts.publishedAt), asc(blogPosts.id)];

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
    .orderBy(...publishedPostOrder);
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

/** What /blog asks for: the search (title, excerpt), a category name or null, the page. */
export interface PostsQuery {
  search: string;
  category: string | null;
  page: number;
}

/**
 * A page of /blog. Up to three featured posts (of those matching) lead the first page under
 * 'Featured Articles'; every other match follows, newest first, under 'Latest Articles'. Pages
 * hold 12 posts: the first one the featured plus the first latest, the others latest only.
 */
export interface PostsPage extends ListPage<PublishedBlogPost> {
  /** Page 1 only: the featured block. `items` are the latest posts of the page. */
  featured: PublishedBlogPost[];
}

/** One page of published posts, filtered in SQL (decision 0220); cached per page. */
export function listPublishedPostsPage(db: Executor, query: PostsQuery): Promise<PostsPage> {
  const key = JSON.stringify([query.search, query.category?.toLowerCase() ?? null, query.page]);
  return cachedListPage(db, `posts-page:${key}`, query.search, () =>
    queryPublishedPostsPage(db, query),
  );
}

async function queryPublishedPostsPage(db: Executor, query: PostsQuery): Promise<PostsPage> {
  const pattern = query.search ? containsPattern(query.search) : null;
  const matching: SQL | undefined = and(
    eq(blogPosts.status, "published"),
    pattern ? or(ilike(blogPosts.title, pattern), ilike(blogPosts.excerpt, pattern)) : undefined,
    query.category
      ? sql`lower(${blogCategories.name}) = lower(${query.category.trim()})`
      : undefined,
  );
  const select = () =>
    db
      .select({ post: blogPosts, category: categoryColumns })
      .from(blogPosts)
      .leftJoin(blogCategories, eq(blogCategories.id, blogPosts.categoryId));
  const [featuredRows, [counted]] = await Promise.all([
    select()
      .where(and(matching, eq(blogPosts.isFeatured, true)))
      .orderBy(...publishedPostOrder)
      .limit(MAX_FEATURED),
    db
      .select({ total: count() })
      .from(blogPosts)
      .leftJoin(blogCategories, eq(blogCategories.id, blogPosts.categoryId))
      .where(matching),
  ]);
  const total = counted?.total ?? 0;
  const pageCount = pageCountOf(total);
  const page = Math.min(query.page, pageCount);
  const lead = featuredRows.length;
  // Page 1 holds the featured posts and 12 - lead latest ones; page N the 12 after those.
  const offset = page === 1 ? 0 : LIST_PAGE_SIZE - lead + (page - 2) * LIST_PAGE_SIZE;
  const limit = page === 1 ? LIST_PAGE_SIZE - lead : LIST_PAGE_SIZE;
  const featuredIds = featuredRows.map((row) => row.post.id);
  const latestRows =
    limit > 0
      ? await select()
          .where(
            and(
              matching,
              featuredIds.length > 0 ? notInArray(blogPosts.id, featuredIds) : undefined,
            ),
          )
          .orderBy(...publishedPostOrder)
          .limit(limit)
          .offset(offset)
      : [];
  const [featured, items] = await Promise.all([
    withCategoriesAndTags(db, page === 1 ? featuredRows : []),
    withCategoriesAndTags(db, latestRows),
  ]);
  return { featured, items, total, page, pageCount };
}

/** A page of /blog's cards and the category filter (a database failure is returned). */
export function loadBlogCards(db: Executor, query: PostsQuery) {
  return cardsOrFailure(
    async () => {
      const [page, categories] = await Promise.all([
        listPublishedPostsPage(db, query),
        listActiveCategories(db),
      ]);
      return {
        featured: page.featured.map(toBlogCard),
        posts: page.items.map(toBlogCard),
        categories: categories.map((category) => category.name),
        ...pagingOf(page),
      };
    },
    { featured: [], posts: [], categories: [] },
  );
}

export type BlogCards = Awaited<ReturnType<typeof loadBlogCards>>;

/** The post page: the card fields, the sanitised body and the dates for SEO. */
export interface BlogPostPage extends BlogCard {
  html: string;
  updatedAt: string;
  /** Its own search and social values, for the head only (decision 0371). */
  seo: OwnSeo;
}

export function toBlogPostPage(post: PublishedBlogPost): BlogPostPage {
  return {
    ...toBlogCard(post),
    // Stored HTML was sanitised on save; it is sanitised again here (DESIGN: on save and render).
    html: sanitizeBlogHtml(post.content),
    updatedAt: post.updatedAt.toISOString(),
    seo: ownSeoOf(post),
  };
}
