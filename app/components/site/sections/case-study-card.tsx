import { Link } from "react-router";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import type { CaseStudyCardData } from "~/lib/cards";

/** A case study: cover, client, title, the first three key results; links to its page. */
export function CaseStudyCard({
  study,
  wide = false,
}: {
  study: CaseStudyCardData;
  /** Span two columns with a wider cover (the lead card of an odd-sized grid). */
  wide?: boolean;
}) {
  // The client is the title for most studies: then the first tag says more.
  const kicker =
    study.clientName && study.clientName !== study.title ? study.clientName : study.tags[0];
  return (
    <li
      className={`group relative flex flex-col overflow-hidden card ${wide ? "md:col-span-2" : ""}`}
    >
      <div
        className={`overflow-hidden bg-surface-raised ${wide ? "aspect-[16/10] md:aspect-[21/9]" : "aspect-[16/10]"}`}
      >
        {study.imageUrl ? (
          <ResponsiveImage
            src={study.imageUrl}
            alt=""
            sizes={
              wide
                ? "(min-width: 1280px) 1200px, 100vw"
                : "(min-width: 1280px) 600px, (min-width: 768px) 50vw, 100vw"
            }
            className="h-full w-full object-cover transition-transform duration-700 ease-out-expo group-hover:scale-[1.03]"
          />
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-5 p-6 md:p-8">
        <div>
          {kicker ? <p className="kicker">{kicker}</p> : null}
          <h3 className="mt-3 font-display text-2xl font-semibold tracking-tight">
            <Link
              to={`/case-studies/${study.slug}`}
              prefetch="intent"
              className="after:absolute after:inset-0 after:rounded-card"
            >
              {study.title}
            </Link>
          </h3>
          {study.subtitle ? <p className="mt-2 text-ink-muted">{study.subtitle}</p> : null}
        </div>
        {study.metrics.length > 0 ? (
          <dl className="mt-auto grid grid-cols-3 gap-4 border-t border-line pt-5">
            {study.metrics.map((metric) => (
              <div key={metric.label} className="flex flex-col gap-1">
                <dt className="text-[0.7rem] uppercase tracking-[0.14em] text-ink-faint">
                  {metric.label}
                </dt>
                <dd className="order-first font-display text-xl font-semibold tracking-tight md:text-2xl">
                  {metric.value}
                </dd>
              </div>
            ))}
          </dl>
        ) : null}
      </div>
    </li>
  );
}
