import { defineConfig } from "vitest/config";

// Vitest gets its own config: the React Router plugin only belongs to the app build.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    // One migrated embedded database, dumped once; every test's PGlite starts from it.
    globalSetup: ["tests/support/pglite-template.ts"],
    // A test's time limit is a budget, not a speed check (speed is measured in benchmarks): on a
    // loaded 2-core machine (CI beside another suite, a browser, a build) a test that hashes 20
    // passwords or spawns a server takes several times its idle time, and the tests wait for
    // state rather than sleeping, so a generous budget only delays the report of a real hang.
    testTimeout: 90_000,
    hookTimeout: 180_000,
    // Integration tests start real peers (PGlite, SMTP, S3) on loopback; keep the 2 cores calm.
    maxWorkers: 2,
  },
});
