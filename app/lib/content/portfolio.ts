import {
  PORTFOLIO_SERVICE_TYPE_LABELS,
  PORTFOLIO_SERVICE_TYPES,
  type PortfolioServiceType,
} from "~/lib/values";
import { matchesSearch } from "./query";

/** The portfolio rules of SPEC section 2 on plain objects (browser-safe). */

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

export const CARD_TAGS = 3;

export function serviceTypeLabel(type: string): string {
  return Object.hasOwn(PORTFOLIO_SERVICE_TYPE_LABELS, type)
    ? PORTFOLIO_SERVICE_TYPE_LABELS[type as PortfolioServiceType]
    : type;
}

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

/** The service-type filter: the distinct types of the items, in the studio's order, labelled. */
export function serviceTypeOptions(
  items: readonly Pick<PortfolioCard, "serviceType">[],
): { value: string; label: string }[] {
  const present = new Set(items.map((item) => item.serviceType));
  const known: string[] = PORTFOLIO_SERVICE_TYPES.filter((type) => present.has(type));
  const unknown = [...present].filter((type) => !known.includes(type)).sort();
  return [...known, ...unknown].map((value) => ({ value, label: serviceTypeLabel(value) }));
}
