import { afterAll, expect } from "vitest";

/**
 * Fails a test file in which a query was sent on a node-postgres client still answering another:
 * a `Promise.all` of queries on a transaction, whose one connection answers one at a time.
 * node-postgres queues them today with a deprecation warning and refuses them from pg 9.
 * The warning comes once per process, so the first file that causes it is the one that fails.
 */

const seen: string[] = [];
const REGISTERED = Symbol.for("studio.tests.noOverlappingQueries");
const registry = globalThis as { [REGISTERED]?: boolean };
if (!registry[REGISTERED]) {
  registry[REGISTERED] = true;
  process.on("warning", (warning) => {
    if (warning.name === "DeprecationWarning" && warning.message.includes("client.query()")) {
      seen.push(warning.message);
    }
  });
}

afterAll(() => {
  const found = seen.splice(0);
  expect(found, "queries sent at once on one connection (a Promise.all on a transaction?)").toEqual(
    [],
  );
});
