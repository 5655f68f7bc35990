import { readFileSync } from "node:fs";
import { request } from "node:http";
import { connect } from "node:net";

/**
 * A POST with full control of the body's framing (declared length or chunked, a lying length,
 * a body far larger than what is sent), resolved with the first response the server gives. A
 * server that answers early and drops the rest of the upload is expected: errors after the
 * response are ignored.
 */

export interface RawPost {
  headers?: Record<string, string>;
  /** Sent in order; with `declaredLength` unset the body is chunked. */
  chunks: Iterable<Uint8Array>;
  /** A Content-Length header (may be larger than what is sent). */
  declaredLength?: number;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export function rawPost(url: string, post: RawPost): Promise<RawResponse | "reset"> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = { ...post.headers };
    if (post.declaredLength !== undefined) headers["content-length"] = String(post.declaredLength);
    else headers["transfer-encoding"] = "chunked";
    // A connection of its own: a server that drops a refused upload's connection must not
    // break the next request on a pooled socket.
    const req = request(url, { method: "POST", headers, agent: false });
    let answered = false;
    req.on("response", (res) => {
      answered = true;
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => {
        body += chunk;
      });
      const done = () => {
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
        req.destroy();
      };
      res.on("end", done);
      res.on("error", done);
      res.on("aborted", done);
    });
    req.on("error", () => {
      if (!answered) resolve("reset");
    });
    // Write chunk by chunk, waiting for the socket to drain, until answered or done.
    const iterator = post.chunks[Symbol.iterator]();
    const pump = () => {
      for (;;) {
        if (answered || req.destroyed) return;
        const next = iterator.next();
        if (next.done) {
          // Fewer bytes than declared: leave the request open; the server must answer anyway.
          if (post.declaredLength === undefined) req.end();
          return;
        }
        if (!req.write(next.value)) {
          req.once("drain", pump);
          return;
        }
      }
    };
    pump();
  });
}

/**
 * A GET over a socket of its own (`Connection: close`), resolved with the response as sent: its
 * status line and header lines exactly as they came (names' case, order) and its body's bytes.
 */
export function rawGet(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ head: string; body: Buffer }> {
  const { hostname, port, pathname, search } = new URL(url);
  const lines = [`GET ${pathname}${search} HTTP/1.1`, `Host: ${hostname}:${port}`];
  for (const [name, value] of Object.entries({ ...headers, Connection: "close" })) {
    lines.push(`${name}: ${value}`);
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(Number(port), hostname, () =>
      socket.write(`${lines.join("\r\n")}\r\n\r\n`),
    );
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("end", () => {
      const raw = Buffer.concat(chunks);
      const end = raw.indexOf("\r\n\r\n");
      resolve({ head: raw.subarray(0, end).toString("latin1"), body: raw.subarray(end + 4) });
    });
  });
}

/** `total` bytes of `fill` in 64 KB chunks (generated, never held at once). */
export function* bytesOf(total: number, fill = 0x61): Generator<Uint8Array> {
  const chunk = new Uint8Array(64 * 1024).fill(fill);
  for (let sent = 0; sent < total; sent += chunk.byteLength) {
    yield total - sent >= chunk.byteLength ? chunk : chunk.subarray(0, total - sent);
  }
}

/** The resident memory of a process, in bytes (Linux). */
export function residentBytes(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return Number(match?.[1] ?? 0) * 1024;
}

/** Samples a process's resident memory while `work` runs; returns the peak rise in bytes. */
export async function peakRise<T>(
  pid: number,
  work: () => Promise<T>,
): Promise<{ result: T; before: number; peak: number }> {
  const before = residentBytes(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentBytes(pid));
  }, 20);
  try {
    const result = await work();
    peak = Math.max(peak, residentBytes(pid));
    return { result, before, peak };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * A memory rise to compare with a bound, robust to a collection that comes late: `measure` runs
 * once, and once more when its rise is at or over the bound; the smaller rise counts. A server
 * that buffers or leaks grows by as much on every run, so it fails both.
 */
export async function riseUnder(bound: number, measure: () => Promise<number>): Promise<number> {
  const rise = await measure();
  return rise < bound ? rise : Math.min(rise, await measure());
}
