import type { MetaDescriptor } from "react-router";
import type { OpenPosition } from "~/copy/careers";
import { SOCIAL_IMAGE } from "~/copy/seo";
import { studio } from "~/copy/studio";

/**
 * The head of every public page: title, description, canonical on SITE_URL, robots, Open Graph
 * and Twitter cards, and optional JSON-LD. Use `pageMeta(args, { ... })` in a route's meta.
 */

export interface PageSeo {
  title: string;
  description: string;
  /** Path of the canonical URL (defaults to the current path, without the query string). */
  path?: string;
  /** Mark the page no-index (404, thank-you pages, admin). */
  noindex?: boolean;
  /** Absolute or site-relative image for social cards (defaults to the studio's card). */
  image?: string;
  imageAlt?: string;
  type?: "website" | "article" | "profile";
  jsonLd?: Record<string, unknown> | Record<string, unknown>[];
}

/** The route id of the public layout, whose loader provides the site URL. */
export const SITE_LAYOUT_ROUTE_ID = "routes/site/layout";

export interface PublicSiteConfig {
  siteUrl: string;
  bookingUrl: string;
  gaMeasurementId: string | null;
}

type MatchLike = { id: string; loaderData?: unknown } | undefined;

export function siteConfigFrom(matches: readonly MatchLike[]): PublicSiteConfig | undefined {
  const match = matches.find((m) => m?.id === SITE_LAYOUT_ROUTE_ID);
  return (match?.loaderData as PublicSiteConfig | undefined) ?? undefined;
}

export function absoluteUrl(siteUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//.test(pathOrUrl)) return pathOrUrl;
  return `${siteUrl.replace(/\/+$/, "")}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

export function seoMeta(siteUrl: string, seo: PageSeo & { path: string }): MetaDescriptor[] {
  const url = absoluteUrl(siteUrl, seo.path);
  const image = absoluteUrl(siteUrl, seo.image ?? SOCIAL_IMAGE.path);
  const meta: MetaDescriptor[] = [
    { title: seo.title },
    { name: "description", content: seo.description },
    { name: "robots", content: seo.noindex ? "noindex,nofollow" : "index,follow" },
    { property: "og:site_name", content: studio.name },
    { property: "og:type", content: seo.type ?? "website" },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: seo.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:alt", content: seo.imageAlt ?? SOCIAL_IMAGE.alt },
    { property: "og:locale", content: "en_US" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: seo.title },
    { name: "twitter:description", content: seo.description },
    { name: "twitter:image", content: image },
  ];
  if (!seo.image) {
    meta.push(
      { property: "og:image:width", content: String(SOCIAL_IMAGE.width) },
      { property: "og:image:height", content: String(SOCIAL_IMAGE.height) },
    );
  }
  // A no-index page is not the canonical anything.
  if (!seo.noindex) meta.push({ tagName: "link", rel: "canonical", href: url });
  const jsonLd = seo.jsonLd ? (Array.isArray(seo.jsonLd) ? seo.jsonLd : [seo.jsonLd]) : [];
  for (const data of jsonLd) meta.push({ "script:ld+json": data });
  return meta;
}

/** For a route's `meta` export: reads the site URL from the public layout's data. */
export function pageMeta(
  args: { matches: readonly MatchLike[]; location: { pathname: string } },
  seo: PageSeo,
): MetaDescriptor[] {
  const siteUrl = siteConfigFrom(args.matches)?.siteUrl ?? "";
  return seoMeta(siteUrl, { ...seo, path: seo.path ?? args.location.pathname });
}

/** The studio's logo (512 px PNG): the Organization's logo wherever structured data names it. */
export const STUDIO_LOGO_PATH = "/logo.png";

const organizationId = (siteUrl: string) => `${absoluteUrl(siteUrl, "/")}#organization`;

/** schema.org Organization for the home page. */
export function organizationJsonLd(siteUrl: string): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    "@id": organizationId(siteUrl),
    name: studio.name,
    legalName: studio.legalName,
    url: absoluteUrl(siteUrl, "/"),
    logo: absoluteUrl(siteUrl, STUDIO_LOGO_PATH),
    email: studio.email,
    foundingDate: String(studio.founded),
    slogan: studio.tagline,
    address: {
      "@type": "PostalAddress",
      addressLocality: studio.city,
      addressRegion: studio.region,
      addressCountry: studio.country,
    },
    sameAs: Object.values(studio.socials),
  };
}

/** The studio as the publisher or maker of a page's work: the home page's Organization. */
export function studioOrganization(siteUrl: string): Record<string, unknown> {
  return {
    "@type": "Organization",
    "@id": organizationId(siteUrl),
    name: studio.name,
    url: absoluteUrl(siteUrl, "/"),
    logo: { "@type": "ImageObject", url: absoluteUrl(siteUrl, STUDIO_LOGO_PATH) },
  };
}

/** schema.org BreadcrumbList: the trail from the home page to this page, each with its URL. */
export function breadcrumbJsonLd(
  siteUrl: string,
  trail: readonly { name: string; path: string }[],
): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(siteUrl, crumb.path),
    })),
  };
}

/**
 * schema.org JobPosting of an open position (Google's job-posting rules): its dates, pay range
 * and id come from the copy; applications are taken on the page itself (`directApply`).
 */
export function jobPostingJsonLd(position: OpenPosition, siteUrl: string): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "JobPosting",
    title: position.title,
    description: `${position.description} ${position.requirements.join(". ")}.`,
    identifier: { "@type": "PropertyValue", name: studio.name, value: position.id },
    datePosted: position.datePosted,
    validThrough: position.validThrough,
    // "Full-Time" → FULL_TIME, "Part-Time" → PART_TIME (Google's employment types).
    employmentType: position.type.toUpperCase().replace("-", "_"),
    directApply: true,
    hiringOrganization: {
      "@type": "Organization",
      name: studio.name,
      sameAs: absoluteUrl(siteUrl, "/"),
      logo: absoluteUrl(siteUrl, STUDIO_LOGO_PATH),
    },
    jobLocation: {
      "@type": "Place",
      address: {
        "@type": "PostalAddress",
        addressLocality: studio.city,
        addressRegion: studio.region,
        addressCountry: studio.country,
      },
    },
    ...(position.location.startsWith("Remote")
      ? {
          jobLocationType: "TELECOMMUTE",
          applicantLocationRequirements: { "@type": "Country", name: "US" },
        }
      : {}),
    baseSalary: {
      "@type": "MonetaryAmount",
      currency: position.salary.currency,
      value: {
        "@type": "QuantitativeValue",
        minValue: position.salary.min,
        maxValue: position.salary.max,
        unitText: position.salary.unit,
      },
    },
  };
}
