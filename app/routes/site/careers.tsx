import { metaFor, siteUrlOf } from "@server/route-kit/page-meta";
import { readApplyFor } from "@server/route-kit/page-query";
import { answerPublicForm } from "@server/route-kit/public-form-action";
import { handleApplicationPost } from "@server/route-kit/public-forms";
import { Link } from "react-router";
import { ApplyButton, ApplyProvider } from "~/components/site/careers/apply";
import { InlineApplicationForm } from "~/components/site/careers/inline-application-form";
import { PageHero } from "~/components/site/sections/page-hero";
import { buttonClasses } from "~/components/ui/button";
import { ArrowRight, MapPinIcon } from "~/components/ui/icons";
import { Container, Eyebrow, Section, SectionHeading } from "~/components/ui/layout";
import { AppToaster } from "~/components/ui/toasts";
import { CAREERS, GENERAL_APPLICATION_TITLE, OPEN_POSITIONS } from "~/copy/careers";
import { SEO } from "~/copy/seo";
import { formatPayRange } from "~/lib/listings/format";
import { loaderMeta } from "~/lib/loader-meta";
import { jobPostingJsonLd } from "~/lib/seo";
import type { Route } from "./+types/careers";

/** A job application (issue #5): stored with its resume, the studio notified. */
export function action(args: Route.ActionArgs) {
  return answerPublicForm(handleApplicationPost, args);
}

export function loader({ request, context }: Route.LoaderArgs) {
  return {
    meta: careersMeta(request, context),
    content: CAREERS,
    // Each with its pay range as the page states it (the JobPosting's baseSalary).
    positions: OPEN_POSITIONS.map((position) => ({
      ...position,
      pay: formatPayRange(position.salary),
    })),
    generalTitle: GENERAL_APPLICATION_TITLE,
    // `?apply=<title>`: the application form as a section of the page (Apply Now without JavaScript).
    applyFor: readApplyFor(new URL(request.url).searchParams),
  };
}

export const meta = loaderMeta;

/** Careers uses the about page's metadata (SPEC section 2), plus JobPosting data per role. */
function careersMeta(request: Request, context: Route.LoaderArgs["context"]) {
  const siteUrl = siteUrlOf(context);
  const jobPostings = OPEN_POSITIONS.map((position) => jobPostingJsonLd(position, siteUrl));
  return metaFor(request, context, { ...SEO.about, jsonLd: jobPostings });
}

export default function Careers({ loaderData }: Route.ComponentProps) {
  const { hero, culture, positions, general, dialog, form } = loaderData.content;
  return (
    <main id="main">
      <AppToaster />
      <ApplyProvider copy={loaderData.content}>
        <PageHero eyebrow={hero.eyebrow} title={hero.headline} intro={hero.intro} />

        {loaderData.applyFor ? (
          <Section id="apply" aria-labelledby="apply-heading" className="scroll-mt-20 pt-0 md:pt-0">
            <Container>
              <div className="card mx-auto max-w-3xl p-6 md:p-10">
                <h2
                  id="apply-heading"
                  className="font-display text-3xl font-semibold tracking-tight"
                >
                  {form.inlineHeading}
                </h2>
                <p className="mt-1 mb-8 text-ink-muted">
                  {dialog.description}{" "}
                  <strong className="font-medium text-accent">{loaderData.applyFor}</strong>
                </p>
                <InlineApplicationForm
                  position={loaderData.applyFor}
                  copy={form}
                  dialog={dialog}
                  cancel={
                    <Link to="/careers" className={buttonClasses({ variant: "secondary" })}>
                      {dialog.cancel}
                    </Link>
                  }
                />
              </div>
            </Container>
          </Section>
        ) : null}

        <Section aria-labelledby="culture-heading" className="pt-8 md:pt-12">
          <Container>
            <SectionHeading
              id="culture-heading"
              eyebrow={culture.eyebrow}
              title={culture.heading}
            />
            <ul className="mt-12 grid gap-4 md:grid-cols-3">
              {culture.items.map((item) => (
                <li key={item.title} className="card p-7 md:p-8">
                  <h3 className="font-display text-3xl font-semibold tracking-tight">
                    {item.title}
                  </h3>
                  <p className="mt-4 text-ink-muted">{item.body}</p>
                </li>
              ))}
            </ul>
          </Container>
        </Section>

        <Section aria-labelledby="positions-heading" className="pt-0 md:pt-0">
          <Container>
            <Eyebrow>{positions.eyebrow}</Eyebrow>
            <h2
              id="positions-heading"
              className="mt-5 font-display text-4xl font-semibold tracking-tight md:text-6xl"
            >
              {positions.heading}
            </h2>
            <ul className="mt-12 flex flex-col gap-4">
              {loaderData.positions.map((position) => (
                <li
                  key={position.title}
                  className="grid gap-8 card p-7 md:grid-cols-[1.2fr_1fr_auto] md:p-10"
                >
                  <div>
                    <p className="kicker">{position.department}</p>
                    <h3 className="mt-3 font-display text-3xl font-semibold tracking-tight">
                      {position.title}
                    </h3>
                    <p className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-ink-muted">
                      <span>{position.type}</span>
                      <span className="inline-flex items-center gap-1.5">
                        <MapPinIcon className="size-4" /> {position.location}
                      </span>
                      <span>{position.pay}</span>
                    </p>
                    <p className="mt-5 text-ink-muted">{position.description}</p>
                  </div>
                  <div>
                    <h4 className="text-sm font-medium text-ink">{positions.requirements}</h4>
                    <ul className="mt-3 flex list-disc flex-col gap-2 pl-5 text-sm text-ink-muted marker:text-accent">
                      {position.requirements.map((requirement) => (
                        <li key={requirement}>{requirement}</li>
                      ))}
                    </ul>
                  </div>
                  <div className="flex flex-wrap items-start gap-3 md:flex-col md:items-stretch">
                    <ApplyButton position={position.title} className={buttonClasses()}>
                      {positions.apply}
                    </ApplyButton>
                    <Link to="/contact" className={buttonClasses({ variant: "secondary" })}>
                      {positions.learnMore}
                      <span className="sr-only"> about the {position.title} role</span>
                    </Link>
                  </div>
                </li>
              ))}
            </ul>
          </Container>
        </Section>

        <Section aria-labelledby="general-heading" className="pt-0 md:pt-0">
          <Container>
            <div className="stage relative isolate flex flex-col gap-8 overflow-hidden rounded-[2rem] border border-line bg-surface p-8 md:flex-row md:items-end md:justify-between md:p-14">
              <div className="max-w-2xl">
                <h2
                  id="general-heading"
                  className="font-display text-4xl font-semibold tracking-tight md:text-6xl"
                >
                  {general.heading}
                </h2>
                <p className="mt-5 text-lg text-ink-muted">{general.body}</p>
              </div>
              <ApplyButton
                position={loaderData.generalTitle}
                className={buttonClasses({ size: "lg" })}
              >
                {general.apply} <ArrowRight className="size-4" />
              </ApplyButton>
            </div>
          </Container>
        </Section>
      </ApplyProvider>
    </main>
  );
}
