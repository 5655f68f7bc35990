import { type BlogPostPage, findPublishedPost, toBlogPostPage } from "@server/content/blog";
import { cacheHeaders, contentHeaders } from "@server/content/http";
import { getRuntimeFrom } from "@server/context";
import { ArrowLeft, Star } from "lucide-react";
import { data, isRouteErrorResponse, Link, useLoaderData, useRouteError } from "react-router";
import { CategoryBadge, PostMeta } from "~/components/content/blog-card";
import { ContentImage } from "~/components/content/image";
import { ShareButton } from "~/components/content/share-button";
import { ErrorPanel } from "~/components/content/states";
import {
  buttonPrimary,
  buttonSecondary,
  container,
  containerMedium,
  containerNarrow,
  containerWide,
  Tag,
} from "~/components/content/ui";
import { NotFoundView } from "~/components/site/not-found-view";
import { BLOG_POST_COPY as copy } from "~/content/content-pages";
import { studio } from "~/content/studio";
import { POST_DATE } from "~/lib/content/format";
import { openGraphImage } from "~/lib/content/images";
import { contentMeta } from "~/lib/content/seo";
import type { Route } from "./+types/blog-post";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { database, config, logger } = getRuntimeFrom(context);
  let post: Awaited<ReturnType<typeof findPublishedPost>>;
  try {
    post = await findPublishedPost(database.db, params.slug);
  } catch (error) {
    // SPEC: a post that fails to load shows the 404 page (never cached: it is not a real 404).
    logger.error({ err: error, slug: params.slug }, "blog post: load failed");
    throw data(null, { status: 404, headers: cacheHeaders(true) });
  }
  // Missing, draft or archived: the 404 page.
  if (!post) throw data(null, { status: 404, headers: cacheHeaders(false) });
  return data(
    { siteUrl: config.SITE_URL, post: toBlogPostPage(post) },
    { headers: cacheHeaders(false) },
  );
}

export const headers = contentHeaders;

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) {
    return [{ title: "404 | Page not found" }, { name: "robots", content: "noindex" }];
  }
  const { post, siteUrl } = loaderData;
  const path = `/blog/${post.slug}`;
  const description = post.excerpt ?? post.title;
  return contentMeta({
    title: `${post.title} | ${studio.name}`,
    description,
    siteUrl,
    path,
    image: post.featuredImageUrl,
    type: "article",
    extra: [
      ...(post.publishedAt
        ? [{ property: "article:published_time", content: post.publishedAt }]
        : []),
      { property: "article:modified_time", content: post.updatedAt },
      ...(post.category ? [{ property: "article:section", content: post.category.name }] : []),
      ...post.tags.map((tag) => ({ property: "article:tag", content: tag })),
      { "script:ld+json": articleJsonLd(post, siteUrl) },
    ],
  });
}

/** schema.org Article for search engines (DESIGN: Article JSON-LD on posts). */
export function articleJsonLd(post: BlogPostPage, siteUrl: string) {
  const url = `${siteUrl}/blog/${post.slug}`;
  const image = openGraphImage(post.featuredImageUrl, siteUrl);
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: post.title,
    description: post.excerpt ?? undefined,
    image: image ? [image] : undefined,
    datePublished: post.publishedAt ?? undefined,
    dateModified: post.updatedAt,
    author: post.authorName ? { "@type": "Person", name: post.authorName } : undefined,
    publisher: {
      "@type": "Organization",
      name: studio.name,
      logo: { "@type": "ImageObject", url: `${siteUrl}/favicon.svg` },
    },
    articleSection: post.category?.name,
    keywords: post.tags.length > 0 ? post.tags.join(", ") : undefined,
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    url,
  };
}

/** The body's typography: the sanitised HTML only carries the allow-listed tags. */
const BODY =
  "text-lg leading-relaxed text-ink-muted [&_a]:text-accent [&_a]:underline [&_a]:underline-offset-4 [&_blockquote]:my-10 [&_blockquote]:border-l-2 [&_blockquote]:border-accent [&_blockquote]:pl-6 [&_blockquote]:font-display [&_blockquote]:text-2xl [&_blockquote]:leading-snug [&_blockquote]:text-ink [&_h1]:mt-12 [&_h1]:font-display [&_h1]:text-4xl [&_h1]:font-bold [&_h1]:text-ink [&_h2]:mt-12 [&_h2]:font-display [&_h2]:text-3xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-ink [&_h3]:mt-10 [&_h3]:font-display [&_h3]:text-2xl [&_h3]:font-semibold [&_h3]:text-ink [&_h4]:mt-8 [&_h4]:font-semibold [&_h4]:text-ink [&_img]:my-8 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-card [&_li]:mt-2 [&_ol]:mt-6 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-6 [&_strong]:text-ink [&_ul]:mt-6 [&_ul]:list-disc [&_ul]:pl-6";

export default function BlogPost() {
  const { post, siteUrl } = useLoaderData<typeof loader>();
  const url = `${siteUrl}/blog/${post.slug}`;
  return (
    <main id="main">
      <article>
        <header className={`${containerMedium} pt-28 sm:pt-36`}>
          <Link
            to="/blog"
            className="inline-flex items-center gap-2 text-sm text-ink-muted hover:text-ink"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            {copy.backToBlog}
          </Link>
          <div className="mt-8 flex flex-wrap items-center gap-2">
            {post.category ? <CategoryBadge category={post.category} /> : null}
            {post.isFeatured ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-accent px-3 py-1 text-xs font-semibold text-accent-ink">
                <Star aria-hidden="true" className="size-3" />
                {copy.featured}
              </span>
            ) : null}
          </div>
          <h1 className="mt-6 font-display text-4xl font-bold leading-[1.02] tracking-tightest sm:text-6xl">
            {post.title}
          </h1>
          {post.excerpt ? (
            <p className="mt-6 text-xl leading-relaxed text-ink-muted">{post.excerpt}</p>
          ) : null}
          <div className="mt-8 flex flex-wrap items-center justify-between gap-4 border-y border-line py-5">
            <PostMeta post={post} pattern={POST_DATE} />
            <ShareButton title={post.title} url={url} />
          </div>
          {post.tags.length > 0 ? (
            <ul className="mt-6 flex flex-wrap gap-2" aria-label="Tags">
              {post.tags.map((tag) => (
                <li key={tag}>
                  <Tag>{tag}</Tag>
                </li>
              ))}
            </ul>
          ) : null}
        </header>

        {post.featuredImageUrl ? (
          <div className={`${containerWide} mt-12`}>
            <ContentImage
              src={post.featuredImageUrl}
              alt=""
              width={1600}
              height={900}
              sizes="(min-width: 1152px) 1152px, 100vw"
              priority
              className="aspect-[16/9] w-full rounded-card border border-line object-cover"
            />
          </div>
        ) : null}

        <div
          className={`${containerNarrow} mt-8 ${BODY}`}
          // Sanitised on the server with the SPEC allow-list (app/lib/sanitize.server.ts).
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised HTML
          dangerouslySetInnerHTML={{ __html: post.html }}
        />

        <footer className={`${containerNarrow} mt-16`}>
          {post.authorName ? (
            <section
              aria-label={`${copy.writtenBy} ${post.authorName}`}
              className="flex items-center gap-5 rounded-card border border-line bg-surface p-6"
            >
              {post.authorImageUrl ? (
                <img
                  src={post.authorImageUrl}
                  alt=""
                  width={64}
                  height={64}
                  loading="lazy"
                  className="size-16 shrink-0 rounded-full object-cover"
                />
              ) : null}
              <div>
                <p className="text-xs font-semibold uppercase tracking-[0.2em] text-ink-faint">
                  {copy.writtenBy}
                </p>
                <p className="mt-1 font-display text-xl font-semibold">{post.authorName}</p>
                <p className="mt-1 text-sm text-ink-muted">{copy.authorBio}</p>
              </div>
            </section>
          ) : null}
        </footer>
      </article>

      <section aria-labelledby="post-cta" className={`${containerNarrow} py-20`}>
        <h2 id="post-cta" className="font-display text-3xl font-bold tracking-tightest sm:text-4xl">
          {copy.closingTitle}
        </h2>
        <p className="mt-3 text-lg text-ink-muted">{copy.closingText}</p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to="/blog" className={buttonSecondary}>
            {copy.moreArticles}
          </Link>
          <Link to="/contact" className={buttonPrimary}>
            {copy.getInTouch}
          </Link>
        </div>
      </section>
    </main>
  );
}

/** A missing, unpublished or failed post: the site's 404 page (SPEC section 8). */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView />;
  return (
    <main id="main" className={`${container} flex min-h-[70dvh] flex-col justify-center py-32`}>
      <ErrorPanel headingLevel={1} />
    </main>
  );
}
