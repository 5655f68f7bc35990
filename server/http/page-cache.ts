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

interface Entry {
  headers: [string, string][];
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
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
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  // The back-office, its data requests (`/admin.data`) and any API are never shared.
  if (/^\/(?:admin|api)(?:[/.]|$)/.test(req.path)) return false;
  return !PRIVATE_COOKIE.test(req.headers.cookie ?? "");
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
      const entry = this.get(key);
      if (entry) {
        this.counters.hits++;
        return send(req, res, entry);
      }
      this.counters.misses++;
      res.setHeader("X-Cache", "MISS");
      if (req.method === "GET") this.capture(key, res);
      next();
    };
  }

  /** Keeps a copy of what the renderer writes; stores it once the response has ended. */
  private capture(key: string, res: Response): void {
    const generation = this.generation;
    const chunks: Buffer[] = [];
    let size = 0;
    let overflow = false;
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const keep = (chunk: unknown, encoding: unknown) => {
      if (overflow || chunk == null || typeof chunk === "function") return;
      const buffer = Buffer.isBuffer(chunk)
        ? chunk
        : typeof chunk === "string"
          ? Buffer.from(chunk, (typeof encoding === "string" ? encoding : "utf8") as BufferEncoding)
          : Buffer.from(chunk as Uint8Array);
      size += buffer.length;
      if (size > this.options.maxBytes) overflow = true;
      else chunks.push(buffer);
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as Response["write"];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      const result = end(chunk, ...rest);
      if (!overflow && storable(res)) void this.store(key, res, Buffer.concat(chunks), generation);
      return result;
    }) as Response["end"];
  }

  private async store(key: string, res: Response, identity: Buffer, generation: number) {
    const headers: [string, string][] = [];
    for (const [name, value] of Object.entries(res.getHeaders())) {
      if (value === undefined || NOT_REPLAYED.has(name)) continue;
      headers.push([name, Array.isArray(value) ? value.join(", ") : String(value)]);
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
    if (generation !== this.generation) return; // content changed while this page rendered
    const bytes = identity.length + br.length + gz.length;
    this.set(key, { headers, identity, br, gzip: gz, bytes, storedAt: this.now() });
  }
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

function send(req: Request, res: Response, entry: Entry): void {
  const encoding = preferredEncoding(req.headers["accept-encoding"]);
  const body = encoding === "br" ? entry.br : encoding === "gzip" ? entry.gzip : entry.identity;
  for (const [name, value] of entry.headers) res.setHeader(name, value);
  res.setHeader("Vary", "Accept-Encoding");
  res.setHeader("X-Cache", "HIT");
  if (encoding === "br" || encoding === "gzip") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.status(200);
  res.end(req.method === "HEAD" ? undefined : body);
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
