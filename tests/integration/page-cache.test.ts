import { createHash } from "node:crypto";
import { request as httpRequest, type Server } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { PageCache } from "@server/http/page-cache";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ADMIN } from "../support/admin-data";
import {
  type AdminServer,
  freePort,
  hasBuild,
  signInCookie,
  startAdminServer,
} from "../support/admin-server";

/**
 * The full-page cache for anonymous visitors (decision 0180), on the production server
 * (`node server.js` from the build, seeded PGlite), and its bounds on a small Express app.
 */

/** Raw bytes and headers (fetch would decode the body and hide Content-Encoding). */
function get(
  baseURL: string,
  path: string,
  headers: Record<string, string> = {},
  method = "GET",
): Promise<{ status: number; headers: Headers; raw: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${baseURL}${path}`,
      { method, headers: { "accept-encoding": "identity", ...headers } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const result = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            if (value !== undefined)
              result.set(name, Array.isArray(value) ? value.join(", ") : value);
          }
          resolve({
            status: response.statusCode ?? 0,
            headers: result,
            raw: Buffer.concat(chunks),
          });
        });
      },
    );
    request.on("error", reject);
    request.end();
  });
}

function decode(raw: Buffer, encoding: string | null): string {
  if (encoding === "br") return brotliDecompressSync(raw).toString("utf8");
  if (encoding === "gzip") return gunzipSync(raw).toString("utf8");
  return raw.toString("utf8");
}

function scriptSources(csp: string): string[] {
  const scriptSrc = csp.split("; ").find((d) => d.startsWith("script-src ")) ?? "";
  return scriptSrc.split(" ").slice(1);
}

/** Each inline script of the HTML, as the browser hashes it. */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes = ""]) => !/\ssrc=|application\/ld\+json/i.test(attributes))
    .map(([, , text = ""]) => text);
}

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("base64");

async function stats(baseURL: string) {
  const body = (await (await fetch(`${baseURL}/healthz`)).json()) as {
    pageCache: import("@server/http/page-cache").PageCacheStats;
  };
  return body.pageCache;
}

/** Requests `path` until it comes from the cache (a page is kept once compressed, just after its answer). */
async function warm(baseURL: string, path: string) {
  await expect.poll(async () => (await get(baseURL, path)).headers.get("x-cache")).toBe("HIT");
}

describe.runIf(hasBuild())("full-page cache on the production server", () => {
  let server: AdminServer;
  let base: string;
  beforeAll(async () => {
    server = await startAdminServer({ seed: true, env: { LOG_LEVEL: "info" } });
    base = server.baseURL;
  }, 120_000);
  afterAll(async () => {
    await server?.dispose();
  });

  it("renders once, then serves the same bytes without rendering (HIT), in the log and /healthz", async () => {
    const first = await get(base, "/blog");
    expect(first.status).toBe(200);
    expect(first.headers.get("x-cache")).toBe("MISS");
    await warm(base, "/blog");
    const second = await get(base, "/blog");
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(second.raw.equals(first.raw)).toBe(true);
    expect(second.headers.get("content-security-policy")).toBe(
      first.headers.get("content-security-policy"),
    );
    expect(second.headers.get("cache-control")).toMatch(/^public, .*s-maxage=/);
    expect(second.headers.get("vary")).toContain("Accept-Encoding");
    // HEAD gets the headers of the kept page.
    const head = await get(base, "/blog", {}, "HEAD");
    expect(head.headers.get("x-cache")).toBe("HIT");
    expect(head.raw.length).toBe(0);
    // A query the page reads is another page.
    expect((await get(base, "/careers?apply=Video+Editor")).headers.get("x-cache")).toBe("MISS");
    await warm(base, "/careers?apply=Video+Editor");
    const counters = await stats(base);
    expect(counters.hits).toBeGreaterThanOrEqual(2);
    expect(counters.entries).toBeGreaterThanOrEqual(2);
    // A search is served shared (hashes, no nonce) and never kept (issue 47 item 6).
    for (const path of ["/blog?q=studio", "/case-studies?q=film", "/portfolio?q=reel"]) {
      const search = await get(base, path);
      expect(search.status, path).toBe(200);
      expect(search.headers.get("x-cache"), path).toBe("BYPASS");
      expect(search.headers.get("content-security-policy"), path).not.toMatch(/'nonce-/);
    }
    expect((await stats(base)).entries).toBe(counters.entries);
    // A hit's line is written with the others', within 50 ms (decision 0541).
    await expect
      .poll(() => server.output())
      .toMatch(/"url":"\/blog"},"res":\{"statusCode":200,"cache":"HIT"\}/);
  });

  it("answers brotli, gzip or the identity, all the same page", async () => {
    await warm(base, "/about");
    const identity = await get(base, "/about");
    const html = identity.raw.toString("utf8");
    expect(identity.headers.get("content-encoding")).toBeNull();
    for (const encoding of ["br", "gzip"]) {
      const response = await get(base, "/about", { "accept-encoding": `${encoding}, identity` });
      expect(response.headers.get("x-cache")).toBe("HIT");
      expect(response.headers.get("content-encoding")).toBe(encoding);
      expect(Number(response.headers.get("content-length"))).toBe(response.raw.length);
      expect(response.raw.length).toBeLessThan(html.length / 3);
      expect(decode(response.raw, encoding)).toBe(html);
    }
    const preferred = await get(base, "/about", { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(preferred.headers.get("content-encoding")).toBe("br");
    const none = await get(base, "/about", { "accept-encoding": "" });
    expect(decode(none.raw, none.headers.get("content-encoding"))).toBe(html);
  });

  it("shares a hash-based CSP: every inline script of the page is in it, no nonce anywhere", async () => {
    await warm(base, "/");
    const response = await get(base, "/", { "accept-encoding": "br" });
    expect(response.headers.get("x-cache")).toBe("HIT");
    const html = decode(response.raw, "br");
    const sources = scriptSources(response.headers.get("content-security-policy") ?? "");
    expect(sources).toContain("'strict-dynamic'");
    expect(sources).not.toContain("'unsafe-inline'");
    expect(sources.some((s) => s.startsWith("'nonce-"))).toBe(false);
    expect(html).not.toMatch(/\snonce=/);
    const scripts = inlineScripts(html);
    expect(scripts.length).toBeGreaterThan(1);
    // The loader adds React Router's module script at run time: its hash is listed too.
    const loader = scripts.find((s) => s.includes("first-contentful-paint")) ?? "";
    const moduleCode = JSON.parse(loader.match(/\}\)\(("(?:[^"\\]|\\.)*"),/)?.[1] ?? '""');
    expect(moduleCode).toContain("import");
    // Exactly the page's own scripts, nothing more (decision 0266; an injected script is left
    // out: tests/unit/shared-page-scripts.test.ts).
    const hashes = sources.filter((s) => s.startsWith("'sha256-")).sort();
    const own = [...new Set([...scripts, moduleCode])].map((text) => `'sha256-${sha256(text)}'`);
    expect(hashes).toEqual(own.sort());
  });

  it("derives HSTS and upgrade-insecure-requests from SITE_URL, never from a forwarded protocol", async () => {
    // SITE_URL is http here; a client behind "a proxy" (loopback is trusted) claims https.
    const poisoned = await get(base, "/terms?p1", { "x-forwarded-proto": "https" });
    expect(poisoned.status).toBe(200);
    expect(poisoned.headers.get("x-cache")).toBe("MISS");
    await warm(base, "/terms?p1");
    for (const response of [poisoned, await get(base, "/terms?p1"), await get(base, "/terms")]) {
      expect(response.headers.get("strict-transport-security")).toBeNull();
      expect(response.headers.get("content-security-policy")).not.toContain(
        "upgrade-insecure-requests",
      );
    }
    expect((await get(base, "/terms")).headers.get("x-cache")).toBe("HIT");
  });

  it("serves any query a page does not read from the page's one copy", async () => {
    const marker = "zq-unread-7731";
    // The first request renders the page as its copy's address shows it: nothing of the unread
    // query gets in (a form's default action is the current URL).
    expect((await get(base, `/contact?utm_source=${marker}`)).headers.get("x-cache")).toBe("MISS");
    for (const path of ["/contact", "/", "/about", "/blog", "/careers"]) await warm(base, path);
    const before = await stats(base);
    const unread = [
      `/contact?utm_source=${marker}`,
      "/?q=1",
      "/?q=2",
      "/?page=3&fbclid=x",
      `/about?x=${Date.now()}`,
      "/about?x=2&y=3",
      "/blog?utm_campaign=spring&page=1",
      "/careers?apply=Not+a+role",
    ];
    for (const path of unread) {
      const response = await get(base, path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("x-cache"), path).toBe("HIT");
      expect(response.raw.toString("utf8"), path).not.toContain(marker);
      expect(response.raw.toString("utf8"), path).not.toContain("utm_");
    }
    const after = await stats(base);
    expect(after.entries).toBe(before.entries);
    expect(after.misses).toBe(before.misses);
    expect(after.hits).toBe(before.hits + unread.length);
    const entries = after.entries;
    // What a page reads is its own copy: a list's page, search and filter, a role to apply for.
    for (const path of ["/blog?page=2", "/blog?category=Production", "/careers?apply=Producer"]) {
      expect((await get(base, path)).headers.get("x-cache"), path).toBe("MISS");
      await warm(base, path);
    }
    expect((await stats(base)).entries).toBe(entries + 3);
    // ...with its unread query dropped and its own one normalised as the loader reads it.
    for (const path of [
      "/blog?page=2&utm_source=x",
      "/blog?page=02",
      "/blog?category=%20Production",
    ]) {
      expect((await get(base, path)).headers.get("x-cache"), path).toBe("HIT");
    }
    expect((await stats(base)).entries).toBe(entries + 3);
  });

  it("never shares a page with a session or a flash cookie, a POST answer or an admin page", async () => {
    await warm(base, "/services");
    const session = await signInCookie(base, TEST_ADMIN);
    const flash = "admin_flash=eyJ4IjoxfQ%3D%3D.signature";
    for (const cookie of [session, flash, `consent=1; ${session}`]) {
      const response = await get(base, "/services", { cookie });
      expect(response.status).toBe(200);
      expect(response.headers.get("x-cache")).toBe("BYPASS");
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      expect(response.headers.get("content-security-policy")).toMatch(/'nonce-[^']+'/);
    }
    const admin = await get(base, "/admin/testimonials", { cookie: session });
    expect(admin.status).toBe(200);
    expect(admin.headers.get("x-cache")).toBe("BYPASS");
    expect(admin.headers.get("cache-control")).toBe("private, no-store");
    expect((await get(base, "/admin.data")).headers.get("x-cache")).toBe("BYPASS");
    const login = await get(base, "/admin/login");
    expect(login.headers.get("x-cache")).toBe("BYPASS");
    expect(login.headers.get("content-security-policy")).toMatch(/'nonce-/);
    // A form's answer (here the validation errors of an empty contact form).
    const posted = await fetch(`${base}/contact`, {
      method: "POST",
      body: new URLSearchParams({ name: "" }),
      redirect: "manual",
    });
    expect(posted.headers.get("x-cache")).toBe("BYPASS");
    expect(posted.headers.get("cache-control")).toBe("private, no-store");
    expect(posted.headers.get("content-security-policy")).toMatch(/'nonce-/);
    // None of them left a copy behind: the anonymous page is still the shared one.
    const anonymous = await get(base, "/services");
    expect(anonymous.headers.get("x-cache")).toBe("HIT");
    expect(anonymous.raw.toString("utf8")).not.toMatch(/\snonce=/);
  });

  it("drops every page when content changes", async () => {
    await warm(base, "/");
    await warm(base, "/blog");
    const before = await stats(base);
    const cookie = await signInCookie(base, TEST_ADMIN);
    const list = (await get(base, "/admin/testimonials", { cookie })).raw.toString("utf8");
    const form = list.match(
      /name="intent" value="feature"\/><input type="hidden" name="id" value="([^"]+)"\/><input type="hidden" name="value" value="(true|false)"/,
    );
    expect(form).not.toBeNull();
    const toggled = await fetch(`${base}/admin/testimonials`, {
      method: "POST",
      headers: { cookie },
      body: new URLSearchParams({ intent: "feature", id: form?.[1] ?? "", value: form?.[2] ?? "" }),
      redirect: "manual",
    });
    expect(toggled.status).toBe(302);
    const after = await stats(base);
    expect(after.invalidations).toBe(before.invalidations + 1);
    expect(after.entries).toBe(0);
    expect((await get(base, "/")).headers.get("x-cache")).toBe("MISS");
    expect((await get(base, "/blog")).headers.get("x-cache")).toBe("MISS");
    await warm(base, "/");
  });
});

describe("page cache bounds", () => {
  let server: Server;
  let base: string;
  let now = 0;
  let renders = 0;
  const cache = new PageCache({ maxEntries: 3, maxBytes: 60_000, ttlMs: 1_000 }, () => now);
  beforeAll(async () => {
    const app = express();
    app.use(cache.middleware());
    app.get("/private", (_req, res) => res.set("Cache-Control", "private").send("<p>no</p>"));
    app.get("/{*path}", (req, res) => {
      renders++;
      const size = Number(req.query.size ?? 100);
      res.set("Cache-Control", "public, s-maxage=60").type("html");
      res.send(`<!doctype html><p>${req.path}</p>${"x".repeat(size)}`);
    });
    const port = await freePort();
    await new Promise<void>((resolve) => {
      server = app.listen(port, "127.0.0.1", () => resolve());
    });
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(() => {
    server?.close();
  });

  const status = async (path: string) => (await get(base, path)).headers.get("x-cache");
  /** Stores happen after the answer is sent (compression is asynchronous). */
  async function stored(count: number) {
    await expect.poll(() => cache.stats().stores).toBe(count);
  }

  it("keeps at most maxEntries pages, dropping the least recently used", async () => {
    // One store at a time: stores finish after their answers, so without waiting they could land
    // out of order and make another page the least recently used.
    for (const [index, path] of ["/a", "/b", "/c"].entries()) {
      expect(await status(path)).toBe("MISS");
      await stored(index + 1);
    }
    expect(await status("/a")).toBe("HIT"); // /a is now the most recent: /b is the oldest
    expect(await status("/d")).toBe("MISS");
    await stored(4);
    expect(cache.stats().entries).toBe(3);
    expect(cache.stats().evictions).toBe(1);
    expect(await status("/a")).toBe("HIT");
    expect(await status("/b")).toBe("MISS");
  });

  it("keeps at most maxBytes, and never a page larger than that", async () => {
    cache.clear();
    const storesBefore = cache.stats().stores;
    // Each page weighs a little over 25 KB (its identity; the repeated text compresses to little).
    const big = (name: string) => `/${name}?size=25000`;
    const rendersBefore = renders;
    const evictionsBefore = cache.stats().evictions;
    for (const [index, name] of ["e", "f", "g"].entries()) {
      expect(await status(big(name))).toBe("MISS");
      await stored(storesBefore + index + 1);
    }
    expect(cache.stats().entries).toBe(2);
    expect(cache.stats().bytes).toBeLessThanOrEqual(60_000);
    expect(cache.stats().evictions).toBe(evictionsBefore + 1);
    expect(await status(big("g"))).toBe("HIT");
    expect(await status(big("e"))).toBe("MISS");
    // Larger than the whole budget: never kept.
    await status("/huge?size=200000");
    expect(await status("/huge?size=200000")).toBe("MISS");
    expect(renders - rendersBefore).toBe(6);
  });

  it("forgets pages older than the TTL", async () => {
    cache.clear();
    const storesBefore = cache.stats().stores;
    await status("/ttl");
    await stored(storesBefore + 1);
    expect(await status("/ttl")).toBe("HIT");
    now += 1_000;
    expect(await status("/ttl")).toBe("MISS");
  });

  it("serves the lists' searches without keeping them: the entry count stays as it was", async () => {
    cache.clear();
    const storesBefore = cache.stats().stores;
    expect(await status("/blog")).toBe("MISS");
    await stored(storesBefore + 1);
    const { entries, stores } = cache.stats();
    const rendersBefore = renders;
    const searches = ["/blog", "/case-studies", "/portfolio"].flatMap((list) =>
      Array.from({ length: 5 }, (_, i) => `${list}?q=${encodeURIComponent(`search ${i}`)}`),
    );
    for (const path of searches) expect(await status(path), path).toBe("BYPASS");
    // Asked again, each is rendered again: nothing was kept, even after the answers.
    for (const path of searches) expect(await status(path), path).toBe("BYPASS");
    expect(renders - rendersBefore).toBe(searches.length * 2);
    expect(cache.stats().entries).toBe(entries);
    expect(cache.stats().stores).toBe(stores);
    // The real page was not pushed out; an empty search is the list itself.
    expect(await status("/blog")).toBe("HIT");
    expect(await status("/blog?q=%20")).toBe("HIT");
  });

  it("keeps only public 200 pages", async () => {
    cache.clear();
    await status("/private");
    expect(await status("/private")).toBe("MISS");
    expect(cache.stats().entries).toBe(0);
  });
});
