import { checkbox } from "~/lib/forms/admin-fields";
import { z } from "~/lib/forms/zod";
import { isSafeUrl } from "~/lib/safe-url";

/**
 * Redirects (issue #31 item 5, decision 0370): the rules of a "From" path and a "To" target,
 * shared by the form in the browser and the server. Browser-safe.
 */

export const REDIRECT_MESSAGES = {
  fromInvalid: "Enter a path on this site that starts with / (e.g. /old-page), without ? or #.",
  fromAdmin: "Back-office addresses cannot be redirected.",
  toInvalid: "Enter a path on this site (e.g. /new-page) or a full https:// address.",
  toRequired: "Enter where the page moved to, or tick Gone.",
  toWithGone: "Leave To empty for a page that is gone.",
  toSelf: "A redirect cannot point to itself.",
  loop: (from: string, to: string) =>
    `That would make a loop: ${to} already leads back to ${from}.`,
  taken: (from: string, to: string | null) =>
    `${from} already ${to ? `redirects to ${to}` : "answers Gone"}. Remove that one first.`,
  added: (from: string) => `Redirect added for ${from}.`,
  removed: (from: string) => `Redirect removed for ${from}.`,
  removeFailed: "That redirect was already removed.",
  saveFailed: "The redirect could not be saved. Please try again.",
  fetchFailed: "Failed to load redirects",
  // A path a page answers would never redirect (a live page wins): refused (issue #47 item 19).
  pageAnswers: (from: string) =>
    `A page answers ${from}, so a redirect from it would never apply. Unpublish or rename that page first, or pick another address.`,
  // A target that is not published yet: saved, with a warning.
  warning: "Warning",
  unpublishedTarget: (to: string) =>
    `${to} is not published: visitors will see the not-found page there until it is.`,
  // Other sites (issue #47 item 11, decision 0461): only those on the admins' list.
  hostNotListed: (host: string) =>
    `${host} is not on the list of sites redirects may lead to. Pick one of the sites below, or ask an admin to add it.`,
  domainInvalid: "Enter a domain such as press.example.com.",
  domainOwnSite: "This site's own address needs no entry: enter a path such as /about instead.",
  domainTaken: (host: string) => `${host} is already on the list.`,
  domainAdded: (host: string) => `${host} added to the sites redirects may lead to.`,
  domainRemoved: (host: string) => `${host} removed from the sites redirects may lead to.`,
  domainInUse: (host: string, count: number) =>
    `${count === 1 ? "A redirect leads" : `${count} redirects lead`} to ${host}. Remove ${count === 1 ? "it" : "them"} first.`,
  domainRemoveFailed: "That site was already removed from the list.",
} as const;

export const MAX_REDIRECT_LENGTH = 2000;

/** A base that no real target can have: what `new URL` resolves a site path against. */
const BASE = "https://site.invalid";

/**
 * A path on this site as the canonical-path rule serves it (decision 0267): one slash between
 * segments, none at the end except for "/", percent-encoded as a request's path is. Null when
 * it is not a path on this site. The query string is kept when `query` allows it.
 */
export function normalisePath(value: string, options: { query?: boolean } = {}): string | null {
  if (value.length > MAX_REDIRECT_LENGTH || !isSafeUrl(value, { sitePath: true })) return null;
  if (!options.query && /[?#]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = url.pathname.replace(/\/{2,}/g, "/");
  return `${path.length > 1 ? path.replace(/\/+$/, "") : path}${url.search}${url.hash}`;
}

/** The path of a target on this site (its query and fragment dropped); null for an https URL. */
export function pathOfTarget(target: string): string | null {
  return target.startsWith("/") ? target.replace(/[?#].*$/, "") : null;
}

/**
 * Where a redirect may lead: a path on this site, or a full https URL (with a host, no user
 * name or password). An https URL of this site (`siteUrl`) is stored as its path, so a loop
 * through it is seen.
 */
export function normaliseTarget(value: string, siteUrl?: string): string | null {
  if (value.startsWith("/")) return normalisePath(value, { query: true });
  if (value.length > MAX_REDIRECT_LENGTH) return null;
  // This site's own address, whatever its protocol (http on a laptop), is a path here.
  if (siteUrl && URL.canParse(value) && new URL(value).origin === new URL(siteUrl).origin) {
    const url = new URL(value);
    return normalisePath(`${url.pathname}${url.search}${url.hash}`, { query: true });
  }
  if (!isSafeUrl(value, { protocols: ["https:"] })) return null;
  const url = new URL(value);
  if (url.username || url.password) return null;
  return url.href;
}

/** The host of an https target (lowercase, as a URL spells it); null for a path on this site. */
export function hostOfTarget(target: string): string | null {
  if (target.startsWith("/") || !URL.canParse(target)) return null;
  return new URL(target).hostname;
}

/**
 * A domain as an admin types it ("Press.Example.com", "https://press.example.com/kit"): its
 * host, lowercase and punycode as URLs spell it; null when it is not one.
 */
export function normaliseDomain(value: string): string | null {
  const text = value.trim();
  if (!text || text.length > 253) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  if (!URL.canParse(withScheme)) return null;
  const url = new URL(withScheme);
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username || url.password || url.port) return null;
  const host = url.hostname;
  // A name with a dot (press.example.com), or an address; not "localhost" or a bare word.
  if (!/^[a-z0-9.-]+$/.test(host) && !/^\[[0-9a-f:.]+\]$/.test(host)) return null;
  if (!host.includes(".") && !host.startsWith("[")) return null;
  return host;
}

/** The admins' form for another site: one field, "Domain". */
export const redirectDomainSchema = z.object({
  host: z
    .string()
    .trim()
    .transform((value, ctx) => {
      const host = normaliseDomain(value);
      if (!host) ctx.addIssue({ code: "custom", message: REDIRECT_MESSAGES.domainInvalid });
      return host ?? "";
    }),
});

const isAdminPath = (path: string) => /^\/admin(?:[/.]|$)/i.test(path);

/**
 * The form of /admin/redirects: "From", "To", and "Gone" (the page was removed: 410 instead of
 * a redirect). `siteUrl` (SITE_URL) turns this site's own full addresses into paths.
 */
export const redirectSchema = (siteUrl?: string) =>
  z
    .object({
      from: z.string().trim(),
      to: z.string().trim().optional().default(""),
      gone: checkbox,
    })
    .transform((input, ctx) => {
      const from = normalisePath(input.from);
      if (!from) {
        ctx.addIssue({ code: "custom", path: ["from"], message: REDIRECT_MESSAGES.fromInvalid });
      } else if (isAdminPath(from)) {
        ctx.addIssue({ code: "custom", path: ["from"], message: REDIRECT_MESSAGES.fromAdmin });
      }
      let to: string | null = null;
      if (input.gone) {
        if (input.to) {
          ctx.addIssue({ code: "custom", path: ["to"], message: REDIRECT_MESSAGES.toWithGone });
        }
      } else if (!input.to) {
        ctx.addIssue({ code: "custom", path: ["to"], message: REDIRECT_MESSAGES.toRequired });
      } else {
        to = normaliseTarget(input.to, siteUrl);
        if (!to) {
          ctx.addIssue({ code: "custom", path: ["to"], message: REDIRECT_MESSAGES.toInvalid });
        } else if (from && pathOfTarget(to) === from) {
          ctx.addIssue({ code: "custom", path: ["to"], message: REDIRECT_MESSAGES.toSelf });
        }
      }
      return { from: from ?? "", to };
    });
export type RedirectInput = z.output<ReturnType<typeof redirectSchema>>;
