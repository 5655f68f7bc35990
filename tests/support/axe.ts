import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * Waits until the page is at rest: lazy chunks loaded (network idle), then every CSS animation
 * finished, checked again after two frames for elements those chunks mounted meanwhile.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  for (let pass = 0; pass < 2; pass += 1) {
    await page.evaluate(async () => {
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      await Promise.all(
        document.getAnimations().map((animation) => animation.finished.catch(() => null)),
      );
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
