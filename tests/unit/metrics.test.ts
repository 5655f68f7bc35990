import type { Server } from "node:http";
import type { JobRun } from "@server/jobs/engine";
import { registerJobMetrics } from "@server/observability/job-metrics";
import { createMetrics, type MetricsSources } from "@server/observability/metrics";
import { isLoopbackAddress, isMetricsRequestAllowed } from "@server/observability/metrics-access";
import { createRouteLabeller } from "@server/observability/route-labels";
import express from "express";
import { Registry } from "prom-client";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * /metrics (decision 0210): who may read it, the bounded route label, and the request metrics on a
 * small Express app. The production server is scraped in tests/integration/metrics.test.ts.
 */

const TOKEN = "t".repeat(40);
const allowed = (
  remoteAddress: string | undefined,
  headers: Record<string, string> = {},
  token?: string,
) => isMetricsRequestAllowed({ remoteAddress, headers }, token);

describe("who may read /metrics", () => {
  it.each([
    ["127.0.0.1", true],
    ["127.10.20.30", true],
    ["::1", true],
    ["0:0:0:0:0:0:0:1", true],
    ["::ffff:127.0.0.1", true],
    ["::FFFF:127.0.0.2", true],
    ["192.0.2.2", false],
    ["10.0.0.1", false],
    ["::ffff:192.0.2.2", false],
    ["::ffff:10.0.0.1", false],
    ["fd00::2", false],
    ["::2", false],
    ["128.0.0.1", false],
    ["", false],
    [undefined, false],
    ["localhost", false],
    ["127.0.0.1.evil.example", false],
  ])("peer %s without a token configured: %s", (address, expected) => {
    expect(isLoopbackAddress(address)).toBe(expected);
    expect(allowed(address)).toBe(expected);
  });

  it("refuses a loopback peer that relays someone else's request (a local reverse proxy)", () => {
    for (const name of ["x-forwarded-for", "forwarded", "x-real-ip"]) {
      expect(allowed("127.0.0.1", { [name]: "203.0.113.9" })).toBe(false);
    }
  });

  it("with a token configured, asks everyone for it, loopback included", () => {
    for (const peer of ["127.0.0.1", "::1", "192.0.2.2", "fd00::2"]) {
      expect(allowed(peer, {}, TOKEN)).toBe(false);
      expect(allowed(peer, { authorization: `Bearer ${TOKEN}` }, TOKEN)).toBe(true);
    }
    expect(allowed("192.0.2.2", { authorization: `bearer ${TOKEN}` }, TOKEN)).toBe(true);
    // Behind a proxy, the token is what counts.
    expect(
      allowed(
        "127.0.0.1",
        { authorization: `Bearer ${TOKEN}`, "x-forwarded-for": "1.2.3.4" },
        TOKEN,
      ),
    ).toBe(true);
  });

  it.each([
    `Bearer ${TOKEN}x`,
    `Bearer ${TOKEN.slice(1)}`,
    `Basic ${TOKEN}`,
    `Bearer`,
    `Bearer `,
    TOKEN,
    `Bearer ${TOKEN} extra`,
    "",
  ])("refuses the authorization %j", (header) => {
    expect(allowed("192.0.2.2", { authorization: header }, TOKEN)).toBe(false);
  });
});

function manifest(
  routes: { id: string; parentId?: string; path?: string; index?: boolean }[],
): ServerBuild["routes"] {
  return Object.fromEntries(
    routes.map((route) => [route.id, { ...route, module: {} }]),
  ) as unknown as ServerBuild["routes"];
}

describe("route labels", () => {
  const label = createRouteLabeller(
    manifest([
      { id: "root", path: "" },
      { id: "site", parentId: "root" },
      { id: "home", parentId: "site", index: true },
      { id: "blog", parentId: "site", path: "blog" },
      { id: "post", parentId: "site", path: "blog/:slug" },
      { id: "not-found", parentId: "site", path: "*" },
      { id: "admin-login", parentId: "root", path: "admin/login" },
      { id: "files", parentId: "root", path: "files/:bucket/*" },
    ]),
  );

  it("is the route pattern, never the URL", () => {
    expect(label("/")).toBe("/");
    expect(label("/blog")).toBe("/blog");
    expect(label("/blog/a-post")).toBe("/blog/:slug");
    expect(label("/blog/another-post")).toBe("/blog/:slug");
    expect(label("/admin/login")).toBe("/admin/login");
    expect(label("/files/portfolio/a/b.jpg")).toBe("/files/:bucket/*");
    expect(label("/whatever/the/visitor/typed")).toBe("/*");
  });

  it("marks React Router's data requests", () => {
    expect(label("/blog/a-post.data")).toBe("/blog/:slug.data");
    expect(label("/_root.data")).toBe("/.data");
  });

  it("has few values however many URLs are asked", () => {
    const values = new Set<string>();
    for (let i = 0; i < 5_000; i++) values.add(label(`/blog/post-${i}`));
    for (let i = 0; i < 5_000; i++) values.add(label(`/x${i}/y`));
    expect([...values].sort()).toEqual(["/*", "/blog/:slug"]);
  });
});

describe("request metrics on an Express app", () => {
  let server: Server;
  let base: string;
  let stuck = false;
  const sources: MetricsSources = {
    database: {
      // The outbox count: answers 3, or never (a database that hangs).
      db: {
        select: () => ({
          from: () => ({
            where: () => (stuck ? new Promise(() => {}) : Promise.resolve([{ value: 3 }])),
          }),
        }),
      } as unknown as MetricsSources["database"]["db"],
    },
    logger: { warn: () => {} },
    pageCache: {
      stats: () => ({
        entries: 0,
        bytes: 0,
        hits: 7,
        misses: 2,
        bypasses: 0,
        stores: 0,
        evictions: 0,
        invalidations: 0,
      }),
    },
    refusals: () => ({
      "sign-in": 1,
      submission: 2,
      upload: 0,
      "upload-quota": 0,
      "password-reset": 0,
      consent: 0,
      booking: 0,
      passkey: 0,
      "review-password": 0,
      "review-comment": 0,
      "review-comment-link": 0,
    }),
    build: async () => ({
      routes: manifest([
        { id: "root", path: "" },
        { id: "page", parentId: "root", path: "page/:id" },
        { id: "broken", parentId: "root", path: "broken" },
      ]),
    }),
  };

  beforeAll(async () => {
    const metrics = createMetrics(sources);
    const app = express();
    app.use(metrics.track());
    app.get("/metrics", metrics.endpoint(undefined));
    app.get("/page/:id", (_req, res) => {
      res.send("ok");
    });
    app.get("/broken", () => {
      throw new Error("a bug");
    });
    app.use((_req, res) => {
      res.status(404).send("not found");
    });
    await new Promise<void>((resolve) => {
      server = app.listen(0, "127.0.0.1", () => resolve());
    });
    const address = server.address();
    base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });

  const scrape = async () => {
    const response = await fetch(`${base}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.text();
  };

  it("counts requests by route pattern and status, 5xx apart, and reads the other counters", async () => {
    await fetch(`${base}/page/1`);
    await fetch(`${base}/page/2`);
    await fetch(`${base}/broken`);
    const text = await scrape();
    expect(text).toContain('http_requests_total{method="GET",route="/page/:id",status="200"} 2');
    expect(text).toContain('http_requests_total{method="GET",route="/broken",status="500"} 1');
    expect(text).toContain('http_server_errors_total{route="/broken"} 1');
    expect(text).toContain('http_request_duration_seconds_count{route="/page/:id"} 2');
    expect(text).not.toMatch(/route="\/page\/[12]"/);
    expect(text).toContain("page_cache_hits_total 7");
    expect(text).toContain("page_cache_misses_total 2");
    expect(text).toContain("outbox_pending 3");
    expect(text).toContain('rate_limit_refusals_total{limiter="submission"} 2');
    expect(text).toContain('rate_limit_refusals_total{limiter="upload"} 0');
    expect(text).toContain("process_cpu_user_seconds_total");
    // No backup metric until backups exist (issue #21).
    expect(text).not.toContain("backup");
  });

  it("answers a scrape, the outbox depth unknown (NaN), when the database hangs", async () => {
    stuck = true;
    try {
      const started = Date.now();
      const text = await scrape();
      expect(Date.now() - started).toBeLessThan(5_000);
      // prom-client writes "Nan"; Prometheus reads NaN in any case.
      expect(text).toMatch(/^outbox_pending nan$/im);
      expect(text).toContain("page_cache_hits_total 7");
    } finally {
      stuck = false;
    }
  });
});

describe("job metrics", () => {
  it("reports queue depths unknown (NaN), within the timeout, when pg-boss does not answer", async () => {
    const registry = new Registry();
    let runs: ((run: JobRun) => void) | undefined;
    registerJobMetrics(
      registry,
      {
        queues: () => ["a-queue"],
        counts: () => new Promise(() => {}),
        onRun: (listener) => {
          runs = listener;
          return () => {};
        },
      },
      { warn: () => {} },
    );
    runs?.({ queue: "a-queue", seconds: 0.2, ok: true });
    runs?.({ queue: "a-queue", seconds: 3, ok: false });
    const started = Date.now();
    const text = await registry.metrics();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(text).toMatch(/^jobs_waiting\{queue="a-queue"\} nan$/im);
    expect(text).toMatch(/^jobs_running\{queue="a-queue"\} nan$/im);
    expect(text).toContain('jobs_completed_total{queue="a-queue"} 1');
    expect(text).toContain('jobs_failed_total{queue="a-queue"} 1');
    expect(text).toContain('job_duration_seconds_bucket{le="0.5",queue="a-queue"} 1');
    expect(text).toContain('job_duration_seconds_bucket{le="5",queue="a-queue"} 2');
    expect(text).toContain('job_duration_seconds_sum{queue="a-queue"} 3.2');
  });
});
