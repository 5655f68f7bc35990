import { desc, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { portfolioItems } from "../db/schema";

/**
 * The portfolio as the back-office lists it (every status). Read-only here: the create, edit,
 * delete and image-upload screens arrive with issue #7.
 */

export interface PortfolioRow {
  id: string;
  title: string;
  clientName: string | null;
  serviceType: string;
  status: string;
  isFeatured: boolean;
  completionDate: string | null;
  imageUrl: string | null;
}

export function listPortfolioItems(db: Database): Promise<PortfolioRow[]> {
  return db
    .select({
      id: portfolioItems.id,
      title: portfolioItems.title,
      clientName: portfolioItems.clientName,
      serviceType: portfolioItems.serviceType,
      status: portfolioItems.status,
      isFeatured: portfolioItems.isFeatured,
      completionDate: portfolioItems.completionDate,
      imageUrl: portfolioItems.imageUrl,
    })
    .from(portfolioItems)
    .orderBy(sql`${portfolioItems.completionDate} desc nulls last`, desc(portfolioItems.createdAt));
}
