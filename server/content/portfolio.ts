import type { Executor } from "@server/db/client";
import { type PortfolioItem, portfolioItems } from "@server/db/schema";
import { and, desc, eq, sql } from "drizzle-orm";
import type { PortfolioCard } from "~/entities/portfolio-item/list";
import { toPortfolioCard } from "~/entities/portfolio-item/view";
import type { PortfolioServiceType } from "~/lib/values";
import { cachedRead } from "./cache";

/**
 * Published portfolio items, latest completion first (undated last), optionally only featured,
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
      .orderBy(
        sql`${portfolioItems.completionDate} desc nulls last`,
        desc(portfolioItems.createdAt),
      );
    return options.limit ? query.limit(options.limit) : query;
  });
}

export type PortfolioCards =
  | { state: "ok"; items: PortfolioCard[] }
  | { state: "error"; items: []; error: unknown };

/** The cards of /portfolio, latest completion first. A database failure is returned. */
export async function loadPortfolioCards(db: Executor): Promise<PortfolioCards> {
  try {
    const items = await listPublishedPortfolioItems(db);
    return { state: "ok", items: items.map(toPortfolioCard) };
  } catch (error) {
    return { state: "error", items: [], error };
  }
}
