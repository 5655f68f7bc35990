import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  OPEN_CONSENT_EVENT,
  openConsentSettings,
  trackContact,
  trackEvent,
  trackPageView,
} from "~/lib/analytics";
import {
  CONSENT_STORAGE_KEY,
  configureAnalytics,
  readConsent,
  resetAnalyticsForTests,
  saveConsent,
  startAnalytics,
} from "~/lib/consent";

/** A minimal browser: localStorage, a <head> that records appended scripts, events. */
function fakeBrowser() {
  const store = new Map<string, string>();
  const appended: { src: string; async: boolean }[] = [];
  const events: string[] = [];
  const win = {
    localStorage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    },
    location: { origin: "https://studio.test" },
    dispatchEvent: (e: Event) => {
      events.push(e.type);
      return true;
    },
  } as unknown as Window & typeof globalThis;
  const doc = {
    title: "Home",
    createElement: () => ({ src: "", async: false }),
    head: { appendChild: (el: { src: string; async: boolean }) => appended.push(el) },
  };
  vi.stubGlobal("window", win);
  vi.stubGlobal("document", doc);
  return { store, appended, events, win };
}

/** The gtag commands pushed so far, as plain arrays. */
const commands = (win: Window) =>
  (win.dataLayer ?? []).map((args) => Array.from(args as ArrayLike<unknown>));

describe("analytics and consent", () => {
  let browser: ReturnType<typeof fakeBrowser>;
  beforeEach(() => {
    browser = fakeBrowser();
    resetAnalyticsForTests();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("stores consent under the product key and reads back only known values", () => {
    expect(readConsent()).toBeNull();
    saveConsent("denied");
    expect(browser.store.get(CONSENT_STORAGE_KEY)).toBe("denied");
    expect(readConsent()).toBe("denied");
    browser.store.set(CONSENT_STORAGE_KEY, "maybe");
    expect(readConsent()).toBeNull();
  });

  it("loads nothing before consent, even with a measurement id", () => {
    configureAnalytics("G-TEST123");
    expect(startAnalytics()).toBe(false);
    trackPageView("/about");
    trackEvent("calendar_open", "hero");
    expect(browser.appended).toEqual([]);
    expect(browser.win.dataLayer).toBeUndefined();
  });

  it("is a safe no-op without a measurement id, even after consent", () => {
    configureAnalytics(null);
    saveConsent("granted");
    expect(startAnalytics()).toBe(false);
    expect(() => {
      trackPageView("/");
      trackEvent("video_play", "home_reel");
      trackContact();
    }).not.toThrow();
    expect(browser.appended).toEqual([]);
  });

  it("after consent loads gtag.js once and sends page views and the custom events", () => {
    configureAnalytics("G-TEST123");
    saveConsent("granted");
    expect(startAnalytics()).toBe(true);
    expect(startAnalytics()).toBe(true);
    expect(browser.appended).toHaveLength(1);
    expect(browser.appended[0]).toMatchObject({
      src: "https://www.googletagmanager.com/gtag/js?id=G-TEST123",
      async: true,
    });

    trackPageView("/services?ref=nav");
    trackEvent("form_submission", "contact_form");
    trackEvent("video_play", "home_reel");
    trackEvent("calendar_open", "navigation");
    trackContact();
    const sent = commands(browser.win).filter((c) => c[0] === "event");
    expect(sent).toEqual([
      [
        "event",
        "page_view",
        {
          page_path: "/services?ref=nav",
          page_location: "https://studio.test/services?ref=nav",
          page_title: "Home",
        },
      ],
      ["event", "form_submission", { event_category: "contact", event_label: "contact_form" }],
      ["event", "video_play", { event_category: "engagement", event_label: "home_reel" }],
      ["event", "calendar_open", { event_category: "conversion", event_label: "navigation" }],
      ["event", "contact", { event_category: "contact", event_label: "contact_form" }],
    ]);
    // Automatic page views are off: we send one per route change ourselves.
    expect(commands(browser.win)).toContainEqual([
      "config",
      "G-TEST123",
      { send_page_view: false, anonymize_ip: true },
    ]);
  });

  it("reopens the banner through a window event", () => {
    openConsentSettings();
    expect(browser.events).toEqual([OPEN_CONSENT_EVENT]);
  });
});

describe("events before the loader runs", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("keeps them only when consent was already granted, and sends them once analytics start", () => {
    const browser = fakeBrowser();
    resetAnalyticsForTests();
    trackEvent("calendar_open", "hero"); // no consent: dropped
    expect(browser.win.__northlightQueue).toBeUndefined();

    saveConsent("granted");
    trackEvent("calendar_open", "navigation");
    configureAnalytics("G-TEST123");
    expect(startAnalytics()).toBe(true);
    const sent = commands(browser.win).filter((c) => c[0] === "event");
    expect(sent).toEqual([
      ["event", "calendar_open", { event_category: "conversion", event_label: "navigation" }],
    ]);
    expect(browser.win.__northlightQueue).toEqual([]);
  });
});
