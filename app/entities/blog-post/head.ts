import { studio } from "~/copy/studio";
import type { PageHeadPreview } from "~/lib/forms/seo-fields";

/**
 * A post's search and social head when it sets none of its own (decision 0371): the public
 * page's and the editor's preview alike. Browser-safe.
 */
export function blogPostHead(post: {
  title: string;
  excerpt: string | null;
  slug: string;
  featuredImageUrl: string | null;
}): PageHeadPreview {
  return {
    title: `${post.title} | ${studio.name}`,
    description: post.excerpt || post.title,
    path: `/blog/${post.slug}`,
    image: post.featuredImageUrl || null,
  };
}
