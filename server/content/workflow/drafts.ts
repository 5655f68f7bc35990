import { type AuditActor, recordAudit } from "@server/audit/log";
import type { ContentEntity } from "@server/caches";
import { contentChanged } from "@server/content/changes";
import type { Database, Executor } from "@server/db/client";
import {
  blogPosts,
  type ContentDraft,
  type ContentRevision,
  caseStudies,
  contentDrafts,
  contentRevisions,
  portfolioItems,
} from "@server/db/schema";
import { and, desc, eq, inArray, notInArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { PublishingState } from "~/lib/publishing";
import type { DraftState, RevisionKind, WorkflowEntity } from "~/lib/values";

/**
 * Drafts and revisions of blog posts, case studies and portfolio items (issue #31, decision 0330).
 * An item's live row is always what the public site shows; the editor's work not yet published
 * is kept here as the editor's form values, so public reads never change and never slow down.
 * Every draft save and every publish also keeps a revision (the last 50 per item).
 */

export const REVISIONS_KEPT = 50;

export async function findDraft(
  db: Executor,
  entity: WorkflowEntity,
  id: string,
): Promise<ContentDraft | null> {
  const [row] = await db
    .select()
    .from(contentDrafts)
    .where(and(eq(contentDrafts.entityType, entity), eq(contentDrafts.entityId, id)));
  return row ?? null;
}

/**
 * Keeps `values` as the item's draft and as a revision; with `publishAt`, the draft is scheduled
 * to go live then (./scheduled-publishing.ts); `in_review` sends it for review.
 */
export async function keepDraft(
  tx: Executor,
  item: { entity: WorkflowEntity; id: string },
  values: Record<string, unknown>,
  actor: AuditActor,
  now: Date = new Date(),
  publishAt: Date | null = null,
  state: DraftState = publishAt ? "scheduled" : "draft",
): Promise<void> {
  const set = {
    values,
    state,
    publishAt,
    updatedById: actor.id,
    updatedByEmail: actor.email,
    updatedAt: now,
  };
  await tx
    .insert(contentDrafts)
    .values({ entityType: item.entity, entityId: item.id, ...set })
    .onConflictDoUpdate({ target: [contentDrafts.entityType, contentDrafts.entityId], set });
  await recordRevision(tx, item, "draft", values, actor, now);
}

/** Drops the item's draft (it was published, or the item is gone). */
export async function dropDraft(tx: Executor, entity: WorkflowEntity, id: string): Promise<void> {
  await tx
    .delete(contentDrafts)
    .where(and(eq(contentDrafts.entityType, entity), eq(contentDrafts.entityId, id)));
}

/** A deleted item's drafts and revisions go with it. */
export async function forgetItem(tx: Executor, entity: WorkflowEntity, id: string): Promise<void> {
  await dropDraft(tx, entity, id);
  await tx
    .delete(contentRevisions)
    .where(and(eq(contentRevisions.entityType, entity), eq(contentRevisions.entityId, id)));
}

/** Adds a revision and drops the item's revisions beyond the newest 50. */
export async function recordRevision(
  tx: Executor,
  item: { entity: WorkflowEntity; id: string },
  kind: RevisionKind,
  values: Record<string, unknown>,
  actor: AuditActor,
  now: Date = new Date(),
): Promise<void> {
  await tx.insert(contentRevisions).values({
    entityType: item.entity,
    entityId: item.id,
    kind,
    values,
    actorId: actor.id,
    actorEmail: actor.email,
    at: now,
  });
  const ofItem = and(
    eq(contentRevisions.entityType, item.entity),
    eq(contentRevisions.entityId, item.id),
  );
  const kept = tx
    .select({ id: contentRevisions.id })
    .from(contentRevisions)
    .where(ofItem)
    .orderBy(desc(contentRevisions.at), desc(contentRevisions.id))
    .limit(REVISIONS_KEPT);
  await tx.delete(contentRevisions).where(and(ofItem, notInArray(contentRevisions.id, kept)));
}

export type RevisionSummary = Pick<ContentRevision, "id" | "kind" | "actorEmail" | "at">;

/** The item's revisions, newest first. */
export function listRevisions(
  db: Executor,
  entity: WorkflowEntity,
  id: string,
): Promise<RevisionSummary[]> {
  return db
    .select({
      id: contentRevisions.id,
      kind: contentRevisions.kind,
      actorEmail: contentRevisions.actorEmail,
      at: contentRevisions.at,
    })
    .from(contentRevisions)
    .where(and(eq(contentRevisions.entityType, entity), eq(contentRevisions.entityId, id)))
    .orderBy(desc(contentRevisions.at), desc(contentRevisions.id));
}

export async function findRevisions(
  db: Executor,
  entity: WorkflowEntity,
  id: string,
  revisionIds: string[],
): Promise<ContentRevision[]> {
  if (revisionIds.length === 0) return [];
  return db
    .select()
    .from(contentRevisions)
    .where(
      and(
        eq(contentRevisions.entityType, entity),
        eq(contentRevisions.entityId, id),
        inArray(contentRevisions.id, revisionIds),
      ),
    );
}

/** The draft state of the row `idColumn` names, for a list's select (null: no pending work). */
export function draftStateColumn(
  entity: WorkflowEntity,
  idColumn: AnyPgColumn,
): SQL<DraftState | null> {
  return sql<DraftState | null>`(select ${contentDrafts.state} from ${contentDrafts} where ${contentDrafts.entityType} = ${entity} and ${contentDrafts.entityId} = ${idColumn})`;
}

/** When the scheduled draft of the row `idColumn` names goes live, for a list's select. */
export function draftPublishAtColumn(
  entity: WorkflowEntity,
  idColumn: AnyPgColumn,
): SQL<Date | null> {
  return sql<Date | null>`(select ${contentDrafts.publishAt} from ${contentDrafts} where ${contentDrafts.entityType} = ${entity} and ${contentDrafts.entityId} = ${idColumn})`.mapWith(
    contentDrafts.publishAt,
  );
}

/** A list's filter by badge: the rows of `statusColumn`/`idColumn` in that publishing state. */
export function publishingWhere(
  entity: WorkflowEntity,
  idColumn: AnyPgColumn,
  statusColumn: AnyPgColumn,
  state: PublishingState,
): SQL {
  const draft = (states: readonly DraftState[] | null) =>
    states === null
      ? sql`not exists (select 1 from ${contentDrafts} where ${contentDrafts.entityType} = ${entity} and ${contentDrafts.entityId} = ${idColumn})`
      : sql`exists (select 1 from ${contentDrafts} where ${contentDrafts.entityType} = ${entity} and ${contentDrafts.entityId} = ${idColumn} and ${inArray(contentDrafts.state, [...states])})`;
  switch (state) {
    case "in_review":
    case "scheduled":
      return draft([state]);
    case "changes":
      return sql`${statusColumn} = 'published' and ${draft(["draft"])}`;
    case "published":
      return sql`${statusColumn} = 'published' and ${draft(null)}`;
    case "draft":
      return sql`${statusColumn} <> 'published' and not ${draft(["in_review", "scheduled"])}`;
  }
}

/** Each workflow entity's live table and the name the content-change feed gives it. */
const LIVE = {
  blog_post: { table: blogPosts, feed: "blog" },
  case_study: { table: caseStudies, feed: "case-studies" },
  portfolio_item: { table: portfolioItems, feed: "portfolio" },
} as const satisfies Record<WorkflowEntity, { table: unknown; feed: ContentEntity }>;

/** The live row's status, or null when the item does not exist. */
export async function liveStatusOf(
  db: Executor,
  entity: WorkflowEntity,
  id: string,
): Promise<string | null> {
  const table = LIVE[entity].table as typeof blogPosts;
  const [row] = await db.select({ status: table.status }).from(table).where(eq(table.id, id));
  return row?.status ?? null;
}

/**
 * "Unpublish": the live row becomes a draft (its text kept), the public site drops it on every
 * instance. False when the item is gone or was not published.
 */
export async function unpublish(
  db: Database,
  entity: WorkflowEntity,
  id: string,
): Promise<boolean> {
  const table = LIVE[entity].table as typeof blogPosts;
  const rows = await db
    .update(table)
    .set({ status: "draft" })
    .where(and(eq(table.id, id), eq(table.status, "published")))
    .returning({ id: table.id });
  if (rows.length === 0) return false;
  await contentChanged(db, { entity: LIVE[entity].feed, id, action: "updated" });
  return true;
}

/**
 * The audit row of a draft kept beside the live row: "schedule" with its time, "submit_for_review",
 * or "save_draft".
 */
export function auditDraftSave(
  tx: Executor,
  actor: AuditActor,
  item: { entity: WorkflowEntity; id: string; name: string },
  state: DraftState,
  publishAt: Date | null,
): Promise<void> {
  const entry = { actor, entityType: item.entity, entityId: item.id, entityName: item.name };
  if (state === "scheduled" && publishAt) {
    return recordAudit(tx, {
      ...entry,
      action: "schedule",
      changes: { publishAt: { before: null, after: publishAt.toISOString() } },
    });
  }
  return recordAudit(tx, {
    ...entry,
    action: state === "in_review" ? "submit_for_review" : "save_draft",
  });
}
