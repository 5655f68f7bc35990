#!/usr/bin/env node
// Scale-out figures (issue #13), in one run with wrk at the same connections for every line:
//  - nginx serving a pre-compressed copy of `/` (the ceiling of this machine for one page);
//  - the product's `/` and `/blog/{slug}` from the full-page cache (decision 0180);
//  - uncached pages: `/blog/{slug}` for a signed-in visitor (rendered on every request: what every
//    anonymous request cost before the cache) and the back-office inquiries list (PostgreSQL on
//    every request);
//  - one instance against two behind a small nginx round-robin upstream.
// Two instances need a shared database: a fresh PostgreSQL database on PG_URL (default
// 127.0.0.1:5432, user postgres), migrated and seeded by the first instance as at any start.
// Installs nginx-light and wrk with apt-get where missing. Writes its section of docs/benchmarks.md.
import { execFileSync, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import pg from "pg";
import { writeBenchmarkSection } from "./lib/benchmarks-doc.mjs";

const PG_URL = process.env.PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const PORT = Number(process.env.BENCH_PORT ?? 3410); // instances: PORT, PORT+1; nginx: PORT+10..12
const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 10);
const DOC = "docs/benchmarks.md";
const START = "<!-- bench:scale:start -->";
const END = "<!-- bench:scale:end -->";
const ADMIN = { email: "bench@scale.test", password: "bench-scale-password" };

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
function start(command, args, env = {}) {
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise((resolve) => child.on("exit", resolve));
  children.push({ child, exited });
  return child;
}

function startInstance(port) {
  start(process.execPath, ["server.js"], {
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
  });
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
  await waitFor(`http://127.0.0.1:${PORT + 10}/`);
  const check = await fetch(`http://127.0.0.1:${PORT + 10}/`, {
    headers: { "accept-encoding": "gzip" },
  });
  if (!(await check.text()).includes("</html>")) throw new Error("nginx does not serve the page");

  // Warm every page on both instances (cache entries, JIT, content cache).
  const pages = [
    { name: "`/` (nginx, static pre-gzipped file)", url: `http://127.0.0.1:${PORT + 10}/` },
    { name: "`/` (product, cache hit)", url: `${one}/`, cached: true },
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
  for (const port of [PORT, PORT + 1]) {
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
  // The time one request takes: a cache hit with one connection.
  const single = wrk(`${one}/`, { connections: 1 });
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

  const nginx = rows[0].rps;
  const cachedHome = rows[1];
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
    `Measured ${date} (Node ${process.versions.node}, ${os.cpus().length} cores shared with other work,`,
    `load average ${os.loadavg()[0].toFixed(1)} at the end; figures move from run to run):`,
    "",
    "| page | req/s | of nginx | p50 | p99 |",
    "| --- | --- | --- | --- | --- |",
    ...rows.map(
      (r) =>
        `| ${r.name} | ${Math.round(r.rps)} | ${((100 * r.rps) / nginx).toFixed(1)} % | ${round(r.p50)} ms | ${round(r.p99)} ms |`,
    ),
    "",
    `A cache hit with one connection: p50 **${round(single.p50)} ms**, p99 ${round(single.p99)} ms.`,
    `The cached \`/\` runs at **${((100 * cachedHome.rps) / nginx).toFixed(1)} %** of nginx's rate (target >= 25 %).`,
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
