import { metaFor } from "@server/route-kit/page-meta";
import { ContactCtaBand } from "~/components/site/sections/cta-band";
import { PageHero } from "~/components/site/sections/page-hero";
import { ServiceCard } from "~/components/site/sections/service-card";
import { Container, Section } from "~/components/ui/layout";
import { SEO } from "~/copy/seo";
import { SERVICES, SERVICES_PAGE } from "~/copy/services";
import { loaderMeta } from "~/lib/loader-meta";
import type { Route } from "./+types/services";

export function loader({ request, context }: Route.LoaderArgs) {
  return {
    meta: metaFor(request, context, SEO.services),
    content: SERVICES_PAGE,
    services: SERVICES,
  };
}

export const meta = loaderMeta;

export default function Services({ loaderData }: Route.ComponentProps) {
  const { content, services } = loaderData;
  const { cta } = content;
  return (
    <main id="main">
      <PageHero eyebrow={content.eyebrow} title={content.headline} intro={content.intro} />
      <Section aria-labelledby="services-grid-heading" className="pt-4 md:pt-8">
        <Container>
          <h2 id="services-grid-heading" className="sr-only">
            {content.gridHeading}
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {services.map((service) => (
              <ServiceCard key={service.slug} service={service} />
            ))}
          </ul>
        </Container>
      </Section>
      <ContactCtaBand cta={cta} secondaryTo="/case-studies" />
    </main>
  );
}
