import type { BlogPostPage } from "@server/content/blog/read";
import type { OwnSeo } from "@server/content/case-studies/read";
import { metaFor, pagePath, siteUrlOf } from "@server/route-kit/page-meta";
import type { MetaDescriptor, RouterContextProvider } from "react-router";
import { DEFAULT_ERROR } from "~/copy/content-pages";
import { PREVIEW_COPY } from "~/copy/preview";
import { BREADCRUMB_NAMES, SEO } from "~/copy/seo";
import { studio } from "~/copy/studio";
import { blogPostHead } from "~/entities/blog-post/head";
import { caseStudyHead } from "~/entities/case-study/head";
import type { CaseStudyDetail } from "~/entities/case-study/view";
import { type PublicVideo, videoObjectJsonLd } from "~/entities/media/view";
import { withOwnSeo } from "~/lib/forms/seo-fields";
import { openGraphImage } from "~/lib/listings/images";
import type { CASE_STUDY_PAGE_COPY } from "~/lib/listings/page-copy";
import { breadcrumbJsonLd, studioOrganization } from "~/lib/seo";

/**
 * The heads of the content pages, built on the server and sent with the loader data (decision
 * 0011: `meta` returns `loaderData.meta`), so the head code stays out of the pages' JavaScript.
 * One builder for every public page (`metaFor`): title, description, robots, canonical on
 * SITE_URL, Open Graph and Twitter cards, JSON-LD. Our images are offered to social networks as
 * a 1200-wide JPEG variant (they read neither SVG nor AVIF).
 */

type Context = Readonly<RouterContextProvider>;

interface ContentHead {
  title: string;
  description: string;
  /** Canonical path; the request's path when absent (never the query string). */
  path?: string;
  image?: string | null;
  type?: "website" | "article";
  jsonLd?: Record<string, unknown>[];
  /** Extra tags after the common ones (article dates, the RSS link). */
  extra?: MetaDescriptor[];
}

export function contentMetaFor(
  request: Request,
  context: Context,
  head: ContentHead,
): MetaDescriptor[] {
  const image = openGraphImage(head.image, siteUrlOf(context));
  return [
    ...metaFor(request, context, {
      title: head.title,
      description: head.description,
      path: head.path,
      image: image ?? undefined,
      imageAlt: image ? head.title : undefined,
      type: head.type,
      jsonLd: head.jsonLd,
    }),
    ...(head.extra ?? []),
  ];
}

/**
 * A list page (/case-studies, /portfolio, /blog), page `page` of `pageCount` (decision 0220):
 * page 2 onwards is titled 'Page N' and is its own canonical address (`?page=N`), with links to
 * the pages either side. A searched or filtered view points to the list itself.
 */
export function listMeta(
  request: Request,
  context: Context,
  list: { seo: { title: string; description: string }; image: string },
  paging: { page: number; pageCount: number; filtered: boolean },
  more: { extra?: MetaDescriptor[]; jsonLd?: Record<string, unknown>[] } = {},
): MetaDescriptor[] {
  const path = pagePath(request);
  const at = (page: number) => (page === 1 ? path : `${path}?page=${page}`);
  const { page, pageCount, filtered } = paging;
  const paged = !filtered && page > 1;
  const siteUrl = siteUrlOf(context);
  const around: MetaDescriptor[] = filtered
    ? []
    : [
        ...(page > 1 ? [{ tagName: "link", rel: "prev", href: `${siteUrl}${at(page - 1)}` }] : []),
        ...(page < pageCount
          ? [{ tagName: "link", rel: "next", href: `${siteUrl}${at(page + 1)}` }]
          : []),
      ];
  return contentMetaFor(request, context, {
    title: paged ? `Page ${page} | ${list.seo.title}` : list.seo.title,
    description: list.seo.description,
    path: paged ? at(page) : path,
    image: list.image,
    jsonLd: more.jsonLd,
    extra: [...around, ...(more.extra ?? [])],
  });
}

/** The blog's RSS feed, announced in its head. */
export function rssLink(context: Context, title: string): MetaDescriptor {
  return {
    tagName: "link",
    rel: "alternate",
    type: "application/rss+xml",
    title,
    href: `${siteUrlOf(context)}/blog/rss.xml`,
  };
}

export function caseStudyMeta(
  request: Request,
  context: Context,
  study: CaseStudyDetail,
  seo: OwnSeo = {},
): MetaDescriptor[] {
  const head = withOwnSeo(caseStudyHead(study), seo);
  return contentMetaFor(request, context, {
    ...head,
    type: "article",
    jsonLd: [
      caseStudyJsonLd(study, siteUrlOf(context)),
      ...caseStudyVideos(study).map(({ video, name }) =>
        videoObjectJsonLd(video, siteUrlOf(context), { name, description: study.description }),
      ),
      breadcrumbJsonLd(siteUrlOf(context), [
        { name: BREADCRUMB_NAMES.home, path: "/" },
        { name: BREADCRUMB_NAMES.caseStudies, path: "/case-studies" },
        { name: study.title, path: `/case-studies/${study.path}` },
      ]),
    ],
  });
}

/** A study's Media library videos, its own first, then its gallery's, each with its name. */
function caseStudyVideos(study: CaseStudyDetail): { video: PublicVideo; name: string }[] {
  return [
    ...(study.video ? [{ video: study.video, name: study.title }] : []),
    ...study.media.flatMap((entry) =>
      entry.video ? [{ video: entry.video, name: entry.title || study.title }] : [],
    ),
  ];
}

/**
 * schema.org CreativeWork of a case study: the work the studio made (creator) for its client
 * (sourceOrganization: "the Organization on whose behalf the creator was working"), with its
 * cover and gallery images (decision 0273).
 */
export function caseStudyJsonLd(study: CaseStudyDetail, siteUrl: string): Record<string, unknown> {
  const url = `${siteUrl}/case-studies/${study.path}`;
  const images = [
    study.imageUrl,
    ...study.media.map((item) => (item.type === "video" ? item.thumbnail_url : item.url)),
  ]
    .map((src) => openGraphImage(src, siteUrl))
    .filter((image): image is string => image !== null);
  return {
    "@context": "https://schema.org",
    "@type": "CreativeWork",
    name: study.title,
    headline: study.title,
    alternativeHeadline: study.subtitle ?? undefined,
    description: study.description ?? undefined,
    image: images.length > 0 ? [...new Set(images)] : undefined,
    sourceOrganization: study.clientName
      ? { "@type": "Organization", name: study.clientName }
      : undefined,
    creator: studioOrganization(siteUrl),
    genre: study.serviceType ?? undefined,
    keywords: study.tags.length > 0 ? study.tags.join(", ") : undefined,
    dateModified: study.updatedAt,
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    url,
  };
}

/** 'Case Study Not Found' (a 404): not indexed. */
export function caseStudyNotFoundMeta(
  copy: typeof CASE_STUDY_PAGE_COPY,
  status: 404 | 410 = 404,
): MetaDescriptor[] {
  return [
    { title: status === 410 ? SEO.gone.title : `${copy.notFound.title} | ${studio.name}` },
    { name: "robots", content: "noindex" },
  ];
}

/** The default error panel in place of a page (the database failed): not indexed. */
export function errorMeta(): MetaDescriptor[] {
  return [
    { title: `${DEFAULT_ERROR.title} | ${studio.name}` },
    { name: "robots", content: "noindex" },
  ];
}

/**
 * The site's 404 page, for content that is missing (a blog post): as for an unknown path. A path
 * marked gone (410) is titled "Page gone" (issue #47 item 21).
 */
export function notFoundMeta(
  request: Request,
  context: Context,
  status: 404 | 410 = 404,
): MetaDescriptor[] {
  return metaFor(request, context, {
    ...(status === 410 ? SEO.gone : SEO.notFound),
    noindex: true,
  });
}

/** An expired preview link's page: for no search engine. */
export function previewExpiredMeta(): MetaDescriptor[] {
  return [
    { title: `${PREVIEW_COPY.expiredTitle} | ${studio.name}` },
    { name: "robots", content: "noindex" },
  ];
}

export function blogPostMeta(
  request: Request,
  context: Context,
  post: BlogPostPage,
): MetaDescriptor[] {
  return contentMetaFor(request, context, {
    ...withOwnSeo(blogPostHead(post), post.seo),
    type: "article",
    jsonLd: [
      articleJsonLd(post, siteUrlOf(context)),
      breadcrumbJsonLd(siteUrlOf(context), [
        { name: BREADCRUMB_NAMES.home, path: "/" },
        { name: BREADCRUMB_NAMES.blog, path: "/blog" },
        { name: post.title, path: `/blog/${post.slug}` },
      ]),
    ],
    extra: [
      ...(post.publishedAt
        ? [{ property: "article:published_time", content: post.publishedAt }]
        : []),
      { property: "article:modified_time", content: post.updatedAt },
      ...(post.category ? [{ property: "article:section", content: post.category.name }] : []),
      ...post.tags.map((tag) => ({ property: "article:tag", content: tag })),
    ],
  });
}

/** schema.org Article for search engines (DESIGN: Article JSON-LD on posts). */
export function articleJsonLd(post: BlogPostPage, siteUrl: string): Record<string, unknown> {
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
    publisher: studioOrganization(siteUrl),
    articleSection: post.category?.name,
    keywords: post.tags.length > 0 ? post.tags.join(", ") : undefined,
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    url,
  };
}
