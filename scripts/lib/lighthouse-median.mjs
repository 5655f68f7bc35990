// Lighthouse mobile (its default: emulated phone, simulated slow 4G, 4x CPU slowdown) in Debian's
// Chromium, median of several runs by performance score: what bench-lighthouse.mjs measures, for
// benches that start their own server (bench-lists.mjs).
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";

export const CHROME = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

export function launchChrome() {
  return chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}

/**
 * The median run of `runs` Lighthouse runs of `url`. A run without a first paint (NO_FCP, which a
 * busy machine can cause) is run again, up to three tries. Returns the scores (0-100) of the
 * median, the performance score of every run, and the median's LCP (s) and TBT (ms).
 */
export async function medianLighthouse(chrome, url, runs = 3) {
  const results = [];
  for (let i = 0, tries = 0; i < runs; tries += 1) {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: CATEGORIES,
    });
    const painted = result.lhr.audits["first-contentful-paint"]?.numericValue !== undefined;
    if (!painted && tries < 2) continue;
    if (!painted) throw new Error(`${url}: no first paint in 3 tries`);
    results.push(result.lhr);
    i += 1;
    tries = -1;
  }
  const lhr = computeMedianRun(results);
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcp: lhr.audits["largest-contentful-paint"].numericValue / 1000,
    tbt: lhr.audits["total-blocking-time"].numericValue,
    all: results.map((r) => Math.round(r.categories.performance.score * 100)),
  };
}
