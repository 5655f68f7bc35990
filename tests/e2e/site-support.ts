import type { Page, TestInfo } from "@playwright/test";
import { BANNER_VERSION, CONSENT_CHOICES_KEY } from "~/lib/consent";

/** Shared helpers of the public-site e2e tests (issue #3). */

export const CONSENT_KEY = "northlight.cookie-consent";
export const GA_ID = "G-TEST123";
export const GA_SCRIPT = `https://www.googletagmanager.com/gtag/js?id=${GA_ID}`;
export const BOOKING_URL = "https://calendly.com/northlight-studio/discovery-call";

/**
 * Nothing leaves the machine: external requests are aborted, and the analytics script is
 * answered locally with a stub. Returns the GA script requests seen so far.
 */
export async function isolate(page: Page): Promise<{ gaRequests: () => number }> {
  let ga = 0;
  await page.route(
    (url) => url.hostname !== "127.0.0.1" && url.hostname !== "localhost",
    (route) => route.abort(),
  );
  await page.route(GA_SCRIPT, (route) => {
    ga += 1;
    return route.fulfill({ contentType: "text/javascript", body: "window.__gtagStub = true;" });
  });
  return { gaRequests: () => ga };
}

/** Start each page with this consent already stored (or none). */
export async function presetConsent(page: Page, value: "granted" | "denied"): Promise<void> {
  // SPEC's value, and the categories beside it answered on this version of the banner (issue #32).
  const choices = JSON.stringify({
    analytics: value === "granted",
    marketing: false,
    version: BANNER_VERSION,
    visitorId: "6f1c2a4e-8a0b-4c3d-9e5f-0a1b2c3d4e5f",
  });
  await page.addInitScript(
    ([key, consent, choicesKey, stored]) => {
      if (!sessionStorage.getItem("consent-preset")) {
        localStorage.setItem(key, consent);
        localStorage.setItem(choicesKey, stored);
        sessionStorage.setItem("consent-preset", "1");
      }
    },
    [CONSENT_KEY, value, CONSENT_CHOICES_KEY, choices] as const,
  );
}

export const isMobile = (info: TestInfo) => info.project.name === "mobile";

/** Wait until React has hydrated (the frame swaps its no-JS links for buttons). */
export async function hydrated(page: Page): Promise<void> {
  await page.locator("header").getByRole("button", { name: "Book a Call" }).waitFor();
}

/** gtag commands pushed to the dataLayer, as arrays. */
export function gtagCommands(page: Page): Promise<unknown[][]> {
  return page.evaluate(() =>
    ((window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? []).map((args) =>
      Array.from(args),
    ),
  );
}
