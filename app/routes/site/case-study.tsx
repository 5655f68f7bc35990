import { findCaseStudyDetail } from "@server/content/case-studies/read";
import { cacheHeaders, contentHeaders } from "@server/content/http";
import { checkPreviewLink, findCaseStudyPreview } from "@server/content/workflow/preview";
import { getRuntimeFrom } from "@server/context";
import { PRIVATE_NO_STORE } from "@server/http/cache";
import { isUuid } from "@server/kit/list-params";
import {
  caseStudyMeta,
  caseStudyNotFoundMeta,
  errorMeta,
  previewExpiredMeta,
} from "@server/route-kit/content-meta";
import { missingStatus, movedOrGone } from "@server/route-kit/missing-page";
import type { MetaDescriptor } from "react-router";
import { data, isRouteErrorResponse, Link, useLoaderData, useRouteError } from "react-router";
import { CaseStudyGallery } from "~/components/listings/case-study-gallery";
import { container, Tag } from "~/components/listings/ui";
import { VideoPlayer } from "~/components/listings/video-player";
import { PreviewBanner, PreviewExpired } from "~/components/site/preview";
import { ButtonLink } from "~/components/ui/button";
import { ErrorPanel } from "~/components/ui/error-panel";
import { ArrowRight } from "~/components/ui/icons";
import { SectionHeading } from "~/components/ui/layout";
import { LazyMediaPlayer } from "~/components/video/lazy-media-player";
import { ERROR_PANEL } from "~/copy/site";
import { studio } from "~/copy/studio";
import { type CaseStudyDetail, metricLabel } from "~/entities/case-study/view";
import { CASE_STUDY_PAGE_COPY, type CaseStudyCopy } from "~/lib/listings/page-copy";
import type { Route } from "./+types/case-study";

type LoaderData =
  | {
      state: "found";
      meta: MetaDescriptor[];
      copy: CaseStudyCopy;
      study: CaseStudyDetail;
      preview?: boolean;
    }
  | { state: "not-found"; meta: MetaDescriptor[]; copy: CaseStudyCopy };

/** What a failed load throws: the error panel's head and copy (see ErrorBoundary). */
type ErrorData = { meta: MetaDescriptor[]; copy: CaseStudyCopy };

export async function loader(args: Route.LoaderArgs) {
  if ("previewId" in args.params) return previewLoader(args, args.params.previewId as string);
  const { request, params, context } = args;
  const { database, logger } = getRuntimeFrom(context);
  const copy = CASE_STUDY_PAGE_COPY;
  const id = params.id;
  let found: Awaited<ReturnType<typeof findCaseStudyDetail>>;
  try {
    found = await findCaseStudyDetail(database.db, id);
  } catch (error) {
    logger.error({ err: error, id }, "case study: load failed");
    throw data({ meta: errorMeta(), copy } satisfies ErrorData, {
      status: 503,
      headers: cacheHeaders(true),
    });
  }
  if (!found) {
    // A study whose slug changed answers 301 from its old address (decision 0370).
    const status = missingStatus(await movedOrGone(request, context));
    return data(
      {
        state: "not-found",
        meta: caseStudyNotFoundMeta(copy, status),
        copy,
      } satisfies LoaderData,
      { status, headers: cacheHeaders(false) },
    );
  }
  return data(
    {
      state: "found",
      meta: caseStudyMeta(request, context, found.study, found.seo),
      copy,
      study: found.study,
    } satisfies LoaderData,
    { headers: cacheHeaders(false) },
  );
}

/**
 * /preview/case-studies/{id}: the draft exactly as this page will show it, through a signed link
 * (decision 0331: no session needed; `private, no-store`, noindex, never page-cached); an expired
 * link is a 410 with a message.
 */
async function previewLoader({ request, context }: Route.LoaderArgs, id: string) {
  const { database, keys } = getRuntimeFrom(context);
  const copy = CASE_STUDY_PAGE_COPY;
  const headers = { "Cache-Control": PRIVATE_NO_STORE };
  const check = isUuid(id)
    ? await checkPreviewLink(
        database.db,
        keys.previewLinks,
        "case_study",
        id,
        new URL(request.url).searchParams,
      )
    : "invalid";
  if (check === "expired") {
    throw data({ meta: previewExpiredMeta(), expired: true }, { status: 410, headers });
  }
  const found =
    check === "valid" ? await findCaseStudyPreview(database.db, id, keys.playbackLinks) : null;
  if (!found) {
    return data(
      { state: "not-found", meta: caseStudyNotFoundMeta(copy), copy } satisfies LoaderData,
      { status: 404, headers },
    );
  }
  return data(
    {
      state: "found",
      meta: [
        ...caseStudyMeta(request, context, found.study, found.seo).filter(
          (tag) => !("name" in tag && tag.name === "robots"),
        ),
        { name: "robots", content: "noindex" },
      ],
      copy,
      study: found.study,
      preview: true,
    } satisfies LoaderData,
    { headers },
  );
}

export const headers = contentHeaders;

export const meta: Route.MetaFunction = ({ loaderData, error }) =>
  loaderData?.meta ??
  (isRouteErrorResponse(error) ? (error.data as ErrorData | null)?.meta : undefined) ??
  [];

export default function CaseStudyPage() {
  const loaderData = useLoaderData<typeof loader>() as LoaderData;
  if (loaderData.state === "not-found") return <CaseStudyNotFound copy={loaderData.copy} />;
  const { study, copy } = loaderData;
  const facts: { label: string; value: string | null }[] = [
    { label: copy.client, value: study.clientName },
    { label: copy.service, value: study.serviceType },
    { label: copy.duration, value: study.projectDuration },
  ].filter((fact) => fact.value);

  return (
    <main id="main">
      {loaderData.preview ? <PreviewBanner /> : null}
      <article>
        <header className={`${container} pt-28 pb-12 sm:pt-36`}>
          <Link
            to="/case-studies"
            className="inline-flex items-center gap-2 text-sm text-ink-muted hover:text-ink"
          >
            <ArrowRight className="size-4 rotate-180" />
            {copy.back}
          </Link>
          {study.tags.length > 0 ? (
            <ul className="mt-8 flex flex-wrap gap-2" aria-label="Tags">
              {study.tags.map((tag) => (
                <li key={tag}>
                  <Tag>{tag}</Tag>
                </li>
              ))}
            </ul>
          ) : null}
          <h1 className="mt-6 max-w-5xl font-display text-5xl font-bold leading-[0.95] tracking-tightest sm:text-7xl">
            {study.title}
          </h1>
          {study.subtitle ? (
            <p className="mt-6 max-w-3xl text-xl leading-relaxed text-ink-muted sm:text-2xl">
              {study.subtitle}
            </p>
          ) : null}
          {facts.length > 0 ? (
            <dl className="mt-10 grid gap-6 border-t border-line pt-8 sm:grid-cols-3">
              {facts.map((fact) => (
                <div key={fact.label}>
                  <dt className="text-xs font-semibold uppercase tracking-[0.2em] text-ink-faint">
                    {fact.label}
                  </dt>
                  <dd className="mt-2 text-lg">{fact.value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
        </header>

        <section aria-labelledby="gallery" className={`${container} pb-16`}>
          <h2 id="gallery" className="sr-only">
            {study.galleryLayout === "music-videos" ? copy.musicVideos : copy.gallery}
          </h2>
          <CaseStudyGallery study={study} />
        </section>

        {study.video || study.videoUrl ? (
          <section aria-labelledby="project-video" className={`${container} pb-16`}>
            <SectionHeading compact id="project-video" title={copy.projectVideo} />
            {study.video ? (
              <LazyMediaPlayer
                video={study.video}
                label={`${study.title}: ${copy.projectVideo}`}
                className="rounded-2xl"
              />
            ) : (
              <VideoPlayer
                src={study.videoUrl ?? ""}
                poster={study.imageUrl}
                title={`${study.title}: ${copy.projectVideo}`}
              />
            )}
          </section>
        ) : null}

        <div className={`${container} grid gap-16 pb-8 lg:grid-cols-[1fr_22rem]`}>
          <section aria-labelledby="details">
            <SectionHeading compact id="details" title={copy.details} />
            <div className="max-w-3xl space-y-5 text-lg leading-relaxed text-ink-muted">
              {(study.paragraphs.length > 0 ? study.paragraphs : [study.description ?? ""]).map(
                (paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ),
              )}
            </div>
          </section>
          <aside className="space-y-12">
            {study.metrics.length > 0 ? (
              <section aria-labelledby="key-results">
                <SectionHeading compact id="key-results" title={copy.keyResults} />
                <dl className="grid grid-cols-2 gap-px overflow-hidden rounded-card border border-line bg-line">
                  {study.metrics.map((metric) => (
                    <div key={metric.name} className="flex flex-col-reverse bg-surface p-5">
                      <dt className="mt-1 text-xs uppercase tracking-wider text-ink-muted">
                        {metricLabel(metric.name)}
                      </dt>
                      <dd className="font-display text-3xl font-bold tracking-tight text-accent">
                        {metric.value}
                      </dd>
                    </div>
                  ))}
                </dl>
              </section>
            ) : null}
            {study.budgetRange ? (
              <section aria-labelledby="investment">
                <SectionHeading compact id="investment" title={copy.investment} />
                <p className="text-2xl font-semibold">{study.budgetRange}</p>
              </section>
            ) : null}
          </aside>
        </div>

        <section aria-labelledby="case-study-cta" className={`${container} py-20`}>
          <div className="rounded-card border border-line bg-surface px-6 py-12 sm:px-12">
            <h2
              id="case-study-cta"
              className="font-display text-3xl font-bold tracking-tightest sm:text-5xl"
            >
              {copy.ctaTitle}
            </h2>
            <p className="mt-4 max-w-xl text-lg text-ink-muted">{copy.ctaText}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <ButtonLink to="/contact">{copy.getStarted}</ButtonLink>
              <ButtonLink to="/case-studies" variant="secondary">
                {copy.viewMore}
              </ButtonLink>
            </div>
          </div>
        </section>
      </article>
    </main>
  );
}

function CaseStudyNotFound({ copy }: { copy: CaseStudyCopy }) {
  return (
    <main id="main" className={`${container} flex min-h-[70dvh] flex-col justify-center py-32`}>
      <p className="font-display text-7xl font-bold text-accent">404</p>
      <h1 className="mt-4 font-display text-4xl font-bold tracking-tightest sm:text-6xl">
        {copy.notFound.title}
      </h1>
      <p className="mt-4 max-w-xl text-lg text-ink-muted">{copy.notFound.message}</p>
      <div className="mt-8">
        <ButtonLink to="/case-studies">{copy.viewMore}</ButtonLink>
      </div>
    </main>
  );
}

/**
 * The database failed and the id is not one of the fixed fallbacks: the default error panel
 * (the frame's copy of it), with the head and the link's text the loader threw. An unexpected
 * failure has neither: the panel names its own title.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  // An expired preview link says so (a 410).
  if (isRouteErrorResponse(error) && error.status === 410 && error.data?.expired) {
    return <PreviewExpired />;
  }
  const copy = isRouteErrorResponse(error) ? (error.data as ErrorData | null)?.copy : undefined;
  return (
    <main id="main" className={`${container} flex min-h-[70dvh] flex-col justify-center py-32`}>
      {copy ? null : (
        <>
          <title>{`${ERROR_PANEL.title} | ${studio.name}`}</title>
          <meta name="robots" content="noindex" />
        </>
      )}
      <ErrorPanel headingLevel={1} title={ERROR_PANEL.title} message={ERROR_PANEL.body} />
      {copy ? (
        <div className="mt-8">
          <ButtonLink to="/case-studies" variant="secondary">
            {copy.viewMore}
          </ButtonLink>
        </div>
      ) : null}
    </main>
  );
}
