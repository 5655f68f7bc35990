import { PathIcon } from "~/components/listings/ui";
import type { BlogCardView, BlogCategoryBadge } from "~/entities/blog-post/view";

/** Lucide's clock. */
const CLOCK_ICON = "M2 12a10 10 0 1 0 20 0 10 10 0 1 0-20 0m10-6v6l4 2";

/**
 * A category badge in the category's color (a hex color: `toBlogCardView` settles it). The color
 * is drawn by SVG presentation attributes, not an inline style, so a strict
 * Content-Security-Policy for styles still allows it.
 */
export function CategoryBadge({ category }: { category: BlogCategoryBadge }) {
  const { color } = category;
  return (
    <span className="relative inline-flex items-center gap-2 overflow-hidden rounded-full border border-line px-3 py-1 text-xs font-semibold text-ink">
      <svg aria-hidden="true" className="absolute inset-0 size-full" preserveAspectRatio="none">
        <rect width="100%" height="100%" fill={color} fillOpacity="0.16" />
      </svg>
      <svg aria-hidden="true" viewBox="0 0 8 8" className="relative size-2">
        <circle cx="4" cy="4" r="4" fill={color} />
      </svg>
      <span className="relative">{category.name}</span>
    </span>
  );
}

/** Author, date and read time of a post (written out by the loader: `toBlogCardView`). */
export function PostMeta({
  post,
}: {
  post: Pick<BlogCardView, "authorName" | "publishedAt" | "dateLabel" | "readTimeLabel">;
}) {
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-faint">
      {post.authorName ? <span className="text-ink-muted">{post.authorName}</span> : null}
      {post.publishedAt && post.dateLabel ? (
        <time dateTime={post.publishedAt}>{post.dateLabel}</time>
      ) : null}
      <span className="inline-flex items-center gap-1">
        <PathIcon d={CLOCK_ICON} className="size-3.5" />
        {post.readTimeLabel}
      </span>
    </p>
  );
}
