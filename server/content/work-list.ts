import { draftStateColumn, publishingWhere } from "@server/content/workflow/drafts";
import type { caseStudies, portfolioItems } from "@server/db/schema";
import { containsAny, type ListQuery } from "@server/kit/list-params";
import { and, type SQL } from "drizzle-orm";
import type { PublishingState } from "~/lib/publishing";

/**
 * What the back-office lists of the studio's work share (case studies, the portfolio): the
 * search over title and client, the publishing badge's filter, and the columns each row shows.
 */

type WorkTable = typeof caseStudies | typeof portfolioItems;
type WorkEntity = "case_study" | "portfolio_item";

export type WorkListQuery = ListQuery & { status?: PublishingState | "" };

/** The rows matching the search (title, client) and the badge (publishing state). */
export function workListWhere(
  entity: WorkEntity,
  table: WorkTable,
  query: WorkListQuery,
): SQL | undefined {
  return and(
    query.q ? containsAny(query.q, [table.title, table.clientName]) : undefined,
    query.status ? publishingWhere(entity, table.id, table.status, query.status) : undefined,
  );
}

/** The columns every row of a work list shows, with its work not yet published (issue #31). */
export function workRowColumns<T extends WorkTable>(entity: WorkEntity, table: T) {
  return {
    id: table.id as T["id"],
    title: table.title as T["title"],
    clientName: table.clientName as T["clientName"],
    serviceType: table.serviceType as T["serviceType"],
    status: table.status as T["status"],
    isFeatured: table.isFeatured as T["isFeatured"],
    draftState: draftStateColumn(entity, table.id),
  };
}
