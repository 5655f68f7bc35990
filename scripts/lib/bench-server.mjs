// The production server as the benchmarks drive it: `node server.js` from the build on a loopback
// port, its pino log read back (pino-http's responseTime is the server-side time of a request),
// a wait for /healthz, a clean stop, and a sign-in through the real login form.
import { spawn } from "node:child_process";

/**
 * Starts `node server.js` on 127.0.0.1:`port` with the given environment (added to a production
 * base: no demo admin, info logs, a slow outbox poll). `lines` collects the JSON log lines.
 * `cwd` is the checkout whose build it serves (another build of the site, for a comparison).
 */
export function startServer({ port, env = {}, cwd = process.cwd() }) {
  const baseURL = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["server.js"], {
    cwd,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      SITE_URL: baseURL,
      LOG_LEVEL: "info",
      JOBS_WORK: "off",
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = [];
  let buffer = "";
  child.stdout.on("data", (chunk) => {
    buffer += chunk;
    const parts = buffer.split("\n");
    buffer = parts.pop() ?? "";
    for (const line of parts) {
      try {
        lines.push(JSON.parse(line));
      } catch {}
    }
  });
  const exited = new Promise((resolve) => child.on("exit", resolve));
  return { child, lines, exited, baseURL };
}

/** Resolves once /healthz answers 200; throws if the server exits or takes over `timeoutMs`. */
export async function waitHealthy(server, timeoutMs = 90_000) {
  const started = performance.now();
  for (;;) {
    if (server.child.exitCode !== null) throw new Error("the server exited");
    if (performance.now() - started > timeoutMs) {
      throw new Error(`no healthy server after ${timeoutMs / 1000} s`);
    }
    try {
      if ((await fetch(`${server.baseURL}/healthz`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function stopServer(server) {
  if (server.child.exitCode === null) server.child.kill("SIGTERM");
  await server.exited;
}

/** Signs in through the login form; returns the session cookie. */
export async function signIn(server, account) {
  const response = await fetch(`${server.baseURL}/admin/login`, {
    method: "POST",
    body: new URLSearchParams(account),
    redirect: "manual",
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.includes("session_token"));
  if (!cookie) throw new Error(`sign-in failed: ${response.status}`);
  return cookie;
}

/** The server-side times (ms) of the logged requests to `url` that answered 200, in log order. */
export function serverTimes(server, url, from = 0) {
  return server.lines
    .slice(from)
    .filter(
      (l) => l.req?.url === url && l.res?.statusCode === 200 && typeof l.responseTime === "number",
    )
    .map((l) => l.responseTime);
}

/** The p-th percentile of `values` (nearest rank, unsorted input). */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
