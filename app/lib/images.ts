/**
 * Responsive images for the demo media. scripts/generate-media.mjs renders every image under
 * public/media into WebP renditions next to it (`<name>-<width>.webp`); these rules map such a
 * URL (as stored in the database, e.g. /media/case-studies/x.svg) to a srcset with its intrinsic
 * size. Any other URL (an admin upload) is used as is. tests/unit/images.test.ts checks that the
 * files exist for every image the rules match.
 */

export interface ResponsiveImage {
  src: string;
  srcSet?: string;
  width?: number;
  height?: number;
}

interface Rendition {
  pattern: RegExp;
  width: number;
  height: number;
  /** Rendition widths, ascending. */
  widths: number[];
}

export const RENDITIONS: readonly Rendition[] = [
  {
    pattern: /^\/media\/(case-studies|gallery|portfolio|blog)\/[a-z0-9-]+\.svg$/,
    width: 1600,
    height: 900,
    widths: [640, 1024, 1600],
  },
  { pattern: /^\/media\/team\/[a-z0-9-]+\.svg$/, width: 800, height: 1000, widths: [400, 800] },
  {
    pattern: /^\/media\/weddings\/wedding-\d\d\.webp$/,
    width: 960,
    height: 1200,
    widths: [480, 960],
  },
  {
    pattern: /^\/media\/weddings\/wedding-hero\.webp$/,
    width: 1600,
    height: 900,
    widths: [640, 1024, 1600],
  },
  { pattern: /^\/media\/reel-poster\.webp$/, width: 1280, height: 720, widths: [640, 1280] },
];

function renditionOf(url: string): Rendition | undefined {
  return RENDITIONS.find((r) => r.pattern.test(url));
}

const baseOf = (url: string) => url.replace(/\.[a-z0-9]+$/i, "");

export function responsiveImage(url: string): ResponsiveImage {
  const rendition = renditionOf(url);
  if (!rendition) return { src: url };
  const base = baseOf(url);
  const { widths } = rendition;
  const middle = widths[Math.floor((widths.length - 1) / 2)] ?? widths[0];
  return {
    src: `${base}-${middle}.webp`,
    srcSet: widths.map((w) => `${base}-${w}.webp ${w}w`).join(", "),
    width: rendition.width,
    height: rendition.height,
  };
}

/** The largest rendition (lightbox, social cards), or the original. */
export function largestImage(url: string): string {
  const rendition = renditionOf(url);
  return rendition ? `${baseOf(url)}-${rendition.widths.at(-1)}.webp` : url;
}
