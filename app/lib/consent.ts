/**
 * Consent and the analytics loader (SPEC sections 4 and 7).
 *
 * - Consent is 'granted' or 'denied', kept in localStorage under a product-specific key.
 * - Google Analytics 4 (gtag.js) is requested only after 'granted', and only when a measurement
 *   id is configured. Page views are sent by hand (analytics.ts), so client-side navigations
 *   count too.
 */

export const CONSENT_STORAGE_KEY = "northlight.cookie-consent";
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
  window.dataLayer = window.dataLayer ?? [];
  const dataLayer = window.dataLayer;
  window.gtag = function gtag() {
    // gtag.js reads the `arguments` object itself, not an array copy.
    // biome-ignore lint/complexity/noArguments: required by gtag.js
    dataLayer.push(arguments);
  };
  window.gtag("js", new Date());
  // Page views are sent explicitly on every route change (trackPageView).
  window.gtag("config", measurementId, { send_page_view: false, anonymize_ip: true });
  const script = document.createElement("script");
  script.async = true;
  script.src = `${GA_SCRIPT_ORIGIN}/gtag/js?id=${encodeURIComponent(measurementId)}`;
  document.head.appendChild(script);
  window.__northlightAnalytics = true;
  // Events recorded between hydration and now (consent was already granted).
  for (const args of window.__northlightQueue?.splice(0) ?? []) window.gtag(...args);
  return true;
}

/** Only for tests: forget the configuration and the started state. */
export function resetAnalyticsForTests(): void {
  measurementId = undefined;
  if (inBrowser()) {
    window.__northlightAnalytics = undefined;
    window.__northlightQueue = undefined;
  }
}
