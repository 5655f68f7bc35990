import { type AuditActor, recordAudit } from "@server/audit/log";
import type { Executor } from "@server/db/client";
import { blogPosts, caseStudies, previewRevocations } from "@server/db/schema";
import { eq, sql } from "drizzle-orm";

/**
 * Revoking an item's preview links (issue #47 item 14, decision 0462): its generation moves on,
 * so every link signed before answers as an expired one (server/content/workflow/preview.ts), and the
 * editor shows a new link at once. Audited in the caller's transaction.
 */

/** What the editors say after "Revoke preview links". */
export const PREVIEW_LINK_MESSAGES = {
  revoked: (name: string) =>
    `Preview links of "${name}" revoked: links sent before no longer open. Preview has a new one.`,
  missing: "That item no longer exists. It may have been deleted.",
  failed: "The preview links could not be revoked. Please try again.",
} as const;

const ITEMS = {
  blog_post: { table: blogPosts, name: blogPosts.title },
  case_study: { table: caseStudies, name: caseStudies.title },
} as const;
export type PreviewEntity = keyof typeof ITEMS;

/** The item's name after revoking its links; null when there is no such item. */
export async function revokePreviewLinks(
  tx: Executor,
  actor: AuditActor,
  entity: PreviewEntity,
  id: string,
): Promise<string | null> {
  const { table, name } = ITEMS[entity];
  const [item] = await tx
    .select({ name })
    .from(table as typeof blogPosts)
    .where(eq((table as typeof blogPosts).id, id));
  if (!item) return null;
  const [row] = await tx
    .insert(previewRevocations)
    .values({ entityType: entity, entityId: id, generation: 1 })
    .onConflictDoUpdate({
      target: [previewRevocations.entityType, previewRevocations.entityId],
      set: { generation: sql`${previewRevocations.generation} + 1`, revokedAt: new Date() },
    })
    .returning({ generation: previewRevocations.generation });
  await recordAudit(tx, {
    action: "revoke_preview",
    actor,
    entityType: entity,
    entityId: id,
    entityName: item.name,
    changes: {
      previewGeneration: { before: (row?.generation ?? 1) - 1, after: row?.generation ?? 1 },
    },
  });
  return item.name;
}
