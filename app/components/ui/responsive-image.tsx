import type { ComponentProps } from "react";
import { responsiveImage } from "~/lib/images";

/**
 * An <img> with a srcset of our WebP renditions (when the URL has them), intrinsic width and
 * height (no layout shift) and lazy loading unless it is above the fold (`priority`).
 */
export function ResponsiveImage({
  src,
  alt,
  sizes = "100vw",
  priority = false,
  width,
  height,
  ...props
}: Omit<ComponentProps<"img">, "src" | "srcSet"> & {
  src: string;
  alt: string;
  priority?: boolean;
}) {
  const image = responsiveImage(src);
  return (
    <img
      src={image.src}
      srcSet={image.srcSet}
      sizes={image.srcSet ? sizes : undefined}
      width={width ?? image.width}
      height={height ?? image.height}
      alt={alt}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "auto" : "async"}
      fetchPriority={priority ? "high" : undefined}
      {...props}
    />
  );
}
