import { optionalImageUrl } from "~/lib/forms/admin-fields";
import { optionalText } from "~/lib/forms/common";

/**
 * A page's own search and social head (issue #31 item 6, decision 0371): the fields of the
 * editors' "Search and social" fieldset, each optional (empty: the page's own value serves).
 * Browser-safe.
 */

/** Where search engines cut a result's title and description (characters, roughly). */
export const SEO_CUT = { title: 60, description: 160 } as const;

/** Zod fields for an editor's schema (spread into its object). */
export const SEO_FIELDS = {
  metaTitle: optionalText(200),
  metaDescription: optionalText(500),
  socialImageUrl: optionalImageUrl(),
};

export const SEO_FIELD_NAMES = ["metaTitle", "metaDescription", "socialImageUrl"] as const;
export type SeoFieldName = (typeof SEO_FIELD_NAMES)[number];
export type SeoValues = Record<SeoFieldName, string>;

export const NO_SEO_VALUES: SeoValues = { metaTitle: "", metaDescription: "", socialImageUrl: "" };

/** The form values of a stored row's SEO columns. */
export function seoValuesOf(row: {
  metaTitle: string | null;
  metaDescription: string | null;
  socialImageUrl: string | null;
}): SeoValues {
  return {
    metaTitle: row.metaTitle ?? "",
    metaDescription: row.metaDescription ?? "",
    socialImageUrl: row.socialImageUrl ?? "",
  };
}

/** What a page shows in search and social cards: its own values, else the page's. */
export interface PageHeadPreview {
  title: string;
  description: string;
  image: string | null;
  path: string;
}

/** The head a page gets from its own SEO values over its defaults (server and preview alike). */
export function withOwnSeo(
  defaults: PageHeadPreview,
  own: {
    metaTitle?: string | null;
    metaDescription?: string | null;
    socialImageUrl?: string | null;
  },
): PageHeadPreview {
  return {
    title: own.metaTitle?.trim() || defaults.title,
    description: own.metaDescription?.trim() || defaults.description,
    image: own.socialImageUrl?.trim() || defaults.image,
    path: defaults.path,
  };
}
