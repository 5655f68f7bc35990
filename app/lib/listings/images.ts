/**
 * Responsive image variants (decision 0034). Raster images (uploads, or raster files under
 * /media) are served by the /img route as AVIF and WebP at a few widths; vector images (the demo
 * placeholders are small SVGs) are already resolution-independent and are served as they are.
 */

export const VARIANT_WIDTHS = [480, 800, 1200, 1600] as const;
export const VARIANT_FORMATS = ["avif", "webp", "jpeg"] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

/** Where variant sources may come from: our public files and the public image bucket. */
const SOURCE = /^\/(?:media\/[\w./-]+|files\/portfolio-images\/[\w./-]+)$/;
const RASTER = /\.(?:jpe?g|png|webp|avif|gif)$/i;

export function isVariantSource(src: string): boolean {
  return SOURCE.test(src) && !src.includes("..") && !src.includes("//");
}

/** True when the page should offer AVIF/WebP variants of this image. */
export function hasVariants(src: string): boolean {
  return isVariantSource(src) && RASTER.test(src);
}

/** The URL of one variant: /img/{format}/{width}/{source path without the leading slash}. */
export function variantUrl(src: string, width: number, format: VariantFormat): string {
  return `/img/${format}/${width}${src}`;
}

export function variantSrcSet(src: string, format: VariantFormat): string {
  return VARIANT_WIDTHS.map((width) => `${variantUrl(src, width, format)} ${width}w`).join(", ");
}

/**
 * The Open Graph image of a page: an absolute URL. Social networks do not read SVG or AVIF, so
 * our own images are offered as a 1200-wide JPEG variant; others are used as they are.
 */
export function openGraphImage(src: string | null | undefined, siteUrl: string): string | null {
  if (!src) return null;
  if (/^https?:\/\//i.test(src)) return src;
  if (!src.startsWith("/")) return null;
  return `${siteUrl}${isVariantSource(src) ? variantUrl(src, 1200, "jpeg") : src}`;
}
