#!/usr/bin/env node
// The back-office inquiries page with 10,000 inquiries: how long the production server takes to
// render it (p50, budget 50 ms). Creates a DATA_DIR, lets the server migrate and seed it, inserts
// 10,000 inquiries, restarts, signs in as an admin through the login form, then requests each
// variant of the page RUNS times, one at a time. Server-side time is pino-http's responseTime
// (request received to response finished), read from the server's own log; the client-side time
// on loopback is printed next to it. Needs `npm run build`. Loopback only; bounded.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

const INQUIRIES = Number(process.env.INQUIRIES ?? 10_000);
const RUNS = Number(process.env.RUNS ?? 200);
const WARMUP = 20;
const PORT = Number(process.env.PORT ?? 3191);
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN = { email: "bench@admin.test", password: "bench-admin-password" };
const BUDGET_MS = 50;
const dataDir = mkdtempSync(path.join(tmpdir(), "studio-bench-admin-"));

const VARIANTS = [
  ["first page", "/admin"],
  ["page 200 (of 400)", "/admin?page=200"],
  ["search 'studio'", "/admin?q=studio"],
  ["status filter", "/admin?status=qualified"],
  ["search + status, page 3", "/admin?q=brief&status=new&page=3"],
];

function start() {
  const child = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SITE_URL: BASE,
      DATABASE_URL: "",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: "info",
      MAIL_POLL_MS: "60000",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = [];
  let buffer = "";
  child.stdout.on("data", (chunk) => {
    buffer += chunk;
    const parts = buffer.split("\n");
    buffer = parts.pop() ?? "";
    for (const line of parts) {
      try {
        lines.push(JSON.parse(line));
      } catch {}
    }
  });
  const exited = new Promise((resolve) => child.on("exit", resolve));
  return { child, lines, exited };
}

async function waitHealthy(server) {
  const started = performance.now();
  for (;;) {
    if (server.child.exitCode !== null) throw new Error("the server exited");
    if (performance.now() - started > 60_000) throw new Error("no healthy server after 60 s");
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function stop(server) {
  server.child.kill("SIGTERM");
  await server.exited;
}

async function seedInquiries() {
  const db = await PGlite.create(path.join(dataDir, "pgdata"), { extensions: { pg_trgm } });
  const words = ["studio", "launch", "brand", "campaign", "wedding", "documentary", "product"];
  await db.query(
    `insert into contact_submissions
       (kind, name, email, service, budget, timeline, description, status, file_attachments,
        wedding_date, wedding_location, wedding_budget, created_at)
     select
       case when g % 10 = 0 then 'wedding' else 'project' end,
       'Client ' || g,
       'client' || g || '@example.test',
       case when g % 10 = 0 then null else (array['video-production','post-production','ads-media-buying','web-app-development','social-content','full-service'])[1 + g % 6] end,
       case when g % 10 = 0 then null else (array['under-25k','25k-50k','50k-100k','100k-250k','250k-plus'])[1 + g % 5] end,
       case when g % 10 = 0 then null else (array['asap','1-month','2-3-months','3-6-months','flexible'])[1 + g % 5] end,
       'Brief ' || g || ': a ' || ($1::text[])[1 + g % 7] || ' project with a few sentences of detail about goals, '
         || 'audience, deliverables and timing, as a real inquiry would have.',
       (array['new','contacted','qualified','closed'])[1 + g % 4],
       case when g % 7 = 0 then array['/files/contact-uploads/' || g || '_brief.pdf'] else null end,
       case when g % 10 = 0 then date '2027-06-01' + (g % 200) else null end,
       case when g % 10 = 0 then 'Malibu, CA' else null end,
       case when g % 10 = 0 then '7500-12000' else null end,
       now() - g * interval '7 minutes'
     from generate_series(1, $2::int) as g`,
    [words, INQUIRIES],
  );
  const { rows } = await db.query("select count(*)::int as n from contact_submissions");
  await db.close();
  return rows[0].n;
}

async function signIn() {
  const response = await fetch(`${BASE}/admin/login`, {
    method: "POST",
    body: new URLSearchParams(ADMIN),
    redirect: "manual",
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.includes("session_token"));
  if (!cookie) throw new Error(`sign-in failed: ${response.status}`);
  return cookie;
}

/** CPU time (user + system) the server process has used, in ms; null off Linux. */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return null;
  }
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

try {
  // 1. Migrate, seed the demo content and create the admin; 2. add the inquiries offline.
  let server = start();
  await waitHealthy(server);
  await stop(server);
  const count = await seedInquiries();
  server = start();
  await waitHealthy(server);
  const cookie = await signIn();

  console.log(
    `${count} inquiries; ${RUNS} sequential requests per variant after ${WARMUP} warm-up`,
  );
  console.log(
    `load average before: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")} (${process.env.HOSTNAME ?? "this machine"})\n`,
  );
  console.log(
    "variant                    server p50  server p95  client p50  CPU/request  rows shown",
  );
  let worstP50 = 0;
  for (const [name, url] of VARIANTS) {
    const client = [];
    let shown = 0;
    let cpuStart = null;
    for (let i = 0; i < WARMUP + RUNS; i++) {
      if (i === WARMUP) cpuStart = cpuMs(server.child.pid);
      const started = performance.now();
      const response = await fetch(`${BASE}${url}`, { headers: { cookie } });
      const html = await response.text();
      if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
      if (i >= WARMUP) client.push(performance.now() - started);
      shown = (html.match(/aria-labelledby="inquiry-/g) ?? []).length;
    }
    const cpuEnd = cpuMs(server.child.pid);
    const cpu =
      cpuStart === null || cpuEnd === null
        ? "n/a"
        : `${((cpuEnd - cpuStart) / RUNS).toFixed(1)} ms`;
    // The server's log lines for this variant, minus the warm-up.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const times = serverTimes(url).slice(WARMUP);
    times.sort((a, b) => a - b);
    client.sort((a, b) => a - b);
    const p50 = percentile(times, 50);
    worstP50 = Math.max(worstP50, p50);
    console.log(
      `${name.padEnd(26)} ${p50.toFixed(1).padStart(7)} ms ${percentile(times, 95).toFixed(1).padStart(7)} ms ${percentile(client, 50).toFixed(1).padStart(7)} ms ${cpu.padStart(11)} ${String(shown).padStart(10)}`,
    );
  }
  function serverTimes(url) {
    return server.lines
      .filter(
        (l) =>
          l.req?.url === url && l.res?.statusCode === 200 && typeof l.responseTime === "number",
      )
      .map((l) => l.responseTime);
  }
  console.log(
    `load average after: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")}`,
  );
  console.log(
    `\nworst server-side p50: ${worstP50.toFixed(1)} ms (budget ${BUDGET_MS} ms) ${worstP50 <= BUDGET_MS ? "PASS" : "FAIL"}`,
  );
  await stop(server);
  process.exitCode = worstP50 <= BUDGET_MS ? 0 : 1;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
