#!/usr/bin/env node
// Media library figures (issue #44), in one run on this machine:
//  (a) encode speed of the full HLS ladder (1080/720/480/360, poster, storyboard) on a 1080p clip
//      made with ffmpeg's testsrc2 + sine, as a multiple of real time: the product's transcode
//      (transcodeMedia, what the job runs) against the ladder's one ffmpeg command run by hand
//      (same arguments, same nice and threads), and the product's overhead in %;
//  (b) the production server's cached `/` p99 and `/portfolio` p50 (wrk), idle and while an
//      encode runs beside it;
//  (c) a tus upload of the clip to /admin/media/uploads (creation + one PATCH) against a plain
//      file copy of it on the same disk, in MB/s.
// `--seconds N` makes a shorter clip (default 60: the figures of docs/benchmarks.md). The section
// of docs/benchmarks.md is written only for a 60 s clip on a machine idle at the start (1-minute
// load < 1.5); otherwise the figures are printed only. Loopback only; every step is bounded.
import { execFileSync, spawn } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { makeTestClip, tusUpload } from "./lib/bench-media-kit.mjs";
import { signIn, startServer, stopServer, waitHealthy } from "./lib/bench-server.mjs";
import { writeMeasuredList } from "./lib/benchmarks-doc.mjs";
import { wrk } from "./lib/wrk.mjs";

const argSeconds = process.argv.indexOf("--seconds");
const SECONDS = argSeconds > 0 ? Number(process.argv[argSeconds + 1]) : 60;
if (!Number.isFinite(SECONDS) || SECONDS < 2 || SECONDS > 600) {
  console.error("--seconds takes 2 to 600");
  process.exit(2);
}
const PORT = Number(process.env.BENCH_PORT ?? 3460);
const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const DOC = "docs/benchmarks.md";
const START = "<!-- bench:media:start -->";
const END = "<!-- bench:media:end -->";
const ADMIN = { email: "bench@media.test", password: "bench-media-password" };
const loadAtStart = os.loadavg()[0];

try {
  execFileSync("sh", ["-c", "command -v wrk && command -v tsx || test -x node_modules/.bin/tsx"], {
    stdio: "ignore",
  });
} catch {
  console.error("wrk (apt-get install wrk) and tsx (npm ci) are needed.");
  process.exit(1);
}
try {
  statSync("build/server/index.js");
} catch {
  console.error("No production build: run `npm run build` first.");
  process.exit(1);
}

const work = mkdtempSync(path.join(os.tmpdir(), "studio-bench-media-"));
const clip = path.join(work, "clip.mp4");
const wrkOptions = { connections: CONNECTIONS, duration: DURATION };
const round = (n) => (n >= 100 ? Math.round(n) : Number(n.toPrecision(3)));

/** Runs the encode helper (product or by-hand); resolves with its wall seconds. */
function encode(mode, outDir) {
  const child = spawn(
    "node_modules/.bin/tsx",
    ["scripts/lib/bench-media-encode.ts", mode, clip, outDir],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  let out = "";
  child.stdout.on("data", (chunk) => {
    out += chunk;
  });
  const done = new Promise((resolve, reject) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 30 * 60_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      if (code !== 0) reject(new Error(`${mode} encode exited ${code}`));
      else resolve(JSON.parse(out.trim().split("\n").pop() ?? "{}"));
    });
  });
  return { child, done };
}

let server = null;
try {
  console.log(`making a ${SECONDS} s 1080p clip (testsrc2 + sine)`);
  makeTestClip(clip, { seconds: SECONDS, width: 1920, height: 1080, rate: 30 });

  // (a) Product and by hand in turn, twice each: the medians hold when the machine drifts.
  const runs = { product: [], byHand: [] };
  for (let i = 0; i < 2; i++) {
    runs.product.push((await encode("product", path.join(work, "out-product")).done).seconds);
    runs.byHand.push((await encode("by-hand", path.join(work, "out-by-hand")).done).seconds);
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const product = median(runs.product);
  const byHand = median(runs.byHand);
  const encodeFigures = {
    productSpeed: SECONDS / product,
    byHandSpeed: SECONDS / byHand,
    overheadPercent: ((product - byHand) / byHand) * 100,
  };

  // (b) The site idle, then with an encode beside it (the job's ffmpeg, niced, 2 threads).
  server = startServer({
    port: PORT,
    env: {
      DATA_DIR: path.join(work, "data"),
      SEED_DEMO: "true",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: "warn",
    },
  });
  await waitHealthy(server);
  const base = server.baseURL;
  // Warm the page cache and the JIT before the idle figures.
  for (let i = 0; i < 200; i++) await (await fetch(`${base}${i % 2 ? "/portfolio" : "/"}`)).text();
  const idle = {
    home: wrk(`${base}/`, wrkOptions),
    portfolio: wrk(`${base}/portfolio`, wrkOptions),
  };
  const busy = encode("product", path.join(work, "out-busy"));
  let encodeEnded = false;
  busy.done.then(() => {
    encodeEnded = true;
  });
  await new Promise((resolve) => setTimeout(resolve, 2000)); // ffmpeg under way
  const during = {
    home: wrk(`${base}/`, wrkOptions),
    portfolio: wrk(`${base}/portfolio`, wrkOptions),
  };
  const overlapped = !encodeEnded;
  await busy.done;

  // (c) tus against a plain copy on the same disk (the server's DATA_DIR is under `work`).
  const size = statSync(clip).size;
  const cookie = await signIn(server, ADMIN);
  const tusSeconds = await tusUpload(base, cookie, clip);
  const copyStarted = performance.now();
  copyFileSync(clip, path.join(work, "data", "copy.mp4"));
  const copySeconds = (performance.now() - copyStarted) / 1000;
  const mb = size / 1024 / 1024;

  const lines = [
    `Full ladder on a ${SECONDS} s 1080p30 clip: product ${round(encodeFigures.productSpeed)}× real time, ffmpeg by hand ${round(encodeFigures.byHandSpeed)}×, overhead ${round(encodeFigures.overheadPercent)} % (median of 2 each, in turn).`,
    `Cached / p99: idle ${round(idle.home.p99)} ms, while encoding ${round(during.home.p99)} ms; /portfolio p50: idle ${round(idle.portfolio.p50)} ms, while encoding ${round(during.portfolio.p50)} ms (wrk, ${CONNECTIONS} connections, ${DURATION} s each${overlapped ? "" : "; the encode ended before the second measurement did: use a longer clip"}).`,
    `Upload of ${round(mb)} MB: tus ${round(mb / tusSeconds)} MB/s, plain file copy ${round(mb / copySeconds)} MB/s (same disk).`,
  ];
  console.log(lines.join("\n"));
  const real = SECONDS === 60 && loadAtStart < 1.5 && overlapped;
  if (real) {
    writeMeasuredList(DOC, START, END, {
      script: "bench:media",
      about: `1-minute load ${loadAtStart.toFixed(2)} at the start`,
      lines,
    });
    console.log(`wrote ${DOC}`);
  } else {
    console.log(
      `not written to ${DOC}: figures count only for a 60 s clip on an idle machine (load ${loadAtStart.toFixed(2)}).`,
    );
  }
} finally {
  if (server) await stopServer(server);
  rmSync(work, { recursive: true, force: true });
}
