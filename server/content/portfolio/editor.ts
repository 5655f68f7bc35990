import { findRow, listRows, rowEditor } from "@server/content/editor-rows";
import { type WorkListQuery, workListWhere, workRowColumns } from "@server/content/work-list";
import type { Database } from "@server/db/client";
import { type PortfolioItem, portfolioItems } from "@server/db/schema";
import type { Page } from "@server/kit/list-params";
import { desc, sql } from "drizzle-orm";
import type { PortfolioItemInput } from "~/entities/portfolio-item/form";
import type { DraftState } from "~/lib/values";

/**
 * The portfolio in the back-office (SPEC section 7, admin): every status listed, newest completion
 * first; create and update from the form; feature toggle; delete. Each write is one transaction
 * and reports the change once committed, so the public pages show it at once.
 */

export const PORTFOLIO_OWNER_TABLE = "portfolio_items";

export interface PortfolioRow {
  id: string;
  title: string;
  clientName: string | null;
  serviceType: string;
  status: string;
  isFeatured: boolean;
  completionDate: string | null;
  imageUrl: string | null;
  /** Its work not yet published (issue #31), if any. */
  draftState: DraftState | null;
}

/**
 * One page (25) of the items matching the search (title, client) and the publishing state (the
 * badges), newest completion first.
 */
export function listPortfolioItems(
  db: Database,
  query: WorkListQuery,
): Promise<Page<PortfolioRow>> {
  return listRows(db, query.page, {
    table: portfolioItems,
    select: () =>
      db
        .select({
          ...workRowColumns("portfolio_item", portfolioItems),
          completionDate: portfolioItems.completionDate,
          imageUrl: portfolioItems.imageUrl,
        })
        .from(portfolioItems)
        .$dynamic(),
    where: workListWhere("portfolio_item", portfolioItems, query),
    orderBy: [
      sql`${portfolioItems.completionDate} desc nulls last`,
      desc(portfolioItems.createdAt),
      desc(portfolioItems.id),
    ],
  });
}

export async function findPortfolioTitle(db: Database, id: string): Promise<string | null> {
  const row = await findRow(
    db.select({ title: portfolioItems.title }).from(portfolioItems).$dynamic(),
    portfolioItems.id,
    id,
  );
  return row?.title ?? null;
}

const PORTFOLIO = rowEditor<typeof portfolioItems, PortfolioItemInput>(
  {
    table: portfolioItems,
    entity: "portfolio",
    uploadsOwner: PORTFOLIO_OWNER_TABLE,
    workflow: "portfolio_item",
  },
  (input) => [input.imageUrl],
);

export const findPortfolioItem: (db: Database, id: string) => Promise<PortfolioItem | null> =
  PORTFOLIO.find;

/**
 * Creates (`id` null) or updates a portfolio item; returns its id, or null when the item to update
 * no longer exists. The row and its image's upload record change in one transaction.
 */
export const savePortfolioItem = PORTFOLIO.save;

export function setPortfolioFeatured(db: Database, id: string, featured: boolean) {
  return PORTFOLIO.update(db, id, { isFeatured: featured });
}

export const deletePortfolioItem = PORTFOLIO.remove;
