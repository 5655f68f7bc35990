/**
 * Page-cache hits read off the socket and answered with one prebuilt buffer, ahead of Node's HTTP
 * parser (decision 0541). A connection starts here: each complete request it sends that this
 * module understands fully (a GET or HEAD of HTTP/1.1 with no body, its headers well formed) and
 * that the page cache holds (`PageCache.lookup`, the same rules as every hit) is answered with the
 * bytes Node's response would have written: the status line, the entry's header lines, `Date`,
 * `Connection` and `Keep-Alive` as Node writes them, and the body. At the first request that is
 * anything else (a miss, a session, a POST, a partial or odd request), the bytes not answered are
 * put back on the socket and the connection is handed to Node's own listener for good: Node parses
 * exactly the bytes it would have read, with all its limits and timeouts.
 */
import type { EventEmitter } from "node:events";
import type { Server } from "node:http";
import type { Socket } from "node:net";
import type { Answer, Hit, HitRequest } from "./page-cache";

/** A request read off the socket, the socket it came on, and where its bytes end. */
export interface SocketRequest extends HitRequest {
  method: "GET" | "HEAD";
  url: string;
  socket: Socket;
  /** `Connection: close`: answered, then the connection ends (as Node does). */
  close: boolean;
  end: number;
}

export interface SocketHits {
  /** The kept answer for a request, or null for the chain (`PageCache.lookup`). */
  lookup(req: SocketRequest): Hit | null;
  /** What the chain does for every request, done for an answered hit: /metrics, the view, the log. */
  answered(req: SocketRequest, path: string, started: number): void;
}

/** Node's default `maxHeaderSize`: a longer head is Node's to refuse. */
const MAX_HEAD = 16 * 1024;
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** A control character other than a tab: Node refuses such a value. */
const BAD_VALUE = /[^\t\x20-\x7e\x80-\xff]/;
/** An origin-form target of printable ASCII. */
const TARGET = /^\/[!-~]*$/;
/** What a hit reads of a request (PageCache.lookup, counting, req.ip); each at most once. */
const READ = new Set([
  "host",
  "cookie",
  "accept-encoding",
  "user-agent",
  "referer",
  "sec-purpose",
  "purpose",
  "x-forwarded-for",
]);
/** A request with one of these has a body, or asks for more than a page: Node's. */
const NOT_HERE = new Set(["content-length", "transfer-encoding", "upgrade", "expect"]);

/**
 * The request at `at` in `chunk`, when it is complete and plainly a GET or HEAD of HTTP/1.1
 * without a body; null otherwise (Node reads it instead, from the same bytes).
 */
export function readRequest(chunk: Buffer, at: number, socket: Socket): SocketRequest | null {
  const stop = chunk.indexOf("\r\n\r\n", at, "latin1");
  if (stop === -1 || stop - at > MAX_HEAD) return null;
  const lines = chunk.toString("latin1", at, stop).split("\r\n");
  const first = lines[0] ?? "";
  const method = first.startsWith("GET ") ? "GET" : first.startsWith("HEAD ") ? "HEAD" : null;
  if (!method || !first.endsWith(" HTTP/1.1")) return null;
  const url = first.slice(method.length + 1, -9);
  if (!TARGET.test(url)) return null;
  const headers: Record<string, string> = {};
  let close = false;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i] as string;
    const colon = line.indexOf(":");
    if (colon < 1) return null;
    const name = line.slice(0, colon);
    const value = line.slice(colon + 1).replace(/^[ \t]+|[ \t]+$/g, "");
    if (!TOKEN.test(name) || BAD_VALUE.test(value)) return null;
    const lower = name.toLowerCase();
    if (NOT_HERE.has(lower)) return null;
    if (lower === "connection") {
      const option = value.toLowerCase();
      if (option === "close") close = true;
      else if (option !== "keep-alive") return null;
    } else if (READ.has(lower)) {
      if (lower in headers) return null; // Node joins or picks duplicates: its to read
      headers[lower] = value;
    }
  }
  // Node refuses an HTTP/1.1 request without a Host (an empty one it takes).
  if (headers.host === undefined) return null;
  return { method, url, headers, socket, close, end: stop + 4 };
}

/** Node's `Date` line, made once a second as Node makes it. */
let dateSecond = -1;
let dateLine = "";

/** An answer's bytes as written for one second: the head, then the body. */
interface Wire {
  second: number;
  bytes: Buffer;
  head: number;
}

/**
 * Answers hits of `server`'s new connections off the socket until one sends anything else
 * (decision 0541). `server.close()`, `closeIdleConnections()` and `closeAllConnections()` also
 * end the connections still here.
 */
export function answerHitsAhead(server: Server, hits: SocketHits): void {
  const [nodeListener] = server.listeners("connection") as ((socket: Socket) => void)[];
  if (!nodeListener || server.maxRequestsPerSocket) return; // a counted `Keep-Alive: max=`: Node's
  server.removeListener("connection", nodeListener);
  const owned = new Set<Socket>();
  let closing = false;
  const wires = new WeakMap<Answer, { keep?: Wire; close?: Wire }>();

  const wireOf = (answer: Answer, close: boolean, now: number): Wire => {
    const second = Math.floor(now / 1000);
    if (second !== dateSecond) {
      dateSecond = second;
      dateLine = `Date: ${new Date(second * 1000).toUTCString()}\r\n`;
    }
    let both = wires.get(answer);
    if (!both) {
      both = {};
      wires.set(answer, both);
    }
    const kept = close ? both.close : both.keep;
    if (kept?.second === second) return kept;
    let text = "HTTP/1.1 200 OK\r\n";
    for (let i = 0; i < answer.head.length; i += 2)
      text += `${answer.head[i]}: ${answer.head[i + 1]}\r\n`;
    text += dateLine;
    const keepAlive = Math.floor(server.keepAliveTimeout / 1000);
    if (close) text += "Connection: close\r\n";
    else
      text += `Connection: keep-alive\r\n${keepAlive ? `Keep-Alive: timeout=${keepAlive}\r\n` : ""}`;
    const head = Buffer.from(`${text}\r\n`, "latin1");
    const wire = { second, bytes: Buffer.concat([head, answer.body]), head: head.length };
    if (close) both.close = wire;
    else both.keep = wire;
    return wire;
  };

  server.on("connection", (socket: Socket) => {
    if (closing) return nodeListener.call(server, socket);
    owned.add(socket);
    const onTimeout = () => socket.destroy();
    const onError = () => socket.destroy();
    const onEnd = () => socket.end(); // the client is done: so are we (as Node without half-open)
    const onDrain = () => socket.resume();
    const onClose = () => owned.delete(socket);
    const release = () => {
      owned.delete(socket);
      for (const [event, listener] of listeners) socket.removeListener(event, listener);
      socket.setTimeout(0);
    };
    const onData = (chunk: Buffer) => {
      if (closing) return; // ending: no more answers on this connection
      let at = 0;
      let flushed = true;
      while (at < chunk.length) {
        const started = performance.now();
        const req = readRequest(chunk, at, socket);
        const hit = req && hits.lookup(req);
        if (!req || !hit) {
          // Node's from here: the bytes not answered go back first, in order.
          release();
          socket.unshift(chunk.subarray(at));
          return nodeListener.call(server, socket);
        }
        const wire = wireOf(hit.answer, req.close, Date.now());
        flushed = socket.write(
          req.method === "HEAD" ? wire.bytes.subarray(0, wire.head) : wire.bytes,
        );
        hits.answered(req, hit.path, started);
        if (req.close) {
          release();
          socket.on("error", onError);
          socket.end();
          return;
        }
        at = req.end;
      }
      socket.setTimeout(server.keepAliveTimeout);
      // A client that reads slower than it asks waits for its answers to drain first.
      if (!flushed) socket.pause();
    };
    // What this module listens to while the connection is its own; all removed at the hand-over.
    const listeners: [string, Parameters<EventEmitter["on"]>[1]][] = [
      ["timeout", onTimeout],
      ["error", onError],
      ["end", onEnd],
      ["drain", onDrain],
      ["close", onClose],
      ["data", onData],
    ];
    socket.setTimeout(server.headersTimeout);
    for (const [event, listener] of listeners) socket.on(event, listener);
  });

  // Node's shutdown calls: the connections still here are between requests, so idle.
  const closeIdle = server.closeIdleConnections.bind(server);
  const closeAll = server.closeAllConnections.bind(server);
  server.closeIdleConnections = () => {
    closing = true;
    for (const socket of owned) socket.destroySoon();
    closeIdle();
  };
  server.closeAllConnections = () => {
    closing = true;
    for (const socket of owned) socket.destroy();
    closeAll();
  };
}
