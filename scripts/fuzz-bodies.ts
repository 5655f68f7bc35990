// The long fuzz run of request bodies (issue #18): thousands of random posts to the public
// endpoints against the production server, then every submission in the database checked whole.
// Needs `npm run build`. Usage: npm run fuzz:bodies  (RUNS=2000 SEED=1 to change the run).
import { startAdminServer } from "../tests/support/admin-server";
import { checkRows, fuzzServer } from "../tests/support/fuzz-bodies";
import { bytesOf, peakRise, rawPost } from "../tests/support/raw-http";

const RUNS = Number(process.env.RUNS ?? 2000);
const SEED = Number(process.env.SEED ?? 18);
const MB = 1024 * 1024;

const server = await startAdminServer({
  env: { SUBMISSION_RATE_LIMIT: "100000", UPLOAD_RATE_LIMIT: "100000", LOG_LEVEL: "error" },
});
/** 20 clients at once, each sending 300 MB (declared, or chunked) to a public endpoint. */
async function oversized() {
  const targets = [
    "/contact",
    "/careers",
    "/weddings",
    "/uploads/contact-attachments",
    "/admin/login",
  ];
  const posts = Array.from({ length: 20 }, (_, i) => {
    const target = targets[i % targets.length] as string;
    const type = i % 2 ? "text/plain" : "Multipart/form-data; boundary=x";
    return rawPost(`${server.baseURL}${target}`, {
      headers: { "content-type": type, origin: server.baseURL },
      declaredLength: i % 4 < 2 ? 300 * MB : undefined,
      chunks: bytesOf(300 * MB),
    });
  });
  const { result, before, peak } = await peakRise(server.pid, () => Promise.all(posts));
  const statuses: Record<string, number> = {};
  for (const r of result) {
    const key = r === "reset" ? r : String(r.status);
    statuses[key] = (statuses[key] ?? 0) + 1;
  }
  return {
    statuses,
    residentBeforeMb: Math.round(before / MB),
    residentPeakMb: Math.round(peak / MB),
  };
}

try {
  // Warm: every page and action loaded once, so the figures are the steady state.
  for (const target of ["/contact", "/careers", "/weddings", "/admin/login"]) {
    await fetch(`${server.baseURL}${target}`);
  }
  const concurrentOversized = [await oversized(), await oversized()];
  const started = Date.now();
  const report = await fuzzServer(server, {
    runs: RUNS,
    seed: SEED,
    maxPadding: 80 * MB,
    concurrency: 8,
  });
  const seconds = (Date.now() - started) / 1000;
  await server.stop();
  const rows = await checkRows(server.dataDir);
  console.log(
    JSON.stringify(
      { concurrentOversized, fuzz: { seed: SEED, seconds, ...report, rows } },
      null,
      2,
    ),
  );
  if (report.serverErrors.length > 0 || rows.partial.length > 0) process.exitCode = 1;
} finally {
  await server.dispose();
}
