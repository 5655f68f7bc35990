#!/usr/bin/env node
// Server-side speed of database-backed public pages: starts the production build on loopback with
// a fresh, seeded DATA_DIR, then measures `/`, `/case-studies` and `/blog/{slug}` with autocannon:
// latency with one connection (the time one request takes) and throughput with a few. Bounded:
// DURATION seconds per measurement. Writes its section of docs/benchmarks.md. Needs `npm run build`.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { writeBenchmarkSection } from "./lib/benchmarks-doc.mjs";

const PORT = Number(process.env.PORT ?? 3194);
const DURATION = Number(process.env.DURATION ?? 5);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 8);
const BUDGET_MS = 15;
const BASE = `http://127.0.0.1:${PORT}`;
const DOC = "docs/benchmarks.md";
const START = "<!-- bench:server:start -->";
const END = "<!-- bench:server:end -->";

if (!existsSync("build/server/index.js")) {
  console.error("No production build: run `npm run build` first.");
  process.exit(1);
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), "studio-bench-server-"));
const child = spawn(process.execPath, ["server.js"], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(PORT),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    SITE_URL: BASE,
    SEED_DEMO: "true",
    // Request logs would measure the terminal, not the server.
    LOG_LEVEL: "warn",
  },
  stdio: ["ignore", "ignore", "inherit"],
});
const exited = new Promise((resolve) => child.on("exit", resolve));

async function waitForServer() {
  const started = Date.now();
  for (;;) {
    if (Date.now() - started > 60_000) throw new Error("the server did not start within 60 s");
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function run(url, connections) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections,
        duration: DURATION,
        // What browsers send: the page is compressed as in production.
        // The flash cookie keeps the full-page cache out (decision 0180): this measures rendering.
        headers: { "accept-encoding": "gzip", accept: "text/html", cookie: "admin_flash=bench" },
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

try {
  await waitForServer();
  // The newest published post: the first link of /blog.
  const blog = await (await fetch(`${BASE}/blog`)).text();
  const slug = blog.match(/href="\/blog\/([a-z0-9-]+)"/)?.[1];
  if (!slug) throw new Error("no post found on /blog");
  const pages = ["/", "/case-studies", `/blog/${slug}`];

  const rows = [];
  for (const page of pages) {
    const response = await fetch(`${BASE}${page}`);
    if (response.status !== 200) throw new Error(`${page} answered ${response.status}`);
    // Warm up: JIT, the content cache, the connection.
    await run(`${BASE}${page}`, 1).catch(() => {});
    const single = await run(`${BASE}${page}`, 1);
    const loaded = await run(`${BASE}${page}`, CONNECTIONS);
    if (single.non2xx || loaded.non2xx || single.errors || loaded.errors) {
      throw new Error(`${page}: non-2xx or errors during the run`);
    }
    rows.push({
      page,
      p50: single.latency.p50,
      p99: single.latency.p99,
      rps1: single.requests.average,
      p50n: loaded.latency.p50,
      rpsN: loaded.requests.average,
    });
    console.log(
      `${page.padEnd(40)} p50 ${single.latency.p50} ms  p99 ${single.latency.p99} ms  ` +
        `${Math.round(single.requests.average)} req/s (1 conn)  |  ` +
        `${Math.round(loaded.requests.average)} req/s, p50 ${loaded.latency.p50} ms (${CONNECTIONS} conn)`,
    );
  }

  const date = new Date().toISOString().slice(0, 10);
  const table = [
    `| page | p50 (1 conn) | p99 (1 conn) | req/s (1 conn) | req/s (${CONNECTIONS} conn) | p50 (${CONNECTIONS} conn) |`,
    "| --- | --- | --- | --- | --- | --- |",
    ...rows.map(
      (r) =>
        `| \`${r.page}\` | **${r.p50} ms** | ${r.p99} ms | ${Math.round(r.rps1)} | ${Math.round(r.rpsN)} | ${r.p50n} ms |`,
    ),
  ].join("\n");
  const worst = Math.max(...rows.map((r) => r.p50));
  const section = [
    START,
    "## Server render of database-backed pages (`npm run bench:server`)",
    "",
    `Production build on loopback, embedded database with the demo content, autocannon for ${DURATION} s`,
    "per line with one connection (the time one request takes, the budget's p50) and again with",
    `${CONNECTIONS} connections (throughput on the machine's 2 cores). Requests ask for gzip like a`,
    `browser. Budget: p50 <= ${BUDGET_MS} ms.`,
    "",
    `Measured ${date} (Node ${process.versions.node}, ${os.cpus().length} cores, load average ` +
      `${os.loadavg()[0].toFixed(1)} at the end: the machine is shared, so figures move):`,
    "",
    table,
    "",
    `Worst p50: ${worst} ms, ${worst <= BUDGET_MS ? "within" : "over"} the ${BUDGET_MS} ms budget. Content reads`,
    "come from the in-process cache (server/content/cache.ts, decision 0030) after the first request;",
    "what remains is rendering React to HTML and compressing it.",
    END,
  ].join("\n");

  writeBenchmarkSection(DOC, START, END, section);
  console.log(`\nwrote ${DOC}; worst p50 ${worst} ms (budget ${BUDGET_MS} ms)`);
} finally {
  child.kill("SIGTERM");
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
}
