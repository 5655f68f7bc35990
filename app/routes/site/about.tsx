import { getRuntimeFrom } from "@server/context";
import { metaFor } from "@server/route-kit/page-meta";
import { activeTeam } from "@server/route-kit/public-content";
import { ContentImage } from "~/components/listings/image";
import { ContactCtaBand } from "~/components/site/sections/cta-band";
import { PageHero } from "~/components/site/sections/page-hero";
import { Container, Eyebrow, Section, SectionHeading } from "~/components/ui/layout";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { ABOUT } from "~/copy/about";
import { SEO } from "~/copy/seo";
import { hasVariants } from "~/lib/listings/images";
import { loaderMeta } from "~/lib/loader-meta";
import type { Route } from "./+types/about";

export async function loader({ request, context }: Route.LoaderArgs) {
  return {
    meta: metaFor(request, context, SEO.about),
    content: ABOUT,
    team: await activeTeam(getRuntimeFrom(context).database.db),
  };
}

export const meta = loaderMeta;

export default function About({ loaderData }: Route.ComponentProps) {
  const { hero, mission, reasons, timeline, team, cta } = loaderData.content;
  return (
    <main id="main">
      <PageHero eyebrow={hero.eyebrow} title={hero.headline} intro={hero.intro} />

      <Section aria-labelledby="mission-heading" className="pt-8 md:pt-12">
        <Container className="grid gap-10 md:grid-cols-[1fr_1.2fr]">
          <div>
            <Eyebrow>{mission.eyebrow}</Eyebrow>
            <h2
              id="mission-heading"
              className="mt-5 font-display text-3xl leading-[1.08] font-semibold tracking-tight md:text-5xl"
            >
              {mission.heading}
            </h2>
          </div>
          <div className="flex flex-col gap-5 text-lg leading-relaxed text-ink-muted md:pt-12">
            {mission.body.map((paragraph) => (
              <p key={paragraph.slice(0, 24)}>{paragraph}</p>
            ))}
          </div>
        </Container>
      </Section>

      <Section aria-labelledby="reasons-heading" className="pt-0 md:pt-0">
        <Container>
          <SectionHeading id="reasons-heading" eyebrow={reasons.eyebrow} title={reasons.heading} />
          <ol className="mt-12 grid gap-4 md:grid-cols-3">
            {reasons.items.map((reason, i) => (
              <li key={reason.title} className="card p-7 md:p-8">
                <span className="font-display text-5xl font-semibold tracking-tightest text-accent">
                  {String(i + 1).padStart(2, "0")}
                </span>
                <h3 className="mt-8 font-display text-2xl font-semibold tracking-tight">
                  {reason.title}
                </h3>
                <p className="mt-3 text-ink-muted">{reason.body}</p>
              </li>
            ))}
          </ol>
        </Container>
      </Section>

      <Section aria-labelledby="timeline-heading" className="border-y border-line bg-surface">
        <Container>
          <SectionHeading
            id="timeline-heading"
            eyebrow={timeline.eyebrow}
            title={timeline.heading}
          />
          <ol className="mt-14 grid gap-x-6 gap-y-10 border-l border-line pl-6 md:grid-cols-7 md:border-t md:border-l-0 md:pt-8 md:pl-0">
            {timeline.items.map((item) => (
              <li key={item.year} className="relative">
                <span
                  aria-hidden="true"
                  className="absolute top-2 -left-[1.8rem] size-2.5 rounded-full bg-accent md:-top-[2.35rem] md:left-0"
                />
                <p className="font-display text-3xl font-semibold tracking-tight text-ink">
                  {item.year}
                </p>
                <h3 className="mt-2 font-medium text-ink">{item.title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-ink-muted">{item.body}</p>
              </li>
            ))}
          </ol>
        </Container>
      </Section>

      <Section aria-labelledby="team-heading">
        <Container>
          <SectionHeading
            id="team-heading"
            eyebrow={team.eyebrow}
            title={team.heading}
            intro={team.intro}
          />
          {loaderData.team.length > 0 ? (
            <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {loaderData.team.map((member) => (
                <li key={member.id} className="overflow-hidden card">
                  {member.imageUrl && hasVariants(member.imageUrl) ? (
                    // An uploaded portrait: AVIF/WebP variants from the /img route.
                    <ContentImage
                      src={member.imageUrl}
                      alt={`Portrait of ${member.name}`}
                      width={800}
                      height={1000}
                      sizes="(min-width: 1024px) 30vw, (min-width: 640px) 50vw, 100vw"
                      className="aspect-[4/5] w-full bg-surface-raised object-cover"
                    />
                  ) : member.imageUrl ? (
                    <ResponsiveImage
                      src={member.imageUrl}
                      alt={`Portrait of ${member.name}`}
                      sizes="(min-width: 1024px) 30vw, (min-width: 640px) 50vw, 100vw"
                      className="aspect-[4/5] w-full bg-surface-raised object-cover"
                    />
                  ) : null}
                  <div className="p-6">
                    <h3 className="font-display text-xl font-semibold tracking-tight">
                      {member.name}
                    </h3>
                    {member.role ? <p className="mt-1 text-sm text-accent">{member.role}</p> : null}
                    {member.bio ? (
                      <p className="mt-4 text-sm leading-relaxed text-ink-muted">{member.bio}</p>
                    ) : null}
                    {member.linkedinUrl ? (
                      <a
                        href={member.linkedinUrl}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="mt-4 inline-block text-sm font-medium text-ink underline underline-offset-4 hover:text-accent"
                      >
                        LinkedIn<span className="sr-only"> profile of {member.name}</span>
                      </a>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-12 text-ink-muted">{team.empty}</p>
          )}
        </Container>
      </Section>

      <ContactCtaBand cta={cta} secondaryTo="/careers" />
    </main>
  );
}
