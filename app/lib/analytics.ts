/**
 * Analytics events (SPEC section 7): the calls the pages make. They do nothing until
 * `startAnalytics()` (app/lib/consent.ts) has loaded GA4 after consent was granted, and
 * nothing at all without a measurement id, so every call is always safe.
 *
 * Split from consent.ts so the pages' initial JavaScript carries only these few lines; the
 * consent and loading logic arrives with the cookie banner, after hydration.
 */

/** The custom events and their fixed categories (SPEC section 7; `calendar_booked`: issue #30). */
export const EVENT_CATEGORIES = {
  form_submission: "contact",
  video_play: "engagement",
  calendar_open: "conversion",
  calendar_booked: "conversion",
} as const;
export type AnalyticsEvent = keyof typeof EVENT_CATEGORIES;

/** Dispatched on window by the footer's 'Cookie settings' button to reopen the banner. */
export const OPEN_CONSENT_EVENT = "northlight:open-cookie-settings";

type Gtag = (...args: unknown[]) => void;
declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
    /** Set by startAnalytics once GA4 is configured. */
    __northlightAnalytics?: boolean;
    /** Events recorded before the analytics loader ran (consent already granted). */
    __northlightQueue?: unknown[][];
  }
}

/** Same key as consent.ts (kept here so this module stays tiny). */
const CONSENT_KEY = "northlight.cookie-consent";

/** Whether GA4 is running on this page (consent granted, id configured, script requested). */
export function analyticsStarted(): boolean {
  return typeof window !== "undefined" && window.__northlightAnalytics === true;
}

function send(...args: unknown[]): void {
  if (typeof window === "undefined") return;
  if (analyticsStarted() && window.gtag) {
    window.gtag(...args);
    return;
  }
  // Consent was granted on an earlier visit but the loader (which arrives after hydration) has
  // not run yet: keep the event for it. Without consent nothing is kept.
  try {
    if (window.localStorage.getItem(CONSENT_KEY) !== "granted") return;
  } catch {
    return;
  }
  window.__northlightQueue = window.__northlightQueue ?? [];
  if (window.__northlightQueue.length < 20) window.__northlightQueue.push(args);
}

/** A page view for a path with its query string, e.g. "/services?ref=nav". */
export function trackPageView(pathWithQuery: string): void {
  if (!analyticsStarted()) return; // the loader sends the first page view itself
  send("event", "page_view", {
    page_path: pathWithQuery,
    page_location: `${window.location.origin}${pathWithQuery}`,
    page_title: document.title,
  });
}

/** One of the custom events, with its category and a label (e.g. where a button sits). */
export function trackEvent(name: AnalyticsEvent, label: string): void {
  send("event", name, { event_category: EVENT_CATEGORIES[name], event_label: label });
}

/** The extra event recorded when the contact form is submitted (SPEC section 7). */
export function trackContact(label = "contact_form"): void {
  send("event", "contact", {
    event_category: EVENT_CATEGORIES.form_submission,
    event_label: label,
  });
}

/** Ask the cookie banner to show again (the footer's 'Cookie settings'). */
export function openConsentSettings(): void {
  if (typeof window !== "undefined") window.dispatchEvent(new Event(OPEN_CONSENT_EVENT));
}
