import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AdminServer, hasBuild, startAdminServer } from "../support/admin-server";

/**
 * Addresses on the production server (`node server.js` from the build): one URL per page
 * (decision 0267), and per-IP limits that count an IPv6 client by its /64 (decision 0269).
 */

describe.runIf(hasBuild())("addresses on the production server", () => {
  let server: AdminServer;
  beforeAll(async () => {
    // Two submissions per address, to see the third refused; loopback (this test) is the
    // trusted proxy, so X-Forwarded-For names the client.
    server = await startAdminServer({ env: { SUBMISSION_RATE_LIMIT: "2" } });
  }, 120_000);
  afterAll(async () => {
    await server?.dispose();
  });

  const request = (path: string, init: RequestInit = {}) =>
    fetch(`${server.baseURL}${path}`, { redirect: "manual", ...init });

  it.each([
    ["/about/", "/about"],
    ["/ABOUT", "/about"],
    ["/Blog", "/blog"],
    ["/blog/", "/blog"],
    ["/services/", "/services"],
    ["/Services/Video-Production/", "/services/video-production"],
    ["/Blog/?page=2&q=light", "/blog?page=2&q=light"],
    ["/about//?utm_source=news", "/about?utm_source=news"],
  ])("redirects %s permanently to %s", async (path, target) => {
    const response = await request(path);
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe(target);
    const page = await request(target);
    expect(page.status).toBe(200);
    const canonical = target.split("?")[0] ?? "";
    expect(await page.text()).toContain(`rel="canonical" href="${server.baseURL}${canonical}`);
  });

  it("answers a canonical path itself, and keeps a post's method on the way (308)", async () => {
    for (const path of ["/", "/about", "/blog", "/services/video-production"]) {
      expect((await request(path)).status, path).toBe(200);
    }
    const posted = await request("/Contact/", { method: "POST", body: new FormData() });
    expect(posted.status).toBe(308);
    expect(posted.headers.get("location")).toBe("/contact");
    // A slug keeps its case (slugs are lowercase by rule): not found, not a duplicate.
    expect((await request("/blog/No-Such-Post")).status).toBe(404);
  });

  /** An invalid inquiry from `client` (counted by the limit before it is read). */
  const inquiry = (client: string) =>
    request("/contact", {
      method: "POST",
      headers: { "x-forwarded-for": client },
      body: new FormData(),
    }).then(async (response) => {
      await response.text();
      return response.status;
    });

  it("counts the addresses of one IPv6 /64 as one client", async () => {
    expect(await inquiry("2001:db8:28:64::1")).not.toBe(429);
    expect(await inquiry("2001:db8:28:64:ffff:ffff:ffff:fffe")).not.toBe(429);
    // Any other address of that network: the limit is reached.
    expect(await inquiry("2001:db8:28:64:1234::9")).toBe(429);
    // The next /64 is another client.
    expect(await inquiry("2001:db8:28:65::1")).not.toBe(429);
  });

  it("counts an IPv4-mapped IPv6 address as its IPv4 address", async () => {
    expect(await inquiry("::ffff:203.0.113.9")).not.toBe(429);
    expect(await inquiry("203.0.113.9")).not.toBe(429);
    expect(await inquiry("::ffff:203.0.113.9")).toBe(429);
    expect(await inquiry("203.0.113.10")).not.toBe(429);
  });

  it("serves the build's top-level files, and sends every other path to the pages", async () => {
    const favicon = await request("/favicon.svg");
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get("content-type")).toContain("image/svg+xml");
    expect(favicon.headers.get("cache-control")).toBe("public, max-age=3600");
    await favicon.arrayBuffer();
    const media = await request("/media/reel-poster.webp");
    expect(media.status).toBe(200);
    await media.arrayBuffer();
    // Not a file: React Router's 404 page, not the static middleware's.
    const missing = await request("/favicon.png");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toContain("text/html");
    expect(await missing.text()).toContain('<main id="main"');
  });
});
