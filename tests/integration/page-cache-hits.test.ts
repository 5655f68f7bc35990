import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AdminServer, hasBuild, startAdminServer } from "../support/admin-server";
import { rawGet } from "../support/raw-http";
import { labelledSample, waitFor } from "../support/wait";

/**
 * A page-cache hit answered ahead of Express (decision 0497), on the production server (`node
 * server.js` from the build, seeded PGlite): the same header lines and bytes as the miss that kept
 * the page, and everything the chain did for a hit still done (/metrics, the page view, the log).
 */

const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 hits-test";
const CRAWLER = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** The header block with the two lines that may differ (Date, X-Cache) reduced to their names. */
const comparable = (head: string) =>
  head.replace(/^Date: .*$/m, "Date:").replace(/^X-Cache: (?:HIT|MISS)$/m, "X-Cache:");

describe.runIf(hasBuild())("page-cache hits ahead of the chain", () => {
  let server: AdminServer;
  let base: string;
  beforeAll(async () => {
    server = await startAdminServer({ seed: true, env: { LOG_LEVEL: "info" } });
    base = server.baseURL;
  }, 120_000);
  afterAll(async () => {
    await server?.dispose();
  });

  const scrape = async () => (await fetch(`${base}/metrics`)).text();

  it("counts a hit in /metrics and in the log, and as a page view for a browser, not a crawler", async () => {
    const path = "/case-studies";
    const asked = (text: string) =>
      labelledSample(text, "http_requests_total", { method: "GET", route: path, status: "200" });
    const recorded = (text: string) => labelledSample(text, "page_views_recorded_total");
    await rawGet(`${base}${path}`, { "User-Agent": CRAWLER });
    // First in this file: no page view was asked before, so none is still queued to be written.
    const before = await scrape();
    // Three hits by a browser, three by a crawler, one more by the browser: the views are written
    // in order, so once the browser's last one is written, a crawler's would have been too.
    for (const agent of [BROWSER, BROWSER, BROWSER, CRAWLER, CRAWLER, CRAWLER, BROWSER]) {
      const hit = await rawGet(`${base}${path}`, { "User-Agent": agent, "Accept-Encoding": "br" });
      expect(hit.head).toMatch(/^X-Cache: HIT$/m);
    }
    const after = await waitFor(async () => {
      const text = await scrape();
      return recorded(text) >= recorded(before) + 4 && text;
    }, "the browser's page views to be written");
    expect(recorded(after) - recorded(before)).toBe(4);
    expect(asked(after) - asked(before)).toBe(7);
    expect(
      labelledSample(after, "http_request_duration_seconds_count", { route: path }) -
        labelledSample(before, "http_request_duration_seconds_count", { route: path }),
    ).toBe(7);
    await expect
      .poll(() => server.output())
      .toMatch(
        /"req":\{"id":\d+,"method":"GET","url":"\/case-studies"\},"res":\{"statusCode":200,"cache":"HIT"\}/,
      );
  });

  it("answers a hit with the header lines and bytes of the miss that kept it, but Date and X-Cache", async () => {
    for (const [path, headers] of [
      ["/weddings", { "Accept-Encoding": "gzip, deflate, br, zstd", "User-Agent": BROWSER }],
      ["/privacy", { "Accept-Encoding": "gzip" }],
      ["/portfolio", {}],
    ] as const) {
      const miss = await rawGet(`${base}${path}`, headers);
      expect(miss.head, path).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(miss.head, path).toMatch(/^X-Cache: MISS$/m);
      // The miss is answered once its page is kept: the very next request is a hit.
      const hit = await rawGet(`${base}${path}`, headers);
      expect(hit.head, path).toMatch(/^X-Cache: HIT$/m);
      expect(comparable(hit.head), path).toBe(comparable(miss.head));
      expect(hit.body.equals(miss.body), path).toBe(true);
      expect(hit.head, path).toMatch(/^Content-Length: \d+$/m);
      expect(hit.head, path).not.toMatch(/^Transfer-Encoding/im);
      expect(hit.head, path).toMatch(/^x-content-type-options: nosniff$/m);
      expect(hit.head, path).toMatch(/^Vary: Accept-Encoding$/m);
    }
    // The encodings each client takes: brotli for a browser, gzip for gzip, else the identity.
    expect((await rawGet(`${base}/weddings`, { "Accept-Encoding": "br" })).head).toMatch(
      /^Content-Encoding: br$/m,
    );
    expect((await rawGet(`${base}/privacy`, { "Accept-Encoding": "gzip" })).head).toMatch(
      /^Content-Encoding: gzip$/m,
    );
    expect((await rawGet(`${base}/portfolio`)).head).not.toMatch(/^Content-Encoding/im);
  });

  it("leaves a hit that Express would answer otherwise to the chain", async () => {
    await rawGet(`${base}/about`, { "Accept-Encoding": "gzip" });
    // A duplicate URL still redirects (0267); a deflate-only client gets compression's deflate.
    const duplicate = await rawGet(`${base}/About/`);
    expect(duplicate.head).toMatch(/^HTTP\/1\.1 301 /);
    expect(duplicate.head).toMatch(/^Location: \/about$/im);
    const deflate = await rawGet(`${base}/about`, { "Accept-Encoding": "deflate" });
    expect(deflate.head).toMatch(/^X-Cache: HIT$/m);
    expect(deflate.head).toMatch(/^Content-Encoding: deflate$/m);
  });
});
