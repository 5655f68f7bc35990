import { PRIVATE_NO_STORE } from "@server/http/cache";
import { metaFor } from "@server/route-kit/page-meta";
import { answerPublicForm } from "@server/route-kit/public-form-action";
import { handleContactPost } from "@server/route-kit/public-forms";
import { ContactForm } from "~/components/forms/contact-form";
import { BookingInline } from "~/components/site/booking/booking-inline";
import { PageHero } from "~/components/site/sections/page-hero";
import { Container, Section } from "~/components/ui/layout";
import { CONTACT } from "~/copy/contact";
import { SEO } from "~/copy/seo";
import { loaderMeta } from "~/lib/loader-meta";
import type { Route } from "./+types/contact";

/** The Project Inquiry (issue #5): stored with its attachments, the studio notified. */
export function action(args: Route.ActionArgs) {
  // The answer names the visitor (the scheduler's prefill): never kept by any cache.
  return answerPublicForm(handleContactPost, args, { "Cache-Control": PRIVATE_NO_STORE });
}

/** The page after a POST is the visitor's own; otherwise the frame's shared caching. */
export function headers({ actionHeaders, parentHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : parentHeaders;
}

export function loader({ request, context }: Route.LoaderArgs) {
  // The copy travels as loader data, not in the page's JavaScript (decision 0011).
  return { meta: metaFor(request, context, SEO.contact), content: CONTACT };
}

export const meta = loaderMeta;

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { hero, getInTouch, form } = loaderData.content;
  return (
    <main id="main">
      <PageHero eyebrow={hero.eyebrow} title={hero.headline} intro={hero.intro} />
      {/* Two regions with their own headings: the band itself has none. */}
      <Section as="div" className="pt-0 md:pt-0">
        <Container className="grid gap-12 lg:grid-cols-[1fr_1.35fr]">
          <aside aria-labelledby="get-in-touch" className="flex flex-col gap-6">
            <h2 id="get-in-touch" className="font-display text-3xl font-semibold tracking-tight">
              {getInTouch.heading}
            </h2>
            <p className="text-ink-muted">{getInTouch.intro}</p>
            <BookingInline />
            <ul className="grid gap-2 text-ink-muted">
              <li>
                <a
                  className="text-ink underline underline-offset-4 hover:text-accent"
                  href={`mailto:${getInTouch.email}`}
                >
                  {getInTouch.email}
                </a>
              </li>
              <li>{getInTouch.availability}</li>
              <li>{getInTouch.location}</li>
            </ul>
          </aside>
          <section aria-labelledby="project-inquiry" className="card p-6 md:p-10">
            <h2 id="project-inquiry" className="font-display text-3xl font-semibold tracking-tight">
              {form.heading}
            </h2>
            <p className="mt-2 mb-8 text-ink-muted">{form.intro}</p>
            <ContactForm copy={form} />
          </section>
        </Container>
      </Section>
    </main>
  );
}
