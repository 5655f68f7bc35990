import { cacheHeaders, contentHeaders } from "@server/content/http";
import { loadPortfolioCards, type PortfolioCards } from "@server/content/portfolio";
import { getRuntimeFrom } from "@server/context";
import { useState } from "react";
import {
  data,
  type ShouldRevalidateFunctionArgs,
  useLoaderData,
  useLocation,
  useRevalidator,
  useSearchParams,
} from "react-router";
import { DeferredList } from "~/components/content/deferred-list";
import { LazyLightbox } from "~/components/content/lazy-lightbox";
import { ListFilters } from "~/components/content/list-filters";
import { PortfolioCard } from "~/components/content/portfolio-card";
import { EmptyState, ErrorPanel, SkeletonGrid, TryAgain } from "~/components/content/states";
import { ClosingCta, container, PageHeader } from "~/components/content/ui";
import { PORTFOLIO_COPY as copy } from "~/content/content-pages";
import { filterPortfolio, serviceTypeOptions } from "~/lib/content/portfolio";
import { readFilter, readSearch } from "~/lib/content/query";
import { withRetry } from "~/lib/content/retry";
import { contentMeta } from "~/lib/content/seo";
import type { Route } from "./+types/portfolio";

type Page = Pick<PortfolioCards, "state" | "items">;

export async function loader({ context }: Route.LoaderArgs) {
  const { database, config, logger } = getRuntimeFrom(context);
  const cards = await loadPortfolioCards(database.db);
  if (cards.state === "error") logger.error({ err: cards.error }, "portfolio: load failed");
  const page: Page = { state: cards.state, items: cards.items };
  const degraded = page.state === "error";
  return data(
    { siteUrl: config.SITE_URL as string | null, page: page as Page | Promise<Page>, load: 0 },
    { status: degraded ? 503 : 200, headers: cacheHeaders(degraded) },
  );
}

/** Browser-side loads show placeholders, then data or the error panel (see case-studies.tsx). */
let browserLoads = 0;

export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const page = withRetry(async () => (await serverLoader()).page, {
    isFailure: (result) => result.state === "error",
  });
  return { siteUrl: null, page, load: ++browserLoads };
}

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
    ...copy.meta,
    siteUrl: loaderData?.siteUrl,
    path: location.pathname,
    image: "/media/portfolio/slow-fire.svg",
  });
}

export default function Portfolio() {
  const { page, load } = useLoaderData<typeof loader>();
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
          errorElement={<LoadError />}
        >
          {(resolved) =>
            resolved.state === "error" ? <LoadError /> : <PortfolioList page={resolved} />
          }
        </DeferredList>
      </section>
      <ClosingCta title={copy.cta.title} text={copy.cta.text} actions={[...copy.cta.actions]} />
    </main>
  );
}

function PortfolioList({ page }: { page: Page }) {
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
          options: serviceTypeOptions(page.items),
        }}
      />
      {items.length === 0 ? (
        <EmptyState title={copy.noResults} />
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((item, index) => (
            <li key={item.id} className="flex">
              <PortfolioCard
                item={item}
                priority={index === 0}
                onOpenImage={() => setOpen(withImages.indexOf(item))}
              />
            </li>
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
function LoadError() {
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
