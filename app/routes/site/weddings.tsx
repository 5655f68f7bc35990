import { metaFor } from "@server/route-kit/page-meta";
import { answerPublicForm } from "@server/route-kit/public-form-action";
import { handleWeddingPost } from "@server/route-kit/public-forms";
import type { ReactNode } from "react";
import { BookingTrigger } from "~/components/site/booking/booking";
import { Glow } from "~/components/site/sections/page-hero";
import { Gallery } from "~/components/site/weddings/gallery";
import { WeddingInquiryForm } from "~/components/site/weddings/inquiry-form";
import { TestimonialCarousel } from "~/components/site/weddings/testimonial-carousel";
import { ButtonLink, buttonClasses } from "~/components/ui/button";
import { ArrowRight } from "~/components/ui/icons";
import { Container, Eyebrow, Section, SectionHeading } from "~/components/ui/layout";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { WEDDINGS } from "~/copy/weddings";
import { loaderMeta } from "~/lib/loader-meta";
import type { Route } from "./+types/weddings";

/** The wedding inquiry (issue #5): stored with its wedding fields, the studio notified. */
export function action(args: Route.ActionArgs) {
  return answerPublicForm(handleWeddingPost, args);
}

export function loader({ request, context }: Route.LoaderArgs) {
  return {
    meta: metaFor(request, context, {
      ...WEDDINGS.seo,
      image: "/media/weddings/wedding-hero-1600.webp",
    }),
    content: WEDDINGS,
  };
}

export const meta = loaderMeta;

export default function Weddings({ loaderData }: Route.ComponentProps) {
  const { hero, services, gallery, testimonials, pricing, form } = loaderData.content;
  return (
    <main id="main">
      <section className="relative isolate overflow-hidden">
        <ResponsiveImage
          src={hero.image.src}
          alt={hero.image.alt}
          priority
          sizes="100vw"
          className="absolute inset-0 -z-20 h-full w-full object-cover"
        />
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[linear-gradient(to_top,var(--color-canvas)_4%,rgba(11,11,12,0.55)_45%,rgba(11,11,12,0.25))]"
        />
        <Container className="flex min-h-[80svh] flex-col justify-end pt-32 pb-16 md:pb-24">
          <Eyebrow className="text-ink">{hero.eyebrow}</Eyebrow>
          <h1 className="mt-6 max-w-5xl font-display text-display font-semibold">
            {hero.headline}
          </h1>
          <p className="mt-8 max-w-2xl text-lg leading-relaxed text-ink/80 md:text-xl">
            {hero.intro}
          </p>
          <div className="mt-10 flex flex-wrap gap-3">
            <a href="#inquire" className={buttonClasses({ size: "lg" })}>
              {hero.primary}
            </a>
            <BookingTrigger
              source="weddings_hero"
              className={buttonClasses({ size: "lg", variant: "secondary" })}
            >
              {hero.secondary}
            </BookingTrigger>
          </div>
        </Container>
      </section>

      <HeadedSection id="wedding-services-heading" copy={services}>
        <ol className="mt-12 grid gap-px overflow-hidden rounded-card border border-line bg-line md:grid-cols-2 lg:grid-cols-5">
          {services.items.map((item, i) => (
            <li key={item.title} className="flex flex-col gap-4 bg-surface p-7">
              <span className="font-display text-sm text-accent">
                {String(i + 1).padStart(2, "0")}
              </span>
              <h3 className="font-display text-xl font-semibold tracking-tight">{item.title}</h3>
              <p className="text-sm leading-relaxed text-ink-muted">{item.body}</p>
            </li>
          ))}
        </ol>
      </HeadedSection>

      <HeadedSection id="gallery-heading" copy={gallery} className="pt-0 md:pt-0">
        <div className="mt-12">
          <Gallery photos={gallery.photos} labels={gallery} />
        </div>
      </HeadedSection>

      <HeadedSection
        id="wedding-testimonials-heading"
        copy={testimonials}
        className="border-y border-line bg-surface"
        containerClassName="grid gap-12 md:grid-cols-[1fr_2fr]"
      >
        <TestimonialCarousel items={testimonials.items} labels={testimonials} />
      </HeadedSection>

      <Section aria-labelledby="pricing-heading">
        <Container>
          <div className="stage relative isolate overflow-hidden rounded-[2rem] border border-line bg-surface p-8 md:p-16">
            <Glow className="-top-1/2 right-[-30%]" />
            <h2
              id="pricing-heading"
              className="max-w-3xl font-display text-5xl font-semibold leading-[0.98] tracking-tightest md:text-7xl"
            >
              {pricing.heading}
            </h2>
            <p className="mt-6 max-w-2xl text-lg text-ink-muted">{pricing.body}</p>
            <div className="mt-10 flex flex-wrap items-center gap-x-8 gap-y-4">
              <BookingTrigger source="weddings" className={buttonClasses({ size: "lg" })}>
                {pricing.availability}
              </BookingTrigger>
              <ButtonLink
                to="/portfolio"
                variant="ghost"
                size="lg"
                className="px-0 hover:bg-transparent hover:text-accent"
              >
                {pricing.portfolio} <ArrowRight className="size-4" />
              </ButtonLink>
            </div>
          </div>
        </Container>
      </Section>

      <HeadedSection
        sectionId="inquire"
        id="inquire-heading"
        copy={form}
        className="scroll-mt-20 pt-0 md:pt-0"
        containerClassName="grid gap-12 md:grid-cols-[1fr_1.4fr]"
      >
        <div className="card p-6 md:p-10">
          <WeddingInquiryForm form={form} />
        </div>
      </HeadedSection>
    </main>
  );
}

/** A band of the page opened by its heading: the copy's eyebrow, heading and any intro. */
function HeadedSection({
  id,
  copy,
  sectionId,
  className,
  containerClassName,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  copy: { eyebrow: string; heading: string; intro?: string };
  /** The section's own id (a link's target). */
  sectionId?: string;
  className?: string;
  containerClassName?: string;
  children: ReactNode;
}) {
  return (
    <Section id={sectionId} aria-labelledby={id} className={className}>
      <Container className={containerClassName}>
        <SectionHeading id={id} eyebrow={copy.eyebrow} title={copy.heading} intro={copy.intro} />
        {children}
      </Container>
    </Section>
  );
}
