import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import type { BackupServices } from "@server/backup/run";
import { backupSchedule } from "@server/backup/schedule";
import { createBackupStore } from "@server/backup/store";
import type { ContentChange } from "@server/caches";
import { loadConfig } from "@server/config";
import { runtimeContext } from "@server/context";
import { backupRuns } from "@server/db/schema";
import { createJobEngine, type JobEngine } from "@server/jobs/engine";
import { deriveKeys } from "@server/keys";
import { createMailTransport } from "@server/mail";
import { createMediaLibrary } from "@server/media";
import { takeFlash } from "@server/route-kit/flash";
import { JOB_TYPES, type Runtime } from "@server/runtime";
import { clientIpContext } from "@server/security/client-ip";
import { createAuth } from "@server/staff/auth";
import { createStorage } from "@server/storage";
import { VisitCounter } from "@server/visits/page-views";
import { verifyPassword } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import pino from "pino";
import { matchRoutes, type RouteObject, RouterContextProvider } from "react-router";
import { afterAll, beforeAll } from "vitest";
import { setStudioTimeZone } from "~/lib/studio-time";
import routes from "~/routes";
import { TEST_ADMIN, TEST_CONTRIBUTOR, TEST_EDITOR, TEST_VIEWER } from "./admin-data";
import { createTestDatabase, type TestDatabase } from "./database";
import { waitFor } from "./wait";

/**
 * A real Runtime (database, better-auth, local storage, logger) for calling admin route loaders and
 * actions directly, with a clock the test controls and the log lines kept for assertions.
 */

export const SITE = "http://localhost:3999";
const SECRET = "an-admin-test-secret-of-32-characters-or-more";

export interface TestRuntime {
  runtime: Runtime;
  database: TestDatabase;
  logs: { level: number; msg: string }[];
  /** How many passwords better-auth has checked against their hash. */
  passwordChecks: { count: number };
  /** Moves the storage clock (milliseconds). */
  advance(ms: number): void;
  /** Session cookies from the real sign-in action. */
  cookies: { admin: string; viewer: string; editor: string; contributor: string };
  close(): Promise<void>;
}

/**
 * `env` adds settings to the runtime's configuration (e.g. SESSION_IDLE_HOURS); `demo`, the demo
 * content. The staff accounts come with the database (the run's "staff" template, made once by
 * pglite-template.ts with ensureTestStaff), their sessions from real sign-ins here.
 */
export async function createTestRuntime(
  driver: "pglite" | "postgres",
  env: Record<string, string> = {},
  options: { demo?: boolean } = {},
): Promise<TestRuntime> {
  const database = await createTestDatabase(driver, {
    template: options.demo ? "staff-demo" : "staff",
  });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "admin-runtime-"));
  // Local storage unless `env` asks for S3 (an s3rver's settings, tests/support/s3rver.ts).
  const config = loadConfig({ STORAGE_DRIVER: "local", ...env, DATA_DIR: dataDir, SITE_URL: SITE });
  // As createRuntime does: the studio's zone of every date and day boundary.
  setStudioTimeZone(config.STUDIO_TIME_ZONE);
  // A frozen clock that only the test moves: link expiry must not depend on how busy the machine is.
  const startedAt = Date.now();
  let offset = 0;
  const keys = deriveKeys(SECRET);
  const storage = createStorage(config, {
    secret: keys.storageLinks,
    now: () => startedAt + offset,
  });
  if (storage.kind === "s3") await storage.ensureBuckets();
  // Every password check better-auth makes, counted: what a burst of sign-ins really costs.
  const passwordChecks = { count: 0 };
  const auth = createAuth({
    db: database.db,
    siteUrl: SITE,
    secret: keys.sessions,
    sessionIdleHours: config.SESSION_IDLE_HOURS,
    verifyPassword: (data) => {
      passwordChecks.count++;
      return verifyPassword(data);
    },
  });
  const logs: { level: number; msg: string }[] = [];
  const logger = pino(
    { level: "info", base: undefined },
    new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split("\n").filter(Boolean)) logs.push(JSON.parse(line));
        done();
      },
    }),
  );
  // Backups into DATA_DIR/backups, signed links on the test's clock; the schedule is never started.
  const backupStore = createBackupStore(config, {
    linkKey: keys.backupLinks,
    now: () => startedAt + offset,
  });
  const backupServices: BackupServices = {
    database,
    storage,
    store: backupStore,
    keep: config.BACKUP_KEEP,
    logger,
    siteUrl: config.SITE_URL,
    archiveKey: keys.backupArchives,
    jobs: { send: (type, data, sendOptions) => jobs.send(type, data, sendOptions) },
  };
  const mailTransport = createMailTransport({ dataDir, from: config.MAIL_FROM });
  // Started, never working: jobs are queued as in production, and a test runs them when it
  // chooses (`runtime.jobs.runDue(type)`).
  const jobs: JobEngine = createJobEngine<Runtime>({
    database,
    logger,
    types: JOB_TYPES,
    services: (): Runtime => runtime,
    work: false,
    timeZone: config.STUDIO_TIME_ZONE,
  });
  const runtime = {
    config,
    database,
    auth,
    keys,
    storage,
    logger,
    // A send goes to .eml files in DATA_DIR, when a test runs the queued mail jobs.
    mail: { transport: mailTransport },
    backups: { store: backupStore, services: backupServices, schedule: backupSchedule(0) },
    // Never started: the tests write what is queued with flush().
    visits: new VisitCounter(database.db, {
      siteUrl: SITE,
      logger,
      now: () => new Date(startedAt + offset),
    }),
    caches: database.caches,
    jobs,
    media: createMediaLibrary(config, (): Runtime => runtime),
    close: async () => {},
  } satisfies Runtime;
  await jobs.start();

  const sessionCookie = async (account: { email: string; password: string }) => {
    const response = await auth.api.signInEmail({ body: account, asResponse: true });
    return response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  };

  // Four real sign-ins at once: their password checks run side by side on libuv's threads.
  const [admin, viewer, editor, contributor] = await Promise.all([
    sessionCookie(TEST_ADMIN),
    sessionCookie(TEST_VIEWER),
    sessionCookie(TEST_EDITOR),
    sessionCookie(TEST_CONTRIBUTOR),
  ]);
  const cookies = { admin, viewer, editor, contributor };

  return {
    runtime,
    database,
    logs,
    passwordChecks,
    advance(ms) {
      offset += ms;
    },
    cookies,
    async close() {
      await jobs.stop();
      // A backup the Backups screen started goes on after its answer: its files are in DATA_DIR.
      await waitFor(
        async () =>
          (
            await database.db
              .select({ id: backupRuns.id })
              .from(backupRuns)
              .where(eq(backupRuns.status, "running"))
          ).length === 0,
        "the backups still running to end",
        120_000,
      );
      await database.destroy();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export function contextFor(runtime: Runtime, ip = "203.0.113.7"): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(runtimeContext, runtime);
  context.set(clientIpContext, ip);
  return context;
}

/** What a test says of its request: method, body, headers, the session cookie, the client's IP. */
export type RouteRequest = RequestInit & { cookie?: string; ip?: string };

/** The arguments React Router passes a loader or action, with the route's own params. */
export interface RouteArgs<P> {
  request: Request;
  url: URL;
  params: P;
  pattern: string;
  context: RouterContextProvider;
}

/** A route module's loader or action. */
export type RouteHandler<P, R> = (args: RouteArgs<P>) => R;

/**
 * `T` with the route's params: optional for a route whose path has none, required (and checked
 * against the path's own) for one that has some.
 */
export type WithParams<P, T = RouteRequest> =
  Record<string, never> extends P ? [init?: T & { params?: P }] : [init: T & { params: P }];

/** The arguments React Router passes a loader or action, for a request to `url`. */
export function routeArgs(
  runtime: Runtime,
  url: string,
  init: RouteRequest & { params?: Record<string, string> } = {},
): RouteArgs<Record<string, string>> {
  const { cookie, params = {}, ip, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (cookie) headers.set("cookie", cookie);
  const request = new Request(new URL(url, SITE), { ...rest, headers });
  // React Router's normalized URL: without its own `index` marker.
  const normalized = new URL(request.url);
  normalized.searchParams.delete("index");
  return {
    request,
    url: normalized,
    params,
    pattern: routePatternOf(normalized.pathname),
    context: contextFor(runtime, ip),
  };
}

/**
 * Calls a route's loader or action as React Router would for a request to `url`, typed by the
 * route's own arguments: a route with `:id` in its path is called with `params: { id }`.
 */
export function callRoute<P, R>(
  handler: RouteHandler<P, R>,
  runtime: Runtime,
  url: string,
  ...init: WithParams<NoInfer<P>>
): R;
export function callRoute(
  handler: RouteHandler<Record<string, string>, unknown>,
  runtime: Runtime,
  url: string,
  init?: RouteRequest & { params?: Record<string, string> },
): unknown {
  return handler(routeArgs(runtime, url, init));
}

/**
 * The route pattern React Router gives a loader or action for `pathname` (`admin/blog/edit/:id`):
 * the matched routes' paths of app/routes.ts, joined, as the access policy reads them.
 */
export function routePatternOf(pathname: string): string {
  const matches = matchRoutes(routes as RouteObject[], pathname) ?? [];
  const paths = matches.map((match) => match.route.path).filter(Boolean);
  return paths.join("/").replace(/\/+/g, "/");
}

/** A TestRuntime for one describe block, and the content changes it announced. */
export interface SeededRuntime extends Omit<TestRuntime, "close"> {
  changes: ContentChange[];
}

/**
 * Registers beforeAll/afterAll for a runtime with the demo content, listening to content changes.
 * Its fields read the runtime of the running block (it exists only once beforeAll has run).
 */
export function seededRuntime(driver: "pglite" | "postgres"): SeededRuntime {
  let current: TestRuntime | undefined;
  let unsubscribe: (() => void) | undefined;
  const changes: ContentChange[] = [];
  beforeAll(async () => {
    current = await createTestRuntime(driver, {}, { demo: true });
    unsubscribe = current.runtime.caches.onChanged((change) => {
      changes.push(change);
    });
  });
  afterAll(async () => {
    unsubscribe?.();
    await current?.close();
  });
  const live = () => {
    if (!current) throw new Error("the test runtime is used before beforeAll");
    return current;
  };
  return {
    changes,
    get runtime() {
      return live().runtime;
    },
    get database() {
      return live().database;
    },
    get logs() {
      return live().logs;
    },
    get passwordChecks() {
      return live().passwordChecks;
    },
    get cookies() {
      return live().cookies;
    },
    advance: (ms) => live().advance(ms),
  };
}

/** A multipart body, as the editors post it (a File is an upload). */
export function formOf(fields: Record<string, string | File>): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return body;
}

/** Calls a route action with a POST of `body`, as the admin unless `cookie` says otherwise. */
export function postTo<P, R>(
  t: Pick<TestRuntime, "runtime" | "cookies">,
  handler: RouteHandler<P, R>,
  path: string,
  body: FormData | URLSearchParams,
  ...options: WithParams<NoInfer<P>, { cookie?: string; headers?: HeadersInit }>
): R;
export function postTo(
  t: Pick<TestRuntime, "runtime" | "cookies">,
  handler: RouteHandler<Record<string, string>, unknown>,
  path: string,
  body: FormData | URLSearchParams,
  options: { params?: Record<string, string>; cookie?: string; headers?: HeadersInit } = {},
): unknown {
  const { params, cookie = t.cookies.admin, headers } = options;
  return callRoute(handler, t.runtime, path, { method: "POST", cookie, body, headers, params });
}

/** The toast a redirect carries in its flash cookie, as "Title: description". */
export async function toastOf(runtime: Runtime, response: Response): Promise<string | null> {
  const cookie = response.headers.get("set-cookie")?.split(";")[0] ?? "";
  const { flash } = await takeFlash(new Request(`${SITE}/admin`, { headers: { cookie } }), runtime);
  return flash ? `${flash.title}: ${flash.description}` : null;
}
