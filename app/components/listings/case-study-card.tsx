import { Link } from "react-router";
import { useCardCover } from "~/components/listings/image";
import { ArrowUpRight } from "~/components/ui/icons";
import { type CaseStudySummary, metricLabel } from "~/entities/case-study/view";

/**
 * The one case-study card (home's grid, /case-studies): cover, client and service, title,
 * subtitle and the first visible key metrics (toCaseStudySummary, decision 0035); links to the
 * study's page. A list item: the lists it goes in are <ul>s.
 */
export function CaseStudyCard({
  study,
  viewLabel,
  priority = false,
  wide = false,
}: {
  study: CaseStudySummary;
  /** 'View case study' (the page's copy), shown at the card's foot when given. */
  viewLabel?: string;
  priority?: boolean;
  /** Span two columns with a wider cover (the lead card of an odd-sized grid). */
  wide?: boolean;
}) {
  const cover = useCardCover(study.imageUrl, {
    sizes: wide
      ? "(min-width: 1280px) 1200px, 100vw"
      : "(min-width: 1024px) 600px, (min-width: 640px) 50vw, 100vw",
    priority,
  });
  return (
    <li className={`flex ${wide ? "md:col-span-2" : ""}`}>
      <article className="card group relative flex w-full flex-col overflow-hidden transition-colors hover:border-accent/60">
        <div
          className={`overflow-hidden bg-surface-raised ${wide ? "aspect-[16/9] md:aspect-[21/9]" : "aspect-[16/9]"}`}
        >
          {cover}
        </div>
        <div className="flex flex-1 flex-col p-6">
          <p className="text-xs font-semibold uppercase tracking-[0.2em] text-ink-faint">
            {[study.clientName, study.serviceType].filter(Boolean).join(" · ")}
          </p>
          <h3 className="mt-3 font-display text-2xl font-bold tracking-tight">
            <Link
              to={`/case-studies/${encodeURIComponent(study.path)}`}
              prefetch="intent"
              className="after:absolute after:inset-0 focus-visible:outline-none after:rounded-card focus-visible:after:outline-2 focus-visible:after:outline-accent"
            >
              {study.title}
            </Link>
          </h3>
          {study.subtitle ? <p className="mt-2 text-ink-muted">{study.subtitle}</p> : null}
          {study.metrics.length > 0 ? (
            <dl className="mt-6 grid grid-cols-3 gap-3 border-t border-line pt-5">
              {study.metrics.map((metric) => (
                <div key={metric.name} className="flex min-w-0 flex-col-reverse">
                  <dt className="mt-1 text-[0.68rem] uppercase leading-snug tracking-wider text-ink-faint">
                    {metricLabel(metric.name)}
                  </dt>
                  <dd className="font-display text-xl font-bold text-ink">{metric.value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          {viewLabel ? (
            <p className="mt-auto flex items-center gap-1 pt-6 text-sm font-semibold text-accent">
              {viewLabel}
              <ArrowUpRight className="size-4 transition-transform group-hover:-translate-y-0.5 group-hover:translate-x-0.5" />
            </p>
          ) : null}
        </div>
      </article>
    </li>
  );
}
