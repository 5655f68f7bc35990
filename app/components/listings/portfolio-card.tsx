import { COVER_ZOOM, useCardCover } from "~/components/listings/image";
import { PathIcon, Tag } from "~/components/listings/ui";
import { ExternalLinkIcon, PlayIcon, StarIcon } from "~/components/ui/icons";
import { preloadLightbox } from "~/components/ui/lazy-lightbox";
import { LazyMediaPlayer } from "~/components/video/lazy-media-player";
import type { PORTFOLIO_CARD_COPY } from "~/copy/content-pages";
import { CARD_TAGS, type PortfolioCardView } from "~/entities/portfolio-item/list";

/** Lucide's calendar. */
const CALENDAR_ICON =
  "M5 4h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Zm11-2v4M8 2v4m-5 4h18";

const actionLink =
  "relative inline-flex items-center gap-1.5 text-sm font-semibold text-ink transition-colors hover:text-accent";

/**
 * The one portfolio card (/portfolio, the service pages' showcases), as SPEC section 2 lists it:
 * image, featured badge, title, client, description, completion date, up to three tags, View
 * Project and Watch Video. A list item: the lists it goes in are <ul>s.
 */
export function PortfolioCard({
  item,
  copy,
  priority = false,
  onOpenImage,
}: {
  item: PortfolioCardView;
  /** The words, from the loader (decision 0011). */
  copy: typeof PORTFOLIO_CARD_COPY;
  priority?: boolean;
  /** Opens the lightbox; without JavaScript the image link opens the image itself. */
  onOpenImage?: () => void;
}) {
  // A Media library video plays in the card itself; a Video URL is a link.
  const watchUrl = item.video ? null : item.videoUrl;
  const picture = useCardCover(item.imageUrl, {
    sizes: "(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw",
    priority,
    hover: onOpenImage ? `cursor-zoom-in ${COVER_ZOOM}` : "",
  });
  return (
    <li className="flex">
      <article className="card flex w-full flex-col overflow-hidden">
        <div className="relative aspect-[16/9] overflow-hidden bg-surface-raised">
          {item.video ? (
            <LazyMediaPlayer video={item.video} label={item.title} className="size-full" />
          ) : picture && onOpenImage ? (
            <a
              href={item.imageUrl ?? undefined}
              onClick={(event) => {
                event.preventDefault();
                onOpenImage();
              }}
              onPointerEnter={preloadLightbox}
              onFocus={preloadLightbox}
              aria-label={`Enlarge image: ${item.title}`}
              className="group block size-full"
            >
              {picture}
            </a>
          ) : (
            picture
          )}
          {item.isFeatured ? (
            <span className="pointer-events-none absolute left-4 top-4 inline-flex items-center gap-1 rounded-full bg-accent px-3 py-1 text-xs font-semibold text-accent-ink">
              <StarIcon className="size-3" />
              {copy.featured}
            </span>
          ) : null}
        </div>
        <div className="flex flex-1 flex-col p-6">
          <p className="text-xs font-semibold uppercase tracking-[0.2em] text-ink-faint">
            {item.serviceLabel}
          </p>
          <h3 className="mt-3 font-display text-2xl font-bold tracking-tight">{item.title}</h3>
          {item.clientName ? (
            <p className="mt-1 text-sm text-ink-muted">{item.clientName}</p>
          ) : null}
          {item.description ? (
            <p className="mt-3 text-ink-muted line-clamp-3">{item.description}</p>
          ) : null}
          {item.completionDate && item.completedLabel ? (
            <p className="mt-4 flex items-center gap-2 text-sm text-ink-faint">
              <PathIcon d={CALENDAR_ICON} />
              <span>
                {copy.completed} <time dateTime={item.completionDate}>{item.completedLabel}</time>
              </span>
            </p>
          ) : null}
          {item.tags.length > 0 ? (
            <ul className="mt-4 flex flex-wrap gap-2" aria-label="Tags">
              {item.tags.slice(0, CARD_TAGS).map((tag) => (
                <li key={tag}>
                  <Tag>{tag}</Tag>
                </li>
              ))}
            </ul>
          ) : null}
          {item.projectUrl || watchUrl ? (
            <div className="mt-auto flex flex-wrap gap-5 pt-6">
              {item.projectUrl ? (
                <a
                  href={item.projectUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={actionLink}
                >
                  <ExternalLinkIcon className="size-4" />
                  {copy.viewProject}
                  <span className="sr-only">: {item.title} (opens in a new tab)</span>
                </a>
              ) : null}
              {watchUrl ? (
                <a href={watchUrl} className={actionLink}>
                  <PlayIcon className="size-4" />
                  {copy.watchVideo}
                  <span className="sr-only">: {item.title}</span>
                </a>
              ) : null}
            </div>
          ) : null}
        </div>
      </article>
    </li>
  );
}
