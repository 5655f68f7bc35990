import { afterAll, expect } from "vitest";

/**
 * Fails a test file in which a query was sent on a node-postgres client still answering another:
 * a `Promise.all` of queries on a transaction, whose one connection answers one at a time.
 * node-postgres queues them today with a deprecation warning and refuses them from pg 9.
 * The warning comes once per process, so the first file that causes it is the one that fails.
 */

// Vitest evaluates this file again before each test file; the listener and what it saw are kept
// on the process, once, so a warning after the first file is not pushed into a stale array.
const SEEN = Symbol.for("studio.tests.overlappingQueries");
const registry = globalThis as { [SEEN]?: string[] };
registry[SEEN] ??= listen();
const seen = registry[SEEN];

function listen(): string[] {
  const found: string[] = [];
  process.on("warning", (warning) => {
    if (warning.name === "DeprecationWarning" && warning.message.includes("client.query()")) {
      found.push(warning.message);
    }
  });
  return found;
}

afterAll(async () => {
  // Node emits a warning on a later tick: let this file's arrive before looking.
  await new Promise((resolve) => setImmediate(resolve));
  const found = seen.splice(0);
  expect(found, "queries sent at once on one connection (a Promise.all on a transaction?)").toEqual(
    [],
  );
});
