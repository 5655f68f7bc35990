import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * Waits until the page is at rest: lazy chunks loaded (network idle, unless told not to wait for
 * it), then every CSS animation finished, checked again after two frames for elements those
 * chunks mounted meanwhile.
 */
export async function settleAnimations(
  page: Page,
  options: { waitForNetwork?: boolean } = {},
): Promise<void> {
  // An open booking dialog's frame (its host blocked in tests) never lets the network go idle.
  if (options.waitForNetwork !== false) await page.waitForLoadState("networkidle");
  for (let pass = 0; pass < 2; pass += 1) {
    await page.evaluate(async () => {
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      // Looping animations (a loading pulse) never finish: only wait for the ones that end.
      const ending = document
        .getAnimations()
        .filter(
          (animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY,
        );
      await Promise.all(ending.map((animation) => animation.finished.catch(() => null)));
    });
  }
}

/**
 * Audits the page with axe once it is at rest: an element caught mid fade-in (the cookie banner,
 * a toast, a dialog) has a transient opacity that axe would report as a contrast failure the user
 * never sees at rest.
 */
export async function expectNoAxeViolations(
  page: Page,
  options: { exclude?: string[] } = {},
): Promise<void> {
  await settleAnimations(page);
  let builder = new AxeBuilder({ page });
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

/** The viewports of the two projects (playwright.config.ts): a phone's and a desktop's. */
export const AXE_VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

/**
 * Audits the page at 390 px, then at 1280 px, resized in place (and, with `fits`, checks at each
 * width that nothing scrolls sideways): how a workflow that behaves the same at every width, run
 * once in the desktop project, still has its screens audited at both widths (decision 0410).
 * Leaves the page at 1280 px.
 */
export async function expectNoAxeViolationsAtBothWidths(
  page: Page,
  options: { exclude?: string[]; fits?: boolean } = {},
): Promise<void> {
  for (const viewport of AXE_VIEWPORTS) {
    await page.setViewportSize(viewport);
    if (options.fits) {
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(
        scrollWidth,
        `${page.url()} scrolls sideways at ${viewport.width} px`,
      ).toBeLessThanOrEqual(viewport.width);
    }
    await expectNoAxeViolations(page, options);
  }
}
