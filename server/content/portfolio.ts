import type { Executor } from "@server/db/client";
import { portfolioItems } from "@server/db/schema";
import { and, desc, eq, sql } from "drizzle-orm";
import {
  type PortfolioCard as PortfolioCardData,
  serviceTypeLabel,
} from "~/entities/portfolio-item/view";
import type { PortfolioServiceType } from "~/lib/values";
import { cachedRead } from "./cache";

export type PortfolioItem = typeof portfolioItems.$inferSelect;

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
  | { state: "ok"; items: PortfolioCardData[] }
  | { state: "error"; items: []; error: unknown };

export function toPortfolioCard(item: PortfolioItem): PortfolioCardData {
  return {
    id: item.id,
    title: item.title,
    description: item.description,
    isFeatured: item.isFeatured,
    completionDate: item.completionDate,
    serviceType: item.serviceType,
    serviceLabel: serviceTypeLabel(item.serviceType),
    imageUrl: item.imageUrl,
    videoUrl: item.videoUrl,
    projectUrl: item.projectUrl,
    clientName: item.clientName,
    tags: [...item.tags],
  };
}

/** The cards of /portfolio, latest completion first. A database failure is returned. */
export async function loadPortfolioCards(db: Executor): Promise<PortfolioCards> {
  try {
    const items = await listPublishedPortfolioItems(db);
    return { state: "ok", items: items.map(toPortfolioCard) };
  } catch (error) {
    return { state: "error", items: [], error };
  }
}
