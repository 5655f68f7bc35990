#!/usr/bin/env node
// The client review room under a client's team (issue #45): 50 reviewers on one share link, each
// with its own cookie jar, opening the page, giving a name and e-mail, playing the cut through
// the private playback link the page gives (master and rendition playlists, then the segments at
// 1×, as a player does) and posting comments; meanwhile wrk on the cached `/`. Reports segment
// and comment-post (the 303) p50/p99, the errors (must be none) and the cached `/` throughput
// during the run against the same `/` idle just before it.
//
// The production build on a fresh PostgreSQL database (PG_URL, default 127.0.0.1:5432, user
// postgres) with the demo content; staff (an admin) upload a clip made with ffmpeg's testsrc2 and
// sine through tus, the server's own transcode job makes it ready, and staff make the project,
// deliverable, version and share link with the back office's own form posts.
// Sized to the review room's limits (REVIEW_LIMITS, server/security/submission-limit.ts): every
// reviewer posts the same number of comments, as many as the link's limit shares out over the
// reviewers (at most one every 3 s each, and never past the per-address limit).
// `--reviewers N` and `--seconds N` run it small. The section of docs/benchmarks.md is written only
// for 50 reviewers over 60 s with no error, on a machine idle at the start (1-minute load < 1.5);
// otherwise the figures are printed only. Loopback only; every step is bounded.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { makeTestClip, tusUpload } from "./lib/bench-media-kit.mjs";
import { percentile, signIn, startServer, stopServer, waitHealthy } from "./lib/bench-server.mjs";
import { writeMeasuredList } from "./lib/benchmarks-doc.mjs";
import { runCrowd } from "./lib/review-crowd.mjs";
import { wrkAsync } from "./lib/wrk.mjs";

function option(name, fallback, min, max) {
  const at = process.argv.indexOf(name);
  const value = at > 0 ? Number(process.argv[at + 1]) : fallback;
  if (!Number.isInteger(value) || value < min || value > max) {
    console.error(`${name} takes a whole number from ${min} to ${max}`);
    process.exit(2);
  }
  return value;
}
const REVIEWERS = option("--reviewers", 50, 1, 200);
const SECONDS = option("--seconds", 60, 5, 600);
const PG_URL = process.env.PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const PORT = Number(process.env.BENCH_PORT ?? 3490);
const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const DOC = "docs/benchmarks.md";
const START = "<!-- bench:review:start -->";
const END = "<!-- bench:review:end -->";
const ADMIN = { email: "bench@review.test", password: "bench-review-password" };
/** The cut: 36 s of 1280×720 at 25 fps, so a 720p, 480p and 360p ladder of six 6 s segments. */
const CLIP = { seconds: 36, width: 1280, height: 720, rate: 25 };
/** The upload's file name; the Media library titles it by the name without its extension. */
const TITLE = "bench-review-cut";
const loadAtStart = os.loadavg()[0];

try {
  execFileSync(
    "sh",
    ["-c", "command -v wrk && command -v ffmpeg && test -x node_modules/.bin/tsx"],
    {
      stdio: "ignore",
    },
  );
} catch {
  console.error("wrk and ffmpeg (apt-get install wrk ffmpeg) and tsx (npm ci) are needed.");
  process.exit(1);
}
if (!existsSync("build/server/index.js")) {
  console.error("No production build: run `npm run build` first.");
  process.exit(1);
}

// The limits as the server counts them, read from its own module.
const LIMITS = JSON.parse(
  execFileSync(
    "node_modules/.bin/tsx",
    [
      "--eval",
      'import("./server/security/submission-limit.ts").then((m) => console.log(JSON.stringify(m.REVIEW_LIMITS)))',
    ],
    { encoding: "utf8", timeout: 60_000 },
  )
    .trim()
    .split("\n")
    .pop(),
);
const COMMENTS = Math.min(
  Math.floor(LIMITS.commentsPerLink / REVIEWERS),
  LIMITS.commentsPerAddress,
  Math.floor(SECONDS / 3),
);
if (COMMENTS < 1) {
  console.error(`${REVIEWERS} reviewers over ${SECONDS} s cannot each post within the limits`);
  process.exit(2);
}

const round = (n) => (n >= 100 ? Math.round(n) : Number(n.toPrecision(3)));
const work = mkdtempSync(path.join(os.tmpdir(), "studio-bench-review-"));
const database = `bench_review_${Date.now()}`;
const admin = new pg.Client({ connectionString: PG_URL });
await admin.connect();
await admin.query(`CREATE DATABASE ${database}`);
const databaseUrl = Object.assign(new URL(PG_URL), { pathname: `/${database}` }).toString();

/** A back-office form post as the browser sends it; resolves with the answer and its page. */
async function staffPost(base, cookie, pathname, fields) {
  const response = await fetch(`${base}${pathname}`, {
    method: "POST",
    headers: { cookie, Origin: base },
    body: new URLSearchParams(fields),
    redirect: "manual",
    signal: AbortSignal.timeout(30_000),
  });
  const html = await response.text();
  if (response.status >= 400) throw new Error(`${pathname} ${fields.intent}: ${response.status}`);
  return { location: response.headers.get("location"), html };
}

async function staffPage(base, cookie, pathname) {
  const response = await fetch(`${base}${pathname}`, {
    headers: { cookie },
    signal: AbortSignal.timeout(30_000),
  });
  if (response.status !== 200) throw new Error(`${pathname}: ${response.status}`);
  return response.text();
}

/** Staff: the clip uploaded and made ready, a project, its deliverable, v1, a share link. */
async function shareCut(base, cookie) {
  const clip = path.join(work, `${TITLE}.mp4`);
  await tusUpload(base, cookie, clip, `${TITLE}.mp4`);
  const created = await staffPost(base, cookie, "/admin/projects", {
    title: "Bench launch",
    clientName: "Bench Client",
    clientEmail: "",
    clientCompany: "",
  });
  const project = created.location ?? "";
  if (!/^\/admin\/projects\/[0-9a-f-]{36}$/.test(project)) throw new Error("no project made");
  await staffPost(base, cookie, project, { intent: "deliverable", title: "Spot :30" });
  // The server's transcode job makes the upload ready: the version form offers it then.
  const waitUntil = performance.now() + 10 * 60_000;
  let html = "";
  let mediaItemId;
  while (!mediaItemId) {
    if (performance.now() > waitUntil) throw new Error("the upload was not ready within 10 min");
    html = await staffPage(base, cookie, project);
    mediaItemId = new RegExp(`<option value="([0-9a-f-]{36})">${TITLE}</option>`).exec(html)?.[1];
    if (!mediaItemId) await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const deliverableId = /name="deliverableId" value="([0-9a-f-]{36})"/.exec(html)?.[1];
  if (!deliverableId) throw new Error("no deliverable on the project's page");
  await staffPost(base, cookie, project, { intent: "version", deliverableId, mediaItemId });
  const link = await staffPost(base, cookie, project, {
    intent: "link",
    deliverableId,
    password: "",
    expiresOn: "",
  });
  const token = /\/review\/([A-Za-z0-9_-]{16,})/.exec(link.html)?.[1];
  if (!token) throw new Error("no share link's address on the project's page");
  return token;
}

let server = null;
try {
  // Made before the server starts: ffmpeg blocks this process, and an idle pooled connection
  // would be closed by the server's keep-alive meanwhile.
  console.log(`making a ${CLIP.seconds} s ${CLIP.height}p clip`);
  makeTestClip(path.join(work, `${TITLE}.mp4`), CLIP);
  server = startServer({
    port: PORT,
    env: {
      DATA_DIR: path.join(work, "data"),
      DATABASE_URL: databaseUrl,
      SEED_DEMO: "true",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // The transcode job runs on this server; request logs would measure the terminal.
      JOBS_WORK: "on",
      LOG_LEVEL: "warn",
    },
  });
  await waitHealthy(server);
  const base = server.baseURL;
  const cookie = await signIn(server, ADMIN);
  console.log("uploading it, making it ready, sharing it");
  const token = await shareCut(base, cookie);

  // The cached `/`: warmed, a hit, then idle figures just before the reviewers come.
  for (let i = 0; i < 200; i++) await (await fetch(`${base}/`)).text();
  if ((await fetch(`${base}/`)).headers.get("x-cache") !== "HIT")
    throw new Error("/ is not cached");
  const wrkOptions = { connections: CONNECTIONS, duration: DURATION };
  // Not blocking: this process keeps seeing the server close its idle pooled connections.
  await wrkAsync(`${base}/`, { ...wrkOptions, duration: 2 }); // warm-up
  const idle = await wrkAsync(`${base}/`, wrkOptions);
  console.log(`cached /, idle: ${Math.round(idle.rps)} req/s`);

  // The reviewers, and wrk in the middle of their run (after the first buffers fill).
  const during = Math.max(2, Math.min(DURATION, SECONDS - 4));
  console.log(`${REVIEWERS} reviewers for ${SECONDS} s, ${COMMENTS} comments each`);
  const crowd = runCrowd({
    baseURL: base,
    token,
    reviewers: REVIEWERS,
    seconds: SECONDS,
    comments: COMMENTS,
  });
  await new Promise((resolve) => setTimeout(resolve, ((SECONDS - during) / 2) * 1000));
  const busy = await wrkAsync(`${base}/`, { ...wrkOptions, duration: during });
  const { times, errors, stalls, posted } = await crowd;

  const ms = (values, p) => (values.length ? `${round(percentile(values, p))} ms` : "none");
  const lines = [
    `${REVIEWERS} reviewers on one link for ${SECONDS} s: ${times.segments.length} segments, p50 ${ms(times.segments, 50)}, p99 **${ms(times.segments, 99)}**; ${stalls} stalls.`,
    `${posted} comments (${COMMENTS} a reviewer, one every ${round(SECONDS / COMMENTS)} s each; ${round(posted / SECONDS)} a second on the link): the post's 303 p50 ${ms(times.comments, 50)}, p99 **${ms(times.comments, 99)}**; the page it leads to p99 ${ms(times.pages, 99)}.`,
    `Errors: **${errors.length}**.`,
    `Cached \`/\`: **${Math.round(busy.rps)} req/s** during the run (p99 ${round(busy.p99)} ms), ${Math.round(idle.rps)} req/s idle just before (p99 ${round(idle.p99)} ms); wrk, ${CONNECTIONS} connections, ${during} s and ${DURATION} s.`,
  ];
  console.log(lines.join("\n"));
  for (const error of errors.slice(0, 10)) console.error(error);
  const real = REVIEWERS === 50 && SECONDS === 60 && loadAtStart < 1.5 && errors.length === 0;
  if (real) {
    writeMeasuredList(DOC, START, END, {
      script: "bench:review",
      about: `Node ${process.versions.node}, 1-minute load ${loadAtStart.toFixed(2)} at the start`,
      lines,
    });
    console.log(`wrote ${DOC}`);
  } else {
    console.log(
      `not written to ${DOC}: figures count only for 50 reviewers over 60 s with no error on an idle machine (load ${loadAtStart.toFixed(2)}).`,
    );
  }
  if (errors.length > 0) process.exitCode = 1;
} finally {
  if (server) await stopServer(server);
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => {});
  await admin.end();
  rmSync(work, { recursive: true, force: true });
}
