import type { Page } from "@playwright/test";

/**
 * Holds every script of the page until the returned release is called: what a slow phone does
 * before hydration (decision 0130: scripts start after the first paint). Open the page with
 * `waitUntil: "domcontentloaded"`, since held preloads hold the load event.
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}
