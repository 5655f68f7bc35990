import { type CaseStudyCards, loadCaseStudyCards } from "@server/content/case-studies";
import { cacheHeaders, contentHeaders } from "@server/content/http";
import { getRuntimeFrom } from "@server/context";
import { useEffect, useState } from "react";
import {
  data,
  type ShouldRevalidateFunctionArgs,
  useLoaderData,
  useSearchParams,
} from "react-router";
import { CaseStudyCard } from "~/components/content/case-study-card";
import { DeferredList } from "~/components/content/deferred-list";
import { ListFilters } from "~/components/content/list-filters";
import { EmptyState, ErrorPanel, SkeletonGrid } from "~/components/content/states";
import { ClosingCta, container, PageHeader, SectionHeading } from "~/components/content/ui";
import { VideoPlayer } from "~/components/content/video-player";
import { CASE_STUDIES_COPY as copy, WORK_META } from "~/content/content-pages";
import {
  type CaseStudySummary,
  caseStudyTags,
  filterCaseStudies,
  toCaseStudySummary,
} from "~/lib/content/case-studies";
import { readFilter, readSearch } from "~/lib/content/query";
import { withRetry } from "~/lib/content/retry";
import { contentMeta } from "~/lib/content/seo";
import type { Route } from "./+types/case-studies";

type Page = Pick<CaseStudyCards, "state" | "studies">;

export async function loader({ context }: Route.LoaderArgs) {
  const { database, config, logger } = getRuntimeFrom(context);
  const cards = await loadCaseStudyCards(database.db);
  if (cards.state === "error") logger.error({ err: cards.error }, "case studies: load failed");
  const page: Page = { state: cards.state, studies: cards.studies };
  const degraded = page.state === "error";
  return data(
    { siteUrl: config.SITE_URL as string | null, page: page as Page | Promise<Page>, load: 0 },
    { status: degraded ? 503 : 200, headers: cacheHeaders(degraded) },
  );
}

/**
 * Browser-side loads (a client navigation, a retry) render at once with placeholders and fill in
 * when the data arrives, retrying failures with backoff (SPEC section 9). The first page view
 * uses the server's HTML and data.
 */
let browserLoads = 0;

export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const page = withRetry(async () => (await serverLoader()).page, {
    isFailure: (result) => result.state === "error",
  });
  return { siteUrl: null, page, load: ++browserLoads };
}

/** Search and filter live in the query and filter in the browser: no reload when only they change. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const queryOnly =
    !formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search;
  return queryOnly ? false : defaultShouldRevalidate;
}

export const headers = contentHeaders;

export function meta({ loaderData, location }: Route.MetaArgs) {
  return contentMeta({
    ...WORK_META,
    siteUrl: loaderData?.siteUrl,
    path: location.pathname,
    image: copy.reelPoster,
  });
}

export default function CaseStudies() {
  const { page, load } = useLoaderData<typeof loader>();
  return (
    <main id="main">
      <PageHeader eyebrow={copy.eyebrow} title={copy.title} lead={copy.lead} />

      <section aria-label={copy.reelTitle} className={container}>
        <VideoPlayer src={copy.reelUrl} poster={copy.reelPoster} title={copy.reelTitle} />
      </section>

      <section aria-labelledby="case-study-list" className={`${container} pt-16 sm:pt-24`}>
        <h2 id="case-study-list" className="sr-only">
          {copy.listHeading}
        </h2>
        <DeferredList
          value={page}
          loadKey={load}
          fallback={<SkeletonGrid count={3} label={copy.loading} />}
          errorElement={<LoadError />}
        >
          {(resolved) => <CaseStudyList page={resolved} />}
        </DeferredList>
      </section>

      <section aria-labelledby="combined-results" className={`${container} pt-24 sm:pt-32`}>
        <SectionHeading id="combined-results" eyebrow={copy.resultsEyebrow}>
          {copy.resultsHeading}
        </SectionHeading>
        <dl className="grid grid-cols-2 gap-px overflow-hidden rounded-card border border-line bg-line lg:grid-cols-4">
          {copy.results.map((result) => (
            <div key={result.label} className="flex flex-col-reverse bg-surface p-6 sm:p-8">
              <dt className="mt-2 text-sm text-ink-muted">{result.label}</dt>
              <dd className="font-display text-4xl font-bold tracking-tightest text-accent sm:text-6xl">
                {result.value}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <ClosingCta title={copy.cta.title} text={copy.cta.text} actions={[...copy.cta.actions]} />
    </main>
  );
}

function CaseStudyList({ page }: { page: Page }) {
  const [params] = useSearchParams();
  const search = readSearch(params);
  const tag = readFilter(params, "tag");
  const tags = caseStudyTags(page.studies);
  const studies = filterCaseStudies(page.studies, { search, tag });
  return (
    <div className="space-y-10">
      {page.state === "error" ? (
        <ErrorPanel title={copy.error.title} message={copy.error.message} />
      ) : null}
      <ListFilters
        search={search}
        searchLabel={copy.searchLabel}
        searchPlaceholder={copy.searchPlaceholder}
        filter={{
          name: "tag",
          label: copy.tagLabel,
          allLabel: copy.allTags,
          value: tag,
          options: tags.map((value) => ({ value, label: value })),
        }}
      />
      <CaseStudyGrid studies={studies} />
    </div>
  );
}

function CaseStudyGrid({ studies }: { studies: CaseStudySummary[] }) {
  if (studies.length === 0) {
    return (
      <EmptyState title={copy.noResults}>
        <p>{copy.noResultsHint}</p>
      </EmptyState>
    );
  }
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {studies.map((study, index) => (
        <li key={study.id} className="flex">
          <CaseStudyCard study={study} priority={index === 0} />
        </li>
      ))}
    </ul>
  );
}

/**
 * A browser-side load failed for good: the error panel with the sample studies beneath
 * (loaded on demand, so the page's bundle does not carry them).
 */
function LoadError() {
  const [samples, setSamples] = useState<CaseStudySummary[]>([]);
  useEffect(() => {
    let active = true;
    import("~/content/samples").then(({ SAMPLE_CASE_STUDIES }) => {
      if (active) setSamples(SAMPLE_CASE_STUDIES.map(toCaseStudySummary));
    });
    return () => {
      active = false;
    };
  }, []);
  return (
    <div className="space-y-10">
      <ErrorPanel title={copy.error.title} message={copy.error.message} />
      {samples.length > 0 ? <CaseStudyGrid studies={samples} /> : null}
    </div>
  );
}
