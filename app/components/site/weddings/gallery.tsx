import { useState } from "react";
import { LazyLightbox, preloadLightbox } from "~/components/ui/lazy-lightbox";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { largestImage } from "~/lib/images";
import { useHydrated } from "~/lib/use-hydrated";

export interface GalleryPhoto {
  src: string;
  alt: string;
}

/**
 * A photo grid that opens a lightbox (SPEC section 4: previous/next wrap around, 'n / total').
 * Without JavaScript each photo links to its full-size file.
 */
export function Gallery({
  photos,
  labels,
}: {
  photos: readonly GalleryPhoto[];
  labels: { open: string; previous: string; next: string; close: string };
}) {
  const hydrated = useHydrated();
  const [index, setIndex] = useState<number | null>(null);

  return (
    <>
      <ul className="grid grid-cols-2 gap-2 md:grid-cols-4 md:gap-3">
        {photos.map((photo, i) => {
          const image = (
            <ResponsiveImage
              src={photo.src}
              alt={photo.alt}
              sizes="(min-width: 768px) 25vw, 50vw"
              className="h-full w-full object-cover transition-transform duration-700 ease-out-expo group-hover:scale-[1.04]"
            />
          );
          const tile =
            "group block aspect-[4/5] w-full overflow-hidden rounded-xl bg-surface-raised md:rounded-2xl";
          return (
            <li key={photo.src}>
              {hydrated ? (
                <button
                  type="button"
                  className={`${tile} cursor-zoom-in`}
                  aria-label={`${labels.open} ${i + 1}: ${photo.alt}`}
                  aria-haspopup="dialog"
                  onPointerEnter={preloadLightbox}
                  onFocus={preloadLightbox}
                  onClick={() => setIndex(i)}
                >
                  {image}
                </button>
              ) : (
                <a href={largestImage(photo.src)} className={tile}>
                  {image}
                </a>
              )}
            </li>
          );
        })}
      </ul>
      <LazyLightbox
        images={photos.map((photo) => ({ ...photo, src: largestImage(photo.src) }))}
        index={index}
        onIndexChange={setIndex}
        labels={labels}
      />
    </>
  );
}
