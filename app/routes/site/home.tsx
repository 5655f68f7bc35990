import { getRuntimeFrom } from "@server/context";
import { homeReelVideo } from "@server/media/home-reel";
import { metaFor, siteUrlOf } from "@server/route-kit/page-meta";
import { caseStudiesForGrid, testimonialsForGrid } from "@server/route-kit/public-content";
import { StaticHtml } from "~/components/document/static-html";
import { CaseStudyCard } from "~/components/listings/case-study-card";
import { BookingTrigger } from "~/components/site/booking/booking";
import { CtaBand } from "~/components/site/sections/cta-band";
import { Glow } from "~/components/site/sections/page-hero";
import { Reel } from "~/components/site/sections/reel";
import { ServiceCard } from "~/components/site/sections/service-card";
import { Stats } from "~/components/site/sections/stats";
import { TestimonialCard } from "~/components/site/sections/testimonial-card";
import { ButtonLink, buttonClasses } from "~/components/ui/button";
import { PlayIcon } from "~/components/ui/icons";
import {
  Container,
  Eyebrow,
  Section,
  SectionHeading,
  SectionHeadingWithLink,
} from "~/components/ui/layout";
import { LazyMediaPlayer } from "~/components/video/lazy-media-player";
import { HOME, HOME_GRID_LIMIT } from "~/copy/home";
import { SEO } from "~/copy/seo";
import { SERVICES } from "~/copy/services";
import { loaderMeta } from "~/lib/loader-meta";
import { organizationJsonLd } from "~/lib/seo";
import type { Route } from "./+types/home";

// The copy travels as loader data, not in the page's JavaScript (docs/decisions/0011).
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getRuntimeFrom(context).database;
  const [testimonials, caseStudies, reelVideo] = await Promise.all([
    testimonialsForGrid(db, HOME_GRID_LIMIT),
    caseStudiesForGrid(db, HOME_GRID_LIMIT),
    // A Media library video chosen as the reel (decision 0510); the file in public/ otherwise.
    homeReelVideo(db),
  ]);
  return {
    meta: metaFor(request, context, {
      ...SEO.home,
      path: "/",
      jsonLd: organizationJsonLd(siteUrlOf(context)),
    }),
    content: HOME,
    services: SERVICES,
    testimonials,
    caseStudies,
    reelVideo,
  };
}

export const meta = loaderMeta;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { hero, services, stats, clients, reel, testimonials, caseStudies, cta } =
    loaderData.content;
  return (
    <main id="main">
      {/* Hero */}
      <section className="stage relative overflow-hidden">
        <Glow className="-top-1/4 right-[-35%] w-[90rem] opacity-90" />
        <div aria-hidden="true" className="fade-bottom" />
        <Container className="relative flex min-h-[calc(100svh-4rem)] flex-col justify-end pt-24 pb-16 md:min-h-[calc(100svh-4.5rem)] md:pb-24">
          <Eyebrow>{hero.eyebrow}</Eyebrow>
          <h1 className="mt-6 max-w-6xl font-display text-hero font-semibold">
            {hero.headline} <span className="text-accent">{hero.headlineAccent}</span>
          </h1>
          <div className="mt-10 grid gap-8 md:mt-14 md:grid-cols-[1fr_auto] md:items-end">
            <p className="max-w-xl text-lg leading-relaxed text-ink-muted md:text-xl">
              {hero.intro}
            </p>
            <div className="flex flex-wrap gap-3">
              <BookingTrigger source="hero" className={buttonClasses({ size: "lg" })}>
                {hero.primary}
              </BookingTrigger>
              <ButtonLink to="/case-studies" variant="secondary" size="lg" prefetch="intent">
                {hero.secondary}
              </ButtonLink>
            </div>
          </div>
        </Container>
      </section>

      {/* Services */}
      <Section aria-labelledby="services-heading">
        <StaticHtml>
          <Container>
            <SectionHeadingWithLink
              id="services-heading"
              copy={services}
              to="/services"
              linkText={services.all}
            />
            <ul className="mt-14 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {loaderData.services.map((service) => (
                <ServiceCard key={service.slug} service={service} />
              ))}
            </ul>
          </Container>
        </StaticHtml>
      </Section>

      {/* Stats */}
      <Section aria-labelledby="stats-heading" className="pt-0 md:pt-0">
        <StaticHtml>
          <Container>
            <SectionHeading id="stats-heading" eyebrow={stats.eyebrow} title={stats.heading} />
            <Stats items={stats.items} className="mt-12" />
          </Container>
        </StaticHtml>
      </Section>

      {/* Clients */}
      <section
        aria-labelledby="clients-heading"
        className="border-y border-line bg-surface py-16 md:py-20"
      >
        <StaticHtml>
          <Container>
            <h2
              id="clients-heading"
              className="text-center text-xs font-medium uppercase tracking-[0.22em] text-ink-muted"
            >
              {clients.heading}
            </h2>
            <ul className="mx-auto mt-10 flex max-w-5xl flex-wrap justify-center gap-x-10 gap-y-5 md:gap-x-14">
              {clients.names.map((name) => (
                <li
                  key={name}
                  className="font-display text-xl font-semibold tracking-tight text-ink/70 md:text-2xl"
                >
                  {name}
                </li>
              ))}
            </ul>
          </Container>
        </StaticHtml>
      </section>

      {/* Reel */}
      <Section aria-labelledby="reel-heading">
        <Container>
          <div className="grid gap-10 md:grid-cols-[1fr_2fr] md:items-end">
            <SectionHeading id="reel-heading" eyebrow={reel.eyebrow} title={reel.heading} />
            <p className="max-w-xl text-lg text-ink-muted md:justify-self-end">
              <PlayIcon className="mr-2 inline size-4 text-accent" fill="currentColor" />
              {reel.intro}
            </p>
          </div>
          <div className="mt-12 overflow-hidden rounded-card border border-line bg-black">
            {loaderData.reelVideo ? (
              <LazyMediaPlayer video={loaderData.reelVideo} label={reel.caption} />
            ) : (
              <Reel label={reel.caption} className="block aspect-video h-auto w-full" />
            )}
          </div>
        </Container>
      </Section>

      {/* Testimonials */}
      <Section aria-labelledby="testimonials-heading" className="pt-0 md:pt-0">
        <StaticHtml>
          <Container>
            <SectionHeading
              id="testimonials-heading"
              eyebrow={testimonials.eyebrow}
              title={testimonials.heading}
            />
            <ul className="mt-12 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
              {loaderData.testimonials.map((testimonial) => (
                <TestimonialCard key={testimonial.id} testimonial={testimonial} />
              ))}
            </ul>
          </Container>
        </StaticHtml>
      </Section>

      {/* Case studies */}
      <Section aria-labelledby="work-heading" className="pt-0 md:pt-0">
        <Container>
          <SectionHeadingWithLink
            id="work-heading"
            copy={caseStudies}
            to="/case-studies"
            linkText={caseStudies.viewAll}
          />
          <ul className="mt-12 grid gap-4 md:grid-cols-2">
            {loaderData.caseStudies.map((study, i) => (
              <CaseStudyCard
                key={study.id}
                study={study}
                wide={i === 0 && loaderData.caseStudies.length % 2 === 1}
              />
            ))}
          </ul>
        </Container>
      </Section>

      <CtaBand heading={cta.heading} body={cta.body}>
        <BookingTrigger source="cta" className={buttonClasses({ size: "lg" })}>
          {cta.primary}
        </BookingTrigger>
        <ButtonLink to="/contact" variant="secondary" size="lg">
          {cta.secondary}
        </ButtonLink>
      </CtaBand>
    </main>
  );
}
