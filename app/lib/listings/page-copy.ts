import type { MetaDescriptor } from "react-router";
import {
  BLOG_COPY,
  BLOG_POST_COPY,
  CASE_STUDIES_COPY,
  CASE_STUDY_COPY,
  DEFAULT_ERROR,
  PORTFOLIO_COPY,
  WORK_META,
} from "~/copy/content-pages";

/**
 * The copy each content page renders, as it travels in loader data (decision 0011): the loaders
 * send it with the page, so no page's JavaScript carries it. The list pages' browser-side loads
 * (a client navigation, a retry) import this module on demand instead, to draw the page and its
 * placeholders before the data arrives (decision 0120).
 */

interface ListPage<Copy> {
  copy: Copy;
  /** Title and description of the page's head. */
  seo: { title: string; description: string };
  /** The page's social card (an image of ours; offered as a JPEG variant). */
  image: string;
}

const { meta: portfolioSeo, ...portfolioCopy } = PORTFOLIO_COPY;
const { meta: blogSeo, ...blogCopy } = BLOG_COPY;

export const CASE_STUDIES_PAGE: ListPage<typeof CASE_STUDIES_COPY> = {
  copy: CASE_STUDIES_COPY,
  seo: WORK_META,
  image: CASE_STUDIES_COPY.reelPoster,
};

export const PORTFOLIO_PAGE: ListPage<typeof portfolioCopy> = {
  copy: portfolioCopy,
  seo: portfolioSeo,
  image: "/media/portfolio/slow-fire.svg",
};

/** The blog's load error is the default error panel (SPEC section 8). */
export const BLOG_PAGE: ListPage<typeof blogCopy & { error: typeof DEFAULT_ERROR }> = {
  copy: { ...blogCopy, error: DEFAULT_ERROR },
  seo: blogSeo,
  image: "/media/blog/one-day-commercial-shoot.svg",
};

export type CaseStudiesCopy = typeof CASE_STUDIES_PAGE.copy;
export type PortfolioCopy = typeof PORTFOLIO_PAGE.copy;
export type BlogCopy = typeof BLOG_PAGE.copy;

/** The detail page and its not-found state. */
export const CASE_STUDY_PAGE_COPY = CASE_STUDY_COPY;
export type CaseStudyCopy = typeof CASE_STUDY_PAGE_COPY;

export const BLOG_POST_PAGE_COPY = BLOG_POST_COPY;
export type BlogPostCopy = typeof BLOG_POST_PAGE_COPY;

/**
 * The head after a browser-side load: title, description and robots, as before the data
 * arrives (the full head, with canonical and social cards, is the server's, for documents).
 */
export function browserMeta(seo: { title: string; description: string }): MetaDescriptor[] {
  return [
    { title: seo.title },
    { name: "description", content: seo.description },
    { name: "robots", content: "index,follow" },
  ];
}
