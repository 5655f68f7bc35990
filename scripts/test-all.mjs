#!/usr/bin/env node
// `npm test`: installs what the tests need, then runs every layer in order (typecheck, lint,
// build, Vitest unit + integration, Playwright e2e against the production build) and ends with
// one line summing them all: "N passed, N failed". Runs on the machine's Node (20 is enough for
// this file); every step runs on the project's own Node 24 through npm scripts and npx.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { DEBIAN_TOOLS, ensureDebianTools } from "./lib/debian-tools.mjs";

const results = [];
const env = { ...process.env, FORCE_COLOR: process.env.CI ? "0" : "1" };
const skipInstall = process.argv.includes("--no-install");

function run(command, args, options = {}) {
  console.log(`\n▶ ${[command, ...args].join(" ")}`);
  const outcome = spawnSync(command, args, { stdio: "inherit", env, ...options });
  return outcome.status === 0;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

function step(name, ok) {
  results.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
}

// The failures by name, printed again just above the summary: a CI log is often read from its tail.
const failures = [];
// Playwright's messages carry terminal colours whatever FORCE_COLOR says.
const COLOURS = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");
const firstLine = (message) =>
  String(message ?? "")
    .replace(COLOURS, "")
    .trim()
    .split("\n")[0]
    .slice(0, 200);

function playwrightFailures(suites = []) {
  for (const suite of suites) {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== "unexpected" && test.status !== "flaky") continue;
        const error = test.results?.find((result) => result.error)?.error?.message;
        failures.push(
          `e2e [${test.projectName}] ${spec.file}:${spec.line} › ${spec.title} (${test.status}): ${firstLine(error)}`,
        );
      }
    }
    playwrightFailures(suite.suites);
  }
}

if (!skipInstall) {
  if (!run("npm", ["install", "--no-audit", "--no-fund"])) {
    console.error("npm install failed");
    console.log("\n0 passed, 1 failed");
    process.exit(1);
  }
}
const tools = ensureDebianTools(
  DEBIAN_TOOLS.map((tool) => tool.name),
  env,
);
const haveChromium = tools.chromium;
mkdirSync("test-results", { recursive: true });

// The type check, the linter and the build read the same sources and write nothing the others
// read: they run side by side (each mostly on one core), and each one's output is printed whole
// when it ends so the log reads as if they had run in turn.
function runCaptured(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("error", (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on("close", (code) => {
      console.log(`\n▶ ${[command, ...args].join(" ")}`);
      process.stdout.write(Buffer.concat(output));
      resolve(code === 0);
    });
  });
}
const [typechecked, linted, built] = await Promise.all([
  runCaptured("npm", ["run", "typecheck"]),
  runCaptured("npm", ["run", "lint"]),
  runCaptured("npm", ["run", "build"]),
]);
step("typecheck", typechecked);
step("lint", linted);
step("build", built);

// Vitest: unit tests, and integration tests on PGlite (and PostgreSQL when TEST_DATABASE_URL is set).
// A report left by an earlier run must not stand in for this one's.
for (const report of ["vitest.json", "vitest-failures.json"])
  rmSync(`test-results/${report}`, { force: true });
const vitestOk = run("npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  "--outputFile.json=test-results/vitest.json",
  // Names every failed test, hook and unhandled error in test-results/vitest-failures.json.
  "--reporter=./tests/support/failures-reporter.ts",
]);
const vitest = readJson("test-results/vitest.json");
const vitestFailureLines = readJson("test-results/vitest-failures.json") ?? [];
for (const line of vitestFailureLines) failures.push(`vitest ${String(line).replace(COLOURS, "")}`);
if (!vitestOk && vitestFailureLines.length === 0)
  failures.push("vitest: exited with an error and named no failure: see its output above");
if (vitest) {
  results.push({
    name: "vitest",
    passed: vitest.numPassedTests,
    failed: vitest.numFailedTests + (vitestOk || vitest.numFailedTests ? 0 : 1),
  });
} else {
  step("vitest", false);
}

// Playwright: needs the build and Chromium.
if (built && haveChromium) {
  const e2eOk = run("npx", ["playwright", "test"]);
  const e2e = readJson("test-results/e2e.json");
  if (e2e?.stats) {
    playwrightFailures(e2e.suites);
    const failed = e2e.stats.unexpected + e2e.stats.flaky;
    results.push({
      name: "e2e",
      passed: e2e.stats.expected,
      failed: failed + (e2eOk || failed ? 0 : 1),
    });
  } else {
    step("e2e", false);
  }
} else {
  console.error(built ? "Chromium is not available: e2e not run" : "Build failed: e2e not run");
  step("e2e", false);
}

if (failures.length > 0) {
  console.log("\nFailed");
  for (const failure of failures) console.log(`  ${failure}`);
}
console.log("\nSummary");
for (const r of results)
  console.log(`  ${r.name.padEnd(10)} ${r.passed} passed, ${r.failed} failed`);
const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
