#!/usr/bin/env node
// The back-office inquiries page (with its Dashboard) and one inquiry's page with 10,000 inquiries (and their Activity), and the audit log with 100,000 rows: how
// long the production server takes to render each (p50, budget 50 ms). Creates a DATA_DIR, lets the server migrate and seed it, inserts
// 10,000 inquiries, restarts, signs in as an admin through the login form, then requests each
// variant of the page RUNS times, one at a time. Server-side time is pino-http's responseTime
// (request received to response finished), read from the server's own log; the client-side time
// on loopback is printed next to it. Needs `npm run build`. Loopback only; bounded.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { insertInquiries } from "./lib/bench-data.mjs";
import {
  percentile,
  serverTimes,
  signIn,
  startServer,
  stopServer,
  waitHealthy,
} from "./lib/bench-server.mjs";

const INQUIRIES = Number(process.env.INQUIRIES ?? 10_000);
const AUDIT_EVENTS = Number(process.env.AUDIT_EVENTS ?? 100_000);
const RUNS = Number(process.env.RUNS ?? 200);
const WARMUP = 20;
const PORT = Number(process.env.PORT ?? 3191);
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN = { email: "bench@admin.test", password: "bench-admin-password" };
const BUDGET_MS = 50;
const dataDir = mkdtempSync(path.join(tmpdir(), "studio-bench-admin-"));

const day = (daysAgo) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
/** [name, URL, the row marker counted in the page]; PERSON is the admin's id, filled in below. */
const VARIANTS = [
  // The first page carries the Dashboard (issue #30) above the list.
  ["dashboard + first page", "/admin", "inquiry-"],
  ["page 200 (of 400)", "/admin?page=200", "inquiry-"],
  ["search 'studio'", "/admin?q=studio", "inquiry-"],
  ["status filter", "/admin?status=qualified", "inquiry-"],
  // Issue #30: the owner and follow-up filters, and one inquiry's page (its pipeline and Activity).
  ["mine + due, by follow-up", "/admin?owner=mine&due=1&sort=follow-up", "inquiry-"],
  ["an inquiry's page", "/admin/inquiries/INQUIRY", "activity-heading"],
  ["search + status, page 3", "/admin?q=brief&status=new&page=3", "inquiry-"],
  ["audit: first page", "/admin/audit", "audit-"],
  ["audit: last paged page (100)", "/admin/audit?page=100", "audit-"],
  ["audit: one person", "/admin/audit?person=PERSON", "audit-"],
  ["audit: record type", "/admin/audit?entity=blog_post", "audit-"],
  ["audit: a week", `/admin/audit?from=${day(8)}&to=${day(1)}`, "audit-"],
];

// ONLY=dashboard,inquiry runs the variants whose name contains one of these words.
const ONLY = (process.env.ONLY ?? "").split(",").filter(Boolean);
const RUN_VARIANTS = ONLY.length
  ? VARIANTS.filter(([name]) => ONLY.some((word) => name.includes(word)))
  : VARIANTS;

const start = () =>
  startServer({
    port: PORT,
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
  });

async function seedRows() {
  const db = await PGlite.create(path.join(dataDir, "pgdata"), { extensions: { pg_trgm } });
  try {
    const count = await insertInquiries(db, INQUIRIES);
    // The audit log: one row a minute back from now, a fifth of them the admin's own.
    const person = (await db.query("select id from users where email = $1", [ADMIN.email])).rows[0]
      .id;
    await db.query(
      `insert into audit_events
         (at, actor_id, actor_email, action, entity_type, entity_id, entity_name, changes, ip)
       select now() - make_interval(mins => g),
              case when g % 5 = 0 then $1 end, 'staff' || (g % 5) || '@bench.test',
              (array['create','update','delete','sign_in'])[1 + g % 4],
              (array['blog_post','case_study','inquiry',null])[1 + g % 4],
              gen_random_uuid()::text, 'Record ' || g,
              jsonb_build_object('title', jsonb_build_object('before', 'Old ' || g, 'after', 'New ' || g)),
              '203.0.113.' || (g % 250)
         from generate_series(1, $2::int) g`,
      [person, AUDIT_EVENTS],
    );
    // Half the inquiries the admin's, a follow-up day on every third (a spread of past and future).
    await db.query(
      `update contact_submissions set owner_id = case when random() < 0.5 then $1 end,
         follow_up_on = case when random() < 0.33 then current_date + (random() * 60 - 30)::int end`,
      [person],
    );
    // Issue #30: each inquiry's Activity as the pipeline writes it: its submission, a status
    // change on the three quarters not 'new' (the dashboard's first response), a reply on half.
    await db.query(
      `insert into pipeline_activity (subject_type, subject_id, kind, actor_id, actor_name, summary, body, at)
       select 'inquiry', s.id, k.kind, case when k.kind = 'submitted' then null else $1 end,
              case when k.kind = 'submitted' then null else 'bench@admin.test' end,
              case k.kind when 'status' then 'New → Contacted' when 'reply' then 'Re: Your Project Inquiry' end,
              case when k.kind = 'reply' then 'Hi, thanks for your inquiry.' end,
              s.created_at + k.after * (1 + random() * 47)
         from contact_submissions s
         cross join (values ('submitted', interval '0'), ('status', interval '1 hour'),
                            ('reply', interval '2 hours')) as k(kind, after)
        where k.kind = 'submitted'
           or (k.kind = 'status' and s.status <> 'new')
           or (k.kind = 'reply' and random() < 0.5)`,
      [person],
    );
    const inquiry = (await db.query("select id from contact_submissions limit 1")).rows[0].id;
    // The inquiry benchmarked has a long history: 60 notes besides its steps.
    await db.query(
      `insert into pipeline_activity (subject_type, subject_id, kind, actor_id, actor_name, body, at)
       select 'inquiry', $1, 'note', $2, 'bench@admin.test', 'Note ' || g || ': called, left a message.',
              now() - g * interval '1 hour'
         from generate_series(1, 60) g`,
      [inquiry, person],
    );
    return { count, person, inquiry };
  } finally {
    await db.close();
  }
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

try {
  // 1. Migrate, seed the demo content and create the admin; 2. add the inquiries offline.
  let server = start();
  await waitHealthy(server);
  await stopServer(server);
  const { count, person, inquiry } = await seedRows();
  server = start();
  await waitHealthy(server);
  const cookie = await signIn(server, ADMIN);

  console.log(
    `${count} inquiries, ${AUDIT_EVENTS} audit rows; ${RUNS} sequential requests per variant after ${WARMUP} warm-up`,
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
  for (const [name, template, marker] of RUN_VARIANTS) {
    const url = template.replace("PERSON", person).replace("INQUIRY", inquiry);
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
      shown = html.split(`aria-labelledby="${marker}`).length - 1;
    }
    const cpuEnd = cpuMs(server.child.pid);
    const cpu =
      cpuStart === null || cpuEnd === null
        ? "n/a"
        : `${((cpuEnd - cpuStart) / RUNS).toFixed(1)} ms`;
    // The server's log lines for this variant, minus the warm-up.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const times = serverTimes(server, url).slice(WARMUP);
    const p50 = percentile(times, 50);
    worstP50 = Math.max(worstP50, p50);
    console.log(
      `${name.padEnd(26)} ${p50.toFixed(1).padStart(7)} ms ${percentile(times, 95).toFixed(1).padStart(7)} ms ${percentile(client, 50).toFixed(1).padStart(7)} ms ${cpu.padStart(11)} ${String(shown).padStart(10)}`,
    );
  }
  console.log(
    `load average after: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")}`,
  );
  console.log(
    `\nworst server-side p50: ${worstP50.toFixed(1)} ms (budget ${BUDGET_MS} ms) ${worstP50 <= BUDGET_MS ? "PASS" : "FAIL"}`,
  );
  await stopServer(server);
  process.exitCode = worstP50 <= BUDGET_MS ? 0 : 1;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
