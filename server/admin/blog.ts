import { and, count, desc, eq, ilike, sql } from "drizzle-orm";
import { BLOG_POST_STATUSES, type BlogPostStatus } from "../../app/lib/values";
import type { Database } from "../db/client";
import { blogCategories, blogPosts } from "../db/schema";
import { containsPattern, parseOneOf, parseSearch } from "./list-params";

/**
 * The blog as the back-office lists it: search over titles and a status filter (SPEC: admin blog
 * search is a case-insensitive substring match). Read-only here: delete, new and edit arrive with
 * issue #7.
 */

export interface BlogPostRow {
  id: string;
  title: string;
  slug: string;
  status: string;
  isFeatured: boolean;
  publishedAt: Date | null;
  authorName: string | null;
  category: string | null;
}

export interface BlogFilters {
  q: string;
  status: BlogPostStatus | "";
}

export function parseBlogQuery(params: URLSearchParams): BlogFilters {
  return {
    q: parseSearch(params.get("q")),
    status: parseOneOf(params.get("status"), BLOG_POST_STATUSES),
  };
}

export async function listBlogPosts(
  db: Database,
  filters: BlogFilters,
): Promise<{ rows: BlogPostRow[]; totalPosts: number }> {
  const [rows, [totals]] = await Promise.all([
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
      })
      .from(blogPosts)
      .leftJoin(blogCategories, eq(blogCategories.id, blogPosts.categoryId))
      .where(
        and(
          filters.status ? eq(blogPosts.status, filters.status) : undefined,
          filters.q ? ilike(blogPosts.title, containsPattern(filters.q)) : undefined,
        ),
      )
      .orderBy(sql`${blogPosts.publishedAt} desc nulls first`, desc(blogPosts.createdAt)),
    db.select({ total: count() }).from(blogPosts),
  ]);
  return { rows, totalPosts: totals?.total ?? 0 };
}
