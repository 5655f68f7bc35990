#!/usr/bin/env node
// Scale-out figures (issue #13), in one run with wrk at the same connections for every line:
//  - nginx serving a pre-compressed copy of `/` (the ceiling of this machine for one page);
//  - the product's `/` and `/blog/{slug}` from the full-page cache (decision 0180);
//  - uncached pages: `/blog/{slug}` for a signed-in visitor (rendered on every request: what every
//    anonymous request cost before the cache) and the back-office inquiries list (PostgreSQL on
//    every request);
//  - one instance against two behind a small nginx round-robin upstream.
// The cached `/` is measured with a browser's user agent (a counted page view), a crawler's (not
// counted) and wrk's none. BASELINE_DIR=<a checkout with its own build> adds the same lines for a
// third instance started from that checkout, in the same run: before and after, side by side.
// Two instances need a shared database: a fresh PostgreSQL database on PG_URL (default
// 127.0.0.1:5432, user postgres), migrated and seeded by the first instance as at any start.
// Installs nginx-light and wrk with apt-get where missing. Writes its section of docs/benchmarks.md.
import { execFileSync, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { get } from "node:http";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import pg from "pg";
import { writeBenchmarkSection } from "./lib/benchmarks-doc.mjs";

const PG_URL = process.env.PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const PORT = Number(process.env.BENCH_PORT ?? 3410); // instances: PORT, PORT+1; nginx: PORT+10..12; bare node:http: PORT+13
const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const DOC = "docs/benchmarks.md";
const START = "<!-- bench:scale:start -->";
const END = "<!-- bench:scale:end -->";
const ADMIN = { email: "bench@scale.test", password: "bench-scale-password" };
const BASELINE_DIR = process.env.BASELINE_DIR ? path.resolve(process.env.BASELINE_DIR) : null;
const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const CRAWLER = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const loadAtStart = os.loadavg()[0];

if (!existsSync("build/server/index.js")) {
  console.error("No production build: run `npm run build` first.");
  process.exit(1);
}
for (const [tool, pkg] of [
  ["nginx", "nginx-light"],
  ["wrk", "wrk"],
]) {
  try {
    execFileSync("sh", ["-c", `command -v ${tool} || test -x /usr/sbin/${tool}`], {
      stdio: "ignore",
    });
  } catch {
    console.log(`installing ${pkg}`);
    execFileSync("apt-get", ["install", "-y", "--no-install-recommends", pkg], {
      stdio: "inherit",
    });
  }
}
const NGINX = existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : "nginx";

const work = mkdtempSync(path.join(os.tmpdir(), "studio-bench-scale-"));
const database = `bench_scale_${Date.now()}`;
const admin = new pg.Client({ connectionString: PG_URL });
await admin.connect();
await admin.query(`CREATE DATABASE ${database}`);
const databaseUrl = Object.assign(new URL(PG_URL), { pathname: `/${database}` }).toString();

const children = [];
function start(command, args, env = {}, cwd = undefined) {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise((resolve) => child.on("exit", resolve));
  children.push({ child, exited });
  return child;
}

function startInstance(port, dir = process.cwd()) {
  const env = {
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: path.join(work, `data-${port}`),
    DATABASE_URL: databaseUrl,
    SITE_URL: `http://127.0.0.1:${port}`,
    SEED_DEMO: "true",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // Request logs would measure the terminal, not the server.
    LOG_LEVEL: "warn",
  };
  start(process.execPath, [path.join(dir, "server.js")], env, dir);
  return waitFor(`http://127.0.0.1:${port}/healthz`);
}

async function waitFor(url) {
  const started = Date.now();
  for (;;) {
    if (Date.now() - started > 90_000) throw new Error(`${url} did not answer within 90 s`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** wrk's figures: requests per second and the latency percentiles, in ms. */
function wrk(url, { connections = CONNECTIONS, duration = DURATION, headers = {} } = {}) {
  const args = ["-t1", `-c${connections}`, `-d${duration}s`, "--latency"];
  for (const [name, value] of Object.entries({ "Accept-Encoding": "gzip", ...headers })) {
    args.push("-H", `${name}: ${value}`);
  }
  const out = execFileSync("wrk", [...args, url], { encoding: "utf8" });
  const ms = (text) => {
    const [, value, unit] = text.match(/([\d.]+)(us|ms|s)/) ?? [];
    return Number(value) * (unit === "us" ? 0.001 : unit === "s" ? 1000 : 1);
  };
  const rps = Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1]);
  const p50 = ms(out.match(/\n\s+50%\s+(\S+)/)?.[1] ?? "");
  const p99 = ms(out.match(/\n\s+99%\s+(\S+)/)?.[1] ?? "");
  const failed = Number(out.match(/Non-2xx or 3xx responses:\s+(\d+)/)?.[1] ?? 0);
  if (failed || !rps) throw new Error(`${url}: ${failed} failed responses\n${out}`);
  return { rps, p50, p99 };
}

const round = (n) => (n >= 100 ? Math.round(n) : Number(n.toPrecision(3)));

try {
  // The first instance migrates and seeds the empty database; the second finds it ready.
  await startInstance(PORT);
  await startInstance(PORT + 1);
  const one = `http://127.0.0.1:${PORT}`;
  // Before: the baseline's build on the same database (PORT+2), when asked for.
  const before = BASELINE_DIR ? `http://127.0.0.1:${PORT + 2}` : null;
  const baseline = BASELINE_DIR
    ? execFileSync("git", ["-C", BASELINE_DIR, "rev-parse", "--short", "HEAD"], {
        encoding: "utf8",
      }).trim()
    : null;
  if (BASELINE_DIR) await startInstance(PORT + 2, BASELINE_DIR);
  const head = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();

  const blog = await (await fetch(`${one}/blog`)).text();
  const slug = blog.match(/href="\/blog\/([a-z0-9-]+)"/)?.[1];
  if (!slug) throw new Error("no post found on /blog");
  const login = await fetch(`${one}/admin/login`, {
    method: "POST",
    body: new URLSearchParams(ADMIN),
    redirect: "manual",
  });
  const session = (login.headers.getSetCookie?.() ?? [])
    .map((c) => c.split(";")[0])
    .filter((c) => c.includes("better-auth"))
    .join("; ");
  if (!session) throw new Error(`sign-in failed (${login.status})`);

  // nginx: the same `/` as a static, pre-compressed file, and two upstreams (one, two instances).
  const home = await (await fetch(`${one}/`)).text();
  const site = path.join(work, "site");
  execFileSync("mkdir", ["-p", site, path.join(work, "tmp")]);
  // nginx's worker runs as another user when started by root: let it read the copy.
  chmodSync(work, 0o755);
  writeFileSync(path.join(site, "index.html"), home);
  writeFileSync(path.join(site, "index.html.gz"), gzipSync(home, { level: 9 }));
  const upstream = (name, ports) =>
    `upstream ${name} { ${ports.map((p) => `server 127.0.0.1:${p};`).join(" ")} keepalive 64; }`;
  const proxy = (listen, name) => `server {
    listen 127.0.0.1:${listen};
    location / {
      proxy_pass http://${name};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
    }
  }`;
  const conf = path.join(work, "nginx.conf");
  writeFileSync(
    conf,
    `worker_processes 1;
daemon off;
pid ${work}/nginx.pid;
error_log ${work}/nginx-error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${work}/tmp/body;
  proxy_temp_path ${work}/tmp/proxy;
  fastcgi_temp_path ${work}/tmp/fastcgi;
  uwsgi_temp_path ${work}/tmp/uwsgi;
  scgi_temp_path ${work}/tmp/scgi;
  types { text/html html; }
  server {
    listen 127.0.0.1:${PORT + 10};
    root ${site};
    location / { gzip_static on; index index.html; }
  }
  ${upstream("one", [PORT])}
  ${upstream("two", [PORT, PORT + 1])}
  ${proxy(PORT + 11, "one")}
  ${proxy(PORT + 12, "two")}
}
`,
  );
  start(NGINX, ["-c", conf, "-p", work]);
  // Node's own ceiling here: node:http answering the same gzip bytes and header lines as a hit
  // of `/`, and nothing else (no cache, no counting, no log).
  const hit = await fetch(`${one}/`, { headers: { "accept-encoding": "gzip" } });
  const lines = [...hit.headers].filter(
    ([name]) =>
      !/^(?:date|connection|keep-alive|content-)/.test(name) ||
      name === "content-type" ||
      name === "content-security-policy",
  );
  const bare = `import { createServer } from "node:http"; import { readFileSync } from "node:fs";
    const body = readFileSync(process.env.BARE_BODY);
    const head = [...JSON.parse(process.env.BARE_HEAD).flat(), "Content-Encoding", "gzip", "Content-Length", String(body.length)];
    createServer((req, res) => { res.writeHead(200, head); res.end(body); }).listen(${PORT + 13}, "127.0.0.1");`;
  start(process.execPath, ["--input-type=module", "-e", bare], {
    BARE_BODY: path.join(site, "index.html.gz"),
    BARE_HEAD: JSON.stringify(lines),
  });
  await waitFor(`http://127.0.0.1:${PORT + 13}/`);
  await waitFor(`http://127.0.0.1:${PORT + 10}/`);
  const check = await fetch(`http://127.0.0.1:${PORT + 10}/`, {
    headers: { "accept-encoding": "gzip" },
  });
  if (!(await check.text()).includes("</html>")) throw new Error("nginx does not serve the page");

  const nginxLine = {
    name: "`/` (nginx, static pre-gzipped file)",
    url: `http://127.0.0.1:${PORT + 10}/`,
  };
  const homeLines = (base, label) => [
    {
      name: `\`/\` (${label}, cache hit, browser: counted)`,
      url: `${base}/`,
      cached: true,
      headers: { "User-Agent": BROWSER },
    },
    {
      name: `\`/\` (${label}, cache hit, crawler: not counted)`,
      url: `${base}/`,
      cached: true,
      headers: { "User-Agent": CRAWLER },
    },
    {
      name: `\`/\` (${label}, cache hit, no user agent)`,
      url: `${base}/`,
      cached: true,
    },
  ];
  const pages = [
    nginxLine,
    {
      name: "`/` (bare node:http, the same bytes and header lines)",
      url: `http://127.0.0.1:${PORT + 13}/`,
    },
    ...homeLines(one, `product ${head}`),
    ...(before ? homeLines(before, `before: ${baseline}`) : []),
    { ...nginxLine, name: "`/` (nginx again, after the lines above)" },
    { name: `\`/blog/${slug}\` (product, cache hit)`, url: `${one}/blog/${slug}`, cached: true },
    {
      name: `\`/blog/${slug}\` signed in (product, rendered: no cache)`,
      url: `${one}/blog/${slug}`,
      headers: { Cookie: session },
    },
    {
      name: "`/admin` inquiries list (product, PostgreSQL on every request)",
      url: `${one}/admin`,
      headers: { Cookie: session },
    },
  ];
  // Warm every page on every instance (cache entries, JIT, content cache).
  for (const port of [PORT, PORT + 1, ...(before ? [PORT + 2] : [])]) {
    for (const p of ["/", `/blog/${slug}`]) {
      for (let i = 0; i < 3; i++) await fetch(`http://127.0.0.1:${port}${p}`);
    }
  }
  for (const page of pages) {
    if (!page.cached) continue;
    const response = await fetch(page.url);
    if (response.headers.get("x-cache") !== "HIT") throw new Error(`${page.url} is not cached`);
  }

  const rows = [];
  for (const page of pages) {
    wrk(page.url, { duration: 2, headers: page.headers }); // warm-up
    const result = wrk(page.url, { headers: page.headers });
    rows.push({ ...page, ...result });
    console.log(`${page.name}: ${Math.round(result.rps)} req/s, p50 ${result.p50} ms`);
  }
  // The browser's hits were page views: written, or dropped and counted (a full queue).
  // A connection of its own: fetch's pooled one may have been closed by the server's keep-alive.
  const metrics = await new Promise((resolve, reject) => {
    get(`${one}/metrics`, { agent: false }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => {
        text += chunk;
      });
      response.on("end", () => resolve(text));
    }).on("error", reject);
  });
  const metric = (name) => Number(metrics.match(new RegExp(`^${name} (\\S+)$`, "m"))?.[1]);
  const views = {
    recorded: metric("page_views_recorded_total"),
    dropped: metric("page_views_dropped_total"),
  };
  console.log(`page views: ${views.recorded} recorded, ${views.dropped} dropped`);
  // The time one request takes: a cache hit with one connection.
  const single = wrk(`${one}/`, { connections: 1, headers: { "User-Agent": BROWSER } });
  console.log(`cache hit, 1 connection: p50 ${single.p50} ms, p99 ${single.p99} ms`);

  const scale = [];
  for (const [label, p, headers] of [
    ["`/` (cache hit)", "/", {}],
    [`\`/blog/${slug}\` signed in (rendered)`, `/blog/${slug}`, { Cookie: session }],
  ]) {
    const a = wrk(`http://127.0.0.1:${PORT + 11}${p}`, { headers });
    const b = wrk(`http://127.0.0.1:${PORT + 12}${p}`, { headers });
    scale.push({ label, a, b });
    console.log(`${label}: one ${Math.round(a.rps)} req/s, two ${Math.round(b.rps)} req/s`);
  }

  // Against the mean of the two nginx lines measured around the product's `/`.
  const nginxRows = rows.filter((r) => r.url === nginxLine.url);
  const nginx = nginxRows.reduce((sum, r) => sum + r.rps, 0) / nginxRows.length;
  const counted = rows[2];
  const date = new Date().toISOString().slice(0, 10);
  const section = [
    START,
    "## Scale: page cache against nginx, one instance against two (`npm run bench:scale`)",
    "",
    `wrk -t1 -c${CONNECTIONS} -d${DURATION}s, \`Accept-Encoding: gzip\`, every line in the same run, on loopback.`,
    "nginx (Debian's nginx-light, one worker) serves `/` as a static file with `gzip_static`: the",
    "ceiling of this machine for one page. The product runs its production build on a fresh",
    "PostgreSQL database (127.0.0.1:5432), seeded with the demo content. Uncached: the same post",
    "for a signed-in visitor (every request renders React and compresses; content reads come from",
    "the in-process content cache) and the back-office inquiries list (PostgreSQL on every request).",
    "",
    `Measured ${date} (Node ${process.versions.node}, ${os.cpus().length} cores,`,
    `load average ${loadAtStart.toFixed(1)} at the start and ${os.loadavg()[0].toFixed(1)} at the end, its own wrk, nginx and instances; figures move from run to run).`,
    // Idle is judged at the start (as bench:media does): at the end the load is the run's own.
    ...(loadAtStart >= 1.5
      ? [
          "**The machine was loaded** (load average above its cores, other work running): each line moves",
          "by a third from run to run; only the order of the lines holds. Measure again on an idle machine.",
        ]
      : []),
    "A hit of `/` is asked with a browser's user agent (a page view, counted and written in batches),",
    "a crawler's (not counted) and wrk's none. \"of nginx\" is against the mean of the two nginx lines.",
    ...(baseline
      ? [
          `\`before: ${baseline}\` is a third instance started from that commit's build, in the same run.`,
        ]
      : []),
    "",
    "| page | req/s | of nginx | p50 | p99 |",
    "| --- | --- | --- | --- | --- |",
    ...rows.map(
      (r) =>
        `| ${r.name} | ${Math.round(r.rps)} | ${((100 * r.rps) / nginx).toFixed(1)} % | ${round(r.p50)} ms | ${round(r.p99)} ms |`,
    ),
    "",
    `A cache hit (browser) with one connection: p50 **${round(single.p50)} ms**, p99 ${round(single.p99)} ms.`,
    `The cached \`/\`, counted, runs at **${((100 * counted.rps) / nginx).toFixed(1)} %** of nginx's rate (target >= 80 %, issue #48)`,
    `and at ${((100 * counted.rps) / rows[1].rps).toFixed(1)} % of bare node:http's, which itself runs at ${((100 * rows[1].rps) / nginx).toFixed(1)} % of nginx's.`,
    "",
    `Page views of the product's instance after those lines: ${views.recorded} written, ${views.dropped} dropped by the full queue and counted (\`page_views_dropped_total\`); a visit's views past its day's 100 are left out before the write.`,
    "",
    "Behind an nginx round-robin upstream (keepalive), one instance against two on the same database:",
    "",
    "| page | one instance | two instances | ratio |",
    "| --- | --- | --- | --- |",
    ...scale.map(
      (s) =>
        `| ${s.label} | ${Math.round(s.a.rps)} req/s | ${Math.round(s.b.rps)} req/s | ${(s.b.rps / s.a.rps).toFixed(2)} |`,
    ),
    "",
    `Both instances answer from one database and each keeps its own page cache. Here they share ${os.cpus().length}`,
    "cores with wrk, nginx and other work, so the second instance has no idle CPU to add and the",
    "two columns differ by noise; its gain needs cores (or machines) of its own. What this machine",
    "does show is the first table: a cache hit costs a fraction of a millisecond, a render tens to",
    "hundreds of milliseconds under this load.",
    END,
  ].join("\n");
  writeBenchmarkSection(DOC, START, END, section);
  console.log(`\nwrote ${DOC}`);
} finally {
  for (const { child } of children.reverse()) child.kill("SIGTERM");
  await Promise.all(children.map(({ exited }) => exited));
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => {});
  await admin.end();
  rmSync(work, { recursive: true, force: true });
}
