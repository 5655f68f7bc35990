import { contentHeaders } from "@server/content/http";
import { loadPortfolioCards } from "@server/content/portfolio";
import { loadListPage } from "@server/pages/list-page";
import { useState } from "react";
import { useLoaderData, useLocation, useRevalidator, useSearchParams } from "react-router";
import { DeferredList } from "~/components/listings/deferred-list";
import { ListFilters } from "~/components/listings/list-filters";
import { loadInBrowser, revalidateUnlessQueryOnly } from "~/components/listings/list-page";
import { PortfolioCard } from "~/components/listings/portfolio-card";
import { EmptyState, SkeletonGrid, TryAgain } from "~/components/listings/states";
import { ClosingCta, container } from "~/components/listings/ui";
import { ErrorPanel } from "~/components/ui/error-panel";
import { LazyLightbox } from "~/components/ui/lazy-lightbox";
import { PageHeader } from "~/components/ui/page-header";
import { filterPortfolio, type PortfolioCardView } from "~/entities/portfolio-item/list";
import { serviceTypeOptions, toPortfolioCardView } from "~/entities/portfolio-item/view";
import { PORTFOLIO_PAGE, type PortfolioCopy } from "~/lib/listings/page-copy";
import { readFilter, readSearch } from "~/lib/listings/query";
import type { Route } from "./+types/portfolio";

type Page = {
  state: "ok" | "error";
  items: PortfolioCardView[];
  /** The service-type filter: the distinct types of the items, labelled. */
  types: { value: string; label: string }[];
};

export const loader = (args: Route.LoaderArgs) =>
  loadListPage(args, {
    name: "portfolio",
    shell: PORTFOLIO_PAGE,
    load: loadPortfolioCards,
    toPage: (cards): Page => ({
      state: cards.state,
      items: cards.items.map(toPortfolioCardView),
      types: serviceTypeOptions(cards.items),
    }),
  });

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) =>
  loadInBrowser("portfolio", serverLoader);

export const shouldRevalidate = revalidateUnlessQueryOnly;

export const headers = contentHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function Portfolio() {
  const { copy, page, load } = useLoaderData<typeof loader>();
  return (
    <main id="main">
      <PageHeader eyebrow={copy.eyebrow} title={copy.title} lead={copy.lead} />
      <section aria-labelledby="portfolio-items" className={container}>
        <h2 id="portfolio-items" className="sr-only">
          {copy.listHeading}
        </h2>
        <DeferredList
          value={page}
          loadKey={load}
          fallback={<SkeletonGrid count={3} label={copy.loading} />}
          errorElement={<LoadError copy={copy} />}
        >
          {(resolved) =>
            resolved.state === "error" ? (
              <LoadError copy={copy} />
            ) : (
              <PortfolioList page={resolved} copy={copy} />
            )
          }
        </DeferredList>
      </section>
      <ClosingCta title={copy.cta.title} text={copy.cta.text} actions={[...copy.cta.actions]} />
    </main>
  );
}

function PortfolioList({ page, copy }: { page: Page; copy: PortfolioCopy }) {
  const [params] = useSearchParams();
  const [open, setOpen] = useState<number | null>(null);
  const search = readSearch(params);
  const type = readFilter(params, "type");
  const items = filterPortfolio(page.items, { search, type });
  const withImages = items.filter((item) => item.imageUrl);

  if (page.items.length === 0) return <EmptyState title={copy.noItems} />;
  return (
    <div className="space-y-10">
      <ListFilters
        search={search}
        searchLabel={copy.searchLabel}
        searchPlaceholder={copy.searchPlaceholder}
        filter={{
          name: "type",
          label: copy.typeLabel,
          allLabel: copy.allTypes,
          value: type,
          options: page.types,
        }}
      />
      {items.length === 0 ? (
        <EmptyState title={copy.noResults} />
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((item, index) => (
            <PortfolioCard
              key={item.id}
              item={item}
              copy={copy}
              priority={index === 0}
              onOpenImage={() => setOpen(withImages.indexOf(item))}
            />
          ))}
        </ul>
      )}
      <LazyLightbox
        label="Portfolio images"
        images={withImages.map((item) => ({
          src: item.imageUrl ?? "",
          alt: item.title,
          title: [item.title, item.clientName].filter(Boolean).join(" · "),
        }))}
        index={open}
        onIndexChange={setOpen}
      />
    </div>
  );
}

/** SPEC section 8: 'Unable to load portfolio' with a retry that reloads the list. */
function LoadError({ copy }: { copy: PortfolioCopy }) {
  const revalidator = useRevalidator();
  const location = useLocation();
  return (
    <ErrorPanel title={copy.error.title} message={copy.error.message}>
      <TryAgain
        href={`${location.pathname}${location.search}`}
        onRetry={() => void revalidator.revalidate()}
      />
    </ErrorPanel>
  );
}
