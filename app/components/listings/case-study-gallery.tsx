import { type ReactNode, useState } from "react";
import { ContentImage } from "~/components/listings/image";
import { VideoPlayer } from "~/components/listings/video-player";
import { LazyLightbox, preloadLightbox } from "~/components/ui/lazy-lightbox";
import { LazyMediaPlayer } from "~/components/video/lazy-media-player";
import { galleryItems } from "~/entities/case-study/gallery";
import type { CaseStudyDetail, GalleryEntry, MediaItem } from "~/entities/case-study/view";

/**
 * The media gallery of a case study, in the layout the admin chose (`gallery_layout`):
 * - grid: an even grid of stills and videos;
 * - music-videos: the first video large, the others as a reel of titled videos;
 * - curated: an editorial layout, the first piece large beside the others.
 * Without media it falls back to the cover image (galleryItems).
 */
export function CaseStudyGallery({ study }: { study: CaseStudyDetail }) {
  const items = galleryItems(study);
  const images = items.filter((item) => item.type === "image");
  const [open, setOpen] = useState<number | null>(null);
  if (items.length === 0) return null;

  const render = (item: GalleryEntry, large: boolean) =>
    item.video ? (
      <LazyMediaPlayer video={item.video} label={item.title ?? study.title} />
    ) : item.type === "video" ? (
      <VideoPlayer src={item.url} poster={item.thumbnail_url} title={item.title ?? study.title} />
    ) : (
      <GalleryImage
        item={item}
        large={large}
        onOpen={() => setOpen(images.indexOf(item))}
        fallbackAlt={study.title}
      />
    );

  let body: ReactNode;
  if (study.galleryLayout === "music-videos") {
    const [lead, ...rest] = items;
    body = (
      <div className="space-y-6" data-layout="music-videos">
        {lead ? <MediaFigure item={lead}>{render(lead, true)}</MediaFigure> : null}
        {rest.length > 0 ? (
          <ul className="grid gap-6 sm:grid-cols-2">
            {rest.map((item) => (
              <li key={`${item.media_id ?? item.url}-${item.title}`}>
                <MediaFigure item={item}>{render(item, false)}</MediaFigure>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    );
  } else if (study.galleryLayout === "curated") {
    body = (
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-layout="curated">
        {items.map((item, index) => (
          <li
            key={`${item.media_id ?? item.url}-${item.title}`}
            className={index === 0 ? "sm:col-span-2 lg:row-span-2" : ""}
          >
            <MediaFigure item={item}>{render(item, index === 0)}</MediaFigure>
          </li>
        ))}
      </ul>
    );
  } else {
    body = (
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-layout="grid">
        {items.map((item) => (
          <li key={`${item.media_id ?? item.url}-${item.title}`}>
            <MediaFigure item={item}>{render(item, false)}</MediaFigure>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      {body}
      <LazyLightbox
        label={`${study.title}: gallery`}
        images={images.map((item) => ({
          src: item.url,
          alt: item.title ?? study.title,
          title: item.title,
        }))}
        index={open}
        onIndexChange={setOpen}
      />
    </>
  );
}

function MediaFigure({ item, children }: { item: MediaItem; children: ReactNode }) {
  return (
    <figure className="h-full">
      {children}
      {item.title ? (
        <figcaption className="mt-3 text-sm text-ink-muted">{item.title}</figcaption>
      ) : null}
    </figure>
  );
}

function GalleryImage({
  item,
  large,
  onOpen,
  fallbackAlt,
}: {
  item: MediaItem;
  large: boolean;
  onOpen: () => void;
  fallbackAlt: string;
}) {
  return (
    <a
      href={item.url}
      onClick={(event) => {
        event.preventDefault();
        onOpen();
      }}
      onPointerEnter={preloadLightbox}
      onFocus={preloadLightbox}
      aria-label={`Enlarge image: ${item.title ?? fallbackAlt}`}
      className={`group block overflow-hidden rounded-card border border-line bg-surface-raised ${large ? "lg:h-[calc(100%-2rem)]" : ""}`}
    >
      <ContentImage
        src={item.url}
        alt=""
        width={1600}
        height={900}
        sizes={large ? "(min-width: 1024px) 800px, 100vw" : "(min-width: 1024px) 400px, 50vw"}
        className="aspect-video size-full cursor-zoom-in object-cover transition-transform duration-700 ease-out-expo group-hover:scale-[1.03]"
      />
    </a>
  );
}
