import { createServer, type Server } from "node:http";
import { connect, type Socket } from "node:net";
import { pageViews } from "@server/db/schema";
import { serveHits } from "@server/http/hits";
import { PageCache } from "@server/http/page-cache";
import { createHitLog } from "@server/logger";
import { VisitCounter } from "@server/visits/page-views";
import { eq } from "drizzle-orm";
import express from "express";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestRuntime, SITE, type TestRuntime } from "../support/admin-runtime";
import { freePort } from "../support/admin-server";
import { testDrivers } from "../support/database";

/**
 * Page-cache hits read off the socket and answered with one prebuilt buffer (decision 0541): the
 * bytes Node's response would write, a connection handed to Node's parser at its first request
 * that is anything else (bytes in order), and what the chain does for every request still done
 * for each hit (the count for /metrics, the log line, the page view on a bounded queue).
 */

const IP = "203.0.113.48";
const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 hit-socket-test";
const CRAWLER = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** The header block with the two lines that may differ (Date, X-Cache) reduced to their names. */
const comparable = (head: string) =>
  head.replace(/^Date: .*$/m, "Date:").replace(/^X-Cache: (?:HIT|MISS)$/m, "X-Cache:");

interface Reply {
  head: string;
  body: Buffer;
}

/**
 * One connection: `writes` sent in order (each its own write), resolved with the first `count`
 * responses as they came (a HEAD's without a body). The socket is left open unless `end`.
 */
function exchange(
  port: number,
  writes: string[],
  heads: boolean[],
): Promise<{ replies: Reply[]; socket: Socket }> {
  return new Promise((resolve, reject) => {
    let buffered = Buffer.alloc(0);
    const replies: Reply[] = [];
    const socket = connect(port, "127.0.0.1", async () => {
      for (const write of writes) {
        await new Promise<void>((done) => socket.write(write, () => done()));
      }
    });
    socket.on("error", reject);
    socket.on("data", (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      for (;;) {
        const stop = buffered.indexOf("\r\n\r\n");
        if (stop === -1) break;
        const head = buffered.subarray(0, stop).toString("latin1");
        const length = heads[replies.length]
          ? 0
          : Number(/^Content-Length: (\d+)$/im.exec(head)?.[1] ?? 0);
        if (buffered.length < stop + 4 + length) break;
        replies.push({ head, body: buffered.subarray(stop + 4, stop + 4 + length) });
        buffered = buffered.subarray(stop + 4 + length);
      }
      if (replies.length >= heads.length) resolve({ replies, socket });
    });
  });
}

const get = (path: string, headers: Record<string, string> = {}, method = "GET") =>
  `${[`${method} ${path} HTTP/1.1`, "Host: 127.0.0.1", ...Object.entries(headers).map(([n, v]) => `${n}: ${v}`)].join("\r\n")}\r\n\r\n`;

describe.each(testDrivers)("page-cache hits off the socket on %s", (driver) => {
  let t: TestRuntime;
  let server: Server;
  let port: number;
  let visits: VisitCounter;
  /** Requests Node's HTTP parser saw (a hit off the socket is never one). */
  let parsed = 0;
  const counted: string[] = [];
  const logged: string[] = [];

  beforeAll(async () => {
    t = await createTestRuntime(driver);
    // A queue of three views, written only when flushed here.
    visits = new VisitCounter(t.runtime.database.db, {
      siteUrl: SITE,
      maxQueue: 3,
      batchSize: 100,
      flushMs: 3_600_000,
    });
    const pageCache = new PageCache();
    const app = express();
    app.set("trust proxy", true);
    app.use(pageCache.middleware());
    app.post("/form", (_req, res) => {
      res.type("text").send("posted");
    });
    app.get("/{*path}", (req, res) => {
      res
        .set("Cache-Control", "public, max-age=0, s-maxage=60")
        .set("X-Content-Type-Options", "nosniff")
        .type("html")
        .send(`<!doctype html><title>${req.path}</title><p>${"page ".repeat(200)}</p>`);
    });
    server = createServer();
    server.on("request", () => parsed++);
    let id = 0;
    serveHits(server, {
      pageCache,
      chain: app,
      metrics: { countHit: (method, path) => counted.push(`${method} ${path}`) },
      visits,
      logger: createHitLog(pino({ level: "info" }, { write: (line: string) => logged.push(line) })),
      request: app.request,
      nextRequestId: () => ++id,
    });
    port = await freePort();
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  });
  afterAll(async () => {
    if (server?.listening) await new Promise((resolve) => server.close(resolve));
    await visits?.stop();
    await t?.close();
  });

  it("answers a connection's hits off the socket with the miss's header lines and bytes, Date and X-Cache aside", async () => {
    for (const [path, headers] of [
      ["/work", { "Accept-Encoding": "gzip, deflate, br" }],
      ["/about", { "Accept-Encoding": "gzip" }],
      ["/team", {}],
    ] as const) {
      const miss = await exchange(port, [get(path, headers)], [false]);
      miss.socket.destroy();
      expect(miss.replies[0]?.head, path).toMatch(/^X-Cache: MISS$/m);
      const before = parsed;
      // Two hits in one write and a HEAD, on a keep-alive connection that only asks for hits.
      const hits = await exchange(
        port,
        [get(path, headers) + get(path, headers), get(path, headers, "HEAD")],
        [false, false, true],
      );
      hits.socket.destroy();
      expect(parsed - before, path).toBe(0);
      for (const hit of hits.replies) {
        expect(hit.head, path).toMatch(/^X-Cache: HIT$/m);
        expect(comparable(hit.head), path).toBe(comparable(miss.replies[0]?.head ?? ""));
      }
      expect(hits.replies[0]?.body.equals(miss.replies[0]?.body ?? Buffer.alloc(1)), path).toBe(
        true,
      );
      expect(hits.replies[0]?.head, path).toMatch(
        /^Connection: keep-alive\r\nKeep-Alive: timeout=5$/m,
      );
      expect(hits.replies[0]?.head, path).toMatch(/^x-content-type-options: nosniff$/m);
      expect(hits.replies[0]?.head, path).toMatch(/^Vary: Accept-Encoding$/m);
      // `Connection: close` is answered here too, as Node answers it, and the connection ends.
      const closedMiss = await rawClose(
        port,
        get(`${path}-closed`, { ...headers, Connection: "close" }),
      );
      const closedHit = await rawClose(
        port,
        get(`${path}-closed`, { ...headers, Connection: "close" }),
      );
      expect(parsed - before, path).toBe(1); // the miss only
      expect(closedMiss, path).toMatch(/^X-Cache: MISS$/m);
      expect(closedHit, path).toMatch(/^X-Cache: HIT$/m);
      expect(comparable(closedHit), path).toBe(comparable(closedMiss));
      expect(closedHit, path).toMatch(/^Connection: close$/m);
      expect(closedHit, path).not.toMatch(/^Keep-Alive/m);
    }
  });

  it("hands a connection to Node at its first request that is not a hit, its bytes in order", async () => {
    await exchange(port, [get("/pipeline")], [false]).then(({ socket }) => socket.destroy());
    const before = parsed;
    const post = "POST /form HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\n\r\nhello";
    const { replies, socket } = await exchange(
      port,
      [get("/pipeline") + post + get("/pipeline") + get("/pipeline-other")],
      [false, false, false, false],
    );
    socket.destroy();
    expect(replies.map((r) => /^X-Cache: (\w+)$/m.exec(r.head)?.[1])).toEqual([
      "HIT",
      "BYPASS",
      "HIT",
      "MISS",
    ]);
    expect(replies[1]?.body.toString()).toBe("posted");
    // Node parsed all but the first: the connection stays Node's once handed over.
    expect(parsed - before).toBe(3);
    // HTTP/1.0 and a session cookie are Node's; a request without a Host is Node's to refuse.
    const old = await exchange(
      port,
      ["GET /pipeline HTTP/1.0\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n"],
      [false],
    );
    old.socket.destroy();
    expect(old.replies[0]?.head).toMatch(/^X-Cache: HIT$/m);
    const session = await rawClose(
      port,
      get("/pipeline", { Cookie: "better-auth.session_token=x", Connection: "close" }),
    );
    expect(session).toMatch(/^X-Cache: BYPASS$/m);
    expect(parsed - before).toBe(3 + 2);
    const noHost = await rawClose(port, "GET /pipeline HTTP/1.1\r\nConnection: close\r\n\r\n");
    expect(noHost).toMatch(/^HTTP\/1\.1 400 /);
    // A request cut across writes is answered whoever reads it (Node, when it arrives cut).
    const cut = await exchange(
      port,
      ["GET /pipeline HTTP/1.1\r\nHo", "st: 127.0.0.1\r\n\r\n"],
      [false],
    );
    cut.socket.destroy();
    expect(cut.replies[0]?.head).toMatch(/^X-Cache: HIT$/m);
  });

  it("counts each hit off the socket for /metrics, logs it, and queues its view on the bounded queue (dropped and counted past it)", async () => {
    await exchange(port, [get("/counted")], [false]).then(({ socket }) => socket.destroy());
    await visits.flush();
    const start = { ...visits.stats() };
    const countedBefore = counted.length;
    const parsedBefore = parsed;
    const asked = [BROWSER, CRAWLER, BROWSER, BROWSER, BROWSER, BROWSER];
    const writes = asked.map((agent) =>
      get("/counted", { "User-Agent": agent, "X-Forwarded-For": IP }),
    );
    const { socket } = await exchange(
      port,
      [writes.join("")],
      asked.map(() => false),
    );
    socket.destroy();
    expect(parsed - parsedBefore).toBe(0);
    // Five views by a browser onto a queue of three: three queued, two dropped and counted; the
    // crawler's is no view at all.
    expect(visits.stats().queued - start.queued).toBe(3);
    expect(visits.stats().dropped - start.dropped).toBe(2);
    expect(counted.slice(countedBefore)).toEqual(asked.map(() => "GET /counted"));
    // Written with the other hits' lines, within 50 ms.
    await expect
      .poll(() => logged.at(-1))
      .toMatch(
        /"req":\{"id":\d+,"method":"GET","url":"\/counted"\},"res":\{"statusCode":200,"cache":"HIT"\}/,
      );
    await visits.flush();
    expect(visits.stats().recorded - start.recorded).toBe(3);
    const rows = await t.runtime.database.db
      .select()
      .from(pageViews)
      .where(eq(pageViews.path, "/counted"));
    expect(rows).toHaveLength(3);
    // The address is Express's `req.ip` (trust proxy: the forwarded one).
    const visitId = await visits.visitId({ ip: IP, userAgent: BROWSER });
    expect(rows.every((row) => row.visitId === visitId)).toBe(true);
  });

  it("ends a connection waiting between hits when the server closes", async () => {
    await exchange(port, [get("/closing")], [false]).then(({ socket }) => socket.destroy());
    const { socket } = await exchange(port, [get("/closing")], [false]);
    const ended = new Promise<void>((resolve) => socket.once("close", () => resolve()));
    await new Promise((resolve) => server.close(resolve));
    await ended;
  });
});

/** One request on a connection of its own that the server ends; resolved with the head. */
function rawClose(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, "127.0.0.1", () => socket.write(request));
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("end", () => {
      const raw = Buffer.concat(chunks);
      resolve(raw.subarray(0, raw.indexOf("\r\n\r\n")).toString("latin1"));
    });
  });
}
