import { hash } from "node:crypto";
import { traitsOf } from "@server/visits/user-agent";
import type { VisitUtm } from "~/entities/visit/view";

/**
 * What a page view is (issue #33, decisions 0380, 0383): which requests count, the visit id, and
 * the parts of a URL and referrer kept. The counting itself is page-views.ts's.
 */

/** Who sent a request, as far as a visit id needs: never stored. */
export interface Visitor {
  ip: string;
  userAgent: string;
}
export const UTM_KEYS = ["source", "medium", "campaign", "term", "content"] as const;
/** A parameter longer than this is cut: a URL's query is the visitor's to write. */
const MAX_VALUE = 200;
const MAX_PATH = 500;
/**
 * A control character (C0, DEL, C1: `\p{Cc}`) or a format character (zero-width, bidirectional
 * overrides, BOM, soft hyphen: `\p{Cf}`), which no text of a page view holds: a browser's path
 * never has one (it is percent-encoded), a NUL would make PostgreSQL refuse the whole batch the
 * view is written in, and a format character makes a value read as another on the analytics
 * screen. A path with one is no page; a parameter with one is left out.
 */
const CONTROL_CHAR = /[\p{Cc}\p{Cf}]/u;

/**
 * SHA-256 of (salt, site, IP, user agent), its first 64 bits: the visit id of one visitor for one
 * day. 64 bits keep the id unique among the visits of a day (as Plausible's do) and make it one
 * machine word to store and index (decision 0383).
 */
export function visitIdOf(salt: Buffer, site: string, visitor: Visitor): bigint {
  // One buffer and a one-shot hash: the same bytes as four updates of a Hash, for less.
  const input = Buffer.concat([
    salt,
    Buffer.from(`\0${site}\0${visitor.ip}\0${visitor.userAgent}`),
  ]);
  return hash("sha256", input, "buffer").readBigInt64BE(0);
}

/** The `utm_*` parameters of a URL (or a path with its query), or null when it has none. */
export function utmOf(url: string): VisitUtm | null {
  const query = url.indexOf("?");
  if (query === -1) return null;
  const params = new URLSearchParams(url.slice(query + 1));
  const utm: VisitUtm = {};
  for (const key of UTM_KEYS) {
    const value = params.get(`utm_${key}`)?.trim();
    if (value && !CONTROL_CHAR.test(value)) utm[key] = value.slice(0, MAX_VALUE);
  }
  return Object.keys(utm).length > 0 ? utm : null;
}

/** The referring host (lower case, no `www.`), or null for none, a bad one, or this site's. */
export function referrerHostOf(referrer: string | null, siteHost: string): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    if (url.host === siteHost) return null;
    return (
      url.hostname
        .toLowerCase()
        .replace(/^www\./, "")
        .slice(0, MAX_VALUE) || null
    );
  } catch {
    return null;
  }
}

/**
 * A public page that is counted: not the back-office, its data requests, assets, previews or the
 * review room (its address is a share link's token).
 */
export function isCountedPath(path: string): boolean {
  if (!path.startsWith("/") || path.length > MAX_PATH || CONTROL_CHAR.test(path)) return false;
  if (path.endsWith(".data")) return false;
  return !/^\/(?:admin|api|assets|preview|review|files|img|uploads|sitemaps?)(?:[/.]|$)/.test(path);
}

/** Better-auth's session cookie: a signed-in staff member, never counted. */
const STAFF_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;

/** Whether a request is counted at all: a person (not a bot) who is not signed-in staff. */
export function isCountedVisitor(userAgent: string, cookie: string | undefined): boolean {
  return !traitsOf(userAgent).bot && !STAFF_COOKIE.test(cookie ?? "");
}
