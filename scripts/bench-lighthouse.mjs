#!/usr/bin/env node
/**
 * `npm run bench:lighthouse`: Lighthouse (mobile: emulated phone, simulated slow 4G and CPU) on
 * every public page of the marketing site, median of 3 runs per page, against the production
 * build on a fresh DATA_DIR (demo content seeded), in Debian's Chromium. Writes the table into
 * docs/benchmarks.md between the `lighthouse` markers and prints it.
 *
 *   npm run bench:lighthouse                      # all pages, 3 runs each (~15 min on 2 cores)
 *   RUNS=1 PAGES=/,/weddings npm run bench:lighthouse
 *
 * Budgets (DESIGN.md): performance >= 95; accessibility, best practices, SEO = 100; initial JS
 * <= 120 KB gzip; CSS <= 25 KB gzip; CLS <= 0.02. Builds first when the build is missing or older
 * than the sources (FORCE_BUILD=1 to always build). Loopback only; bounded by RUNS x PAGES.
 */
import { spawn, spawnSync } from "node:child_process";
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import {
  gzippedSize,
  hydrationModules,
  INITIAL_JS_BUDGET,
  PUBLIC_PAGES,
} from "./lib/page-scripts.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const RUNS = Number(process.env.RUNS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 3191);
const BASE = `http://127.0.0.1:${PORT}`;
const CHROME = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const PAGES = process.env.PAGES ? process.env.PAGES.split(",") : PUBLIC_PAGES;
const BUDGET = {
  performance: 95,
  accessibility: 100,
  "best-practices": 100,
  seo: 100,
  js: INITIAL_JS_BUDGET / 1024,
  css: 25,
  cls: 0.02,
};

// --- build if needed ----------------------------------------------------------------------------

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const buildEntry = path.join(root, "build/server/index.js");
const stale =
  !existsSync(buildEntry) ||
  Math.max(newestMtime(path.join(root, "app")), newestMtime(path.join(root, "server"))) >
    statSync(buildEntry).mtimeMs;
if (process.env.FORCE_BUILD || stale) {
  console.log("building…");
  const built = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

// --- server -------------------------------------------------------------------------------------

const dataDir = mkdtempSync(path.join(tmpdir(), "studio-bench-lighthouse-"));
const server = spawn(process.execPath, ["server.js"], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(PORT),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    SITE_URL: BASE,
    SEED_DEMO: "true",
    LOG_LEVEL: "warn",
  },
  stdio: ["ignore", "ignore", "inherit"],
});
const serverExited = new Promise((resolve) => server.on("exit", resolve));

async function waitForServer() {
  const started = Date.now();
  for (;;) {
    if (Date.now() - started > 90_000) throw new Error("no healthy server after 90 s");
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The JavaScript a page needs to hydrate (scripts/lib/page-scripts.mjs) and its CSS, gzip. */
async function initialJs(pagePath) {
  const html = await (await fetch(`${BASE}${pagePath}`)).text();
  const modules = hydrationModules(html);
  const css = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].reduce(
    (sum, m) => sum + gzipSync(readFileSync(path.join(root, "build/client", m[1]))).length,
    0,
  );
  return { js: gzippedSize(root, modules) / 1024, css: css / 1024, files: modules.length };
}

// --- Lighthouse ---------------------------------------------------------------------------------

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

/** The machine's 1-minute load average after each page: Lighthouse's CPU figures depend on it. */
const loads = [];

async function main() {
  await waitForServer();
  // Warm the server (first renders compile templates, open the database).
  for (const page of PAGES) await fetch(`${BASE}${page}`);

  const chrome = await chromeLauncher.launch({
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
  const rows = [];
  try {
    for (const page of PAGES) {
      const runs = [];
      // A run that saw no first paint (Lighthouse's NO_FCP, which a busy machine can cause) is
      // not a measurement: it is run again, up to three tries, and reported if it persists.
      for (let i = 0, tries = 0; i < RUNS; tries += 1) {
        const result = await lighthouse(`${BASE}${page}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: CATEGORIES,
        });
        const painted = result.lhr.audits["first-contentful-paint"]?.numericValue !== undefined;
        if (!painted && tries < 2) {
          process.stdout.write("r");
          continue;
        }
        if (!painted)
          throw new Error(`${page}: no first paint in 3 tries (${result.lhr.runtimeError?.code})`);
        runs.push(result.lhr);
        process.stdout.write(".");
        i += 1;
        tries = -1;
      }
      const lhr = computeMedianRun(runs);
      loads.push(loadavg()[0]);
      const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const failing = CATEGORIES.filter((id) => id !== "performance")
        .flatMap((id) => lhr.categories[id].auditRefs)
        .filter(
          (ref) =>
            ref.weight > 0 && lhr.audits[ref.id]?.score !== null && lhr.audits[ref.id]?.score < 1,
        )
        .map((ref) => ref.id);
      const scripts = (lhr.audits["network-requests"]?.details?.items ?? []).filter(
        (item) => item.resourceType === "Script",
      );
      rows.push({
        page,
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
        lcp: lhr.audits["largest-contentful-paint"].numericValue / 1000,
        tbt: lhr.audits["total-blocking-time"].numericValue,
        cls: lhr.audits["cumulative-layout-shift"].numericValue,
        jsTransferred: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024,
        all: runs.map((r) => Math.round(r.categories.performance.score * 100)),
        failing: [...new Set(failing)],
        ...(await initialJs(page)),
      });
      process.stdout.write(` ${page}\n`);
    }
  } finally {
    await chrome.kill();
  }
  return rows;
}

function table(rows) {
  const mark = (ok, text) => (ok ? text : `**${text}** ✗`);
  const lines = [
    "| page | perf | a11y | best pr. | SEO | LCP | TBT | CLS | initial JS (gzip) | JS transferred | CSS (gzip) | perf runs |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
  ];
  for (const r of rows) {
    lines.push(
      `| \`${r.page}\` | ${mark(r.performance >= BUDGET.performance, r.performance)} | ${mark(r.accessibility >= 100, r.accessibility)} | ${mark(r.bestPractices >= 100, r.bestPractices)} | ${mark(r.seo >= 100, r.seo)} | ${r.lcp.toFixed(2)} s | ${r.tbt.toFixed(0)} ms | ${mark(r.cls <= BUDGET.cls, r.cls.toFixed(3))} | ${mark(r.js <= BUDGET.js, `${r.js.toFixed(1)} KiB`)} | ${r.jsTransferred.toFixed(1)} KiB | ${mark(r.css <= BUDGET.css, `${r.css.toFixed(1)} KiB`)} | ${r.all.join(", ")} |`,
    );
  }
  const failing = rows
    .filter((r) => r.failing.length)
    .map((r) => `\`${r.page}\`: ${r.failing.join(", ")}`);
  if (failing.length) lines.push("", `Failing audits: ${failing.join("; ")}.`);
  return lines.join("\n");
}

function writeSection(rows) {
  const file = path.join(root, "docs/benchmarks.md");
  const date = new Date().toISOString().slice(0, 10);
  const section = `<!-- lighthouse:start -->
## Lighthouse, public pages (\`npm run bench:lighthouse\`)

Lighthouse ${JSON.parse(readFileSync(path.join(root, "node_modules/lighthouse/package.json"), "utf8")).version}, mobile (emulated phone, simulated slow 4G, 4x CPU slowdown), Debian Chromium headless,
median of ${RUNS} run(s) per page (by performance score), production build on a fresh seeded
DATA_DIR, first visit (no consent stored: the cookie banner shows). Measured ${date}, machine
load average ${Math.min(...loads).toFixed(1)} to ${Math.max(...loads).toFixed(1)} on ${availableParallelism()} cores (other work on the machine inflates TBT).
"Initial JS" is every module a page loads to hydrate (started after the first paint, decision
0130), in the bytes a gzip-only client receives (the build's zopfli files, decision 0132; budget
120 KiB). "JS transferred" is every script Lighthouse saw during the load as Chromium received
it (brotli), headers included (the consent banner's chunk arrives after hydration).
Budgets: performance >= 95; accessibility, best practices, SEO = 100; CSS <= 25 KB; CLS <= 0.02.

${table(rows)}
<!-- lighthouse:end -->`;
  let text = existsSync(file) ? readFileSync(file, "utf8") : "# Benchmarks\n";
  if (text.includes("<!-- lighthouse:start -->")) {
    text = text.replace(/<!-- lighthouse:start -->[\s\S]*<!-- lighthouse:end -->/, section);
  } else {
    text = `${text.trimEnd()}\n\n${section}\n`;
  }
  writeFileSync(file, text);
  return section;
}

try {
  const rows = await main();
  console.log(`\n${writeSection(rows)}`);
} finally {
  server.kill("SIGTERM");
  await serverExited;
  rmSync(dataDir, { recursive: true, force: true });
}
