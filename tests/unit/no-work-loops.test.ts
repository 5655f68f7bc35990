import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * pg-boss is the only way to run work outside a request (issue #49, decision 0493): a timer in
 * server/ is a bound on something already happening (a request, a shutdown, a connection), never
 * a loop that does work. Each timer here is listed with what it bounds; a new one fails this test
 * until it is a job or is listed with its reason.
 */

const SERVER = path.resolve(import.meta.dirname, "../../server");

/** File → the timers it may hold, and why each is not work of its own. */
const ALLOWED: Record<string, { count: number; why: string }> = {
  "app.ts": { count: 2, why: "the shutdown's grace period and its hard stop" },
  "http/body-limit.ts": { count: 1, why: "how long a refused upload's socket lingers" },
  "observability/metrics.ts": { count: 1, why: "a scrape's wait for the outbox count" },
  "observability/job-metrics.ts": { count: 1, why: "a scrape's wait for the queue depths" },
  "content/change-feed.ts": { count: 1, why: "reconnecting the LISTEN connection" },
  "staff/password-links.ts": { count: 1, why: "an even answer time for a reset request" },
  "backup/run.ts": { count: 1, why: "a running backup's heartbeat, inside its job" },
  "media/transcode/progress.ts": { count: 1, why: "an aborted ffmpeg's grace before SIGKILL" },
  "http/hit-socket.ts": {
    count: 3,
    why: "a connection's idle bounds (headersTimeout, keepAliveTimeout, cleared at the hand-over)",
  },
  "logger.ts": { count: 1, why: "the hits' log lines joined for up to 50 ms into one write" },
  "visits/page-views.ts": {
    count: 2,
    why: "the page-view buffer's flush and its day change (a buffer, not a job)",
  },
};

const TIMER = /\b(setInterval|setTimeout|setImmediate)\b\s*(\(|as\b)/g;

function timersIn(source: string): number {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  return [...code.matchAll(TIMER)].length;
}

async function serverFiles(dir = SERVER): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return serverFiles(full);
      return Promise.resolve(/\.(ts|tsx|mjs|js)$/.test(entry.name) ? [full] : []);
    }),
  );
  return nested.flat();
}

describe("work outside a request", () => {
  it("finds a timer loop, and not one in a comment", () => {
    expect(timersIn("const t = setInterval(() => sweep(), 60_000);")).toBe(1);
    expect(timersIn('import { setTimeout as sleep } from "node:timers/promises";')).toBe(1);
    expect(timersIn("// setInterval(() => sweep(), 60_000)")).toBe(0);
    expect(timersIn("/* setTimeout(run, 10) */ const x = 1;")).toBe(0);
  });

  it("runs on pg-boss: server/ has no timer beyond the listed bounds", async () => {
    const found: Record<string, number> = {};
    for (const file of await serverFiles()) {
      const timers = timersIn(await readFile(file, "utf8"));
      if (timers > 0) found[path.relative(SERVER, file).split(path.sep).join("/")] = timers;
    }
    const allowed = Object.fromEntries(
      Object.entries(ALLOWED).map(([file, entry]) => [file, entry.count]),
    );
    expect(found).toEqual(allowed);
  });
});
