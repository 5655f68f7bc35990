import { deleteRow, type EditorTable, saveRow, updateRow } from "@server/content/editor-rows";
import { draftStateColumn, publishingWhere } from "@server/content/workflow/drafts";
import type { Database } from "@server/db/client";
import { type PortfolioItem, portfolioItems } from "@server/db/schema";
import {
  containsAny,
  type ListQuery,
  PAGE_SIZE,
  type Page,
  readPage,
} from "@server/kit/list-params";
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { PortfolioItemInput } from "~/entities/portfolio-item/form";
import type { PublishingState } from "~/lib/publishing";
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
  query: ListQuery & { status?: PublishingState | "" },
): Promise<Page<PortfolioRow>> {
  const where = and(
    query.q ? containsAny(query.q, [portfolioItems.title, portfolioItems.clientName]) : undefined,
    query.status
      ? publishingWhere("portfolio_item", portfolioItems.id, portfolioItems.status, query.status)
      : undefined,
  );
  return readPage(query.page, {
    rows: (offset) =>
      db
        .select({
          id: portfolioItems.id,
          title: portfolioItems.title,
          clientName: portfolioItems.clientName,
          serviceType: portfolioItems.serviceType,
          status: portfolioItems.status,
          isFeatured: portfolioItems.isFeatured,
          completionDate: portfolioItems.completionDate,
          imageUrl: portfolioItems.imageUrl,
          draftState: draftStateColumn("portfolio_item", portfolioItems.id),
        })
        .from(portfolioItems)
        .where(where)
        .orderBy(
          sql`${portfolioItems.completionDate} desc nulls last`,
          desc(portfolioItems.createdAt),
          desc(portfolioItems.id),
        )
        .limit(PAGE_SIZE)
        .offset(offset),
    total: async () =>
      (await db.select({ total: count() }).from(portfolioItems).where(where))[0]?.total ?? 0,
  });
}

export async function findPortfolioItem(db: Database, id: string): Promise<PortfolioItem | null> {
  const [row] = await db.select().from(portfolioItems).where(eq(portfolioItems.id, id));
  return row ?? null;
}

export async function findPortfolioTitle(db: Database, id: string): Promise<string | null> {
  const [row] = await db
    .select({ title: portfolioItems.title })
    .from(portfolioItems)
    .where(eq(portfolioItems.id, id));
  return row?.title ?? null;
}

const PORTFOLIO: EditorTable<typeof portfolioItems> = {
  table: portfolioItems,
  entity: "portfolio",
  uploadsOwner: PORTFOLIO_OWNER_TABLE,
  workflow: "portfolio_item",
};

/**
 * Creates (`id` null) or updates a portfolio item; returns its id, or null when the item to update
 * no longer exists. The row and its image's upload record change in one transaction.
 */
export function savePortfolioItem(
  db: Database,
  id: string | null,
  input: PortfolioItemInput,
): Promise<string | null> {
  const values = {
    title: input.title,
    description: input.description,
    clientName: input.clientName,
    serviceType: input.serviceType,
    status: input.status,
    isFeatured: input.isFeatured,
    completionDate: input.completionDate,
    tags: input.tags,
    imageUrl: input.imageUrl,
    videoUrl: input.videoUrl,
    projectUrl: input.projectUrl,
  };
  return saveRow(db, PORTFOLIO, id, values, [input.imageUrl]);
}

export function setPortfolioFeatured(
  db: Database,
  id: string,
  featured: boolean,
): Promise<boolean> {
  return updateRow(db, PORTFOLIO, id, { isFeatured: featured });
}

export function deletePortfolioItem(db: Database, id: string): Promise<boolean> {
  return deleteRow(db, PORTFOLIO, id);
}
