/**
 * `npm run bench:backup` (issue #21): backup and restore with 10,000 inquiries and 500 stored
 * files, and what a backup costs the requests served meanwhile.
 *
 * 1. A fresh DATA_DIR: the server migrates and seeds it, then 10,000 inquiries go in by SQL and
 *    500 files (64 KB each, random bytes) through the local storage driver.
 * 2. The server runs; 4 clients send a fixed mix (a rendered public page, the back-office inquiries
 *    list, an inquiry) for IDLE_REQUESTS requests: the idle figures. Then `npm run backup` runs
 *    (the running server takes the dump, over its control socket) while the same clients go on
 *    until it ends: the figures during a backup, in the same run.
 * 3. `npm run restore` of that archive into a fresh embedded DATA_DIR, and into a fresh
 *    PostgreSQL database (CREATEd on PG_URL, dropped after) with an S3 peer (s3rver).
 *
 * Times are wall-clock of the whole command (including tsx's start). Loopback only; bounded.
 * Writes its section of docs/benchmarks.md. Needs `npm run build`.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { deriveKeys } from "@server/keys";
import { loadOrCreateSecret } from "@server/secret";
import { LocalStorage } from "@server/storage";
import pg from "pg";
import { insertInquiries } from "./lib/bench-data.mjs";
import { percentile, signIn, startServer, stopServer, waitHealthy } from "./lib/bench-server.mjs";
import { writeBenchmarkSection } from "./lib/benchmarks-doc.mjs";

const INQUIRIES = Number(process.env.INQUIRIES ?? 10_000);
const FILES = Number(process.env.FILES ?? 500);
const FILE_BYTES = 64 * 1024;
const CLIENTS = 4;
const IDLE_REQUESTS = Number(process.env.IDLE_REQUESTS ?? 600);
const PORT = Number(process.env.BENCH_PORT ?? 3481);
const PG_URL = process.env.PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const ADMIN = { email: "bench@backup.test", password: "bench-backup-password" };
const AUTH_SECRET = "bench-backup-secret-of-at-least-32-characters";
const ROOT = path.resolve(import.meta.dirname, "..");
const DOC = path.join(ROOT, "docs/benchmarks.md");
const START = "<!-- bench:backup:start -->";
const END = "<!-- bench:backup:end -->";

/** `npm run --silent NAME -- ARGS` with `env`; its wall time and last stdout line. */
function npmRun(name, args, env) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", "--silent", name, "--", ...args], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: "warn", AUTH_SECRET, ...env },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
    });
    child.once("error", reject);
    child.once("close", (code) => {
      if (code !== 0) return reject(new Error(`npm run ${name} exited with ${code}:\n${out}`));
      const lines = out.split("\n").filter((line) => line.trim());
      resolve({ ms: performance.now() - started, lastLine: lines.at(-1)?.trim() ?? "" });
    });
  });
}

async function prepare(dataDir) {
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    AUTH_SECRET,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    BACKUP_INTERVAL_HOURS: "0",
  };
  const first = startServer({ port: PORT, env });
  await waitHealthy(first);
  await stopServer(first);
  const db = await PGlite.create(path.join(dataDir, "pgdata"), { extensions: { pg_trgm } });
  try {
    await insertInquiries(db, INQUIRIES);
  } finally {
    await db.close();
  }
  const storage = new LocalStorage({
    directory: path.join(dataDir, "storage"),
    secret: deriveKeys(await loadOrCreateSecret(dataDir)).storageLinks,
  });
  for (let i = 0; i < FILES; i++) {
    const bucket = i % 5 === 0 ? "job-applications" : "contact-uploads";
    const key = `${bucket === "job-applications" ? "resumes/" : ""}${Date.now()}_${i}.pdf`;
    await storage.put(bucket, key, randomBytes(FILE_BYTES), { contentType: "application/pdf" });
  }
  return env;
}

/** CLIENTS loops over the request mix until `done()`; each request's latency by kind. */
async function load(baseURL, cookie, done) {
  const times = { "public page": [], "admin list": [], inquiry: [] };
  let count = 0;
  let serial = 0;
  const one = async (kind) => {
    const started = performance.now();
    let response;
    if (kind === "inquiry") {
      const n = serial++;
      const form = new FormData();
      form.append("name", `Bench ${n}`);
      form.append("email", `bench${n}@backup.test`);
      form.append("description", "A launch film for a product line, three cuts.");
      response = await fetch(`${baseURL}/contact`, {
        method: "POST",
        body: form,
        headers: { origin: baseURL, "x-forwarded-for": `198.51.100.${1 + (n % 200)}` },
      });
    } else {
      // The flash cookie keeps the anonymous page cache out: the public page is rendered.
      const url = kind === "admin list" ? "/admin" : "/blog";
      response = await fetch(`${baseURL}${url}`, {
        headers: { cookie: kind === "admin list" ? cookie : "admin_flash=bench" },
      });
    }
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${kind} answered ${response.status}`);
    times[kind].push(performance.now() - started);
  };
  const kinds = ["public page", "admin list", "inquiry"];
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      for (let i = client; !done(count); i++) {
        await one(kinds[i % kinds.length]);
        count++;
      }
    }),
  );
  return times;
}

const S3rver = createRequire(import.meta.url)("s3rver");

const work = mkdtempSync(path.join(os.tmpdir(), "studio-bench-backup-"));
const dataDir = path.join(work, "source");
let server;
const databaseName = `bench_backup_${Date.now()}`;
try {
  const env = await prepare(dataDir);
  server = startServer({
    port: PORT,
    env: { ...env, SUBMISSION_RATE_LIMIT: "100000", LOG_LEVEL: "warn" },
  });
  await waitHealthy(server);
  const cookie = await signIn(server, ADMIN);
  const baseURL = server.baseURL;

  // Warm-up, then the idle figures, then the same load while a backup runs.
  await load(baseURL, cookie, (count) => count >= 60);
  const idle = await load(baseURL, cookie, (count) => count >= IDLE_REQUESTS);
  let backupDone = false;
  const backupRun = npmRun("backup", [], { DATA_DIR: dataDir, DATABASE_URL: "" }).finally(() => {
    backupDone = true;
  });
  const during = await load(baseURL, cookie, () => backupDone);
  const backup = await backupRun;
  const archiveBytes = statSync(backup.lastLine).size;
  await stopServer(server);
  server = undefined;

  const embedded = await npmRun("restore", [backup.lastLine], {
    DATA_DIR: path.join(work, "restored-embedded"),
    DATABASE_URL: "",
  });

  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${databaseName}`);
  await admin.end();
  const s3 = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: path.join(work, "s3"),
  });
  const { port: s3Port } = await s3.run();
  const url = new URL(PG_URL);
  url.pathname = `/${databaseName}`;
  let postgres;
  try {
    postgres = await npmRun("restore", [backup.lastLine], {
      DATA_DIR: path.join(work, "restored-postgres"),
      DATABASE_URL: url.toString(),
      STORAGE_DRIVER: "s3",
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    });
  } finally {
    await s3.close();
  }

  const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
  const ms = (values, p) => `${(percentile(values, p) ?? 0).toFixed(1)} ms`;
  const rows = Object.keys(idle).map(
    (kind) =>
      `| ${kind} | ${ms(idle[kind], 50)} | ${ms(idle[kind], 99)} | ${ms(during[kind], 50)} | ${ms(during[kind], 99)} | ${during[kind].length} |`,
  );
  const section = [
    START,
    "## Backup and restore (`npm run bench:backup`)",
    "",
    `${INQUIRIES.toLocaleString("en-US")} inquiries (plus the demo content) and ${FILES} stored files of ${FILE_BYTES / 1024} KB of random bytes (${((FILES * FILE_BYTES) / 1024 / 1024).toFixed(0)} MB, which gzip cannot shrink), on the embedded database, ${os.cpus().length} cores. Times are wall-clock of the whole command, tsx's start included. Measured ${new Date().toISOString().slice(0, 10)}.`,
    "",
    "| step | time | archive |",
    "| --- | --- | --- |",
    `| \`npm run backup\` while the server serves (the server takes the dump) | ${s(backup.ms)} | ${(archiveBytes / 1024 / 1024).toFixed(1)} MB |`,
    `| \`npm run restore\` into a fresh embedded DATA_DIR (local storage) | ${s(embedded.ms)} | |`,
    `| \`npm run restore\` into a fresh PostgreSQL database and S3 (s3rver) | ${s(postgres.ms)} | |`,
    "",
    `What the backup costs the requests served meanwhile: ${CLIENTS} clients send a rendered public page (\`/blog\`), the back-office inquiries list and an inquiry in turn; first ${IDLE_REQUESTS} requests idle, then the same load for as long as the backup runs, in one run.`,
    "",
    "| request | idle p50 | idle p99 | during backup p50 | during backup p99 | requests during backup |",
    "| --- | --- | --- | --- | --- | --- |",
    ...rows,
    END,
  ].join("\n");
  console.log(section);
  writeBenchmarkSection(DOC, START, END, section);
} finally {
  if (server) await stopServer(server);
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect().catch(() => {});
  await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`).catch(() => {});
  await admin.end().catch(() => {});
  rmSync(work, { recursive: true, force: true });
}
