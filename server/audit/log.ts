import type { Database, Executor } from "@server/db/client";
import {
  type AuditChanges,
  auditEvents,
  blogCategories,
  blogPosts,
  caseStudies,
  contactSubmissions,
  jobApplications,
  portfolioItems,
  replyTemplates,
  teamMembers,
  testimonials,
} from "@server/db/schema";
import { inTransaction } from "@server/kit/transaction";
import { eq } from "drizzle-orm";
import type { AuditAction, AuditEntity } from "~/lib/values";

/**
 * The audit log (issue #29, decision 0291): one row per back-office write, inserted in the same
 * transaction as the write (a write that rolls back leaves no row; a row never describes a write
 * that did not happen), and one per account event (sign-ins, invitations, role changes…).
 */

/**
 * Who did it, from where: the signed-in staff member and the request's client address; or a
 * reviewer of the review room, an actor of its own kind (no account: `id` null), named by the
 * share link they came through and the address they gave (decision 0535).
 */
export interface AuditActor {
  id: string | null;
  email: string | null;
  ip: string | null;
  /** Set for a reviewer only: the share link. */
  linkId?: string | null;
}

/** A reviewer as the audit log names them: the link and the e-mail they gave. */
export function reviewerActor(
  linkId: string,
  reviewer: { email: string | null },
  ip: string | null = null,
): AuditActor {
  return { id: null, email: reviewer.email, ip, linkId };
}

export interface AuditEntry {
  action: AuditAction;
  actor: AuditActor;
  entityType?: AuditEntity;
  entityId?: string | null;
  entityName?: string | null;
  changes?: AuditChanges | null;
}

export async function recordAudit(executor: Executor, entry: AuditEntry): Promise<void> {
  await executor.insert(auditEvents).values({
    action: entry.action,
    actorId: entry.actor.id,
    actorEmail: entry.actor.email,
    actorLinkId: entry.actor.linkId ?? null,
    ip: entry.actor.ip,
    entityType: entry.entityType ?? null,
    entityId: entry.entityId ?? null,
    entityName: entry.entityName ?? null,
    changes: entry.changes ?? null,
  });
}

/** The tables of the records staff edit, by the entity name the audit log gives them. */
const AUDITED_TABLES = {
  case_study: { table: caseStudies, name: "title" },
  testimonial: { table: testimonials, name: "author" },
  team_member: { table: teamMembers, name: "name" },
  portfolio_item: { table: portfolioItems, name: "title" },
  blog_post: { table: blogPosts, name: "title" },
  blog_category: { table: blogCategories, name: "name" },
  inquiry: { table: contactSubmissions, name: "name" },
  job_application: { table: jobApplications, name: "name" },
  reply_template: { table: replyTemplates, name: "name" },
} as const;
export type AuditedRecord = keyof typeof AUDITED_TABLES;

/** Columns whose change says nothing to a reader (they move with every write). */
const IGNORED = new Set(["updatedAt"]);

type Row = Record<string, unknown>;

async function snapshot(
  executor: Executor,
  entity: AuditedRecord,
  id: string,
): Promise<Row | null> {
  const { table } = AUDITED_TABLES[entity];
  const [row] = await executor
    .select()
    .from(table as typeof caseStudies)
    .where(eq((table as typeof caseStudies).id, id))
    .limit(1);
  return (row as Row | undefined) ?? null;
}

/** What differs between two snapshots of a row, field by field (JSON-equal values are equal). */
export function changedFields(before: Row | null, after: Row | null): AuditChanges {
  const changes: AuditChanges = {};
  for (const field of new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])) {
    if (IGNORED.has(field)) continue;
    const was = before?.[field] ?? null;
    const now = after?.[field] ?? null;
    if (JSON.stringify(was) !== JSON.stringify(now)) changes[field] = { before: was, after: now };
  }
  return changes;
}

/**
 * Runs a write of one record in a transaction and records it there: the row before and after,
 * the fields that changed, create/update/delete from which of the two exists. `idOf` reads the
 * record's id from the write's result (a create learns it only then; by default a string result
 * is the id and `true` means `target.id`), or null when nothing was written (a row deleted
 * meanwhile, a refused save): then no audit row is written either.
 */
export async function audited<T>(
  db: Database,
  actor: AuditActor,
  target: { entity: AuditedRecord; id: string | null },
  write: (tx: Database) => Promise<T>,
  idOf: (result: T) => string | null = (result) =>
    typeof result === "string" ? result : result === true ? target.id : null,
): Promise<T> {
  return inTransaction(db, async (executor) => {
    const before = target.id ? await snapshot(executor, target.entity, target.id) : null;
    const result = await write(executor);
    const id = idOf(result);
    if (!id) return result;
    const after = await snapshot(executor, target.entity, id);
    const changes = changedFields(before, after);
    if (before && after && Object.keys(changes).length === 0) return result;
    const named = (after ?? before)?.[AUDITED_TABLES[target.entity].name];
    await recordAudit(executor, {
      action: !before ? "create" : !after ? "delete" : "update",
      actor,
      entityType: target.entity,
      entityId: id,
      entityName: typeof named === "string" ? named.slice(0, 200) : null,
      changes,
    });
    return result;
  });
}
