import { existsSync, readdirSync } from "node:fs";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import expressStaticGzip from "express-static-gzip";
import { pinoHttp } from "pino-http";
import { RouterContextProvider } from "react-router";
import { startControlSocket } from "./backup/control";
import { backupHealth, lastSucceededRun } from "./backup/runs";
import { ConfigError, loadConfig } from "./config";
import { runtimeContext } from "./context";
import { DataDirLockedError } from "./db/data-dir-lock";
import { boundBodies } from "./http/body-limit";
import { canonicalPaths } from "./http/canonical-path";
import { compressResponses } from "./http/compression";
import { serveHits } from "./http/hits";
import { sharedPageContext } from "./http/page-cache";
import { redactUrl } from "./http/redact";
import { createHitLog } from "./logger";
import { jobMetricsSource } from "./observability/job-metrics";
import { createMetrics, METRICS_PATH } from "./observability/metrics";
import { isMetricsRequestAllowed } from "./observability/metrics-access";
import { createRuntime, type Runtime } from "./runtime";
import { clientIpContext } from "./security/client-ip";
import { refusalCounts } from "./security/refusals";
import { countPageViews } from "./visits/page-views";

/**
 * The production server: this module is the entry of the SSR bundle (vite.config.ts), so the
 * React Router build and our server code share one copy of every module.
 */

/** Give in-flight requests this long, then close the database and exit (SIGTERM budget: 2 s). */
const SHUTDOWN_GRACE_MS = 1_000;

/** pino-http's request ids (an int that wraps), shared with the hits answered ahead of it. */
let lastRequestId = 0;
const nextRequestId = () => {
  lastRequestId = (lastRequestId + 1) & 0x7fffffff;
  return lastRequestId;
};

export function createApp(runtime: Runtime, options: { clientDir: string }) {
  const app = express();
  // Anonymous visitors' pages, kept whole and dropped on every change (the runtime's, 0180).
  const pageCache = runtime.caches.pages;
  const build = () => import("virtual:react-router/server-build");
  app.disable("x-powered-by");
  app.set("trust proxy", runtime.config.TRUST_PROXY);

  // Prometheus metrics of this app (decision 0210): its own registry, read from the counters the
  // caches and the rate limits keep.
  const metrics = createMetrics({
    database: runtime.database,
    logger: runtime.logger,
    pageCache,
    refusals: () => refusalCounts(runtime),
    visits: runtime.visits,
    backups: {
      lastSuccessAt: async () => (await lastSucceededRun(runtime.database.db))?.startedAt ?? null,
    },
    jobs: jobMetricsSource(runtime.jobs),
    media: runtime.media.transcodes,
    build,
  });
  app.use(metrics.track());
  // Before the logger, the page cache and React Router: a scrape is neither logged nor cached.
  app.get(METRICS_PATH, metrics.endpoint(runtime.config.METRICS_TOKEN));

  // Status for everyone; the page cache's counters and the backups only for whoever may read
  // /metrics (a loopback peer, or the METRICS_TOKEN bearer; decision 0268).
  app.get("/healthz", async (req, res) => {
    res.locals.metricsRoute = "/healthz";
    try {
      await runtime.database.ping();
      const details = isMetricsRequestAllowed(
        { remoteAddress: req.socket.remoteAddress, headers: req.headers },
        runtime.config.METRICS_TOKEN,
      );
      res.set("Cache-Control", "no-store").json({
        status: "ok",
        database: "ok",
        ...(details ? { pageCache: pageCache.stats(), backup: await backupHealth(runtime) } : {}),
      });
    } catch {
      res.status(503).set("Cache-Control", "no-store").json({ status: "error", database: "down" });
    }
  });

  app.use(
    pinoHttp({
      logger: runtime.logger,
      genReqId: nextRequestId,
      autoLogging: { ignore: (req) => req.url?.startsWith("/assets/") ?? false },
      // One short line per request: method, path, status, time (no headers, no cookies, and
      // no signatures: a logged signed link would open a private file).
      serializers: {
        req: (req: { id: unknown; method: string; url: string }) => ({
          id: req.id,
          method: req.method,
          url: redactUrl(req.url),
        }),
        res: (res: { statusCode: number; headers?: Record<string, unknown> }) => ({
          statusCode: res.statusCode,
          cache: res.headers?.["x-cache"],
        }),
      },
    }),
  );
  app.use(compressResponses());

  // Fingerprinted build output never changes under the same name. Scripts and styles go out as
  // the brotli or zopfli file the build wrote beside them (decision 0132), not compressed again.
  app.use(
    "/assets",
    expressStaticGzip(path.join(options.clientDir, "assets"), {
      enableBrotli: true,
      orderPreference: ["br", "gz"],
      serveStatic: { immutable: true, maxAge: "1y" },
    }),
  );
  app.use(
    rootFiles(
      options.clientDir,
      express.static(options.clientDir, {
        maxAge: "1h",
        setHeaders: (res) => metrics.markStatic(res),
      }),
    ),
  );
  // Duplicate URLs (`/About/`) redirect to their page before anything is rendered or kept (0267).
  app.use(canonicalPaths(build));
  app.use(boundBodies());
  // Before the page cache, so a page it answers is counted too (issue #33): a check and a push
  // onto a bounded queue, written later in batches.
  app.use(countPageViews(runtime.visits));
  app.use(pageCache.middleware());

  app.use(
    createRequestHandler({
      // A virtual module of the React Router Vite plugin (typed by @react-router/dev).
      build,
      getLoadContext(req, res) {
        const context = new RouterContextProvider();
        context.set(runtimeContext, runtime);
        // Express's view of the client address (TRUST_PROXY aware), for per-IP rate limits.
        context.set(clientIpContext, req.ip ?? null);
        const shared: unknown = res.locals.sharedPage;
        context.set(sharedPageContext, typeof shared === "string" ? shared : null);
        return context;
      },
    }),
  );

  // A page-cache hit is answered ahead of Express, and counted, logged and viewed as the chain
  // would (decisions 0497, 0541): `serveHits` on the server this returns.
  const hitLog = createHitLog(runtime.logger);
  return (server: Server) =>
    serveHits(server, {
      pageCache,
      chain: app,
      metrics,
      visits: runtime.visits,
      logger: hitLog,
      request: app.request,
      nextRequestId,
    });
}

/**
 * The files at the build's top level (the favicon, the social image, `media/`) through `serve`,
 * and nothing else: a page's path never names one of them, so a page request makes no file-system
 * lookup (the static middleware's `stat` of every page's path was 7 % of the CPU time of serving
 * cached pages). The names are read once, at start; the build does not change while it serves.
 */
function rootFiles(clientDir: string, serve: express.RequestHandler): express.RequestHandler {
  const names = new Set(existsSync(clientDir) ? readdirSync(clientDir) : []);
  names.delete("assets"); // served above, by its own middleware
  return (req, res, next) => {
    const first = req.path.split("/", 2)[1] ?? "";
    return names.has(first) ? serve(req, res, next) : next();
  };
}

export async function startServer(options: { clientDir: string }): Promise<void> {
  let runtime: Runtime;
  try {
    runtime = await createRuntime(loadConfig());
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { config, logger } = runtime;
  const serve = createApp(runtime, options);
  // `npm run backup` asks a running embedded server over DATA_DIR/control.sock (decision 0245).
  // Without it the site still serves; only `npm run backup` cannot reach this server (it says so).
  const control =
    runtime.database.driver === "pglite"
      ? await startControlSocket(runtime).catch((err: unknown) => {
          logger.error({ err }, "the control socket could not be opened (npm run backup)");
          return null;
        })
      : null;
  const server: Server = createServer();
  serve(server);
  server.listen(config.PORT, config.HOST, () => {
    logger.info(`server listening on ${config.SITE_URL} (port ${config.PORT})`);
  });
  server.on("error", async (error) => {
    logger.fatal({ err: error }, "the server could not listen");
    await control?.close();
    await runtime.close();
    process.exit(1);
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    // Whatever happens below, never outlive the budget.
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS + 800).unref();
    server.close();
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
    await new Promise<void>((resolve) => server.once("close", () => resolve()));
    await control?.close();
    await runtime.close();
    process.exit(0);
  };
  process.once("SIGTERM", () => void stop("SIGTERM"));
  process.once("SIGINT", () => void stop("SIGINT"));
}
