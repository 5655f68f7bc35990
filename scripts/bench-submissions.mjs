#!/usr/bin/env node
// 500 concurrent project inquiries against the production server (loopback, bounded): every one
// must be stored and its notification delivered to a real SMTP server started here. The per-IP
// limits are raised by configuration for the run. Needs `npm run build`. Writes its figures into
// docs/benchmarks.md between markers.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { SMTPServer } from "smtp-server";

const COUNT = Number(process.env.COUNT ?? 500);
const PORT = Number(process.env.PORT ?? 3191);
const SMTP_PORT = PORT + 1;
const MARK = `bench-${Date.now().toString(36)}`;
const dataDir = mkdtempSync(path.join(tmpdir(), "studio-bench-submissions-"));

const received = new Set();
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, _session, callback) {
    let raw = "";
    stream.on("data", (chunk) => {
      raw += chunk;
    });
    stream.on("end", () => {
      const id = raw.match(new RegExp(`${MARK}-(\\d+)`))?.[1];
      if (id) received.add(id);
      callback();
    });
  },
});
await new Promise((resolve) => smtp.listen(SMTP_PORT, "127.0.0.1", resolve));

const server = spawn(process.execPath, ["server.js"], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(PORT),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    SITE_URL: `http://127.0.0.1:${PORT}`,
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    NOTIFY_EMAIL: "bench@studio.test",
    SUBMISSION_RATE_LIMIT: String(COUNT * 2),
    LOG_LEVEL: "warn",
  },
  stdio: ["ignore", "inherit", "inherit"],
});
const exited = new Promise((resolve) => server.on("exit", resolve));

async function waitFor(check, timeoutMs, what) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

try {
  await waitFor(
    () =>
      fetch(`http://127.0.0.1:${PORT}/healthz`).then(
        (r) => r.ok,
        () => false,
      ),
    60_000,
    "the server",
  );

  const started = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: COUNT }, async (_, i) => {
      const body = new URLSearchParams({
        name: `Visitor ${i}`,
        email: `visitor${i}@example.com`,
        description: `Benchmark inquiry ${MARK}-${i}`,
      });
      try {
        const response = await fetch(`http://127.0.0.1:${PORT}/contact`, {
          method: "POST",
          body,
          headers: { origin: `http://127.0.0.1:${PORT}` },
        });
        await response.arrayBuffer();
        return response.status;
      } catch {
        return 0;
      }
    }),
  );
  const submitMs = performance.now() - started;
  const ok = statuses.filter((s) => s === 200).length;
  const errors = COUNT - ok;

  await waitFor(() => received.size >= ok, 120_000, "the notifications");
  const deliveredMs = performance.now() - started;

  server.kill("SIGTERM");
  await exited;
  const db = await PGlite.create(path.join(dataDir, "pgdata"), { extensions: { pg_trgm } });
  const { rows } = await db.query(
    "select count(*)::int as n from contact_submissions where description like $1",
    [`Benchmark inquiry ${MARK}-%`],
  );
  const { rows: pending } = await db.query(
    "select count(*)::int as n from notifications where sent_at is null",
  );
  await db.close();
  const stored = rows[0].n;
  const lost = COUNT - stored;

  const summary = {
    inquiries: COUNT,
    ok,
    errors,
    stored,
    lost,
    delivered: received.size,
    pendingNotifications: pending[0].n,
    submitSeconds: (submitMs / 1000).toFixed(1),
    deliveredSeconds: (deliveredMs / 1000).toFixed(1),
  };
  console.log(summary);

  const section = [
    "<!-- bench:submissions:start -->",
    "## Concurrent submissions (`npm run bench:submissions`)",
    "",
    `${COUNT} project inquiries posted at once to the production server (embedded database, loopback),`,
    "notifications sent to a real SMTP server started by the script; per-IP limits raised for the",
    "run. Rows counted in the database after shutdown.",
    "",
    "| date | inquiries | 200 answers | errors | rows stored | lost | notifications delivered | all answered | all delivered |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    `| ${new Date().toISOString().slice(0, 10)} | ${COUNT} | ${ok} | ${errors} | ${stored} | ${lost} | ${received.size} | ${summary.submitSeconds} s | ${summary.deliveredSeconds} s |`,
    "<!-- bench:submissions:end -->",
  ].join("\n");
  const file = "docs/benchmarks.md";
  const doc = readFileSync(file, "utf8");
  const marked = /<!-- bench:submissions:start -->[\s\S]*<!-- bench:submissions:end -->/;
  writeFileSync(
    file,
    marked.test(doc) ? doc.replace(marked, section) : `${doc.trimEnd()}\n\n${section}\n`,
  );
  if (errors > 0 || lost > 0 || received.size < COUNT) process.exitCode = 1;
} finally {
  server.kill("SIGKILL");
  smtp.close();
  rmSync(dataDir, { recursive: true, force: true });
}
