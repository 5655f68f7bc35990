import { contentHeaders } from "@server/content/http";
import { loadPortfolioCards } from "@server/content/portfolio/read";
import { loadListPage } from "@server/route-kit/list-page";
import { useState } from "react";
import { useLoaderData } from "react-router";
import { DeferredList } from "~/components/listings/deferred-list";
import { ListHead } from "~/components/listings/list-filters";
import { loadInBrowser } from "~/components/listings/list-page";
import { LoadError } from "~/components/listings/load-error";
import { Pagination } from "~/components/listings/pagination";
import { PortfolioCard } from "~/components/listings/portfolio-card";
import { EmptyState, SkeletonGrid } from "~/components/listings/states";
import { ClosingCta, container } from "~/components/listings/ui";
import { LazyLightbox } from "~/components/ui/lazy-lightbox";
import { PageHeader } from "~/components/ui/page-header";
import { videoObjectJsonLd } from "~/entities/media/view";
import type { PortfolioCardView } from "~/entities/portfolio-item/list";
import { toPortfolioCardView } from "~/entities/portfolio-item/view";
import { PORTFOLIO_PAGE, type PortfolioCopy } from "~/lib/listings/page-copy";
import { LIST_FILTERS, type Paging } from "~/lib/listings/query";
import { loaderMeta } from "~/lib/loader-meta";
import type { Route } from "./+types/portfolio";

/** What the page draws of one page of the list (the loader adds its paging). */
type PageCards = {
  state: "ok" | "error";
  /** One page of the items matching the search and filter. */
  items: PortfolioCardView[];
  /** The service-type filter: the distinct types of every published item, labelled. */
  types: { value: string; label: string }[];
};
type Page = PageCards & Paging;

export const loader = (args: Route.LoaderArgs) =>
  loadListPage(args, {
    name: "portfolio",
    shell: PORTFOLIO_PAGE,
    filter: LIST_FILTERS["/portfolio"],
    load: (db, { search, filter, page }) => loadPortfolioCards(db, { search, type: filter, page }),
    toPage: (cards): PageCards => ({
      state: cards.state,
      items: cards.items.map(toPortfolioCardView),
      types: cards.types,
    }),
    // Each card's Media library video, as search engines should know it (issue #44 item 5).
    jsonLd: (page, siteUrl) =>
      page.items.flatMap((item) =>
        item.video
          ? [
              videoObjectJsonLd(item.video, siteUrl, {
                name: item.title,
                description: item.description,
              }),
            ]
          : [],
      ),
  });

export const clientLoader = ({ request, serverLoader }: Route.ClientLoaderArgs) =>
  loadInBrowser("portfolio", request, serverLoader);

export const headers = contentHeaders;

export const meta = loaderMeta;

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
          errorElement={<LoadError error={copy.error} />}
        >
          {(resolved) =>
            resolved.state === "error" ? (
              <LoadError error={copy.error} />
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
  const [open, setOpen] = useState<number | null>(null);
  const { items } = page;
  const withImages = items.filter((item) => item.imageUrl);

  // No published item at all: no type to filter by.
  if (page.types.length === 0) return <EmptyState title={copy.noItems} />;
  return (
    <div className="space-y-10">
      <ListHead
        filter={{
          name: "type",
          label: copy.typeLabel,
          allLabel: copy.allTypes,
          options: page.types,
        }}
        copy={copy}
        paging={page}
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
      <Pagination page={page.page} pageCount={page.pageCount} />
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
