import { ExternalLinkIcon, PlayIcon } from "~/components/ui/icons";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import type { PortfolioCardData } from "~/lib/cards";

/** A portfolio item in a service page's showcase. */
export function PortfolioCard({ item }: { item: PortfolioCardData }) {
  return (
    <li className="flex flex-col overflow-hidden card">
      <div className="relative aspect-[16/10] overflow-hidden bg-surface-raised">
        {item.imageUrl ? (
          <ResponsiveImage
            src={item.imageUrl}
            alt=""
            sizes="(min-width: 1024px) 30vw, (min-width: 640px) 50vw, 100vw"
            className="h-full w-full object-cover"
          />
        ) : null}
        {item.isFeatured ? (
          <span className="absolute top-4 left-4 rounded-full bg-canvas/85 px-3 py-1 text-xs font-medium text-ink">
            Featured
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-6">
        {item.clientName ? <p className="kicker">{item.clientName}</p> : null}
        <h3 className="font-display text-xl font-semibold tracking-tight">{item.title}</h3>
        {item.description ? (
          <p className="text-sm leading-relaxed text-ink-muted">{item.description}</p>
        ) : null}
        {item.tags.length > 0 ? (
          <ul className="mt-1 flex flex-wrap gap-2" aria-label="Tags">
            {item.tags.map((tag) => (
              <li
                key={tag}
                className="rounded-full border border-line px-2.5 py-0.5 text-xs text-ink-muted"
              >
                {tag}
              </li>
            ))}
          </ul>
        ) : null}
        {item.projectUrl || item.videoUrl ? (
          <div className="mt-auto flex flex-wrap gap-4 pt-3 text-sm font-medium">
            {item.projectUrl ? (
              <a
                href={item.projectUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1.5 text-ink hover:text-accent"
              >
                <ExternalLinkIcon className="size-4" /> View Project
                <span className="sr-only">: {item.title}</span>
              </a>
            ) : null}
            {item.videoUrl ? (
              <a
                href={item.videoUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1.5 text-ink hover:text-accent"
              >
                <PlayIcon className="size-4" /> Watch Video
                <span className="sr-only">: {item.title}</span>
              </a>
            ) : null}
          </div>
        ) : null}
      </div>
    </li>
  );
}
