#!/usr/bin/env node
// `npm run bench:lists` (issue #20): the list pages with a lot of content. Seeds 2,000 posts,
// 1,000 portfolio items and 300 case studies (plus 200 testimonials and 40 team members) into the
// embedded database (a fresh DATA_DIR) and into a fresh PostgreSQL database (CREATEd on PG_URL,
// dropped at the end), then reports for every list page its HTML size (identity), the server time
// p50 over RUNS sequential requests and, for the public pages, Lighthouse mobile (median of 3,
// a fresh Chrome per run).
//
// Server time is pino-http's responseTime from the server's own log (request received to response
// finished). Public pages are asked with the `admin_flash` cookie, which keeps the anonymous page
// cache out (decision 0180): the figure is rendering, not a cache hit. Admin pages are asked signed
// in (ADMIN_EMAIL/ADMIN_PASSWORD make the admin at start, the login form gives the session).
// Lighthouse runs against the embedded database only (the HTML is the same on both; set
// LIGHTHOUSE_DRIVERS=embedded,postgres for both). Rows are inserted by SQL between a first start
// (which migrates) and a second one. Loopback only; bounded (RUNS x pages, 3 Lighthouse runs per
// public page); writes its section of docs/benchmarks.md. Needs `npm run build`.
//
//   RUNS=20 DRIVERS=embedded LIGHTHOUSE_DRIVERS= node scripts/bench-lists.mjs   # quick look
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";
import {
  percentile,
  serverTimes,
  signIn,
  startServer,
  stopServer,
  waitHealthy,
} from "./lib/bench-server.mjs";
import { writeBenchmarkSection } from "./lib/benchmarks-doc.mjs";
import { allScores, medianLighthouse } from "./lib/lighthouse-median.mjs";

const PG_URL = process.env.PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const PORT = Number(process.env.BENCH_PORT ?? 3473);
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.RUNS ?? 50);
const WARMUP = 5;
const LIGHTHOUSE_RUNS = 3;
const DRIVERS = (process.env.DRIVERS ?? "embedded,postgres").split(",").filter(Boolean);
const LIGHTHOUSE_DRIVERS = (process.env.LIGHTHOUSE_DRIVERS ?? "embedded")
  .split(",")
  .filter(Boolean);
const ADMIN = { email: "bench@lists.test", password: "bench-lists-password" };
const COUNTS = { posts: 2000, portfolio: 1000, studies: 300, testimonials: 200, team: 40 };
const TARGET = { kb: 150, p50: 15, lighthouse: 95 };
const PUBLIC_PAGES = ["/blog", "/portfolio", "/case-studies"];
const ADMIN_PAGES = [
  "/admin/blog",
  "/admin/portfolio",
  "/admin/case-studies",
  "/admin/testimonials",
  "/admin/team",
];
const DOC = "docs/benchmarks.md";
const START = "<!-- bench:lists:start -->";
const END = "<!-- bench:lists:end -->";

if (!existsSync("build/server/index.js")) {
  console.error("No production build: run `npm run build` first.");
  process.exit(1);
}

// --- the rows -------------------------------------------------------------------------------------

const svg = (dir, names) => `array[${names.map((n) => `'/media/${dir}/${n}.svg'`).join(",")}]`;
const POST_IMAGES = svg("blog", [
  "color-grading-on-a-deadline",
  "creative-is-the-new-targeting",
  "music-videos-on-independent-budgets",
  "new-stage-in-the-arts-district",
  "one-day-commercial-shoot",
  "one-shoot-six-placements",
  "questions-before-you-automate",
  "real-cost-of-a-slow-hotel-website",
  "server-rendered-client-websites",
  "where-ai-saves-time",
]);
const PORTFOLIO_IMAGES = svg("portfolio", [
  "ardent-paid-social",
  "casa-palmera-site",
  "harbor-and-pine-audit",
  "made-on-figueroa",
  "meridian-quoting",
  "origin-fridays",
  "parallax-app",
  "slow-fire",
  "sunday-supper-launch",
  "the-long-light",
]);
const STUDY_IMAGES = svg("case-studies", [
  "ardent-skincare",
  "campo-alto-tequila",
  "casa-palmera-hotels",
  "estate-media",
  "first-access-entertainment",
  "harbor-and-pine",
  "low-tide-records",
  "meridian-freight",
  "parallax-fitness",
  "ridgeline-coffee-roasters",
]);
const SERVICE_TYPES =
  "array['video-production','post-production','ads-media-buying','web-app-development','social-content','consulting']";

/** Every row in a few multi-row INSERT … SELECT generate_series statements; distinct slugs. */
const SEED_SQL = `
insert into blog_categories (name, color) values
  ('Bench Production', '#f97316'), ('Bench Post', '#0ea5e9'), ('Bench Growth', '#22c55e'),
  ('Bench Web', '#a855f7'), ('Bench AI & Automation', '#eab308'), ('Bench Studio', '#ef4444')
  on conflict (name) do nothing;
insert into blog_tags (name) select 'bench-tag-' || g from generate_series(1, 12) as g
  on conflict (name) do nothing;
insert into blog_posts (title, slug, excerpt, content, featured_image_url, author_name,
    category_id, is_featured, status, published_at, read_time)
  select 'Notes from shoot ' || g || ': lighting a small set',
    'bench-post-' || g,
    'What we learned on shoot ' || g || ' about planning, crew size and the edit that followed.',
    '<p>Body of post ' || g || '.</p><p>A second paragraph with a little more detail.</p>',
    (${POST_IMAGES})[1 + g % 10],
    (array['Maya Okafor','Jonah Park','Marcus Bell','Ana Ruiz'])[1 + g % 4],
    (select id from blog_categories where name like 'Bench %' order by name offset (g % 6) limit 1),
    g % 40 = 0, 'published', now() - g * interval '5 hours', 2 + g % 9
  from generate_series(1, ${COUNTS.posts}) as g;
insert into blog_post_tags (post_id, tag_id)
  select p.id, t.id from blog_posts p
  cross join lateral (
    select id from blog_tags where name like 'bench-tag-%'
    order by name offset (abs(hashtext(p.slug)) % 10) limit 2
  ) as t
  where p.slug like 'bench-post-%';
insert into portfolio_items (title, description, status, is_featured, completion_date,
    service_type, image_url, client_name, tags)
  select 'Project ' || g || ': launch film and cut-downs',
    'A campaign for client ' || g || ': one shoot, six placements, delivered in three weeks.',
    'published', g % 25 = 0, (date '2026-06-01' - g)::date,
    (${SERVICE_TYPES})[1 + g % 6], (${PORTFOLIO_IMAGES})[1 + g % 10], 'Client ' || g,
    array['bench', 'tag-' || (g % 8)]
  from generate_series(1, ${COUNTS.portfolio}) as g;
insert into case_studies (slug, title, subtitle, description, status, is_featured, tags,
    image_url, client_name, service_type, key_metrics, sort_position)
  select 'bench-study-' || g, 'Study ' || g || ': a brand relaunch', 'From brief to launch',
    'How client ' || g || ' doubled reach with one shoot and a steady cut-down plan.',
    'published', g % 30 = 0, array['bench', 'tag-' || (g % 5)],
    (${STUDY_IMAGES})[1 + g % 10], 'Client ' || g, (${SERVICE_TYPES})[1 + g % 6],
    '[{"name":"total_views","value":"1.2M"},{"name":"engagement","value":"+38%"},{"name":"roas","value":"4.1x"}]'::jsonb,
    0
  from generate_series(1, ${COUNTS.studies}) as g;
insert into testimonials (quote, author, role, company, rating, status, is_featured)
  select 'They shot, cut and delivered in two weeks; review ' || g || '.', 'Reviewer ' || g,
    'Marketing lead', 'Company ' || g, 4 + g % 2, 'published', g % 20 = 0
  from generate_series(1, ${COUNTS.testimonials}) as g;
insert into team_members (name, role, bio, image_url, display_order, is_active)
  select 'Member ' || g, (array['Producer','Editor','Director','Developer'])[1 + g % 4],
    'Works on shoots and edits.', '/media/team/jonah-park.svg', g, true
  from generate_series(1, ${COUNTS.team}) as g;
`;

// --- the server -------------------------------------------------------------------------------------

const serverEnv = (env) => ({
  SEED_DEMO: "false",
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  ...env,
});

/** HTML bytes as sent without compression, then server and client p50 over RUNS requests. */
async function measurePage(server, page, cookie) {
  const identity = await fetch(`${BASE}${page}`, {
    headers: { "accept-encoding": "identity", ...(cookie ? { cookie } : {}) },
  });
  if (identity.status !== 200) throw new Error(`${page} answered ${identity.status}`);
  const bytes = (await identity.arrayBuffer()).byteLength;
  // Public pages: the flash cookie keeps the page cache out, so every request renders.
  const headers = { "accept-encoding": "gzip", cookie: cookie ?? "admin_flash=bench" };
  const client = [];
  const from = server.lines.length;
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const started = performance.now();
    const response = await fetch(`${BASE}${page}`, { headers });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${page} answered ${response.status}`);
    if (i >= WARMUP) client.push(performance.now() - started);
  }
  await new Promise((resolve) => setTimeout(resolve, 300)); // the last log lines
  const times = serverTimes(server, page, from).slice(WARMUP);
  if (times.length < RUNS) throw new Error(`${page}: ${times.length} log lines for ${RUNS} runs`);
  return { bytes, serverP50: percentile(times, 50), clientP50: percentile(client, 50) };
}

async function benchDriver(driver) {
  const work = mkdtempSync(path.join(os.tmpdir(), `studio-bench-lists-${driver}-`));
  let databaseUrl = "";
  let dropDatabase = async () => {};
  if (driver === "postgres") {
    const name = `bench_lists_${Date.now()}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    databaseUrl = Object.assign(new URL(PG_URL), { pathname: `/${name}` }).toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  }
  const env = { DATA_DIR: work, DATABASE_URL: databaseUrl };
  let server = null;
  try {
    // 1. A first start migrates and makes the admin; 2. the rows go in while it is stopped.
    server = startServer({ port: PORT, env: serverEnv(env) });
    await waitHealthy(server);
    await stopServer(server);
    const seedStarted = performance.now();
    if (driver === "postgres") {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(SEED_SQL);
      await client.end();
    } else {
      const db = await PGlite.create(path.join(work, "pgdata"), { extensions: { pg_trgm } });
      await db.exec(SEED_SQL);
      await db.close();
    }
    console.log(`${driver}: seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

    server = startServer({ port: PORT, env: serverEnv(env) });
    await waitHealthy(server);
    const session = await signIn(server, ADMIN);
    const rows = [];
    for (const page of [...PUBLIC_PAGES, ...ADMIN_PAGES]) {
      const isAdmin = page.startsWith("/admin");
      const figures = await measurePage(server, page, isAdmin ? session : null);
      rows.push({ driver, page, isAdmin, ...figures, lighthouse: null });
      console.log(
        `${driver.padEnd(9)} ${page.padEnd(22)} ${(figures.bytes / 1024).toFixed(0).padStart(6)} KB  ` +
          `server p50 ${figures.serverP50.toFixed(1).padStart(7)} ms  client p50 ${figures.clientP50.toFixed(1).padStart(7)} ms`,
      );
    }
    if (LIGHTHOUSE_DRIVERS.includes(driver)) {
      for (const row of rows.filter((r) => !r.isAdmin)) {
        row.lighthouse = await medianLighthouse(`${BASE}${row.page}`, LIGHTHOUSE_RUNS);
        console.log(
          `${driver.padEnd(9)} ${row.page.padEnd(22)} Lighthouse mobile ${row.lighthouse.performance} (runs ${allScores(row.lighthouse)})`,
        );
      }
    }
    return rows;
  } finally {
    if (server) await stopServer(server);
    await dropDatabase();
    rmSync(work, { recursive: true, force: true });
  }
}

// --- the report -------------------------------------------------------------------------------------

const mark = (ok, text) => (ok ? `${text} ✓` : `**${text}** ✗`);

function table(rows) {
  const lines = [
    "| database | page | HTML (identity) | server p50 | client p50 | Lighthouse mobile (runs) |",
    "| --- | --- | ---: | ---: | ---: | --- |",
  ];
  for (const r of rows) {
    const kb = r.bytes / 1024;
    const lighthouse = r.isAdmin
      ? "n/a (back-office)"
      : r.lighthouse
        ? `${mark(r.lighthouse.performance >= TARGET.lighthouse, r.lighthouse.performance)} (${allScores(r.lighthouse)}; LCP ${r.lighthouse.lcp.toFixed(1)} s, TBT ${r.lighthouse.tbt.toFixed(0)} ms)`
        : "not run";
    lines.push(
      `| ${r.driver} | \`${r.page}\` | ${mark(kb <= TARGET.kb, `${kb.toFixed(0)} KB`)} | ${mark(r.serverP50 <= TARGET.p50, `${r.serverP50.toFixed(1)} ms`)} | ${r.clientP50.toFixed(1)} ms | ${lighthouse} |`,
    );
  }
  return lines.join("\n");
}

const rows = [];
const loadBefore = os.loadavg()[0];
for (const driver of DRIVERS) rows.push(...(await benchDriver(driver)));
const loadAfter = os.loadavg()[0];

const misses = rows.filter(
  (r) =>
    r.bytes / 1024 > TARGET.kb ||
    r.serverP50 > TARGET.p50 ||
    (r.lighthouse && r.lighthouse.performance < TARGET.lighthouse),
);
const date = new Date().toISOString().slice(0, 10);
const section = [
  START,
  "## List pages with a lot of content (`npm run bench:lists`)",
  "",
  `Issue #20. ${COUNTS.posts.toLocaleString("en-US")} published posts (6 categories, 2 tags each), ` +
    `${COUNTS.portfolio.toLocaleString("en-US")} portfolio items (6 service types), ${COUNTS.studies} case`,
  `studies (some featured in each), ${COUNTS.testimonials} testimonials and ${COUNTS.team} team members, inserted by SQL into a fresh`,
  "embedded database (DATA_DIR) and a fresh PostgreSQL database; production build on loopback.",
  `HTML is the page as sent uncompressed (anonymous for the public pages, signed in for the`,
  `back-office). Server p50 is pino-http's responseTime over ${RUNS} sequential requests after ${WARMUP} warm-up`,
  "ones, rendered every time (public pages past the page cache with the `admin_flash` cookie, as",
  "bench:server does); client p50 is the same requests timed by the bench. Lighthouse mobile is the",
  `median of ${LIGHTHOUSE_RUNS} runs, as \`bench:lighthouse\` measures it, on the ${LIGHTHOUSE_DRIVERS.join(" and ")} database.`,
  "",
  `**Targets:** every list page <= ${TARGET.kb} KB of HTML, server p50 <= ${TARGET.p50} ms, Lighthouse mobile`,
  `>= ${TARGET.lighthouse} on the public ones, on a machine otherwise idle.`,
  "",
  `Measured ${date} (Node ${process.versions.node}, ${os.availableParallelism()} cores, load average ` +
    `${loadBefore.toFixed(1)} before and ${loadAfter.toFixed(1)} after: the machine is shared, so the times move):`,
  "",
  table(rows),
  "",
  misses.length === 0
    ? "Every page within its targets."
    : `${misses.length} of ${rows.length} pages miss a target.`,
  ...(process.env.BENCH_LISTS_BASELINE
    ? [
        "",
        "**Baseline.** Measured before the list pages are paged (branch h-lists-feeds): every list",
        "still renders all of its rows, so these figures miss the targets by design; they are the",
        "starting point the paging work (issue #20) is measured against, not a result.",
      ]
    : []),
  END,
].join("\n");
writeBenchmarkSection(DOC, START, END, section);
console.log(
  `\n${table(rows)}\n\nwrote ${DOC}: ${misses.length} of ${rows.length} pages miss a target`,
);
if (process.env.STRICT && misses.length > 0) process.exitCode = 1;
