import { defineConfig } from "vitest/config";

/**
 * Test files that replace a module (vi.mock) or a global (vi.stubGlobal): each runs in a module
 * graph of its own. A new one belongs here (decision 0401).
 */
const ISOLATED = [
  "tests/integration/admin-editors.test.ts",
  "tests/unit/site-analytics.test.ts",
  "tests/unit/site-consent-mode.test.ts",
];

// Vitest gets its own config: the React Router plugin only belongs to the app build.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    environment: "node",
    // The databases tests start from (migrated, staff, demo content), built once per run.
    globalSetup: ["tests/support/pglite-template.ts"],
    // On PostgreSQL, queries sent at once on one connection fail the file (pg 9 refuses them).
    setupFiles: ["tests/support/no-overlapping-queries.ts"],
    // A test's time limit is a budget, not a speed check (speed is measured in benchmarks): on a
    // loaded 2-core machine (CI beside another suite, a browser, a build) a test that hashes 20
    // passwords or spawns a server takes several times its idle time, and the tests wait for
    // state rather than sleeping, so a generous budget only delays the report of a real hang.
    testTimeout: 90_000,
    hookTimeout: 180_000,
    // Integration tests start real peers (PGlite, SMTP, S3) on loopback; keep the 2 cores calm.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: "isolated", include: ISOLATED } },
      // Benchmarks written as tests (`npm run bench:publishing`): never part of `npm test`.
      ...(process.env.VITEST_BENCH
        ? [{ extends: true, test: { name: "bench", include: ["tests/bench/**/*.test.ts"] } }]
        : []),
      {
        extends: true,
        test: {
          name: "shared",
          include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
          exclude: ISOLATED,
          // A worker evaluates the app's module graph once for all its files instead of once per
          // file (import was about half of a small file's time). Server state is per runtime or
          // database handle (WeakMaps), and each file builds its own runtimes (decision 0401).
          isolate: false,
        },
      },
    ],
  },
});
