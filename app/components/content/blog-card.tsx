import { Clock } from "lucide-react";
import { Link } from "react-router";
import type { BlogCard as BlogCardData, BlogCategoryBadge } from "~/lib/content/blog";
import {
  CARD_DATE,
  type DatePattern,
  formatDay,
  readTimeLabel,
  safeColor,
} from "~/lib/content/format";
import { ContentImage } from "./image";

/**
 * A category badge in the category's color. The color is drawn by SVG presentation attributes,
 * not an inline style, so a strict Content-Security-Policy for styles still allows it.
 */
export function CategoryBadge({ category }: { category: BlogCategoryBadge }) {
  const color = safeColor(category.color);
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

export function PostMeta({
  post,
  pattern = CARD_DATE,
}: {
  post: Pick<BlogCardData, "authorName" | "publishedAt" | "readTime">;
  pattern?: DatePattern;
}) {
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-faint">
      {post.authorName ? <span className="text-ink-muted">{post.authorName}</span> : null}
      {post.publishedAt ? (
        <time dateTime={post.publishedAt}>{formatDay(post.publishedAt, pattern)}</time>
      ) : null}
      <span className="inline-flex items-center gap-1">
        <Clock aria-hidden="true" className="size-3.5" />
        {readTimeLabel(post.readTime)}
      </span>
    </p>
  );
}

export function BlogCard({
  post,
  priority = false,
  large = false,
}: {
  post: BlogCardData;
  priority?: boolean;
  large?: boolean;
}) {
  return (
    <article
      className={`group relative flex flex-col overflow-hidden rounded-card border border-line bg-surface transition-colors hover:border-accent/60 ${large ? "lg:flex-row" : ""}`}
    >
      <div
        className={`aspect-[16/9] overflow-hidden bg-surface-raised ${large ? "lg:w-3/5 lg:shrink-0" : ""}`}
      >
        {post.featuredImageUrl ? (
          <ContentImage
            src={post.featuredImageUrl}
            alt=""
            width={1600}
            height={900}
            sizes={
              large
                ? "(min-width: 1280px) 730px, (min-width: 1024px) 60vw, 100vw"
                : "(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
            }
            priority={priority}
            className="size-full object-cover transition-transform duration-700 ease-out-expo group-hover:scale-[1.03]"
          />
        ) : null}
      </div>
      <div className={`flex flex-1 flex-col gap-3 p-6 ${large ? "lg:justify-center lg:p-10" : ""}`}>
        {post.category ? (
          <div>
            <CategoryBadge category={post.category} />
          </div>
        ) : null}
        <h3 className={`font-display font-bold tracking-tight ${large ? "text-3xl" : "text-2xl"}`}>
          <Link
            to={`/blog/${encodeURIComponent(post.slug)}`}
            className="after:absolute after:inset-0 after:rounded-card focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-accent"
          >
            {post.title}
          </Link>
        </h3>
        {post.excerpt ? <p className="text-ink-muted line-clamp-3">{post.excerpt}</p> : null}
        <div className={large ? "pt-3" : "mt-auto pt-3"}>
          <PostMeta post={post} />
        </div>
      </div>
    </article>
  );
}
