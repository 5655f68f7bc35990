#!/usr/bin/env node
// What the job engine costs the site while it waits (issue #49): the cached `/` with the engine
// running and idle (JOBS_WORK=on: its workers poll their queues) against the engine stopped
// (JOBS_WORK=off: it only enqueues), on the embedded database and on the PostgreSQL server, in one
// run. One server at a time, the two modes alternated round by round so both see the same
// machine; wrk at the same connections for every line. Writes its section of docs/benchmarks.md.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startServer, stopServer, waitHealthy } from "./lib/bench-server.mjs";
import { writeBenchmarkSection } from "./lib/benchmarks-doc.mjs";
import { wrk } from "./lib/wrk.mjs";

const PG_URL = process.env.PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const PORT = Number(process.env.BENCH_PORT ?? 3430);
const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const DOC = "docs/benchmarks.md";
const START = "<!-- bench:engine:start -->";
const END = "<!-- bench:engine:end -->";

if (!existsSync("build/server/index.js")) {
  console.error("No production build: run `npm run build` first.");
  process.exit(1);
}
try {
  execFileSync("sh", ["-c", "command -v wrk"], { stdio: "ignore" });
} catch {
  execFileSync("apt-get", ["install", "-y", "--no-install-recommends", "wrk"], {
    stdio: "inherit",
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const work = mkdtempSync(path.join(os.tmpdir(), "studio-bench-engine-"));
const database = `bench_engine_${Date.now()}`;
const admin = new pg.Client({ connectionString: PG_URL });
await admin.connect();
await admin.query(`CREATE DATABASE ${database}`);
const databaseUrl = Object.assign(new URL(PG_URL), { pathname: `/${database}` }).toString();

const setups = [
  { name: "embedded (PGlite)", env: { DATA_DIR: path.join(work, "embedded") } },
  { name: "PostgreSQL", env: { DATA_DIR: path.join(work, "postgres"), DATABASE_URL: databaseUrl } },
];
/** runs[setup][mode]: one wrk result per round. */
const runs = new Map(setups.map((s) => [s.name, { on: [], off: [] }]));

try {
  for (let round = 0; round < ROUNDS; round++) {
    for (const setup of setups) {
      const modes = round % 2 === 0 ? ["on", "off"] : ["off", "on"];
      for (const mode of modes) {
        const server = startServer({
          port: PORT,
          env: { ...setup.env, JOBS_WORK: mode, SEED_DEMO: "true", LOG_LEVEL: "warn" },
        });
        try {
          await waitHealthy(server);
          // Fill the page cache and warm the JIT before the measured run.
          wrk(`${server.baseURL}/`, { connections: CONNECTIONS, duration: 2 });
          const result = wrk(`${server.baseURL}/`, {
            connections: CONNECTIONS,
            duration: DURATION,
          });
          runs.get(setup.name)[mode].push(result);
          console.log(
            `round ${round + 1} ${setup.name.padEnd(18)} engine ${mode.padEnd(3)} ` +
              `${Math.round(result.rps)} req/s  p50 ${result.p50} ms  p99 ${result.p99} ms`,
          );
        } finally {
          await stopServer(server);
        }
      }
    }
  }

  const date = new Date().toISOString().slice(0, 10);
  const rows = setups.flatMap((setup) => {
    const { on, off } = runs.get(setup.name);
    const line = (mode, list) =>
      `| ${setup.name} | ${mode} | **${Math.round(median(list.map((r) => r.rps)))}** | ` +
      `${list.map((r) => Math.round(r.rps)).join(", ")} | ${median(list.map((r) => r.p50))} ms | ` +
      `${median(list.map((r) => r.p99))} ms |`;
    const ratio = median(on.map((r) => r.rps)) / median(off.map((r) => r.rps));
    return [
      line("running, idle (`JOBS_WORK=on`)", on),
      line("stopped (`JOBS_WORK=off`)", off),
      `| ${setup.name} | running / stopped | **${(ratio * 100).toFixed(1)} %** | | | |`,
    ];
  });
  const section = [
    START,
    "## The job engine idle against stopped: the cached `/` (`npm run bench:engine`)",
    "",
    `Measured ${date} (Node ${process.versions.node}, ${os.cpus().length} cores, load average ` +
      `${os.loadavg()[0].toFixed(1)} at the end). One production server at a time on loopback, the`,
    `modes alternated over ${ROUNDS} rounds; wrk, ${CONNECTIONS} connections, ${DURATION} s a run,`,
    "gzip, after a 2 s warm-up that fills the page cache. Medians of the rounds.",
    "",
    "| database | engine | req/s | each round | p50 | p99 |",
    "| --- | --- | ---: | --- | ---: | ---: |",
    ...rows,
    "",
    "An idle engine's cost is its workers' polls (one fetch per job type per poll, the nightly",
    "types every 30 s) and pg-boss's supervise and monitor passes each minute; on the embedded",
    "database these queries run on the server's own thread.",
    END,
  ].join("\n");
  writeBenchmarkSection(DOC, START, END, section);
  console.log(`\nwrote ${DOC}`);
} finally {
  rmSync(work, { recursive: true, force: true });
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.end();
}
