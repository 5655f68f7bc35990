import { cachedListPage, cachedRead } from "@server/content/cache";
import { cardsOrFailure } from "@server/content/list-read";
import type { Executor } from "@server/db/client";
import { type PortfolioItem, portfolioItems } from "@server/db/schema";
import { containsPattern } from "@server/kit/list-params";
import { publicVideos } from "@server/media/playback";
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { serviceTypeOptions, toPortfolioCard } from "~/entities/portfolio-item/view";
import { LIST_PAGE_SIZE, type ListPage, pageCountOf, pagingOf } from "~/lib/listings/query";
import type { PortfolioServiceType } from "~/lib/values";

/** Latest completion first (undated last), then newest; the id settles ties. */
const portfolioOrder = [
  sql`${portfolioItems.completionDate} desc nulls last`,
  desc(portfolioItems.createdAt),
  asc(portfolioItems.id),
];

/**
 * Published portfolio items in that order, optionally only featured,
 * of one service type, and limited (service pages show 6).
 */
export function listPublishedPortfolioItems(
  db: Executor,
  options: { featuredOnly?: boolean; serviceType?: PortfolioServiceType; limit?: number } = {},
): Promise<PortfolioItem[]> {
  const { featuredOnly = false, serviceType = "any", limit = 0 } = options;
  return cachedRead(db, `portfolio:${featuredOnly}:${serviceType}:${limit}`, () => {
    const query = db
      .select()
      .from(portfolioItems)
      .where(
        and(
          eq(portfolioItems.status, "published"),
          options.featuredOnly ? eq(portfolioItems.isFeatured, true) : undefined,
          options.serviceType ? eq(portfolioItems.serviceType, options.serviceType) : undefined,
        ),
      )
      .orderBy(...portfolioOrder);
    return options.limit ? query.limit(options.limit) : query;
  });
}

/** What /portfolio asks for: the search (title, client, description, tags), a type, the page. */
export interface PortfolioQuery {
  search: string;
  type: string | null;
  page: number;
}

/** One page of published portfolio items, filtered in SQL (decision 0220); cached per page. */
export function listPublishedPortfolioPage(
  db: Executor,
  query: PortfolioQuery,
): Promise<ListPage<PortfolioItem>> {
  const key = JSON.stringify([query.search, query.type, query.page]);
  return cachedListPage(db, `portfolio-page:${key}`, query.search, async () => {
    const pattern = query.search ? containsPattern(query.search) : null;
    const matching: SQL | undefined = and(
      eq(portfolioItems.status, "published"),
      pattern
        ? or(
            ilike(portfolioItems.title, pattern),
            ilike(portfolioItems.clientName, pattern),
            ilike(portfolioItems.description, pattern),
            sql`exists (select 1 from unnest(${portfolioItems.tags}) as tag where tag ilike ${pattern})`,
          )
        : undefined,
      query.type ? eq(portfolioItems.serviceType, query.type) : undefined,
    );
    const [counted] = await db.select({ total: count() }).from(portfolioItems).where(matching);
    const total = counted?.total ?? 0;
    const pageCount = pageCountOf(total);
    const page = Math.min(query.page, pageCount);
    const items = await db
      .select()
      .from(portfolioItems)
      .where(matching)
      .orderBy(...portfolioOrder)
      .limit(LIST_PAGE_SIZE)
      .offset((page - 1) * LIST_PAGE_SIZE);
    return { items, total, page, pageCount };
  });
}

/** The distinct service types of every published item (the filter of /portfolio). */
export function listPublishedServiceTypes(db: Executor): Promise<string[]> {
  return cachedRead(db, "portfolio:types", async () => {
    const rows = await db
      .selectDistinct({ type: portfolioItems.serviceType })
      .from(portfolioItems)
      .where(eq(portfolioItems.status, "published"));
    return rows.map((row) => row.type);
  });
}

/** A page of /portfolio's cards and its filter (a database failure is returned). */
export function loadPortfolioCards(db: Executor, query: PortfolioQuery) {
  return cardsOrFailure(
    async () => {
      const [page, types] = await Promise.all([
        listPublishedPortfolioPage(db, query),
        listPublishedServiceTypes(db),
      ]);
      const videos = await publicVideos(
        db,
        page.items.map((item) => item.videoMediaId),
      );
      return {
        items: page.items.map((item) => toPortfolioCard(item, videos)),
        /** The service-type filter: every published item's type, once, labelled. */
        types: serviceTypeOptions(types.map((serviceType) => ({ serviceType }))),
        ...pagingOf(page),
      };
    },
    { items: [], types: [] },
  );
}

export type PortfolioCards = Awaited<ReturnType<typeof loadPortfolioCards>>;
