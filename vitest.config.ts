import { defineConfig } from "vitest/config";

// Vitest gets its own config: the React Router plugin only belongs to the app build.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Integration tests start real peers (PGlite, SMTP, S3) on loopback; keep the 2 cores calm.
    maxWorkers: 2,
  },
});
