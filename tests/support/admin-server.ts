import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { type AdminFixtures, type PrepareOptions, prepareAdminData } from "./admin-data";

/**
 * A production server of our own for back-office tests (`node server.js` from the build), on a fresh
 * DATA_DIR prepared by admin-data.ts and a port the OS picks. Each test worker gets its own, so the
 * destructive tests never touch the shared e2e server the public-site tests read.
 */

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const hasBuild = () => existsSync(path.join(ROOT, "build/server/index.js"));

export interface AdminServer {
  baseURL: string;
  /** The server process (for its resident memory). */
  pid: number;
  dataDir: string;
  databaseUrl?: string;
  fixtures: AdminFixtures | null;
  output(): string;
  /** Moves the server's clock `ms` ahead of real time (0 puts it back); see shifted-clock.mjs. */
  shiftClock(ms: number): Promise<void>;
  /** Stops the server, keeping its data (to inspect the database afterwards). */
  stop(): Promise<void>;
  /** Stops the server and deletes its DATA_DIR. */
  dispose(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export async function startAdminServer(
  options: Omit<PrepareOptions, "dataDir"> & {
    env?: Record<string, string>;
    /** Start on this already prepared DATA_DIR instead of a new one. */
    reuseDataDir?: string;
    /**
     * The host name of SITE_URL and of the browser's pages (the server listens on 127.0.0.1 either
     * way): "localhost" for WebAuthn, which refuses an IP address as the site's domain.
     */
    hostname?: "127.0.0.1" | "localhost";
  } = {},
): Promise<AdminServer> {
  const dataDir = options.reuseDataDir ?? mkdtempSync(path.join(tmpdir(), "studio-admin-tests-"));
  const fixtures = options.reuseDataDir ? null : await prepareAdminData({ ...options, dataDir });
  const port = await freePort();
  const baseURL = `http://${options.hostname ?? "127.0.0.1"}:${port}`;
  const clockFile = path.join(dataDir, "..", `${path.basename(dataDir)}-clock`);
  writeFileSync(clockFile, "0");
  const preload = path.join(import.meta.dirname, "shifted-clock.mjs");
  const child: ChildProcess = spawn(process.execPath, ["--import", preload, "server.js"], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      SITE_URL: baseURL,
      DATABASE_URL: options.databaseUrl ?? "",
      ADMIN_EMAIL: "",
      ADMIN_PASSWORD: "",
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      JOBS_WORK: "off",
      // No scheduled backup in the middle of a test; the backup tests ask for one.
      BACKUP_INTERVAL_HOURS: "0",
      TEST_CLOCK_FILE: clockFile,
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let text = "";
  child.stdout?.on("data", (chunk) => {
    text += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    text += chunk;
  });
  // A child that cannot be started says so here (and the wait below reports the output).
  child.once("error", (error) => {
    text += `\n${error.message}`;
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the admin test server exited:\n${text}`);
    if (Date.now() - started > 120_000) {
      child.kill("SIGKILL");
      throw new Error(`the admin test server did not start in 120 s:\n${text}`);
    }
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  async function stop() {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    }
  }
  return {
    baseURL,
    pid: child.pid ?? 0,
    dataDir,
    databaseUrl: options.databaseUrl,
    fixtures,
    output: () => text,
    async shiftClock(ms) {
      writeFileSync(clockFile, String(ms));
      // The server rereads the file every 20 ms.
      await new Promise((resolve) => setTimeout(resolve, 100));
    },
    stop,
    async dispose() {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(clockFile, { force: true });
    },
  };
}

/** Signs in through the real login form action; returns the session cookie for `fetch`. */
export async function signInCookie(
  baseURL: string,
  account: { email: string; password: string },
): Promise<string> {
  const response = await fetch(`${baseURL}/admin/login`, {
    method: "POST",
    body: new URLSearchParams(account),
    redirect: "manual",
  });
  const cookies = response.headers.getSetCookie().map((c) => c.split(";")[0]);
  const session = cookies.find((c) => c?.includes("session_token"));
  if (response.status !== 302 || !session) {
    throw new Error(`sign-in as ${account.email} failed: ${response.status}`);
  }
  return session;
}
