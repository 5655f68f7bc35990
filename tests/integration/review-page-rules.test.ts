import { request as httpRequest, type Server } from "node:http";
import { bodyRuleFor } from "@server/http/body-limit";
import { canonicalPath } from "@server/http/canonical-path";
import { PageCache } from "@server/http/page-cache";
import { redactUrl } from "@server/http/redact";
import { createRouteLabeller } from "@server/observability/route-labels";
import { isCountedPath } from "@server/visits/view-rules";
import express from "express";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import { routePatternOf } from "../support/admin-runtime";
import { freePort } from "../support/admin-server";

/**
 * The server's rules for the review room's page (issue #45, decision 0531): never in the page
 * cache (even were it answered `public`), not counted as a visit, its token kept out of logs,
 * its posts within their own body limit, and its address canonical as asked (the token's case).
 */

const TOKEN = "Ab3_-xYz0123456789abcdefghijklmnopqrstuvwxy";

function get(base: string, path: string): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${base}${path}`, (response) => {
      response.resume();
      response.on("end", () => resolve(String(response.headers["x-cache"] ?? "")));
    });
    request.on("error", reject);
    request.end();
  });
}

describe("a review page and the page cache", () => {
  let server: Server | undefined;
  let base = "";
  const cache = new PageCache();
  beforeAll(async () => {
    const app = express();
    app.use(cache.middleware());
    // Answered as a public page would be: the rule alone must keep it out.
    app.get("/{*path}", (req, res) => {
      res.set("Cache-Control", "public, s-maxage=60").type("html");
      res.send(`<!doctype html><p>${req.path}</p>`);
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

  it("is never shared nor kept, while a public page is", async () => {
    expect(await get(base, `/review/${TOKEN}`)).toBe("BYPASS");
    expect(await get(base, `/review/${TOKEN}`)).toBe("BYPASS");
    expect(await get(base, `/review/${TOKEN}?version=x`)).toBe("BYPASS");
    expect(cache.stats().stores).toBe(0);
    expect(await get(base, "/about")).toBe("MISS");
    await expect.poll(() => cache.stats().stores).toBe(1);
    expect(await get(base, "/about")).toBe("HIT");
  });
});

describe("a review page's other rules", () => {
  it("is not a counted visit, and its token is not logged", () => {
    expect(isCountedPath(`/review/${TOKEN}`)).toBe(false);
    expect(isCountedPath("/reviews")).toBe(true);
    expect(redactUrl(`/review/${TOKEN}?version=1`)).toBe("/review/[redacted]?version=1");
    expect(redactUrl(`/review/${TOKEN}.data`)).toBe("/review/[redacted].data");
    expect(redactUrl("/reviewers/x")).toBe("/reviewers/x");
  });

  it("takes posts within its own limit", () => {
    const rule = bodyRuleFor(`/review/${TOKEN}`, "application/x-www-form-urlencoded");
    expect(rule.maxBytes).toBe(256 * 1024);
    expect(rule.message).toBe("A comment is at most 5,000 characters, with one drawing.");
    expect(bodyRuleFor(`/review/${TOKEN}.data`).message).toBe(rule.message);
  });

  it("is a route of its own outside the site's frame, its token kept as asked", () => {
    expect(routePatternOf(`/review/${TOKEN}`)).toBe("review/:token");
    const [site] = routes as unknown as { children: { path?: string }[] }[];
    expect(site?.children.some((route) => route.path?.startsWith("review"))).toBe(false);
    const manifest = Object.fromEntries(
      [
        { id: "root", path: "" },
        { id: "review", parentId: "root", path: "review/:token" },
      ].map((route) => [route.id, { ...route, module: {} }]),
    ) as unknown as ServerBuild["routes"];
    const patternOf = createRouteLabeller(manifest);
    expect(canonicalPath(`/review/${TOKEN}`, patternOf)).toBe(`/review/${TOKEN}`);
    expect(canonicalPath(`/Review/${TOKEN}/`, patternOf)).toBe(`/review/${TOKEN}`);
  });
});
