/**
 * The full-page cache for anonymous visitors (decision 0180).
 *
 * A GET or HEAD of a public page by a visitor without a session or a flash cookie is "shared": it
 * is rendered without a nonce, its CSP lists the hashes of its inline scripts (entry.server.tsx),
 * so the same bytes are right for everyone. When such a response is a 200 HTML page marked
 * `public` (and sets no cookie), its bytes are kept here, compressed once (brotli and gzip, plus
 * the identity), keyed by path and the query the page reads (`pageCacheKey`: any other query is
 * served the same copy), and later requests get them without rendering.
 * Bounded by count and bytes (least recently used goes first), dropped on every change (one of
 * the runtime's caches, server/caches.ts), and at most `ttlMs` old. A list's search (`?q=` on /blog, /case-studies, /portfolio) is served
 * shared but never kept: every visitor can type a new one, and each would push a real page out
 * (issue 47 item 6).
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { pageCacheKey } from "@server/route-kit/page-query";
import type { NextFunction, Request, Response } from "express";
import { createContext } from "react-router";
import { LIST_FILTERS, readSearch } from "~/lib/listings/query";

/**
 * Set by the server for a shared request: the address of its shared copy (`pageCacheKey`), which
 * entry.server.tsx renders (without a nonce, with script hashes). Null: a page for one visitor.
 */
export const sharedPageContext = createContext<string | null>(null);

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface PageCacheOptions {
  maxEntries: number;
  maxBytes: number;
  ttlMs: number;
}

export const PAGE_CACHE_DEFAULTS: PageCacheOptions = {
  maxEntries: 500,
  maxBytes: 64 * 1024 * 1024,
  ttlMs: 60_000,
};

/** Cookies that make a page per-visitor: better-auth's session cookies and the admin flash. */
const PRIVATE_COOKIE = /(?:^|;\s*)(?:__Secure-)?(?:better-auth\.[^=]*|admin_flash)=/;

/** Headers of the rendered response that are not replayed (set per answer, or per visitor). */
const NOT_REPLAYED = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "date",
  "vary",
  "x-cache",
  "set-cookie",
  "keep-alive",
]);

type Encoding = "br" | "gzip" | "identity";

/** One encoding of a kept page: its body and its header lines (a flat name, value list), built once. */
export interface Answer {
  readonly head: readonly string[];
  readonly body: Buffer;
}

/** What a hit is looked up by: a request as Node parsed it, or as hit-socket.ts read it. */
export interface HitRequest {
  method?: string;
  url?: string;
  headers: IncomingHttpHeaders;
}

/** A kept page found for a request: its path (for /metrics, the view, the log) and its answer. */
export interface Hit {
  path: string;
  answer: Answer;
}

interface Entry {
  answers: Record<Encoding, Answer>;
  bytes: number;
  storedAt: number;
}

export interface PageCacheStats {
  entries: number;
  bytes: number;
  hits: number;
  misses: number;
  bypasses: number;
  stores: number;
  evictions: number;
  invalidations: number;
}

/** Whether this request may get (and make) the shared copy of a page. */
export function isShared(req: Request): boolean {
  return sharedRequest(req.method, req.path, req.headers.cookie);
}

/**
 * The one list of paths never shared nor kept, by first segment (and its data request, `/admin.data`):
 * the back-office, any API, and the review room's pages and downloads (a share link's, for its
 * reviewers only; a master streams through no capture). Both hit paths (the listener's and the socket's) go through
 * `sharedRequest`, so a rule added here holds for every hit.
 */
const NEVER_SHARED_SEGMENTS = ["admin", "api", "review", "review-files"];
const NEVER_SHARED = new RegExp(`^/(?:${NEVER_SHARED_SEGMENTS.join("|")})(?:[/.]|$)`);

function sharedRequest(method: string | undefined, path: string, cookie: string | undefined) {
  if (method !== "GET" && method !== "HEAD") return false;
  if (NEVER_SHARED.test(path)) return false;
  return !PRIVATE_COOKIE.test(cookie ?? "");
}

export class PageCache {
  readonly options: PageCacheOptions;
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  /** Bumped by every clear, so a render that began before a change is never stored after it. */
  private generation = 0;
  private readonly counters = {
    hits: 0,
    misses: 0,
    bypasses: 0,
    stores: 0,
    evictions: 0,
    invalidations: 0,
  };
  private readonly now: () => number;

  constructor(options: Partial<PageCacheOptions> = {}, now: () => number = Date.now) {
    this.options = { ...PAGE_CACHE_DEFAULTS, ...options };
    this.now = now;
  }

  stats(): PageCacheStats {
    return { entries: this.entries.size, bytes: this.bytes, ...this.counters };
  }

  /** Drops every page (any change: the home page lists posts, a post lists others...). */
  clear(): void {
    this.generation++;
    this.counters.invalidations++;
    this.entries.clear();
    this.bytes = 0;
  }

  private get(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.storedAt >= this.options.ttlMs) {
      this.delete(key, entry);
      return undefined;
    }
    // Most recently used last: Map keeps insertion order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  private delete(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  private set(key: string, entry: Entry): void {
    const old = this.entries.get(key);
    if (old) this.delete(key, old);
    if (entry.bytes > this.options.maxBytes) return;
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    this.counters.stores++;
    for (const [oldest, value] of this.entries) {
      if (this.entries.size <= this.options.maxEntries && this.bytes <= this.options.maxBytes)
        break;
      this.delete(oldest, value);
      this.counters.evictions++;
    }
  }

  /**
   * The kept answer for a request as Node parsed it (or as hit-socket.ts read it off the socket):
   * the path and query of an origin-form URL, the cookie and Accept-Encoding headers. Null when
   * it is not a hit, or one the chain must answer. Only a canonical page's path ever holds an
   * entry (canonicalPaths redirects the others before they render), and no hit's path names a
   * file, a body or a route of the chain's own (decisions 0497, 0541).
   */
  lookup(req: HitRequest): Hit | null {
    const url = req.url ?? "";
    if (url.charCodeAt(0) !== 0x2f || url.charCodeAt(1) === 0x2f) return null; // not "/...", or "//"
    const query = url.indexOf("?");
    const path = query === -1 ? url : url.slice(0, query);
    if (!sharedRequest(req.method, path, req.headers.cookie)) return null;
    const search = query === -1 ? "" : url.slice(query);
    if (isListSearch(path, search)) return null;
    const accepted = req.headers["accept-encoding"];
    const encoding = preferredEncoding(accepted);
    // The identity for a client that names other encodings (deflate): compression's, as before.
    if (encoding === "identity" && accepted) return null;
    const entry = this.get(pageCacheKey(path, search));
    if (!entry) return null;
    this.counters.hits++;
    return { path, answer: entry.answers[encoding] };
  }

  /** Answers a hit through Node's response (decision 0497); the page's path, or null untouched. */
  answer(req: IncomingMessage, res: ServerResponse): string | null {
    const hit = this.lookup(req);
    if (!hit) return null;
    send(res, req.method === "HEAD", hit.answer, "HIT");
    return hit.path;
  }

  /** Express middleware: answers hits, marks shared misses and keeps what they render. */
  middleware() {
    return (req: Request, res: Response, next: NextFunction) => {
      if (!isShared(req)) {
        this.counters.bypasses++;
        res.setHeader("X-Cache", "BYPASS");
        return next();
      }
      const query = req.originalUrl.indexOf("?");
      const search = query === -1 ? "" : req.originalUrl.slice(query);
      const key = pageCacheKey(req.path, search);
      res.locals.sharedPage = key;
      if (isListSearch(req.path, search)) {
        this.counters.bypasses++;
        res.setHeader("X-Cache", "BYPASS");
        return next();
      }
      const encoding = preferredEncoding(req.headers["accept-encoding"]);
      const entry = this.get(key);
      if (entry) {
        this.counters.hits++;
        return send(res, req.method === "HEAD", entry.answers[encoding], "HIT");
      }
      this.counters.misses++;
      res.setHeader("X-Cache", "MISS");
      if (req.method === "GET") this.capture(key, res, encoding);
      next();
    };
  }

  /**
   * Holds what the renderer writes (a shared page is rendered whole, so nothing could go out
   * earlier anyway), keeps it, and answers the miss from the kept page as every hit will be
   * answered: the same header lines and bytes, `X-Cache` aside. Anything not kept (not storable,
   * over the byte budget, compression failed) goes out as it was written.
   */
  private capture(key: string, res: Response, encoding: Encoding): void {
    const generation = this.generation;
    const chunks: Buffer[] = [];
    let size = 0;
    let released = false;
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const release = () => {
      released = true;
      res.write = write as Response["write"];
      res.end = end as Response["end"];
      for (const chunk of chunks.splice(0)) write(chunk);
    };
    const hold = (chunk: unknown, encoding: unknown) => {
      if (chunk == null || typeof chunk === "function") return;
      const buffer = Buffer.isBuffer(chunk)
        ? chunk
        : typeof chunk === "string"
          ? Buffer.from(chunk, (typeof encoding === "string" ? encoding : "utf8") as BufferEncoding)
          : Buffer.from(chunk as Uint8Array);
      chunks.push(buffer);
      size += buffer.length;
      if (size > this.options.maxBytes) release(); // never kept: the rest streams through
    };
    const done = (args: unknown[]) =>
      args.find((arg) => typeof arg === "function") as (() => void) | undefined;
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      hold(chunk, rest[0]);
      done(rest)?.();
      return true;
    }) as Response["write"];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      hold(chunk, rest[0]);
      const callback = done([chunk, ...rest]);
      if (released || !storable(res)) {
        release();
        return end(callback);
      }
      const identity = Buffer.concat(chunks);
      this.store(key, res, identity, generation).then(
        (answers) => {
          res.write = write as Response["write"];
          res.end = end as Response["end"];
          for (const name of res.getHeaderNames()) res.removeHeader(name);
          send(res, false, answers[encoding], "MISS");
          callback?.();
        },
        () => {
          release();
          end(callback);
        },
      );
      return res;
    }) as Response["end"];
  }

  /** Compresses a rendered page once and keeps it (unless content changed meanwhile). */
  private async store(key: string, res: Response, identity: Buffer, generation: number) {
    const headers: string[] = [];
    for (const [name, value] of Object.entries(res.getHeaders())) {
      if (value === undefined || NOT_REPLAYED.has(name)) continue;
      headers.push(name, Array.isArray(value) ? value.join(", ") : String(value));
    }
    const [br, gz] = await Promise.all([
      brotli(identity, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 5,
          [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        },
      }),
      gzipAsync(identity, { level: 6 }),
    ]);
    const answers = {
      br: answerOf(headers, "br", br),
      gzip: answerOf(headers, "gzip", gz),
      identity: answerOf(headers, "identity", identity),
    };
    // Not kept when content changed while this page rendered; this answer still gets it.
    if (generation === this.generation) {
      const bytes = identity.length + br.length + gz.length;
      this.set(key, { answers, bytes, storedAt: this.now() });
    }
    return answers;
  }
}

/** The header lines of one encoding of a page, in the order a hit has always sent them. */
function answerOf(headers: string[], encoding: Encoding, body: Buffer): Answer {
  const head = [...headers, "Vary", "Accept-Encoding", "X-Cache", "HIT"];
  if (encoding !== "identity") head.push("Content-Encoding", encoding);
  head.push("Content-Length", String(body.length));
  return { head, body };
}

/** A list page asked for a search (`?q=` as its loader reads it): never kept. */
export function isListSearch(path: string, search: string): boolean {
  return Object.hasOwn(LIST_FILTERS, path) && readSearch(new URLSearchParams(search)) !== "";
}

/** A page may be shared when it is a complete public 200 HTML answer that sets no cookie. */
function storable(res: Response): boolean {
  if (res.statusCode !== 200 || res.getHeader("set-cookie") !== undefined) return false;
  const type = String(res.getHeader("content-type") ?? "");
  const cacheControl = String(res.getHeader("cache-control") ?? "");
  const csp = String(res.getHeader("content-security-policy") ?? "");
  return (
    type.startsWith("text/html") &&
    /(?:^|[\s,])public(?:$|[\s,])/.test(cacheControl) &&
    !csp.includes("'nonce-")
  );
}

/** One write of the kept header lines (with this answer's `X-Cache`) and body. */
function send(res: ServerResponse, head: boolean, answer: Answer, cache: "HIT" | "MISS"): void {
  let lines = answer.head;
  if (cache !== "HIT") {
    const copy = [...lines];
    copy[copy.indexOf("X-Cache") + 1] = cache;
    lines = copy;
  }
  res.writeHead(200, lines as string[]);
  res.end(head ? undefined : answer.body);
}

/**
 * Brotli when the client takes it (every current browser, which lists it after gzip), else gzip,
 * else the identity. No header means the identity.
 */
export function preferredEncoding(header: string | undefined): "br" | "gzip" | "identity" {
  const accepted = new Map<string, number>();
  for (const part of (header ?? "").split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const takes = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  if (takes("br")) return "br";
  if (takes("gzip")) return "gzip";
  return "identity";
}
