import { type AuditActor, recordAudit } from "@server/audit/log";
import { listRows } from "@server/content/editor-rows";
import type { Database, Executor } from "@server/db/client";
import {
  blogPosts,
  caseStudies,
  type Redirect,
  type RedirectDomain,
  redirectDomains,
  redirects,
} from "@server/db/schema";
import { containsAny, type Page } from "@server/kit/list-params";
import { asc, eq, like, or } from "drizzle-orm";
import { findFallbackCaseStudy } from "~/copy/samples";
import {
  hostOfTarget,
  normaliseTarget,
  pathOfTarget,
  REDIRECT_MESSAGES,
  type RedirectInput,
} from "~/entities/redirect/form";
import type { FieldErrors } from "~/lib/forms/result";
import { STATIC_SITEMAP_ENTRIES } from "~/lib/sitemap";
import type { RedirectOrigin, WorkflowEntity } from "~/lib/values";

/**
 * Redirects (issue #31 item 5, decision 0370): the list of /admin/redirects, a redirect added by
 * hand, one added when a published item's slug changes, and their removal. Every write records
 * an audit row in the caller's transaction. Chains collapse as they are made: no redirect ever
 * leads to the From of another, so the public lookup (server/content/redirects/read.ts) is one read.
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
  return listRows(db, query.page, {
    table: redirects,
    select: () =>
      db
        .select({
          id: redirects.id,
          fromPath: redirects.fromPath,
          toTarget: redirects.toTarget,
          origin: redirects.origin,
          createdAt: redirects.createdAt,
        })
        .from(redirects)
        .$dynamic(),
    where,
    orderBy: [asc(redirects.fromPath)],
  });
}

export type AddResult =
  | {
      ok: true;
      id: string;
      from: string;
      to: string | null;
      /** Saved, but worth a look: the target is an item that is not published. */
      warning: string | null;
    }
  | { ok: false; fieldErrors: FieldErrors };

// ---------------------------------------------------------------------------------------------
// What a page answers (issue #47 item 19)
// ---------------------------------------------------------------------------------------------

/** The public site's fixed pages (the sitemap's list: every static page is in it). */
const STATIC_PAGES = new Set(STATIC_SITEMAP_ENTRIES.map((entry) => entry.path));
/**
 * Addresses served by routes of their own before any redirect is asked (app/routes.ts): files,
 * feeds, previews, the build's assets, the site's top-level files.
 */
const RESOURCE_PATHS =
  /^\/(?:assets|files|img|sitemaps|preview|media)(?:\/|$)|^\/(?:sitemap\.xml|robots\.txt|blog\/rss\.xml|visit|consent|contact\/booked|uploads\/contact-attachments|favicon\.svg|apple-touch-icon\.png|logo\.png|og-image\.jpg)$/;

/** The item a content page's path names: its table's row by slug (a case study's id too). */
async function itemAt(
  tx: Executor,
  path: string,
): Promise<{ published: boolean } | "fixed" | null> {
  const study = /^\/case-studies\/([^/]+)$/.exec(path)?.[1];
  const post = /^\/blog\/([^/]+)$/.exec(path)?.[1];
  if (study) {
    const key = decodeURIComponent(study);
    const rows = await tx
      .select({ status: caseStudies.status })
      .from(caseStudies)
      .where(
        /^[0-9a-f-]{36}$/i.test(key)
          ? or(eq(caseStudies.slug, key), eq(caseStudies.id, key))
          : eq(caseStudies.slug, key),
      );
    if (rows.some((row) => row.status === "published")) return { published: true };
    // The built-in studies answer at their fixed addresses (findCaseStudyDetail's fallback).
    if (findFallbackCaseStudy(key)) return "fixed";
    return rows.length > 0 ? { published: false } : null;
  }
  if (post) {
    const [row] = await tx
      .select({ status: blogPosts.status })
      .from(blogPosts)
      .where(eq(blogPosts.slug, decodeURIComponent(post)));
    return row ? { published: row.status === "published" } : null;
  }
  return null;
}

/** Whether a page of the site answers `path`, so that a redirect from it would never apply. */
export async function pageAnswers(tx: Executor, path: string): Promise<boolean> {
  if (STATIC_PAGES.has(path) || RESOURCE_PATHS.test(path)) return true;
  const item = await itemAt(tx, path);
  return item === "fixed" || item?.published === true;
}

/** A warning when `target` is this site's item that is not published (a 404 until it is). */
async function unpublishedWarning(tx: Executor, target: string | null): Promise<string | null> {
  const path = target === null ? null : pathOfTarget(target);
  if (path === null || target === null) return null;
  const item = await itemAt(tx, path);
  return item !== null && item !== "fixed" && !item.published
    ? REDIRECT_MESSAGES.unpublishedTarget(target)
    : null;
}

// ---------------------------------------------------------------------------------------------
// Other sites a redirect may lead to (issue #47 item 11, decision 0461)
// ---------------------------------------------------------------------------------------------

export type RedirectDomainRow = Pick<RedirectDomain, "id" | "host">;

export function listRedirectDomains(db: Executor): Promise<RedirectDomainRow[]> {
  return db
    .select({ id: redirectDomains.id, host: redirectDomains.host })
    .from(redirectDomains)
    .orderBy(asc(redirectDomains.host));
}

async function domainListed(tx: Executor, host: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: redirectDomains.id })
    .from(redirectDomains)
    .where(eq(redirectDomains.host, host));
  return Boolean(row);
}

export type DomainResult = { ok: true; host: string } | { ok: false; message: string };

/** Adds another site to the list (an admin's act, audited). */
export async function addRedirectDomain(
  tx: Executor,
  actor: AuditActor,
  host: string,
  siteUrl: string,
): Promise<DomainResult> {
  if (host === new URL(siteUrl).hostname) {
    return { ok: false, message: REDIRECT_MESSAGES.domainOwnSite };
  }
  const [row] = await tx
    .insert(redirectDomains)
    .values({ host })
    .onConflictDoNothing()
    .returning({ id: redirectDomains.id });
  if (!row) return { ok: false, message: REDIRECT_MESSAGES.domainTaken(host) };
  await recordAudit(tx, {
    action: "create",
    actor,
    entityType: "redirect_domain",
    entityId: row.id,
    entityName: host,
    changes: { host: { before: null, after: host } },
  });
  return { ok: true, host };
}

/**
 * Removes a site from the list (audited). Refused while redirects lead there: every stored
 * redirect to another site leads to a listed one.
 */
export async function removeRedirectDomain(
  tx: Executor,
  actor: AuditActor,
  id: string,
): Promise<DomainResult> {
  const [domain] = await tx.select().from(redirectDomains).where(eq(redirectDomains.id, id));
  if (!domain) return { ok: false, message: REDIRECT_MESSAGES.domainRemoveFailed };
  const leading = await tx
    .select({ toTarget: redirects.toTarget })
    .from(redirects)
    .where(like(redirects.toTarget, `https://${domain.host}%`));
  const inUse = leading.filter((row) => row.toTarget && hostOfTarget(row.toTarget) === domain.host);
  if (inUse.length > 0) {
    return { ok: false, message: REDIRECT_MESSAGES.domainInUse(domain.host, inUse.length) };
  }
  await tx.delete(redirectDomains).where(eq(redirectDomains.id, id));
  await recordAudit(tx, {
    action: "delete",
    actor,
    entityType: "redirect_domain",
    entityId: domain.id,
    entityName: domain.host,
    changes: { host: { before: domain.host, after: null } },
  });
  return { ok: true, host: domain.host };
}

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
  // Another site: only one on the admins' list (issue #47 item 11).
  const host = to === null ? null : hostOfTarget(to);
  if (host !== null && !(await domainListed(tx, host))) {
    return { ok: false, fieldErrors: { to: [REDIRECT_MESSAGES.hostNotListed(host)] } };
  }
  // A path a page answers: the page always wins, so the redirect would never apply (item 19).
  if (origin === "manual" && (await pageAnswers(tx, from))) {
    return { ok: false, fieldErrors: { from: [REDIRECT_MESSAGES.pageAnswers(from)] } };
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
  return { ok: true, id: row.id, from, to: target, warning: await unpublishedWarning(tx, target) };
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
