// Lighthouse mobile (its default: emulated phone, simulated slow 4G, 4x CPU slowdown) in Debian's
// Chromium, as PageSpeed Insights runs it: a fresh Chrome for every run, so no run inherits the
// compiled code, caches or heap of another. Shared by bench-lighthouse.mjs and bench-lists.mjs.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { MainThreadTasks } from "lighthouse/core/computed/main-thread-tasks.js";
import { ProcessedNavigation } from "lighthouse/core/computed/processed-navigation.js";
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

/**
 * The longest task the page's main thread ran after its first contentful paint, as Lighthouse
 * simulates it (the task's CPU time times the 4x slowdown). The order comes from the trace the
 * browser recorded: Lighthouse's simulated timeline reorders tasks and can put the parsing and
 * layout that made the first paint after it, so its `long-tasks` start times cannot tell what
 * came after the paint. Tasks are Lighthouse's own (its main-thread task model); 0 when none ran.
 */
async function longestTaskAfterPaint(result) {
  const trace = result.artifacts.Trace;
  const context = { computedCache: new Map() };
  const navigation = await ProcessedNavigation.request(trace, context);
  const paint = navigation.timings.firstContentfulPaint;
  const slowdown = result.lhr.configSettings.throttling.cpuSlowdownMultiplier;
  const tasks = await MainThreadTasks.request(trace, context);
  const after = tasks.filter((task) => !task.parent && task.startTime >= paint);
  return Math.max(0, ...after.map((task) => task.duration * slowdown));
}

/** One Lighthouse run of `url` in a Chrome started for it: its report and figures of its trace. */
async function freshRun(url) {
  const chrome = await launchChrome();
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: CATEGORIES,
    });
    if (result.lhr.audits["first-contentful-paint"]?.numericValue === undefined) {
      return { lhr: result.lhr, longestTaskAfterPaint: Number.NaN };
    }
    return { lhr: result.lhr, longestTaskAfterPaint: await longestTaskAfterPaint(result) };
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
    const run = await freshRun(url);
    if (!Number.isNaN(run.longestTaskAfterPaint)) return run;
    if (tries === 3)
      throw new Error(`${url}: no first paint in 3 tries (${run.lhr.runtimeError?.code})`);
  }
}

/**
 * The figures of one run. Main-thread times are Lighthouse's simulated ones (the trace's CPU time
 * times the 4x slowdown): `scripting` is script evaluation, `styleLayout` style and layout,
 * `longestTask` the longest task of the page's main thread after its first paint (the budget's
 * measure, issue 34), `longestTaskAny` the longest of all, also those that made the first paint.
 * `benchmarkIndex` is the host's speed as Lighthouse measured it before the run
 * (Lighthouse's own scale: ~1,000 a desktop-class CPU; lower on a slower or busier host).
 */
export function runFigures({ lhr, longestTaskAfterPaint }) {
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
    longestTask: longestTaskAfterPaint,
    longestTaskAny: Math.max(0, ...longTasks.map((task) => task.duration)),
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
export function summarise(paintedRuns) {
  const runs = paintedRuns.map(runFigures);
  const figures = Object.fromEntries(
    Object.keys(runs[0]).map((key) => [key, median(runs.map((run) => run[key]))]),
  );
  const lhr = computeMedianRun(paintedRuns.map((run) => run.lhr));
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
  const painted = [];
  for (let i = 0; i < runs; i += 1) painted.push(await paintedRun(url));
  return summarise(painted);
}

/** Every run's performance score, in run order: "78, 81, 80". */
export const allScores = (result) => result.runs.map((run) => run.performance).join(", ");
