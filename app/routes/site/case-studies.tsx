import { type CaseStudyCards, loadCaseStudyCards } from "@server/content/case-studies/read";
import { contentHeaders } from "@server/content/http";
import { loadListPage } from "@server/route-kit/list-page";
import { lazy, Suspense, useEffect, useState } from "react";
import { useLoaderData } from "react-router";
import { CaseStudyCard } from "~/components/listings/case-study-card";
import { DeferredList } from "~/components/listings/deferred-list";
import { ListHead } from "~/components/listings/list-filters";
import { loadInBrowser } from "~/components/listings/list-page";
import { Pagination } from "~/components/listings/pagination";
import { EmptyState, SkeletonGrid } from "~/components/listings/states";
import { ClosingCta, container } from "~/components/listings/ui";
import { VideoPlayer } from "~/components/listings/video-player";
import { SectionHeading } from "~/components/ui/layout";
import { PageHeader } from "~/components/ui/page-header";
import type { CaseStudySummary } from "~/entities/case-study/view";
import { CASE_STUDIES_PAGE, type CaseStudiesCopy } from "~/lib/listings/page-copy";
import { LIST_FILTERS, type Paging } from "~/lib/listings/query";
import { loaderMeta } from "~/lib/loader-meta";
import type { Route } from "./+types/case-studies";

/** Shown only when the list fails to load: not part of the page's initial JavaScript (issue #34). */
const LazyErrorPanel = lazy(() =>
  import("~/components/ui/error-panel").then((module) => ({ default: module.ErrorPanel })),
);

/** The panel, with its words already in the server's answer (and without JavaScript). */
function ErrorPanel({ title, message }: { title: string; message: string }) {
  return (
    <Suspense
      fallback={
        <div role="alert" className="rounded-card border border-danger/40 bg-danger/5 p-6 sm:p-8">
          <h2 className="font-display text-xl font-semibold">{title}</h2>
          <p className="mt-2 text-ink-muted">{message}</p>
        </div>
      }
    >
      <LazyErrorPanel title={title} message={message} />
    </Suspense>
  );
}

/** One page of the studies matching the search and tag, and the tag filter's options. */
type PageCards = Pick<CaseStudyCards, "state" | "studies" | "tags">;
type Page = PageCards & Paging;

export const loader = (args: Route.LoaderArgs) =>
  loadListPage(args, {
    name: "case studies",
    shell: CASE_STUDIES_PAGE,
    filter: LIST_FILTERS["/case-studies"],
    load: (db, { search, filter, page }) => loadCaseStudyCards(db, { search, tag: filter, page }),
    toPage: ({ state, studies, tags }): PageCards => ({ state, studies, tags }),
  });

export const clientLoader = ({ request, serverLoader }: Route.ClientLoaderArgs) =>
  loadInBrowser("caseStudies", request, serverLoader);

export const headers = contentHeaders;

export const meta = loaderMeta;

export default function CaseStudies() {
  const { copy, page, load } = useLoaderData<typeof loader>();
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
          errorElement={<LoadError copy={copy} />}
        >
          {(resolved) => <CaseStudyList page={resolved} copy={copy} />}
        </DeferredList>
      </section>

      <section aria-labelledby="combined-results" className={`${container} pt-24 sm:pt-32`}>
        <SectionHeading
          compact
          id="combined-results"
          eyebrow={copy.resultsEyebrow}
          title={copy.resultsHeading}
        />
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

function CaseStudyList({ page, copy }: { page: Page; copy: CaseStudiesCopy }) {
  return (
    <div className="space-y-10">
      {page.state === "error" ? (
        <ErrorPanel title={copy.error.title} message={copy.error.message} />
      ) : null}
      <ListHead
        filter={{
          name: "tag",
          label: copy.tagLabel,
          allLabel: copy.allTags,
          options: page.tags.map((value) => ({ value, label: value })),
        }}
        copy={copy}
        paging={page}
      />
      <CaseStudyGrid studies={page.studies} copy={copy} />
      <Pagination page={page.page} pageCount={page.pageCount} />
    </div>
  );
}

function CaseStudyGrid({ studies, copy }: { studies: CaseStudySummary[]; copy: CaseStudiesCopy }) {
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
        <CaseStudyCard
          key={study.id}
          study={study}
          viewLabel={copy.viewCaseStudy}
          priority={index === 0}
        />
      ))}
    </ul>
  );
}

/**
 * A browser-side load failed for good: the error panel with the sample studies beneath
 * (loaded on demand, so the page's bundle does not carry them).
 */
function LoadError({ copy }: { copy: CaseStudiesCopy }) {
  const [samples, setSamples] = useState<CaseStudySummary[]>([]);
  useEffect(() => {
    let active = true;
    import("~/entities/case-study/sample-cards").then(({ SAMPLE_SUMMARIES }) => {
      if (active) setSamples(SAMPLE_SUMMARIES);
    });
    return () => {
      active = false;
    };
  }, []);
  return (
    <div className="space-y-10">
      <ErrorPanel title={copy.error.title} message={copy.error.message} />
      {samples.length > 0 ? <CaseStudyGrid studies={samples} copy={copy} /> : null}
    </div>
  );
}
