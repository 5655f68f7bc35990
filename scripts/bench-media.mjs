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
import { copyFileSync, createReadStream, mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { signIn, startServer, stopServer, waitHealthy } from "./lib/bench-server.mjs";
import { writeBenchmarkSection } from "./lib/benchmarks-doc.mjs";

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
const FFMPEG = process.env.FFMPEG_PATH ?? "ffmpeg";

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

/** wrk's figures: requests per second and the latency percentiles, in ms. */
function wrk(url) {
  const args = [
    "-t1",
    `-c${CONNECTIONS}`,
    `-d${DURATION}s`,
    "--latency",
    "-H",
    "Accept-Encoding: gzip",
  ];
  const out = execFileSync("wrk", [...args, url], {
    encoding: "utf8",
    timeout: (DURATION + 30) * 1000,
  });
  const ms = (text) => {
    const [, value, unit] = text.match(/([\d.]+)(us|ms|s)/) ?? [];
    return Number(value) * (unit === "us" ? 0.001 : unit === "s" ? 1000 : 1);
  };
  const failed = Number(out.match(/Non-2xx or 3xx responses:\s+(\d+)/)?.[1] ?? 0);
  if (failed) throw new Error(`${url}: ${failed} failed responses\n${out}`);
  return {
    p50: ms(out.match(/\n\s+50%\s+(\S+)/)?.[1] ?? ""),
    p99: ms(out.match(/\n\s+99%\s+(\S+)/)?.[1] ?? ""),
  };
}

/** One tus upload of the clip (creation, then the whole file in one PATCH): seconds. */
async function tusUpload(baseURL, cookie) {
  const size = statSync(clip).size;
  const started = performance.now();
  const created = await fetch(`${baseURL}/admin/media/uploads`, {
    method: "POST",
    headers: {
      cookie,
      Origin: baseURL,
      "Tus-Resumable": "1.0.0",
      "Upload-Length": String(size),
      "Upload-Metadata": `filename ${Buffer.from("bench.mp4").toString("base64")}`,
    },
  });
  if (created.status !== 201) throw new Error(`tus creation: ${created.status}`);
  const location = new URL(created.headers.get("location") ?? "", baseURL);
  const patched = await fetch(location, {
    method: "PATCH",
    headers: {
      cookie,
      Origin: baseURL,
      "Tus-Resumable": "1.0.0",
      "Upload-Offset": "0",
      "Content-Type": "application/offset+octet-stream",
      "Content-Length": String(size),
    },
    body: Readable.toWeb(createReadStream(clip)),
    duplex: "half",
  });
  if (patched.status !== 204) throw new Error(`tus PATCH: ${patched.status}`);
  return (performance.now() - started) / 1000;
}

let server = null;
try {
  console.log(`making a ${SECONDS} s 1080p clip (testsrc2 + sine)`);
  execFileSync(FFMPEG, [
    ...["-hide_banner", "-loglevel", "error", "-y"],
    ...["-f", "lavfi", "-i", `testsrc2=size=1920x1080:rate=30:duration=${SECONDS}`],
    ...["-f", "lavfi", "-i", `sine=frequency=440:sample_rate=48000:duration=${SECONDS}`],
    ...[
      "-c:v",
      "libx264",
      "-preset",
      "veryfast",
      "-pix_fmt",
      "yuv420p",
      "-c:a",
      "aac",
      "-shortest",
    ],
    clip,
  ]);

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
  const idle = { home: wrk(`${base}/`), portfolio: wrk(`${base}/portfolio`) };
  const busy = encode("product", path.join(work, "out-busy"));
  let encodeEnded = false;
  busy.done.then(() => {
    encodeEnded = true;
  });
  await new Promise((resolve) => setTimeout(resolve, 2000)); // ffmpeg under way
  const during = { home: wrk(`${base}/`), portfolio: wrk(`${base}/portfolio`) };
  const overlapped = !encodeEnded;
  await busy.done;

  // (c) tus against a plain copy on the same disk (the server's DATA_DIR is under `work`).
  const size = statSync(clip).size;
  const cookie = await signIn(server, ADMIN);
  const tusSeconds = await tusUpload(base, cookie);
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
    writeBenchmarkSection(
      DOC,
      START,
      END,
      [
        START,
        `Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench:media\` on ${os.cpus().length} cores (1-minute load ${loadAtStart.toFixed(2)} at the start).`,
        "",
        ...lines.map((line) => `- ${line}`),
        END,
      ].join("\n"),
    );
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
