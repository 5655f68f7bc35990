import { findPublishedPost, toBlogPostPage } from "@server/content/blog/read";
import { cacheHeaders, contentHeaders } from "@server/content/http";
import { checkPreviewLink, findBlogPostPreview } from "@server/content/workflow/preview";
import { getRuntimeFrom } from "@server/context";
import { PRIVATE_NO_STORE } from "@server/http/cache";
import { isUuid } from "@server/kit/list-params";
import { blogPostMeta, notFoundMeta, previewExpiredMeta } from "@server/route-kit/content-meta";
import { missingStatus, movedOrGone } from "@server/route-kit/missing-page";
import type { MetaDescriptor } from "react-router";
import { data, isRouteErrorResponse, Link, useLoaderData, useRouteError } from "react-router";
import { CategoryBadge, PostMeta } from "~/components/listings/blog-meta";
import { ContentImage } from "~/components/listings/image";
import { OnDemand, onDemand } from "~/components/listings/on-demand";
import { ShareButton } from "~/components/listings/share-button";
import {
  container,
  containerMedium,
  containerNarrow,
  containerWide,
  Tag,
} from "~/components/listings/ui";
import { PreviewBanner, PreviewExpired } from "~/components/site/preview";
import { ButtonLink } from "~/components/ui/button";
import { ErrorPanel } from "~/components/ui/error-panel";
import { ArrowRight, StarIcon } from "~/components/ui/icons";
import { ERROR_PANEL } from "~/copy/site";
import { studio } from "~/copy/studio";
import { toBlogCardView } from "~/entities/blog-post/view";
import { POST_DATE } from "~/lib/listings/format";
import { BLOG_POST_PAGE_COPY } from "~/lib/listings/page-copy";
import type { Route } from "./+types/blog-post";

/** What a missing post throws: the 404 page's head (see ErrorBoundary). */
type NotFoundData = { meta: MetaDescriptor[] };

export async function loader(args: Route.LoaderArgs) {
  if ("id" in args.params) return previewLoader(args, args.params.id as string);
  const { request, params, context } = args;
  const { database, config, logger } = getRuntimeFrom(context);
  const notFound = (degraded: boolean, status: 404 | 410 = 404) =>
    data({ meta: notFoundMeta(request, context, status) } satisfies NotFoundData, {
      status,
      headers: cacheHeaders(degraded),
    });
  let found: Awaited<ReturnType<typeof findPublishedPost>>;
  try {
    found = await findPublishedPost(database.db, params.slug);
  } catch (error) {
    // SPEC: a post that fails to load shows the 404 page (never cached: it is not a real 404).
    logger.error({ err: error, slug: params.slug }, "blog post: load failed");
    throw notFound(true);
  }
  // Missing, draft or archived: the 404 page, unless it moved (301) or went (410; decision 0370).
  if (!found) throw notFound(false, missingStatus(await movedOrGone(request, context)));
  const post = toBlogPostPage(found);
  return data(
    {
      meta: blogPostMeta(request, context, post),
      copy: BLOG_POST_PAGE_COPY,
      url: `${config.SITE_URL}/blog/${post.slug}`,
      post: toBlogCardView(post, POST_DATE),
      preview: false,
    },
    { headers: cacheHeaders(false) },
  );
}

/**
 * /preview/blog/{id}: the draft exactly as this page will show it, through a signed link (no
 * session needed); for one person only (`private, no-store`, noindex, never page-cached); an
 * expired link is a 410 with a message.
 */
async function previewLoader({ request, context }: Route.LoaderArgs, id: string) {
  const { database, config, keys } = getRuntimeFrom(context);
  const headers = { "Cache-Control": PRIVATE_NO_STORE };
  const check = isUuid(id)
    ? await checkPreviewLink(
        database.db,
        keys.previewLinks,
        "blog_post",
        id,
        new URL(request.url).searchParams,
      )
    : "invalid";
  if (check === "expired") {
    throw data({ meta: previewExpiredMeta(), expired: true }, { status: 410, headers });
  }
  const found = check === "valid" ? await findBlogPostPreview(database.db, id) : null;
  if (!found) {
    throw data({ meta: notFoundMeta(request, context) } satisfies NotFoundData, {
      status: 404,
      headers,
    });
  }
  const post = toBlogPostPage(found);
  return data(
    {
      meta: [
        ...blogPostMeta(request, context, post).filter(
          (tag) => !("name" in tag && tag.name === "robots"),
        ),
        { name: "robots", content: "noindex" },
      ],
      copy: BLOG_POST_PAGE_COPY,
      url: `${config.SITE_URL}/blog/${post.slug}`,
      post: toBlogCardView(post, POST_DATE),
      preview: true,
    },
    { headers },
  );
}

export const headers = contentHeaders;

export const meta: Route.MetaFunction = ({ loaderData, error }) =>
  loaderData?.meta ??
  (isRouteErrorResponse(error) ? (error.data as NotFoundData | null)?.meta : undefined) ??
  [];

/** The body's typography: the sanitised HTML only carries the allow-listed tags. */
const BODY =
  "text-lg leading-relaxed text-ink-muted [&_a]:text-accent [&_a]:underline [&_a]:underline-offset-4 [&_blockquote]:my-10 [&_blockquote]:border-l-2 [&_blockquote]:border-accent [&_blockquote]:pl-6 [&_blockquote]:font-display [&_blockquote]:text-2xl [&_blockquote]:leading-snug [&_blockquote]:text-ink [&_h1]:mt-12 [&_h1]:font-display [&_h1]:text-4xl [&_h1]:font-bold [&_h1]:text-ink [&_h2]:mt-12 [&_h2]:font-display [&_h2]:text-3xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-ink [&_h3]:mt-10 [&_h3]:font-display [&_h3]:text-2xl [&_h3]:font-semibold [&_h3]:text-ink [&_h4]:mt-8 [&_h4]:font-semibold [&_h4]:text-ink [&_img]:my-8 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-card [&_li]:mt-2 [&_ol]:mt-6 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-6 [&_strong]:text-ink [&_ul]:mt-6 [&_ul]:list-disc [&_ul]:pl-6";

export default function BlogPost() {
  const { post, copy, url, preview } = useLoaderData<typeof loader>();
  return (
    <main id="main">
      {preview ? <PreviewBanner /> : null}
      <article>
        <header className={`${containerMedium} pt-28 sm:pt-36`}>
          <Link
            to="/blog"
            className="inline-flex items-center gap-2 text-sm text-ink-muted hover:text-ink"
          >
            <ArrowRight className="size-4 rotate-180" />
            {copy.backToBlog}
          </Link>
          <div className="mt-8 flex flex-wrap items-center gap-2">
            {post.category ? <CategoryBadge category={post.category} /> : null}
            {post.isFeatured ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-accent px-3 py-1 text-xs font-semibold text-accent-ink">
                <StarIcon className="size-3" />
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
            <PostMeta post={post} />
            <ShareButton title={post.title} url={url} copy={copy} />
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
          // Sanitised on the server with the SPEC allow-list (server/content/sanitize.ts).
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
          <ButtonLink to="/blog" variant="secondary">
            {copy.moreArticles}
          </ButtonLink>
          <ButtonLink to="/contact">{copy.getInTouch}</ButtonLink>
        </div>
      </section>
    </main>
  );
}

/** The site's 404 page: its code loads only when a post is missing (see on-demand.tsx). */
const notFoundView = onDemand(() =>
  import("~/components/site/not-found-view").then((module) => module.NotFoundView),
);

/**
 * A missing, unpublished or failed post: the site's 404 page (SPEC section 8), with the head the
 * loader threw. An unexpected failure gets the default error panel (the frame's copy of it).
 */
export function ErrorBoundary() {
  const error = useRouteError();
  // An expired preview link says so; a post that went (410, decision 0370) is the 404 page's
  // view, saying it is gone.
  if (isRouteErrorResponse(error) && error.status === 410 && error.data?.expired) {
    return <PreviewExpired />;
  }
  if (isRouteErrorResponse(error) && (error.status === 404 || error.status === 410)) {
    return <OnDemand component={notFoundView} props={{ gone: error.status === 410 }} />;
  }
  return (
    <main id="main" className={`${container} flex min-h-[70dvh] flex-col justify-center py-32`}>
      <title>{`${ERROR_PANEL.title} | ${studio.name}`}</title>
      <meta name="robots" content="noindex" />
      <ErrorPanel headingLevel={1} title={ERROR_PANEL.title} message={ERROR_PANEL.body} />
    </main>
  );
}
