// The long fuzz run of request bodies (issue #18): thousands of random posts to the public
// endpoints against the production server, then every submission in the database checked whole.
// Needs `npm run build`. Usage: npm run fuzz:bodies  (RUNS=2000 SEED=1 to change the run).
import { startAdminServer } from "../tests/support/admin-server";
import { checkRows, fuzzServer } from "../tests/support/fuzz-bodies";

const RUNS = Number(process.env.RUNS ?? 2000);
const SEED = Number(process.env.SEED ?? 18);
const MB = 1024 * 1024;

const server = await startAdminServer({
  env: { SUBMISSION_RATE_LIMIT: "100000", UPLOAD_RATE_LIMIT: "100000", LOG_LEVEL: "error" },
});
try {
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
  console.log(JSON.stringify({ seed: SEED, seconds, ...report, rows }, null, 2));
  if (report.serverErrors.length > 0 || rows.partial.length > 0) process.exitCode = 1;
} finally {
  await server.dispose();
}
