import { matchesSearch } from "~/lib/listings/query";

/**
 * The portfolio card and the list rule the browser runs (SPEC section 2), on plain objects.
 * Kept apart from portfolio.ts, whose service-type labels the page's JavaScript does not need
 * (the loader writes them out).
 */

export interface PortfolioCard {
  id: string;
  title: string;
  description: string | null;
  isFeatured: boolean;
  /** `YYYY-MM-DD` or null. */
  completionDate: string | null;
  serviceType: string;
  serviceLabel: string;
  imageUrl: string | null;
  videoUrl: string | null;
  projectUrl: string | null;
  clientName: string | null;
  tags: string[];
}

/** A card as the page draws it: the completion date written out by the loader. */
export interface PortfolioCardView extends PortfolioCard {
  completedLabel: string | null;
}

/** Cards show up to three tags (SPEC section 9). */
export const CARD_TAGS = 3;

/** Search over title, client, description and tags; `type` is a service-type key or null. */
export function filterPortfolio<
  T extends Pick<PortfolioCard, "title" | "description" | "clientName" | "tags" | "serviceType">,
>(items: readonly T[], filter: { search: string; type: string | null }): T[] {
  return items.filter(
    (item) =>
      matchesSearch(filter.search, [item.title, item.clientName, item.description, ...item.tags]) &&
      (filter.type === null || item.serviceType === filter.type),
  );
}
