import { type AuditActor, recordAudit } from "@server/audit/log";
import type { Database, Executor } from "@server/db/client";
import { blogPosts, caseStudies, type Redirect, redirects } from "@server/db/schema";
import { asc, count, eq } from "drizzle-orm";
import {
  normaliseTarget,
  pathOfTarget,
  REDIRECT_MESSAGES,
  type RedirectInput,
} from "~/entities/redirect/form";
import type { FieldErrors } from "~/lib/forms/result";
import type { RedirectOrigin, WorkflowEntity } from "~/lib/values";
import { containsAny, type Page, readPage } from "./list-params";

/**
 * Redirects (issue #31 item 5, decision 0370): the list of /admin/redirects, a redirect added by
 * hand, one added when a published item's slug changes, and their removal. Every write records
 * an audit row in the caller's transaction. Chains collapse as they are made: no redirect ever
 * leads to the From of another, so the public lookup (server/content/redirects.ts) is one read.
 */

/** Far beyond a real chain (collapsing keeps them one hop long); bounds a damaged table. */
const MAX_HOPS = 20;

export type RedirectRow = Pick<Redirect, "id" | "fromPath" | "toTarget" | "origin" | "createdAt">;

export async function listRedirects(
  db: Database,
  query: { q: string; page: number },
): Promise<Page<RedirectRow>> {
  const where = query.q
    ? containsAny(query.q, [redirects.fromPath, redirects.toTarget])
    : undefined;
  return readPage(query.page, {
    rows: (offset) =>
      db
        .select({
          id: redirects.id,
          fromPath: redirects.fromPath,
          toTarget: redirects.toTarget,
          origin: redirects.origin,
          createdAt: redirects.createdAt,
        })
        .from(redirects)
        .where(where)
        .orderBy(asc(redirects.fromPath))
        .limit(25)
        .offset(offset),
    total: async () => (await db.select({ n: count() }).from(redirects).where(where))[0]?.n ?? 0,
  });
}

export type AddResult =
  | { ok: true; id: string; from: string; to: string | null }
  | { ok: false; fieldErrors: FieldErrors };

/**
 * Adds `from` → `to` (null: 410 Gone). Refused with a message: a From that already has a
 * redirect, a target that leads back to From (a loop, however long). A target that itself
 * redirects is followed to its end (A→B with B→C stores A→C), and the redirects that led to
 * From now lead to the end too (A→B, then B→C rewrites A→C).
 */
export async function addRedirect(
  tx: Executor,
  actor: AuditActor,
  input: RedirectInput & { origin: RedirectOrigin },
  siteUrl: string,
): Promise<AddResult> {
  const { from, origin } = input;
  const to = input.to === null ? null : normaliseTarget(input.to, siteUrl);
  if (input.to !== null && to === null) {
    return { ok: false, fieldErrors: { to: [REDIRECT_MESSAGES.toInvalid] } };
  }
  const [existing] = await tx
    .select({ toTarget: redirects.toTarget })
    .from(redirects)
    .where(eq(redirects.fromPath, from));
  if (existing) {
    return { ok: false, fieldErrors: { from: [REDIRECT_MESSAGES.taken(from, existing.toTarget)] } };
  }

  let target = to;
  for (let hop = 0; target !== null && hop < MAX_HOPS; hop++) {
    const path = pathOfTarget(target);
    if (path === null) break;
    if (path === from) {
      return {
        ok: false,
        fieldErrors: {
          to: [hop === 0 ? REDIRECT_MESSAGES.toSelf : REDIRECT_MESSAGES.loop(from, to ?? "")],
        },
      };
    }
    const [next] = await tx
      .select({ toTarget: redirects.toTarget })
      .from(redirects)
      .where(eq(redirects.fromPath, path));
    // The end of the chain: a page (or a path that is gone: the redirect keeps pointing there).
    if (!next || next.toTarget === null) break;
    target = next.toTarget;
  }

  const [row] = await tx
    .insert(redirects)
    .values({ fromPath: from, toTarget: target, origin })
    .returning({ id: redirects.id });
  if (!row) throw new Error("the redirect was not stored");
  await recordAudit(tx, {
    action: "create",
    actor,
    entityType: "redirect",
    entityId: row.id,
    entityName: from,
    changes: {
      fromPath: { before: null, after: from },
      toTarget: { before: null, after: target },
      origin: { before: null, after: origin },
    },
  });

  // Collapse: whatever led to From now leads where From leads.
  if (target !== null) {
    const rewritten = await tx
      .update(redirects)
      .set({ toTarget: target })
      .where(eq(redirects.toTarget, from))
      .returning({ id: redirects.id, fromPath: redirects.fromPath });
    for (const other of rewritten) {
      await recordAudit(tx, {
        action: "update",
        actor,
        entityType: "redirect",
        entityId: other.id,
        entityName: other.fromPath,
        changes: { toTarget: { before: from, after: target } },
      });
    }
  }
  return { ok: true, id: row.id, from, to: target };
}

/** Removes one redirect; its From is returned, or null when it was already gone. */
export async function removeRedirect(
  tx: Executor,
  actor: AuditActor,
  id: string,
): Promise<string | null> {
  const [removed] = await tx.delete(redirects).where(eq(redirects.id, id)).returning();
  if (!removed) return null;
  await recordAudit(tx, {
    action: "delete",
    actor,
    entityType: "redirect",
    entityId: removed.id,
    entityName: removed.fromPath,
    changes: {
      fromPath: { before: removed.fromPath, after: null },
      toTarget: { before: removed.toTarget, after: null },
    },
  });
  return removed.fromPath;
}

// ---------------------------------------------------------------------------------------------
// A published item's slug changed
// ---------------------------------------------------------------------------------------------

/** The public pages that have a slug, and how to read one's address and whether it is live. */
const MOVABLE = {
  case_study: { table: caseStudies, prefix: "/case-studies/" },
  blog_post: { table: blogPosts, prefix: "/blog/" },
} as const;
export type MovableEntity = keyof typeof MOVABLE;

async function publicPathOf(
  tx: Executor,
  entity: MovableEntity,
  id: string,
): Promise<{ path: string; published: boolean } | null> {
  const { table, prefix } = MOVABLE[entity];
  const [row] = await tx
    .select({ slug: table.slug, status: table.status })
    .from(table as typeof caseStudies)
    .where(eq((table as typeof caseStudies).id, id));
  return row ? { path: `${prefix}${row.slug}`, published: row.status === "published" } : null;
}

/**
 * Runs an editor's save (in the caller's transaction) and, when it changed the slug of an item
 * that was published, redirects the old address to the new one: 301, collapsed like any other.
 * The new address is the page's now, so a redirect from it (the slug changed back) goes first.
 */
export async function savedWithRedirect<T>(
  tx: Executor,
  actor: AuditActor,
  target: { entity: WorkflowEntity; id: string | null; siteUrl: string },
  save: () => Promise<T>,
): Promise<T> {
  // An item without a page of its own (a portfolio item) has no address to move.
  const entity = target.entity in MOVABLE ? (target.entity as MovableEntity) : null;
  if (!entity) return save();
  const before = target.id ? await publicPathOf(tx, entity, target.id) : null;
  const result = await save();
  if (!target.id || !before?.published) return result;
  const after = await publicPathOf(tx, entity, target.id);
  if (!after || after.path === before.path) return result;
  const [taken] = await tx
    .select({ id: redirects.id })
    .from(redirects)
    .where(eq(redirects.fromPath, after.path));
  if (taken) await removeRedirect(tx, actor, taken.id);
  const [stale] = await tx
    .select({ id: redirects.id })
    .from(redirects)
    .where(eq(redirects.fromPath, before.path));
  // The old address had a redirect of its own while its page was live: the move replaces it.
  if (stale) await removeRedirect(tx, actor, stale.id);
  const added = await addRedirect(
    tx,
    actor,
    { from: before.path, to: after.path, origin: "slug" },
    target.siteUrl,
  );
  if (!added.ok) throw new Error(`the slug's redirect was refused: ${JSON.stringify(added)}`);
  return result;
}
