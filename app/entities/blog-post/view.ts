import {
  CARD_DATE,
  type DatePattern,
  formatDay,
  readTimeLabel,
  safeColor,
} from "~/lib/listings/format";

/** The blog list rules of SPEC sections 2 and 4 on plain objects (browser-safe). */

export interface BlogCategoryBadge {
  name: string;
  color: string;
}

export interface BlogCard {
  id: string;
  slug: string;
  title: string;
  excerpt: string | null;
  featuredImageUrl: string | null;
  authorName: string | null;
  authorImageUrl: string | null;
  category: BlogCategoryBadge | null;
  tags: string[];
  isFeatured: boolean;
  /** ISO instant. */
  publishedAt: string | null;
  readTime: number;
}

/** A card as the page draws it: the date and read time already written out (by the loader). */
export interface BlogCardView extends BlogCard {
  dateLabel: string | null;
  readTimeLabel: string;
}

export const MAX_FEATURED = 3;

/**
 * Writes out a post's date (SPEC: `MMM d, yyyy` on cards, `MMMM d, yyyy` on the post) and read
 * time, and settles its category color (a hex color, else the accent), on the server, so the
 * page's JavaScript carries no formatting.
 */
export function toBlogCardView<T extends BlogCard>(
  post: T,
  pattern: DatePattern = CARD_DATE,
): T & Pick<BlogCardView, "dateLabel" | "readTimeLabel"> {
  return {
    ...post,
    category: post.category && { ...post.category, color: safeColor(post.category.color) },
    dateLabel: post.publishedAt ? formatDay(post.publishedAt, pattern) : null,
    readTimeLabel: readTimeLabel(post.readTime),
  };
}
