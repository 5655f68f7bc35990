import { getRuntimeFrom } from "@server/context";
import { metaFor, pagePath } from "@server/route-kit/page-meta";
import { portfolioShowcase } from "@server/route-kit/public-content";
import { data, Link } from "react-router";
import { PortfolioCard } from "~/components/listings/portfolio-card";
import { ContactActions, ContactCtaBand } from "~/components/site/sections/cta-band";
import { PageHero } from "~/components/site/sections/page-hero";
import { Stats } from "~/components/site/sections/stats";
import { ArrowRight, CheckIcon } from "~/components/ui/icons";
import { Container, Section, SectionHeading, SectionHeadingWithLink } from "~/components/ui/layout";
import { PORTFOLIO_CARD_COPY } from "~/copy/content-pages";
import { findServicePage, SHOWCASE_LIMIT, SHOWCASE_LINK } from "~/copy/service-pages";
import { loaderMeta } from "~/lib/loader-meta";
import type { Route } from "./+types/service";

/**
 * One module for the six service pages (routes.ts registers each path with its own id): the
 * copy comes from app/copy/service-pages/, the showcase from the portfolio (limit 6).
 */

export async function loader({ request, context }: Route.LoaderArgs) {
  const service = findServicePage(pagePath(request).split("/").pop() ?? "");
  if (!service) throw data(null, { status: 404 });
  const showcase = service.showcase
    ? await portfolioShowcase(getRuntimeFrom(context).database.db, {
        serviceType: service.showcase.serviceType,
        featuredOnly: service.showcase.featuredOnly,
        limit: SHOWCASE_LIMIT,
      })
    : [];
  return {
    meta: metaFor(request, context, service.seo),
    service,
    showcaseLink: SHOWCASE_LINK,
    showcase,
    cardCopy: PORTFOLIO_CARD_COPY,
  };
}

export const meta = loaderMeta;

export default function ServicePage({ loaderData }: Route.ComponentProps) {
  const { service } = loaderData;
  const { highlights, stats, platforms, results, weddingPromo, showcase, cta } = service;
  return (
    <main id="main">
      <PageHero eyebrow={service.eyebrow} title={service.headline} intro={service.intro}>
        <ContactActions cta={cta} secondaryTo="/case-studies" />
      </PageHero>

      <Section aria-labelledby="highlights-heading" className="pt-8 md:pt-12">
        <Container>
          <SectionHeading
            id="highlights-heading"
            title={highlights.heading}
            intro={highlights.intro}
          />
          <ol
            className={`mt-12 grid gap-px overflow-hidden rounded-card border border-line bg-line sm:grid-cols-2 ${
              highlights.items.length % 3 === 0 ? "lg:grid-cols-3" : "lg:grid-cols-4"
            }`}
          >
            {highlights.items.map((item, i) => (
              <li key={item.title} className="flex flex-col gap-4 bg-surface p-7 md:p-8">
                <span className="font-display text-sm text-accent">
                  {String(i + 1).padStart(2, "0")}
                </span>
                <h3 className="font-display text-2xl font-semibold tracking-tight">{item.title}</h3>
                <p className="text-ink-muted">{item.body}</p>
              </li>
            ))}
          </ol>
        </Container>
      </Section>

      {stats ? (
        <Section aria-labelledby="stats-heading" className="pt-0 md:pt-0">
          <Container>
            <SectionHeading id="stats-heading" title={stats.heading} />
            <Stats items={stats.items} className="mt-10" />
          </Container>
        </Section>
      ) : null}

      {platforms ? (
        <Section aria-labelledby="platforms-heading" className="pt-0 md:pt-0">
          <Container>
            <SectionHeading
              id="platforms-heading"
              title={platforms.heading}
              intro={platforms.intro}
            />
            <div className="mt-12 grid gap-4 md:grid-cols-2">
              {platforms.groups.map((group) => (
                <div key={group.title} className="card p-7 md:p-8">
                  <h3 className="text-xs font-medium uppercase tracking-[0.22em] text-ink-muted">
                    {group.title}
                  </h3>
                  <ul className="mt-6 grid gap-3 sm:grid-cols-2">
                    {group.items.map((name) => (
                      <li key={name} className="flex items-start gap-3 text-ink">
                        <CheckIcon className="mt-0.5 size-5 shrink-0 text-accent" />
                        {name}
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </div>
          </Container>
        </Section>
      ) : null}

      {results ? (
        <Section aria-labelledby="results-heading" className="pt-0 md:pt-0">
          <Container>
            <SectionHeading id="results-heading" title={results.heading} intro={results.intro} />
            <Stats items={results.items} className="mt-10" />
          </Container>
        </Section>
      ) : null}

      {weddingPromo ? (
        <Section aria-labelledby="weddings-promo-heading" className="pt-0 md:pt-0">
          <Container>
            <div className="stage relative isolate flex flex-col gap-6 overflow-hidden rounded-card border border-line bg-[linear-gradient(120deg,#1f1410,#141416_60%)] p-8 md:flex-row md:items-end md:justify-between md:p-12">
              <div className="max-w-2xl">
                <h2
                  id="weddings-promo-heading"
                  className="font-display text-3xl font-semibold tracking-tight md:text-5xl"
                >
                  {weddingPromo.heading}
                </h2>
                <p className="mt-4 text-lg text-ink-muted">{weddingPromo.body}</p>
              </div>
              <Link
                to="/weddings"
                prefetch="intent"
                className="inline-flex items-center gap-2 font-medium text-accent hover:text-accent-strong"
              >
                {weddingPromo.link} <ArrowRight className="size-4" />
              </Link>
            </div>
          </Container>
        </Section>
      ) : null}

      {showcase ? (
        <Section aria-labelledby="showcase-heading" className="pt-0 md:pt-0">
          <Container>
            <SectionHeadingWithLink
              id="showcase-heading"
              copy={showcase}
              to="/portfolio"
              linkText={loaderData.showcaseLink}
            />
            {loaderData.showcase.length > 0 ? (
              <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {loaderData.showcase.map((item) => (
                  <PortfolioCard key={item.id} item={item} copy={loaderData.cardCopy} />
                ))}
              </ul>
            ) : (
              <p className="mt-12 rounded-card border border-dashed border-line p-10 text-center text-ink-muted">
                {showcase.empty}
              </p>
            )}
          </Container>
        </Section>
      ) : null}

      <ContactCtaBand cta={cta} secondaryTo="/case-studies" />
    </main>
  );
}
