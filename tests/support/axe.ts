import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * Audits the page with axe once every running CSS animation has finished: an element caught
 * mid fade-in (the cookie banner, a toast, a dialog) has a transient opacity that axe would
 * report as a contrast failure the user never sees at rest.
 */
export async function expectNoAxeViolations(
  page: Page,
  options: { exclude?: string[] } = {},
): Promise<void> {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => null))),
  );
  let builder = new AxeBuilder({ page });
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}
