import path from "node:path";
import { type Browser, expect, test } from "@playwright/test";
import {
  gzippedSize,
  hydrationModules,
  INITIAL_JS_BUDGET,
  PUBLIC_PAGES,
} from "../../scripts/lib/page-scripts";
import { hydrated } from "./site-support";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** A trace event of Chromium's timeline: times in µs; `tdur` is the thread's CPU time. */
type TraceEvent = {
  name: string;
  ph: string;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
};

const SCRIPT_EVENTS = new Set([
  "EvaluateScript",
  "v8.evaluateModule",
  "FunctionCall",
  "RunMicrotasks",
]);
const STYLE_LAYOUT_EVENTS = new Set(["UpdateLayoutTree", "Layout"]);

/**
 * The main thread's CPU work while `url` loads on a phone-sized screen and hydrates, from
 * Chromium's trace: script evaluation and style and layout (ms of CPU, nested script events
 * counted once), the longest task and the longest that started after the first contentful paint
 * (ms of CPU; issue 34's budget is on the second: what made the first paint is not in it). CPU time, not wall time: a busy machine
 * deschedules the thread more often, which stretches wall time but not this (decision 0283).
 */
async function mainThreadWork(browser: Browser, url: string) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on("Tracing.dataCollected", ({ value }) =>
    events.push(...(value as unknown as TraceEvent[])),
  );
  await cdp.send("Tracing.start", {
    categories: "devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,loading",
    transferMode: "ReportEvents",
  });
  await page.goto(url);
  // Waited for in the page by one observer, not by Playwright's locators: their polling runs on
  // the same main thread and would count as the page's script. The load ends when the consent
  // banner (loaded after hydration) is on the page and the thread is next idle.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const idle = () => requestIdleCallback(() => resolve());
        if (document.querySelector(".cookie-banner")) return idle();
        new MutationObserver((_, observer) => {
          if (!document.querySelector(".cookie-banner")) return;
          observer.disconnect();
          idle();
        }).observe(document.body, { childList: true, subtree: true });
      }),
  );
  const complete = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
  await cdp.send("Tracing.end");
  await complete;
  await context.close();

  const renderers = new Set(
    events
      .filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain")
      .map((e) => e.tid),
  );
  const cpu = (list: TraceEvent[]) => list.reduce((sum, e) => sum + (e.tdur ?? 0), 0) / 1000;
  // The page's renderer: the main thread that ran the most tasks.
  const tasksOf = (tid: number) => events.filter((e) => e.tid === tid && e.name === "RunTask");
  const tid = [...renderers].sort((a, b) => cpu(tasksOf(b)) - cpu(tasksOf(a)))[0];
  const main = events.filter((e) => e.tid === tid && e.ph === "X").sort((a, b) => a.ts - b.ts);
  // A mark, not a complete event: looked up among all of the thread's events.
  const paint = events.find((e) => e.tid === tid && e.name === "firstContentfulPaint")?.ts;
  const tasks = tasksOf(tid ?? -1);
  let scriptEnd = 0;
  const script = main.filter((e) => {
    if (!SCRIPT_EVENTS.has(e.name) || e.ts < scriptEnd) return false;
    scriptEnd = e.ts + (e.dur ?? 0);
    return true;
  });
  return {
    scripting: cpu(script),
    styleLayout: cpu(main.filter((e) => STYLE_LAYOUT_EVENTS.has(e.name))),
    longestTask: Math.max(...tasks.map((e) => (e.tdur ?? 0) / 1000)),
    // NaN when the trace has no first paint: then no bound can pass.
    longestTaskAfterPaint:
      paint === undefined
        ? Number.NaN
        : Math.max(0, ...tasks.filter((e) => e.ts >= paint).map((e) => (e.tdur ?? 0) / 1000)),
  };
}

/**
 * This host's speed on Lighthouse's benchmarkIndex scale (its two loops, page-functions.js),
 * counted in CPU time rather than wall time so that other work on the machine moves it little.
 */
function cpuBenchmarkIndex(): number {
  const cpuSeconds = (work: () => void) => {
    const start = process.cpuUsage();
    work();
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1e6;
  };
  const strings = 2000;
  const gc = cpuSeconds(() => {
    for (let i = 0; i < strings; i += 1) {
      let s = "";
      for (let j = 0; j < 10000; j += 1) s += "a";
      if (s.length === 1) throw new Error("never");
    }
  });
  const copies = 4000;
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < 100000; i += 1) a[i] = b[i] = i;
  const noGc = cpuSeconds(() => {
    for (let i = 0; i < copies; i += 1) {
      const [src, tgt] = i % 2 === 0 ? [a, b] : [b, a];
      for (let j = 0; j < src.length; j += 1) tgt[j] = src[j] as number;
    }
  });
  return (strings / 10 / gc + copies / 10 / noGc) / 2;
}

const median = (values: number[]) =>
  [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)] as number;

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

  test("the home page's main-thread work stays within its bound", async ({ browser, baseURL }) => {
    // Decision 0283. The longest public page, loaded 3 times; each figure is its median. The
    // bounds are CPU times at the reference speed (REFERENCE_INDEX): a faster host's figures are
    // scaled up to it, a slower one's down, so the bound means the same work on every host.
    // The bound after the first paint guards issue 34's budget (no task over 100 ms at 4x,
    // measured by bench:lighthouse, decisions 0421 and 0422): 45 ms of CPU at the reference
    // speed. Today's longest, the framework's module evaluation, is 13-21 ms once scaled on an
    // idle host and 30 ms in the full suite under CI's load. A coarse guard: it catches work after
    // the paint that grows by half again (hydrating in one task measured 32 ms idle).
    const REFERENCE_INDEX = 1500;
    const BOUND = { scripting: 400, styleLayout: 200, longestTask: 150, longestTaskAfterPaint: 45 };
    const index = cpuBenchmarkIndex();
    const loads: Awaited<ReturnType<typeof mainThreadWork>>[] = [];
    for (let i = 0; i < 3; i += 1) loads.push(await mainThreadWork(browser, `${baseURL}/`));
    // A trace read wrong would pass any bound.
    for (const load of loads) expect(Math.min(load.scripting, load.longestTask)).toBeGreaterThan(0);
    const figure = (key: keyof typeof BOUND) =>
      (median(loads.map((load) => load[key])) * index) / REFERENCE_INDEX;
    const measured = {
      scripting: figure("scripting"),
      styleLayout: figure("styleLayout"),
      longestTask: figure("longestTask"),
      longestTaskAfterPaint: figure("longestTaskAfterPaint"),
    };
    const report = `host benchmarkIndex (CPU time) ${index.toFixed(0)}; at index ${REFERENCE_INDEX}: script evaluation ${measured.scripting.toFixed(0)} ms (bound ${BOUND.scripting}), style and layout ${measured.styleLayout.toFixed(0)} ms (bound ${BOUND.styleLayout}), longest task ${measured.longestTask.toFixed(0)} ms (bound ${BOUND.longestTask}), after the first paint ${measured.longestTaskAfterPaint.toFixed(0)} ms (bound ${BOUND.longestTaskAfterPaint}); unthrottled CPU, x4 for Lighthouse's phone`;
    console.log(`main-thread work of /: ${report}`);
    test.info().annotations.push({ type: "main-thread work of /", description: report });
    expect(measured.scripting, report).toBeLessThanOrEqual(BOUND.scripting);
    expect(measured.styleLayout, report).toBeLessThanOrEqual(BOUND.styleLayout);
    expect(measured.longestTask, report).toBeLessThanOrEqual(BOUND.longestTask);
    expect(measured.longestTaskAfterPaint, report).toBeLessThanOrEqual(BOUND.longestTaskAfterPaint);
  });
});
