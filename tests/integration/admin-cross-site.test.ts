import { CROSS_SITE_REFUSED } from "@server/security/origin";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ADMIN } from "../support/admin-data";
import {
  type AdminServer,
  hasBuild,
  signInCookie,
  startAdminServer,
} from "../support/admin-server";

/**
 * Issue #47 item 14: every back-office write refuses a request the browser marks as another
 * site's (`Sec-Fetch-Site: cross-site`, or a foreign Origin), as the resource routes did: route
 * actions, their client data requests and resource routes, through the one root guard
 * (`crossSiteWriteRefusal`, server/security/origin.ts). On the production server.
 */

describe.runIf(hasBuild())("cross-site back-office writes on the production server", () => {
  let server: AdminServer;
  let cookie: string;
  beforeAll(async () => {
    server = await startAdminServer();
    cookie = await signInCookie(server.baseURL, TEST_ADMIN);
  }, 120_000);
  afterAll(async () => {
    await server?.dispose();
  });

  const post = (path: string, headers: Record<string, string>, body: URLSearchParams) =>
    fetch(`${server.baseURL}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, ...headers },
      body,
    });
  const addRedirect = (from: string) =>
    new URLSearchParams({ intent: "add", from, to: "/contact" });
  const listed = async (from: string) => {
    const page = await fetch(`${server.baseURL}/admin/redirects?q=${encodeURIComponent(from)}`, {
      headers: { cookie },
    });
    // A row of the list (the search box shows the query too).
    return (await page.text()).includes(`</span>${from}<span`);
  };

  it("refuses a route action, its data request and a resource route posted cross-site", async () => {
    for (const [path, headers] of [
      ["/admin/redirects", { "Sec-Fetch-Site": "cross-site" }],
      ["/admin/redirects.data", { "Sec-Fetch-Site": "cross-site" }],
      ["/admin/login", { "Sec-Fetch-Site": "cross-site" }],
    ] as const) {
      const response = await post(path, headers, addRedirect("/cross-site-old"));
      expect(response.status, `${path} ${JSON.stringify(headers)}`).toBe(403);
      expect(await response.text()).toBe(CROSS_SITE_REFUSED);
      expect(response.headers.get("cache-control")).toContain("no-store");
    }
    // A foreign Origin: React Router's own check (400) answers before ours.
    const foreign = await post(
      "/admin/redirects",
      { Origin: "https://evil.example" },
      addRedirect("/cross-site-old"),
    );
    expect([400, 403]).toContain(foreign.status);
    expect(await listed("/cross-site-old")).toBe(false);
    const upload = await fetch(`${server.baseURL}/admin/uploads/image`, {
      method: "POST",
      headers: { cookie, "Sec-Fetch-Site": "cross-site" },
      body: new FormData(),
    });
    expect(upload.status).toBe(403);
  });

  it("takes the same write from the site itself, or from a client that names no site", async () => {
    const same = await post(
      "/admin/redirects",
      { "Sec-Fetch-Site": "same-origin", Origin: server.baseURL },
      addRedirect("/same-site-old"),
    );
    expect(same.status).toBe(302);
    expect(await listed("/same-site-old")).toBe(true);
    const plain = await post("/admin/redirects", {}, addRedirect("/plain-client-old"));
    expect(plain.status).toBe(302);
    // A cross-site GET only reads: it opens the page.
    const read = await fetch(`${server.baseURL}/admin/redirects`, {
      headers: { cookie, "Sec-Fetch-Site": "cross-site" },
      redirect: "manual",
    });
    expect(read.status).toBe(200);
  });
});
