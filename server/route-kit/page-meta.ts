import { getRuntimeFrom } from "@server/context";
import type { MetaDescriptor, RouterContextProvider } from "react-router";
import { type PageSeo, seoMeta } from "~/lib/seo";

/**
 * A page's head, built on the server from SITE_URL and the request path. Public pages send it
 * with their loader data (`meta: ({ loaderData }) => loaderData?.meta`), so neither the SEO
 * helpers nor the copy travel in the page's JavaScript (the 120 KB budget).
 */
/**
 * The page's path for a document request or for the data request of a client-side navigation
 * (React Router asks for `/about.data`, and `/_root.data` for the home page).
 */
export function pagePath(request: Request): string {
  const { pathname } = new URL(request.url);
  if (pathname === "/_root.data") return "/";
  return pathname.replace(/\.data$/, "") || "/";
}

export function metaFor(
  request: Request,
  context: Readonly<RouterContextProvider>,
  seo: PageSeo,
): MetaDescriptor[] {
  const { config } = getRuntimeFrom(context);
  return seoMeta(config.SITE_URL, { ...seo, path: seo.path ?? pagePath(request) });
}

export function siteUrlOf(context: Readonly<RouterContextProvider>): string {
  return getRuntimeFrom(context).config.SITE_URL;
}
