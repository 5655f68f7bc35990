import {
  CARD_DATE,
  type DatePattern,
  formatDay,
  readTimeLabel,
  safeColor,
} from "~/lib/listings/format";
import { matchesSearch, sameText } from "~/lib/listings/query";

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

/** Case-insensitive over title and excerpt; `category` is a category name or null. */
export function filterPosts<T extends Pick<BlogCard, "title" | "excerpt" | "category">>(
  posts: readonly T[],
  filter: { search: string; category: string | null },
): T[] {
  return posts.filter(
    (post) =>
      matchesSearch(filter.search, [post.title, post.excerpt]) &&
      (filter.category === null ||
        (post.category !== null && sameText(post.category.name, filter.category))),
  );
}

/** Newest published first (SPEC section 4); undated posts last. Returns a new array. */
export function orderPosts<T extends Pick<BlogCard, "publishedAt">>(posts: readonly T[]): T[] {
  const time = (post: T) => (post.publishedAt ? Date.parse(post.publishedAt) : -Infinity);
  return [...posts].sort((a, b) => time(b) - time(a));
}

/** Up to three featured posts go under 'Featured Articles'; every other under 'Latest Articles'. */
export function splitFeatured<T extends Pick<BlogCard, "isFeatured">>(
  posts: readonly T[],
): { featured: T[]; latest: T[] } {
  const featured = posts.filter((post) => post.isFeatured).slice(0, MAX_FEATURED);
  return { featured, latest: posts.filter((post) => !featured.includes(post)) };
}
