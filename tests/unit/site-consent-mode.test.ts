import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { COOKIE_BANNER } from "~/copy/consent";
import {
  applyConsentDefault,
  BANNER_VERSION,
  bannerVersionOf,
  CONSENT_CHOICES_KEY,
  CONSENT_STORAGE_KEY,
  configureAnalytics,
  readChoices,
  recordChoice,
  resetAnalyticsForTests,
  saveChoice,
  shouldAsk,
  startAnalytics,
} from "~/lib/consent";

/**
 * Granular consent and Google Consent Mode v2 (issue #32): the default call before any tag, the
 * update matching each choice, Global Privacy Control as a refusal of marketing, SPEC's key kept
 * to granted/denied, and the banner asked again when its words change.
 */

function fakeBrowser(options: { gpc?: boolean } = {}) {
  const store = new Map<string, string>();
  const appended: { src: string }[] = [];
  const posted: { url: string; body: string }[] = [];
  const win = {
    localStorage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    },
    location: { origin: "https://studio.test" },
  } as unknown as Window & typeof globalThis;
  vi.stubGlobal("window", win);
  vi.stubGlobal("document", {
    title: "Home",
    createElement: () => ({ src: "", async: false }),
    head: { appendChild: (el: { src: string }) => appended.push(el) },
  });
  vi.stubGlobal("navigator", { globalPrivacyControl: options.gpc === true });
  vi.stubGlobal("fetch", async (url: string, init: { body: URLSearchParams }) => {
    posted.push({ url, body: String(init.body) });
    return new Response(null, { status: 204 });
  });
  return { store, appended, posted, win };
}

const commands = (win: Window) =>
  (win.dataLayer ?? []).map((args) => Array.from(args as ArrayLike<unknown>));
const consentCalls = (win: Window) => commands(win).filter((c) => c[0] === "consent");

const DENIED = {
  ad_storage: "denied",
  ad_user_data: "denied",
  ad_personalization: "denied",
  analytics_storage: "denied",
};
const DEFAULT = ["consent", "default", { ...DENIED, wait_for_update: 500 }];

describe("Consent Mode v2", () => {
  afterEach(() => vi.unstubAllGlobals());
  beforeEach(() => resetAnalyticsForTests());

  it("sets every signal denied by default, once, before anything else", () => {
    const { win } = fakeBrowser();
    applyConsentDefault();
    applyConsentDefault();
    expect(commands(win)).toEqual([DEFAULT]);
  });

  it("Accept: the update grants all four; SPEC's key holds granted; the categories beside it", () => {
    const { win, store } = fakeBrowser();
    applyConsentDefault();
    const record = saveChoice("accept", { analytics: true, marketing: true });
    expect(consentCalls(win)).toEqual([
      DEFAULT,
      [
        "consent",
        "update",
        {
          ad_storage: "granted",
          ad_user_data: "granted",
          ad_personalization: "granted",
          analytics_storage: "granted",
        },
      ],
    ]);
    expect(store.get(CONSENT_STORAGE_KEY)).toBe("granted");
    expect(readChoices()).toEqual({
      analytics: true,
      marketing: true,
      version: BANNER_VERSION,
      visitorId: record.visitorId,
    });
    expect(record.visitorId).toMatch(/^[0-9a-f-]{36}$/);
    expect(shouldAsk()).toBe(false);
  });

  it("Decline: the update denies all four; SPEC's key holds denied and the banner asks again", () => {
    const { win, store } = fakeBrowser();
    saveChoice("decline", { analytics: false, marketing: false });
    expect(consentCalls(win)).toEqual([DEFAULT, ["consent", "update", DENIED]]);
    expect(store.get(CONSENT_STORAGE_KEY)).toBe("denied");
    expect(shouldAsk()).toBe(true);
  });

  it("Choose with analytics only: analytics granted, the three advertising signals denied", () => {
    const { win } = fakeBrowser();
    saveChoice("custom", { analytics: true, marketing: false });
    expect(consentCalls(win)).toEqual([
      DEFAULT,
      ["consent", "update", { ...DENIED, analytics_storage: "granted" }],
    ]);
  });

  it("under Global Privacy Control, Accept still denies the advertising signals", () => {
    const { win } = fakeBrowser({ gpc: true });
    const record = saveChoice("accept", { analytics: true, marketing: true });
    expect(consentCalls(win)).toEqual([
      DEFAULT,
      ["consent", "update", { ...DENIED, analytics_storage: "granted" }],
    ]);
    expect(record).toMatchObject({ marketing: false, gpc: true });
    expect(readChoices()?.marketing).toBe(false);
  });

  it("a returning visitor: the default, then the stored choice, then the tag", () => {
    const { win, appended } = fakeBrowser();
    saveChoice("custom", { analytics: true, marketing: false });
    resetAnalyticsForTests();
    win.dataLayer = undefined;
    win.gtag = undefined;
    configureAnalytics("G-TEST123");
    expect(startAnalytics()).toBe(true);
    const order = commands(win).map((c) => `${c[0]} ${typeof c[1] === "string" ? c[1] : ""}`);
    expect(order.slice(0, 4)).toEqual([
      "consent default",
      "consent update",
      "js ",
      "config G-TEST123",
    ]);
    expect(appended).toHaveLength(1);
  });

  it("records each choice on the server with the visitor id, never waiting for it", () => {
    const { posted } = fakeBrowser();
    recordChoice(saveChoice("custom", { analytics: true, marketing: false }));
    expect(posted).toHaveLength(1);
    expect(posted[0]?.url).toBe("/consent");
    const body = new URLSearchParams(posted[0]?.body);
    expect(Object.fromEntries(body)).toMatchObject({
      choice: "custom",
      analytics: "true",
      marketing: "false",
      gpc: "false",
      version: BANNER_VERSION,
    });
  });

  it("a change of the banner's words changes its version and asks again", () => {
    const { store } = fakeBrowser();
    expect(bannerVersionOf({ ...COOKIE_BANNER, body: `${COOKIE_BANNER.body} More.` })).not.toBe(
      BANNER_VERSION,
    );
    saveChoice("accept", { analytics: true, marketing: true });
    expect(shouldAsk()).toBe(false);
    const stored = JSON.parse(store.get(CONSENT_CHOICES_KEY) ?? "{}");
    store.set(CONSENT_CHOICES_KEY, JSON.stringify({ ...stored, version: "00000000" }));
    expect(shouldAsk()).toBe(true);
  });
});
