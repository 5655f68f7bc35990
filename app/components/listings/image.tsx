import type { ReactNode, Ref } from "react";
import { preload } from "react-dom";
import { useHideOnError } from "~/components/listings/list-page";
import { hasVariants, variantSrcSet } from "~/lib/listings/images";

/**
 * An image with its intrinsic size set (no layout shift), lazy unless it is above the fold, and
 * with AVIF/WebP variants when it is a raster image of ours.
 */
export function ContentImage({
  src,
  alt,
  width,
  height,
  sizes,
  priority = false,
  className,
  ref,
  onError,
}: {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** The `sizes` of the variants: how wide the image is drawn. */
  sizes: string;
  /** Above the fold: load at once, and at high priority. */
  priority?: boolean;
  className?: string;
  ref?: Ref<HTMLImageElement>;
  onError?: () => void;
}) {
  const variants = hasVariants(src);
  // The largest image above the fold: announce it in <head> so it starts before the CSS settles.
  if (priority) {
    preload(
      src,
      variants
        ? {
            as: "image",
            fetchPriority: "high",
            type: "image/avif",
            imageSrcSet: variantSrcSet(src, "avif"),
            imageSizes: sizes,
          }
        : { as: "image", fetchPriority: "high" },
    );
  }
  const img = (
    <img
      ref={ref}
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? undefined : "async"}
      fetchPriority={priority ? "high" : undefined}
      className={className}
      onError={onError}
    />
  );
  if (!variants) return img;
  return (
    <picture>
      <source type="image/avif" srcSet={variantSrcSet(src, "avif")} sizes={sizes} />
      <source type="image/webp" srcSet={variantSrcSet(src, "webp")} sizes={sizes} />
      {img}
    </picture>
  );
}

/** The hover class of a card's cover: it grows a little under the pointer. */
export const COVER_ZOOM = "group-hover:scale-[1.03]";

/**
 * A listing card's 16:9 cover (blog, case study, portfolio): decorative, as the card's heading
 * names it, and hidden once it fails to load (SPEC section 4); null when there is none to show.
 */
export function useCardCover(
  src: string | null | undefined,
  { sizes, priority, hover = COVER_ZOOM }: { sizes: string; priority: boolean; hover?: string },
): ReactNode {
  const image = useHideOnError();
  if (!src || image.failed) return null;
  return (
    <ContentImage
      ref={image.ref}
      onError={image.onError}
      src={src}
      alt=""
      width={1600}
      height={900}
      sizes={sizes}
      priority={priority}
      className={`size-full object-cover transition-transform duration-700 ease-out-expo ${hover}`}
    />
  );
}
