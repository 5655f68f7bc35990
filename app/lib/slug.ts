/**
 * The one slug rule (blog posts, case studies; decisions 0091, 0102, 0190). Browser-safe: the
 * editors' slug follows the title with it, and the server makes a missing slug with it.
 */

export const MAX_SLUG_LENGTH = 80;

/** Allowed: `a-z`, `0-9`, single hyphens between them. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The slug a title makes: accents folded, lowercase, `&` read as "and", runs of anything else one
 * hyphen, at most 80 characters ("Café & Co." → "cafe-and-co").
 */
export function slugify(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/g, "");
}
