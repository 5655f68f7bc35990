import { Link } from "react-router";
import { CategoryBadge, PostMeta } from "~/components/listings/blog-meta";
import { useCardCover } from "~/components/listings/image";
import type { BlogCardView } from "~/entities/blog-post/view";

export function BlogCard({
  post,
  priority = false,
  large = false,
}: {
  post: BlogCardView;
  priority?: boolean;
  large?: boolean;
}) {
  const cover = useCardCover(post.featuredImageUrl, {
    sizes: large
      ? "(min-width: 1280px) 730px, (min-width: 1024px) 60vw, 100vw"
      : "(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw",
    priority,
  });
  return (
    <article
      className={`card group relative flex flex-col overflow-hidden transition-colors hover:border-accent/60 ${large ? "lg:flex-row" : ""}`}
    >
      <div
        className={`aspect-[16/9] overflow-hidden bg-surface-raised ${large ? "lg:w-3/5 lg:shrink-0" : ""}`}
      >
        {cover}
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
