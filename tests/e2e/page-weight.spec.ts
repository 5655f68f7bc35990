import path from "node:path";
import { expect, test } from "@playwright/test";
import {
  gzippedSize,
  hydrationModules,
  INITIAL_JS_BUDGET,
  PUBLIC_PAGES,
} from "../../scripts/lib/page-scripts";
import { hydrated } from "./site-support";

const ROOT = path.resolve(import.meta.dirname, "../..");

test.describe("page weight", () => {
  test("every public page hydrates with at most 120 KiB of gzipped JavaScript", async ({
    request,
  }) => {
    const over: string[] = [];
    for (const page of PUBLIC_PAGES) {
      const html = await (await request.get(page)).text();
      const modules = hydrationModules(html);
      // The framework alone is several modules: a page that lists fewer was not read right.
      expect(modules.length, page).toBeGreaterThan(3);
      const bytes = gzippedSize(ROOT, modules);
      if (bytes > INITIAL_JS_BUDGET) over.push(`${page}: ${(bytes / 1024).toFixed(1)} KiB`);
    }
    expect(over).toEqual([]);
  });

  test("the server HTML preloads no module: scripts start after the first paint", async ({
    page,
    request,
  }) => {
    const html = await (await request.get("/")).text();
    expect(html).not.toMatch(/<link[^>]*rel="modulepreload"/);
    expect(html).not.toMatch(/<script[^>]*type="module"/);

    await page.goto("/");
    await hydrated(page);
    const timing = await page.evaluate(() => {
      const paint =
        performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN;
      const scripts = performance
        .getEntriesByType("resource")
        .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
        .map((entry) => entry.startTime);
      return { paint, scripts };
    });
    expect(timing.scripts.length).toBeGreaterThan(3);
    expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(timing.paint);
    // The loader preloaded them in the head for the module script.
    await expect(page.locator('head link[rel="modulepreload"]').first()).toBeAttached();
  });
});
