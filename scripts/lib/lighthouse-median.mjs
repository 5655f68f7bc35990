// Lighthouse mobile (its default: emulated phone, simulated slow 4G, 4x CPU slowdown) in Debian's
// Chromium, as PageSpeed Insights runs it: a fresh Chrome for every run, so no run inherits the
// compiled code, caches or heap of another. Shared by bench-lighthouse.mjs and bench-lists.mjs.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";

export const CHROME = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

function launchChrome() {
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

/** One Lighthouse run of `url` in a Chrome started for it. */
async function freshRun(url) {
  const chrome = await launchChrome();
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: CATEGORIES,
    });
    return result.lhr;
  } finally {
    await chrome.kill();
  }
}

/**
 * One run of `url` that saw a first paint. A run without one (NO_FCP, which a busy machine can
 * cause) is not a measurement: it is run again, up to three tries, then reported.
 */
export async function paintedRun(url) {
  for (let tries = 1; ; tries += 1) {
    const lhr = await freshRun(url);
    if (lhr.audits["first-contentful-paint"]?.numericValue !== undefined) return lhr;
    if (tries === 3)
      throw new Error(`${url}: no first paint in 3 tries (${lhr.runtimeError?.code})`);
  }
}

/**
 * The figures of one run. Main-thread times are Lighthouse's simulated ones (the trace's CPU time
 * times the 4x slowdown): `scripting` is script evaluation, `styleLayout` style and layout,
 * `longestTask` the longest task of the page's main thread (every task counted, also those after
 * the first paint). `benchmarkIndex` is the host's speed as Lighthouse measured it before the run
 * (Lighthouse's own scale: ~1,000 a desktop-class CPU; lower on a slower or busier host).
 */
export function runFigures(lhr) {
  const breakdown = new Map(
    (lhr.audits["mainthread-work-breakdown"]?.details?.items ?? []).map((item) => [
      item.group,
      item.duration,
    ]),
  );
  const longTasks = lhr.audits["long-tasks"]?.details?.items ?? [];
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    tbt: lhr.audits["total-blocking-time"].numericValue,
    scripting: breakdown.get("scriptEvaluation") ?? 0,
    styleLayout: breakdown.get("styleLayout") ?? 0,
    mainThread: lhr.audits["mainthread-work-breakdown"]?.numericValue ?? 0,
    longestTask: Math.max(0, ...longTasks.map((task) => task.duration)),
    lcp: lhr.audits["largest-contentful-paint"].numericValue / 1000,
    cls: lhr.audits["cumulative-layout-shift"].numericValue,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * The result of several runs of one page. Each figure is the median of its own values over the
 * runs; the accessibility, best-practices and SEO scores and failing audits are those of
 * Lighthouse's median run (closest to the median first paint and time to interactive). `runs`
 * keeps every run's figures.
 */
export function summarise(lhrs) {
  const runs = lhrs.map(runFigures);
  const figures = Object.fromEntries(
    Object.keys(runs[0]).map((key) => [key, median(runs.map((run) => run[key]))]),
  );
  const lhr = computeMedianRun(lhrs);
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const failing = CATEGORIES.filter((id) => id !== "performance")
    .flatMap((id) => lhr.categories[id].auditRefs)
    .filter(
      (ref) =>
        ref.weight > 0 && lhr.audits[ref.id]?.score !== null && lhr.audits[ref.id]?.score < 1,
    )
    .map((ref) => ref.id);
  return {
    ...figures,
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    failing: [...new Set(failing)],
    runs,
  };
}

/** `runs` fresh-Chrome runs of `url`, summarised. */
export async function medianLighthouse(url, runs = 5) {
  const lhrs = [];
  for (let i = 0; i < runs; i += 1) lhrs.push(await paintedRun(url));
  return summarise(lhrs);
}

/** Every run's performance score, in run order: "78, 81, 80". */
export const allScores = (result) => result.runs.map((run) => run.performance).join(", ");
