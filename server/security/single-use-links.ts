import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Executor } from "@server/db/client";
import { verification } from "@server/db/schema";
import { and, eq, gt, inArray, like, or, type SQL } from "drizzle-orm";

/**
 * The mailed single-use links of the back-office: an account's unlock (decision 0151), a staff
 * invitation and a password reset (decision 0292). The token, 32 random bytes, travels only in the
 * link; better-auth's `verifications` table keeps its SHA-256 under an identifier prefixed with
 * the link's purpose, the subject it acts on (an e-mail, a user id) and an expiry. Consuming is
 * one `DELETE … RETURNING` of an unexpired row, so a link works once however many requests race,
 * and inside the caller's transaction it is spent only if what it does commits.
 */

export type LinkPurpose = "sign-in-unlock" | "staff-invite" | "password-reset";

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const identifierOf = (purpose: LinkPurpose, token: string) =>
  `${purpose}:${createHash("sha256").update(token).digest("base64url")}`;

/** Stores a new token for `subject`, valid `ttlMs`; returns the token for the link. */
export async function issueSingleUseToken(
  executor: Executor,
  purpose: LinkPurpose,
  subject: string,
  ttlMs: number,
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await executor.insert(verification).values({
    id: randomUUID(),
    identifier: identifierOf(purpose, token),
    value: subject,
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return token;
}

export interface TokenSubject {
  purpose: LinkPurpose;
  subject: string;
}

/** The link of `path` on the site carrying `token`. */
export function singleUseLink(siteUrl: string, path: string, token: string): string {
  const link = new URL(path, siteUrl);
  link.searchParams.set("token", token);
  return link.href;
}

function candidates(purposes: readonly LinkPurpose[], token: unknown): Map<string, LinkPurpose> {
  if (typeof token !== "string" || !TOKEN_PATTERN.test(token)) return new Map();
  return new Map(purposes.map((purpose) => [identifierOf(purpose, token), purpose]));
}

const unexpired = (identifiers: Map<string, LinkPurpose>) =>
  and(
    inArray(verification.identifier, [...identifiers.keys()]),
    gt(verification.expiresAt, new Date()),
  );

const TOKEN_ROW = { identifier: verification.identifier, value: verification.value };

/**
 * What the unexpired token of one of `purposes` stands for, read by `read` (a peek or a spend) of
 * the rows matching `where`; null for a malformed, unknown, used or expired token.
 */
async function subjectOf(
  purposes: readonly LinkPurpose[],
  token: unknown,
  read: (where: SQL | undefined) => Promise<{ identifier: string; value: string }[]>,
): Promise<TokenSubject | null> {
  const identifiers = candidates(purposes, token);
  if (identifiers.size === 0) return null;
  const [row] = await read(unexpired(identifiers));
  const purpose = row ? identifiers.get(row.identifier) : undefined;
  return row && purpose ? { purpose, subject: row.value } : null;
}

/** What an unexpired token of one of `purposes` stands for, without spending it; else null. */
export function peekSingleUseToken(
  executor: Executor,
  purposes: readonly LinkPurpose[],
  token: unknown,
): Promise<TokenSubject | null> {
  return subjectOf(purposes, token, (where) =>
    executor.select(TOKEN_ROW).from(verification).where(where).limit(1),
  );
}

/** Spends an unexpired token of one of `purposes`: what it stood for, or null (unknown, used, expired). */
export function consumeSingleUseToken(
  executor: Executor,
  purposes: readonly LinkPurpose[],
  token: unknown,
): Promise<TokenSubject | null> {
  return subjectOf(purposes, token, (where) =>
    executor.delete(verification).where(where).returning(TOKEN_ROW),
  );
}

const ofPurposes = (purposes: readonly LinkPurpose[]) =>
  or(...purposes.map((purpose) => like(verification.identifier, `${purpose}:%`)));

/**
 * Ends every token of `purposes` issued for `subject`, used or not (a revoked invitation, the
 * other links of someone who just chose a password); returns how many were still unexpired.
 */
export async function endSingleUseTokens(
  executor: Executor,
  purposes: readonly LinkPurpose[],
  subject: string,
): Promise<number> {
  const ended = await executor
    .delete(verification)
    .where(and(eq(verification.value, subject), ofPurposes(purposes)))
    .returning({ expiresAt: verification.expiresAt });
  const now = Date.now();
  return ended.filter((row) => row.expiresAt.getTime() > now).length;
}

/** When each subject's latest unexpired token of `purposes` expires (subjects without one: absent). */
export async function openTokenExpiries(
  executor: Executor,
  purposes: readonly LinkPurpose[],
): Promise<Map<string, Date>> {
  const rows = await executor
    .select({ subject: verification.value, expiresAt: verification.expiresAt })
    .from(verification)
    .where(and(ofPurposes(purposes), gt(verification.expiresAt, new Date())));
  const latest = new Map<string, Date>();
  for (const row of rows) {
    const known = latest.get(row.subject);
    if (!known || known < row.expiresAt) latest.set(row.subject, row.expiresAt);
  }
  return latest;
}

/** The links that let someone choose a password: an invitation's and a reset's (decision 0292). */
export const PASSWORD_LINKS: readonly LinkPurpose[] = ["staff-invite", "password-reset"];

/**
 * Ends every open invitation and reset link of a user (decision 0436): called when they set,
 * change or reset their password and when they are deactivated or removed, in that write's
 * transaction.
 */
export async function endPasswordLinks(executor: Executor, userId: string): Promise<number> {
  return endSingleUseTokens(executor, PASSWORD_LINKS, userId);
}
