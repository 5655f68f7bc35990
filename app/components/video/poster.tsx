import type { PublicVideo } from "~/entities/media/view";

/**
 * A Media library video's poster, the one way a page shows it before (or instead of) the player:
 * AVIF, then WebP, then the JPEG, at the video's own size.
 */
export function VideoPoster({
  video,
  className,
  lazy = false,
}: {
  video: Pick<PublicVideo, "poster" | "width" | "height">;
  className: string;
  /** Below the fold: the browser fetches it when it comes near. */
  lazy?: boolean;
}) {
  return (
    <picture>
      <source type="image/avif" srcSet={video.poster.avif} />
      <source type="image/webp" srcSet={video.poster.webp} />
      <img
        src={video.poster.jpeg}
        alt=""
        width={video.width}
        height={video.height}
        loading={lazy ? "lazy" : undefined}
        decoding="async"
        className={className}
      />
    </picture>
  );
}
