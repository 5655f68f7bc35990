import type { PublicVideo } from "~/entities/media/view";

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
  /** Its Media library video, once ready: played in the card instead of linking the Video URL. */
  video: PublicVideo | null;
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
