import { createHash, randomBytes } from "node:crypto";
import { type AuditActor, recordAudit } from "@server/audit/log";
import type { Database, Executor } from "@server/db/client";
import { projects, reviewers, type ShareLink, shareLinkOpens, shareLinks } from "@server/db/schema";
import { hashPassword, verifyPassword } from "better-auth/crypto";
import { and, desc, eq, inArray, isNull, lte, sql } from "drizzle-orm";

/**
 * Share links of the review room (issue #45, decision 0530): a token of 32 random bytes (256 bits,
 * base64url), shown once to staff and kept only as its SHA-256; an optional password hashed as the
 * staff's are (better-auth's scrypt); an optional expiry; revocable at once.
 */

export const TOKEN_BYTES = 32;
/** The opens a project page lists per link. */
const OPENS_SHOWN = 50;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The audit log names a link by its project's title. */
async function projectTitle(db: Executor, projectId: string): Promise<string> {
  const [project] = await db
    .select({ title: projects.title })
    .from(projects)
    .where(eq(projects.id, projectId))
    .limit(1);
  return project?.title ?? projectId;
}

export interface NewShareLink {
  projectId: string;
  deliverableId?: string | null;
  password?: string | null;
  expiresAt?: Date | null;
  allowDownload?: boolean;
}

/** Makes a link; the answer's token is the only copy (only its hash is stored). */
export async function createShareLink(
  db: Database,
  actor: AuditActor,
  input: NewShareLink,
): Promise<{ link: ShareLink; token: string }> {
  const token = randomBytes(TOKEN_BYTES).toString("base64url");
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  return db.transaction(async (tx) => {
    const [link] = await tx
      .insert(shareLinks)
      .values({
        projectId: input.projectId,
        deliverableId: input.deliverableId ?? null,
        tokenHash: hashToken(token),
        passwordHash,
        expiresAt: input.expiresAt ?? null,
        allowDownload: input.allowDownload ?? false,
        createdBy: actor.id,
      })
      .returning();
    if (!link) throw new Error("share link not inserted");
    await recordAudit(tx, {
      action: "create",
      actor,
      entityType: "share_link",
      entityId: link.id,
      entityName: await projectTitle(tx, input.projectId),
      changes: null,
    });
    return { link, token };
  });
}

/** Ends a link at once; false when it was not this project's or already revoked. */
export async function revokeShareLink(
  db: Database,
  actor: AuditActor,
  projectId: string,
  linkId: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [link] = await tx
      .update(shareLinks)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(shareLinks.id, linkId),
          eq(shareLinks.projectId, projectId),
          isNull(shareLinks.revokedAt),
        ),
      )
      .returning({ id: shareLinks.id });
    if (!link) return false;
    await recordAudit(tx, {
      action: "revoke",
      actor,
      entityType: "share_link",
      entityId: link.id,
      entityName: await projectTitle(tx, projectId),
      changes: null,
    });
    return true;
  });
}

export type ShareLinkResolution =
  | { status: "ok"; link: ShareLink }
  | { status: "expired" | "revoked"; link: ShareLink }
  | { status: "password-needed"; link: ShareLink }
  | { status: "not-found" };

/**
 * What a token opens: the link, or why not. A password-protected link answers "password-needed"
 * until the right password comes (a wrong one too). Revoked wins over expired.
 */
export async function resolveShareLink(
  db: Executor,
  token: string,
  password?: string | null,
  now: Date = new Date(),
): Promise<ShareLinkResolution> {
  if (token.length === 0 || token.length > 100) return { status: "not-found" };
  const [link] = await db
    .select()
    .from(shareLinks)
    .where(eq(shareLinks.tokenHash, hashToken(token)))
    .limit(1);
  if (!link) return { status: "not-found" };
  if (link.revokedAt) return { status: "revoked", link };
  if (link.expiresAt && link.expiresAt.getTime() <= now.getTime()) {
    return { status: "expired", link };
  }
  if (link.passwordHash) {
    const right =
      typeof password === "string" &&
      password.length > 0 &&
      (await verifyPassword({ hash: link.passwordHash, password }));
    if (!right) return { status: "password-needed", link };
  }
  return { status: "ok", link };
}

/** Notes that a link was opened (by a reviewer when known). */
export async function recordLinkOpen(
  db: Executor,
  linkId: string,
  reviewerId: string | null = null,
): Promise<void> {
  await db.insert(shareLinkOpens).values({ linkId, reviewerId });
}

export interface LinkRow extends Omit<ShareLink, "tokenHash" | "passwordHash"> {
  hasPassword: boolean;
  opens: { at: Date; reviewer: string | null }[];
}

/** A project's links, newest first, each with its opens (who, when), newest first. */
export async function listShareLinks(db: Executor, projectId: string): Promise<LinkRow[]> {
  const links = await db
    .select()
    .from(shareLinks)
    .where(eq(shareLinks.projectId, projectId))
    .orderBy(desc(shareLinks.createdAt));
  if (links.length === 0) return [];
  // One query for every link's opens, at most OPENS_SHOWN each (the newest).
  const ranked = db
    .select({
      linkId: shareLinkOpens.linkId,
      at: shareLinkOpens.at,
      name: reviewers.name,
      email: reviewers.email,
      rank: sql<number>`row_number() over (partition by ${shareLinkOpens.linkId} order by ${shareLinkOpens.at} desc)`.as(
        "rank",
      ),
    })
    .from(shareLinkOpens)
    .leftJoin(reviewers, eq(reviewers.id, shareLinkOpens.reviewerId))
    .where(
      inArray(
        shareLinkOpens.linkId,
        links.map((link) => link.id),
      ),
    )
    .as("ranked");
  const opens = await db
    .select()
    .from(ranked)
    .where(lte(ranked.rank, OPENS_SHOWN))
    .orderBy(desc(ranked.at));
  return links.map(({ tokenHash: _token, passwordHash, ...link }) => ({
    ...link,
    hasPassword: passwordHash !== null,
    opens: opens
      .filter((open) => open.linkId === link.id)
      .map((open) => ({
        at: open.at,
        reviewer: open.name ? (open.email ? `${open.name} <${open.email}>` : open.name) : null,
      })),
  }));
}
