import {
  categoryColumns,
  type PublishedBlogPost,
  withCategoriesAndTags,
} from "@server/content/blog/read";
import type { Executor } from "@server/db/client";
import { blogCategories, blogPosts } from "@server/db/schema";
import { desc, eq, sql } from "drizzle-orm";
import { BLOG_COPY } from "~/copy/content-pages";
import { studio } from "~/copy/studio";
import { cachedRead } from "./cache";

const xml = (text: string) =>
  text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&apos;");

/** The newest posts in the feed (readers only poll for recent ones). */
export const FEED_SIZE = 20;

/**
 * The FEED_SIZE latest published posts with their category and tags, newest published first:
 * one LIMITed query (however many posts there are) and one for their tags, cached like the pages'
 * reads (decision 0230).
 */
export function listFeedPosts(db: Executor): Promise<PublishedBlogPost[]> {
  return cachedRead(db, "posts:feed", async () => {
    const rows = await db
      .select({ post: blogPosts, category: categoryColumns })
      .from(blogPosts)
      .leftJoin(blogCategories, eq(blogCategories.id, blogPosts.categoryId))
      .where(eq(blogPosts.status, "published"))
      .orderBy(
        sql`${blogPosts.publishedAt} desc nulls last`,
        desc(blogPosts.createdAt),
        desc(blogPosts.id),
      )
      .limit(FEED_SIZE);
    return withCategoriesAndTags(db, rows);
  });
}

/** RSS 2.0 of the published posts, newest first, with absolute links on `siteUrl`. */
export function renderBlogFeed(posts: readonly PublishedBlogPost[], siteUrl: string): string {
  const items = posts.slice(0, FEED_SIZE).map((post) => {
    const link = `${siteUrl}/blog/${encodeURIComponent(post.slug)}`;
    return [
      "    <item>",
      `      <title>${xml(post.title)}</title>`,
      `      <link>${xml(link)}</link>`,
      `      <guid isPermaLink="true">${xml(link)}</guid>`,
      post.publishedAt ? `      <pubDate>${post.publishedAt.toUTCString()}</pubDate>` : null,
      post.authorName ? `      <dc:creator>${xml(post.authorName)}</dc:creator>` : null,
      post.category ? `      <category>${xml(post.category.name)}</category>` : null,
      ...post.tags.map((tag) => `      <category>${xml(tag.name)}</category>`),
      post.excerpt ? `      <description>${xml(post.excerpt)}</description>` : null,
      "    </item>",
    ]
      .filter((line) => line !== null)
      .join("\n");
  });
  const newest = posts[0]?.publishedAt ?? new Date(0);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    "  <channel>",
    `    <title>${xml(BLOG_COPY.feedTitle)}</title>`,
    `    <link>${xml(`${siteUrl}/blog`)}</link>`,
    `    <description>${xml(BLOG_COPY.meta.description)}</description>`,
    "    <language>en-us</language>",
    `    <copyright>${xml(`© ${studio.legalName}`)}</copyright>`,
    `    <lastBuildDate>${newest.toUTCString()}</lastBuildDate>`,
    `    <atom:link href="${xml(`${siteUrl}/blog/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}
