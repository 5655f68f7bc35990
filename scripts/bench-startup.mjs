#!/usr/bin/env node
// Cold start of the production server on an existing DATA_DIR: time from spawning `node server.js`
// to the first 200 from /healthz. Runs once to create and seed the DATA_DIR, then measures
// RUNS restarts and reports the median. Needs `npm run build`. Loopback only; bounded.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const RUNS = Number(process.env.RUNS ?? 5);
const PORT = Number(process.env.PORT ?? 3190);
const dataDir = mkdtempSync(path.join(tmpdir(), "studio-bench-startup-"));

async function startAndWait() {
  const started = performance.now();
  const child = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
    },
    stdio: "inherit",
  });
  const exited = new Promise((resolve) => child.on("exit", resolve));
  for (;;) {
    if (performance.now() - started > 60_000) throw new Error("no healthy server after 60 s");
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/healthz`)).ok) break;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const elapsed = performance.now() - started;
  child.kill("SIGTERM");
  await exited;
  return elapsed;
}

try {
  const first = await startAndWait();
  const times = [];
  for (let i = 0; i < RUNS; i++) times.push(await startAndWait());
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  console.log(`first start (migrate + seed): ${first.toFixed(0)} ms`);
  console.log(
    `cold start on existing DATA_DIR, median of ${RUNS}: ${median.toFixed(0)} ms (budget 3000 ms)`,
  );
  console.log(`all: ${times.map((t) => t.toFixed(0)).join(", ")} ms`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
