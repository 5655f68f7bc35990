/**
 * Consent and the analytics loader (SPEC sections 4 and 7).
 *
 * - Consent is 'granted' or 'denied', kept in localStorage under a product-specific key.
 * - Google Analytics 4 (gtag.js) is requested only after 'granted', and only when a measurement
 *   id is configured. Page views are sent by hand (analytics.ts), so client-side navigations
 *   count too.
 */

import { COOKIE_BANNER } from "~/copy/consent";

export const CONSENT_STORAGE_KEY = "northlight.cookie-consent";
/** Beside SPEC's key: the categories, the banner version they answered, the random visitor id. */
export const CONSENT_CHOICES_KEY = "northlight.cookie-consent.choices";
export const CONSENT_VALUES = ["granted", "denied"] as const;
export type Consent = (typeof CONSENT_VALUES)[number];

export const GA_SCRIPT_ORIGIN = "https://www.googletagmanager.com";

let measurementId: string | undefined;

const inBrowser = () => typeof window !== "undefined" && typeof document !== "undefined";

/** Set the GA4 measurement id (from the server's configuration); none means analytics stay off. */
export function configureAnalytics(id: string | null | undefined): void {
  measurementId = id?.trim() || undefined;
}

export function readConsent(): Consent | null {
  if (!inBrowser()) return null;
  try {
    const value = window.localStorage.getItem(CONSENT_STORAGE_KEY);
    return value === "granted" || value === "denied" ? value : null;
  } catch {
    return null; // storage blocked: ask again
  }
}

export function saveConsent(value: Consent): void {
  if (!inBrowser()) return;
  try {
    window.localStorage.setItem(CONSENT_STORAGE_KEY, value);
  } catch {
    // Storage blocked: the choice lasts for this page only.
  }
}

/**
 * Load gtag.js once, if consent is 'granted' and an id is configured. Returns whether analytics
 * run. The script is added by this (nonce-trusted) bundle, which CSP 'strict-dynamic' allows.
 */
export function startAnalytics(): boolean {
  if (!inBrowser()) return false;
  if (window.__northlightAnalytics) return true;
  if (!measurementId || readConsent() !== "granted") return false;
  // Consent Mode's default (and the stored choice) always before any tag.
  const gtag = applyConsentDefault();
  gtag("js", new Date());
  // Page views are sent explicitly on every route change (trackPageView).
  gtag("config", measurementId, { send_page_view: false, anonymize_ip: true });
  const script = document.createElement("script");
  script.async = true;
  script.src = `${GA_SCRIPT_ORIGIN}/gtag/js?id=${encodeURIComponent(measurementId)}`;
  document.head.appendChild(script);
  window.__northlightAnalytics = true;
  // Events recorded between hydration and now (consent was already granted).
  for (const args of window.__northlightQueue?.splice(0) ?? []) gtag(...args);
  return true;
}

/** Only for tests: forget the configuration and the started state. */
export function resetAnalyticsForTests(): void {
  measurementId = undefined;
  if (inBrowser()) {
    window.__northlightAnalytics = undefined;
    window.__northlightQueue = undefined;
    window.__northlightConsentDefault = undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// Granular consent and Google Consent Mode v2 (issue #32)
// ---------------------------------------------------------------------------------------------

declare global {
  interface Window {
    /** Set once Consent Mode's default has been pushed on this page. */
    __northlightConsentDefault?: boolean;
  }
  interface Navigator {
    globalPrivacyControl?: boolean;
  }
}

/** FNV-1a of a text, as 8 hex digits: small, synchronous, the same in the browser and Node. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, "0");
}

/** The version of a banner text; the banner's own is BANNER_VERSION. */
export function bannerVersionOf(copy: Readonly<Record<string, string>>): string {
  return fnv1a(JSON.stringify(copy));
}
/** Changes whenever the banner's words change: every visitor is asked again. */
export const BANNER_VERSION = bannerVersionOf(COOKIE_BANNER);

export type ConsentChoice = "accept" | "decline" | "custom";
export interface ConsentCategories {
  analytics: boolean;
  marketing: boolean;
}
export interface StoredChoices extends ConsentCategories {
  version: string;
  visitorId: string;
}

/** Global Privacy Control: the browser's standing refusal of sale and sharing (marketing). */
export function gpcEnabled(): boolean {
  return inBrowser() && typeof navigator !== "undefined" && navigator.globalPrivacyControl === true;
}

export function readChoices(): StoredChoices | null {
  if (!inBrowser()) return null;
  try {
    const parsed = JSON.parse(window.localStorage.getItem(CONSENT_CHOICES_KEY) ?? "null");
    if (
      parsed &&
      typeof parsed.analytics === "boolean" &&
      typeof parsed.marketing === "boolean" &&
      typeof parsed.version === "string" &&
      typeof parsed.visitorId === "string"
    ) {
      return parsed as StoredChoices;
    }
  } catch {
    // Storage blocked or unreadable: as if nothing was chosen.
  }
  return null;
}

/** The categories in force: the stored ones, else SPEC's value alone (analytics), GPC applied. */
export function currentCategories(): ConsentCategories {
  const stored = readChoices();
  const analytics = stored ? stored.analytics : readConsent() === "granted";
  const marketing = (stored?.marketing ?? false) && !gpcEnabled();
  return { analytics, marketing };
}

/** Whether the banner should show: SPEC's rule, or a choice made on another version of it. */
export function shouldAsk(): boolean {
  return readConsent() !== "granted" || readChoices()?.version !== BANNER_VERSION;
}

/** Consent Mode v2's four signals for the categories. */
export function consentModeState(categories: ConsentCategories) {
  const ads = categories.marketing ? "granted" : "denied";
  return {
    ad_storage: ads,
    ad_user_data: ads,
    ad_personalization: ads,
    analytics_storage: categories.analytics ? "granted" : "denied",
  } as const;
}

/** The page's gtag function, queuing into dataLayer until gtag.js (if ever) loads. */
function ensureGtag(): (...args: unknown[]) => void {
  window.dataLayer = window.dataLayer ?? [];
  const dataLayer = window.dataLayer;
  window.gtag =
    window.gtag ??
    function gtag() {
      // gtag.js reads the `arguments` object itself, not an array copy.
      // biome-ignore lint/complexity/noArguments: required by gtag.js
      dataLayer.push(arguments);
    };
  return window.gtag;
}

/**
 * Consent Mode's default, once per page and before any tag: everything denied, waiting up to
 * 500 ms for an update; then the visitor's stored choice, if any, as an update.
 */
export function applyConsentDefault(): (...args: unknown[]) => void {
  const gtag = ensureGtag();
  if (window.__northlightConsentDefault) return gtag;
  window.__northlightConsentDefault = true;
  gtag("consent", "default", {
    ...consentModeState({ analytics: false, marketing: false }),
    wait_for_update: 500,
  });
  if (readChoices() || readConsent())
    gtag("consent", "update", consentModeState(currentCategories()));
  return gtag;
}

function newVisitorId(): string {
  return typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : "00000000-0000-4000-8000-000000000000".replace(/0/g, () =>
        Math.floor(Math.random() * 16).toString(16),
      );
}

/**
 * A choice on the banner: SPEC's key gets 'granted' or 'denied' for analytics, the categories go
 * beside it with the banner version and the visitor's random id, Consent Mode gets its update.
 * GPC turns marketing off whatever was chosen. Returns what the server's record of consent keeps.
 */
export function saveChoice(choice: ConsentChoice, chosen: ConsentCategories) {
  // The default first, if this page has not sent it yet: an update never comes before it.
  const gtag = applyConsentDefault();
  const gpc = gpcEnabled();
  const categories = { analytics: chosen.analytics, marketing: chosen.marketing && !gpc };
  const visitorId = readChoices()?.visitorId ?? newVisitorId();
  saveConsent(categories.analytics ? "granted" : "denied");
  try {
    window.localStorage.setItem(
      CONSENT_CHOICES_KEY,
      JSON.stringify({ ...categories, version: BANNER_VERSION, visitorId }),
    );
  } catch {
    // Storage blocked: the choice lasts for this page only.
  }
  gtag("consent", "update", consentModeState(categories));
  return { visitorId, choice, ...categories, gpc, version: BANNER_VERSION };
}

/** Sends the record of a choice to the server (no answer awaited: it never holds the page). */
export function recordChoice(record: ReturnType<typeof saveChoice>): void {
  const body = new URLSearchParams({
    visitor_id: record.visitorId,
    choice: record.choice,
    analytics: String(record.analytics),
    marketing: String(record.marketing),
    gpc: String(record.gpc),
    version: record.version,
  });
  void fetch("/consent", { method: "POST", body, keepalive: true }).catch(() => {});
}
