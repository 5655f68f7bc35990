import type { PublicVideo } from "~/entities/media/view";
import type { PortfolioCard, PortfolioCardView } from "~/entities/portfolio-item/list";
import { CARD_DATE, formatDay } from "~/lib/listings/format";
import {
  PORTFOLIO_SERVICE_TYPE_LABELS,
  PORTFOLIO_SERVICE_TYPES,
  type PortfolioServiceType,
} from "~/lib/values";

export {
  CARD_TAGS,
  type PortfolioCard,
  type PortfolioCardView,
} from "~/entities/portfolio-item/list";

/**
 * The portfolio rules of SPEC section 2 on plain objects (browser-safe). The browser needs only
 * portfolio-list.ts; the loader writes out labels and dates with the rest.
 */

/** A row (or any object with its fields) as a card: what the loaders send, not whole rows. */
export function toPortfolioCard(
  item: Omit<PortfolioCard, "serviceLabel" | "video"> & { videoMediaId?: string | null },
  videos: ReadonlyMap<string, PublicVideo> = new Map(),
): PortfolioCard {
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
    video: (item.videoMediaId && videos.get(item.videoMediaId)) || null,
    projectUrl: item.projectUrl,
    clientName: item.clientName,
    tags: [...item.tags],
  };
}

/** The completion date written out (`MMM d, yyyy`) by the loader. */
export function toPortfolioCardView(item: PortfolioCard): PortfolioCardView {
  return {
    ...item,
    completedLabel: item.completionDate ? formatDay(item.completionDate, CARD_DATE) : null,
  };
}

export function serviceTypeLabel(type: string): string {
  return Object.hasOwn(PORTFOLIO_SERVICE_TYPE_LABELS, type)
    ? PORTFOLIO_SERVICE_TYPE_LABELS[type as PortfolioServiceType]
    : type;
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
