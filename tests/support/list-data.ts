import type { Database } from "@server/db/client";
import { blogPosts, portfolioItems } from "@server/db/schema";

/**
 * Lists longer than a page (12) for the public-list specs: 30 posts, four of them featured, one
 * findable by its title only on page 3; 30 portfolio items whose last one alone is 'Consulting'.
 */

const DAY = 24 * 60 * 60 * 1000;
export const LIST_ROWS = 30;
export const LATE_POST = "Needle in the archive";
export const LATE_TYPE = { value: "consulting", label: "Consulting" };

export async function insertLongLists(db: Database): Promise<void> {
  const start = Date.parse("2026-03-01T12:00:00Z");
  await db.insert(blogPosts).values(
    Array.from({ length: LIST_ROWS }, (_, i) => ({
      title: i === LIST_ROWS - 1 ? LATE_POST : `Studio note ${String(i + 1).padStart(2, "0")}`,
      slug: `studio-note-${i + 1}`,
      content: "<p>A note.</p>",
      excerpt: "What we learned this week.",
      status: "published",
      isFeatured: i % 7 === 2,
      publishedAt: new Date(start - i * DAY),
    })),
  );
  await db.insert(portfolioItems).values(
    Array.from({ length: LIST_ROWS }, (_, i) => ({
      title: `Project ${String(i + 1).padStart(2, "0")}`,
      serviceType: i === LIST_ROWS - 1 ? LATE_TYPE.value : "video-production",
      completionDate: new Date(start - i * DAY).toISOString().slice(0, 10),
    })),
  );
}

/**
 * `count` old published posts, "Archive post 00" (oldest) and up, a day apart in 2001: after the
 * demo posts, so the back-office blog list (25 a page) runs to several pages.
 */
export async function insertBlogArchive(db: Database, count: number): Promise<void> {
  const start = Date.UTC(2001, 0, 1);
  await db.insert(blogPosts).values(
    Array.from({ length: count }, (_, i) => ({
      title: archivePostTitle(i),
      slug: `archive-post-${i}`,
      status: "published",
      publishedAt: new Date(start + i * DAY),
    })),
  );
}

/** The title of archive post `i` (see insertBlogArchive). */
export const archivePostTitle = (i: number) => `Archive post ${String(i).padStart(2, "0")}`;
