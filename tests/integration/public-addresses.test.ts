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
});
