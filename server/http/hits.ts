/**
 * Page-cache hits answered ahead of the middleware chain (decisions 0497, 0541): off the socket
 * while a connection asks only for hits (hit-socket.ts), else by the request listener before the
 * chain. Either way a hit does what the chain does for every request: counted in /metrics, logged
 * as pino-http logs a request, and its page view counted (batched, bounded: VisitCounter.count),
 * its address as Express reads it (TRUST_PROXY aware). Everything else is the chain's.
 */
import type { IncomingMessage, RequestListener, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { isCountedRequest, type ViewInput, viewOf } from "@server/visits/page-views";
import type { Request } from "express";
import type { Logger } from "pino";
import { answerHitsAhead } from "./hit-socket";
import type { HitRequest, PageCache } from "./page-cache";
import { redactUrl } from "./redact";

export interface HitDeps {
  pageCache: Pick<PageCache, "answer" | "lookup">;
  /** Everything that is not a hit: the Express app. */
  chain: RequestListener;
  metrics: { countHit(method: string, path: string, seconds: number): void };
  visits: { count(view: ViewInput): void; options: { now(): Date } };
  logger: Pick<Logger, "info" | "isLevelEnabled">;
  /** Express's request prototype (`app.request`): its `ip` getter, TRUST_PROXY aware. */
  request: Request;
  /** pino-http's request ids, shared with the hits. */
  nextRequestId(): number;
}

/** Makes `server` answer hits ahead of the chain and hand it everything else. */
export function serveHits(server: Server, deps: HitDeps): void {
  const { pageCache, chain, metrics, visits, logger, request, nextRequestId } = deps;
  const answered = (req: HitRequest & { socket: Socket }, path: string, started: number) => {
    const ms = performance.now() - started;
    metrics.countHit(req.method ?? "GET", path, ms / 1000);
    if (isCountedRequest(req, path)) {
      const ip = (Object.setPrototypeOf(req, request) as Request).ip ?? "";
      visits.count(viewOf(req, path, ip, visits.options.now()));
    }
    if (logger.isLevelEnabled("info")) {
      const line = { id: nextRequestId(), method: req.method, url: redactUrl(req.url ?? path) };
      const answer = { statusCode: 200, cache: "HIT" };
      logger.info({ req: line, res: answer, responseTime: Math.round(ms) }, "request completed");
    }
  };
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    const path = pageCache.answer(req, res);
    if (path === null) return chain(req, res);
    answered(req, path, started);
  });
  answerHitsAhead(server, { lookup: (req) => pageCache.lookup(req), answered });
}
