import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { type AddressInfo, createConnection, createServer } from "node:net";
import { networkInterfaces } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AdminServer, hasBuild, startAdminServer } from "../support/admin-server";
import { labelledSample } from "../support/wait";

/**
 * /metrics on the production server (`node server.js` from the build, seeded PGlite; decision
 * 0210): scraped, then scraped again after requests, the counters have moved; from an address of
 * this machine that is not loopback it is refused without the token and served with it; and
 * Prometheus's own checker finds nothing to report. /healthz gives its details to the same
 * peers only (decision 0268).
 */

/** Prometheus's checker of the exposition format (Debian's `prometheus` package). */
const PROMTOOL = "/usr/bin/promtool";

const TOKEN = "metrics-test-token-0123456789abcdef";

/**
 * This machine's first non-loopback IPv4 address that a plain TCP listener on it answers on (the
 * tests only ever talk to this machine; a sandbox may list an interface it does not deliver to).
 */
async function ownNonLoopbackAddress(): Promise<string | undefined> {
  for (const list of Object.values(networkInterfaces())) {
    for (const entry of list ?? []) {
      if (!entry.internal && entry.family === "IPv4" && (await answers(entry.address))) {
        return entry.address;
      }
    }
  }
  return undefined;
}

async function answers(address: string): Promise<boolean> {
  // The probe hangs up at once, so this end may see a reset: an unheard 'error' would be thrown.
  const listener = createServer((socket) => socket.on("error", () => {}).end());
  await new Promise<void>((resolve, reject) =>
    listener.once("error", reject).listen(0, "0.0.0.0", resolve),
  );
  const { port } = listener.address() as AddressInfo;
  const reached = await new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: address, port, timeout: 5_000 });
    const settle = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once("connect", () => settle(true));
    socket.once("timeout", () => settle(false));
    socket.once("error", () => settle(false));
  });
  await new Promise((resolve) => listener.close(resolve));
  return reached;
}
const outside = await ownNonLoopbackAddress();

/** The keys of /healthz's answer. */
async function healthKeys(base: string, headers: Record<string, string> = {}): Promise<string[]> {
  const response = await fetch(`${base}/healthz`, { headers });
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("no-store");
  return Object.keys(await response.json()).sort();
}
const STATUS_ONLY = ["database", "status"];
const WITH_DETAILS = ["backup", "database", "pageCache", "status"];

/** One sample of the exposition text, or 0 when the series is absent. */
const onPort = (server: AdminServer, host: string) =>
  `http://${host}:${new URL(server.baseURL).port}`;

function contactForm(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

describe.runIf(hasBuild())("/metrics on the production server", () => {
  let open: AdminServer;
  let guarded: AdminServer;
  beforeAll(async () => {
    const env = {
      // On every interface, so a request can arrive from a non-loopback address of this machine.
      HOST: "0.0.0.0",
      SUBMISSION_RATE_LIMIT: "2",
      // The outbox is left alone while the test reads its depth.
      JOBS_WORK: "off",
    };
    [open, guarded] = await Promise.all([
      startAdminServer({ seed: true, env }),
      startAdminServer({ env: { ...env, METRICS_TOKEN: TOKEN } }),
    ]);
  }, 180_000);
  afterAll(async () => {
    await Promise.all([open?.dispose(), guarded?.dispose()]);
  });

  async function scrape(base: string): Promise<string> {
    const response = await fetch(`${base}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-cache")).toBeNull();
    return response.text();
  }

  it("moves its counters with the requests it answers", async () => {
    const base = open.baseURL;
    const before = await scrape(base);
    const requests = (text: string, route: string, status = "200", method = "GET") =>
      labelledSample(text, "http_requests_total", { method, route, status });

    // A page, rendered then kept whole: a page-cache miss, then hits (each stored once compressed).
    expect((await fetch(`${base}/blog`)).status).toBe(200);
    await expect.poll(async () => (await fetch(`${base}/blog`)).headers.get("x-cache")).toBe("HIT");
    // Two visitor-typed URLs: one label each (their patterns), never the URLs.
    expect((await fetch(`${base}/blog/no-such-post-4821`)).status).toBe(404);
    expect((await fetch(`${base}/a/path/nobody/links/to-9321`)).status).toBe(404);
    // A project inquiry (one notification in the outbox), a bad one, then the limit refuses.
    const post = async (fields: Record<string, string>) => {
      const response = await fetch(`${base}/contact`, {
        method: "POST",
        body: contactForm(fields),
        redirect: "manual",
      });
      // Read to the end: fetch resolves at the headers, and a request is counted once answered.
      await response.text();
      return response;
    };
    await post({ name: "Dana Whitfield", email: "dana@example.com", description: "A film." });
    await post({ name: "" });
    expect((await post({ name: "" })).status).toBe(429);

    const after = await scrape(base);
    expect(requests(after, "/blog") - requests(before, "/blog")).toBeGreaterThanOrEqual(2);
    expect(
      labelledSample(after, "http_request_duration_seconds_count", { route: "/blog" }) -
        labelledSample(before, "http_request_duration_seconds_count", { route: "/blog" }),
    ).toBeGreaterThanOrEqual(2);
    expect(requests(after, "/blog/:slug", "404")).toBe(1);
    expect(requests(after, "/*", "404")).toBe(1);
    expect(after).not.toContain("no-such-post");
    expect(after).not.toContain("nobody");
    expect(requests(after, "/contact", "429", "POST")).toBe(1);
    expect(labelledSample(after, "page_cache_hits_total")).toBeGreaterThan(
      labelledSample(before, "page_cache_hits_total"),
    );
    expect(labelledSample(after, "page_cache_misses_total")).toBeGreaterThan(
      labelledSample(before, "page_cache_misses_total"),
    );
    expect(labelledSample(after, "content_cache_misses_total")).toBeGreaterThan(
      labelledSample(before, "content_cache_misses_total"),
    );
    expect(
      labelledSample(after, "rate_limit_refusals_total", { limiter: "submission" }) -
        labelledSample(before, "rate_limit_refusals_total", { limiter: "submission" }),
    ).toBe(1);
    // The accepted inquiry's two mails: the studio's notification, the visitor's acknowledgement.
    expect(labelledSample(after, "outbox_pending") - labelledSample(before, "outbox_pending")).toBe(
      2,
    );
    // The previous scrape was counted too, under its own label.
    expect(requests(after, "/metrics")).toBeGreaterThanOrEqual(1);
    expect(after).toContain("process_resident_memory_bytes");
  });

  it("is refused to a loopback peer that relays a request (a reverse proxy)", async () => {
    const response = await fetch(`${open.baseURL}/metrics`, {
      headers: { "x-forwarded-for": "203.0.113.7" },
    });
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("http_requests_total");
  });

  // Needs a non-loopback address this machine answers on; without one it is reported skipped.
  (outside ? it : it.skip)(
    `is refused from a non-loopback address without the token, served with it (${outside ?? "none here"})`,
    async () => {
      const refusedOpen = await fetch(`${onPort(open, outside ?? "")}/metrics`);
      expect(refusedOpen.status).toBe(404);
      expect(await refusedOpen.text()).not.toContain("http_requests_total");

      const base = onPort(guarded, outside ?? "");
      const wrong: Record<string, string>[] = [
        {},
        { authorization: `Bearer ${TOKEN}x` },
        { authorization: TOKEN },
      ];
      for (const headers of wrong) {
        const refused = await fetch(`${base}/metrics`, { headers });
        expect(refused.status).toBe(404);
        expect(refused.headers.get("content-type")).toMatch(/^text\/html/);
        expect(await refused.text()).not.toContain("http_requests_total");
      }
      const served = await fetch(`${base}/metrics`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(served.status).toBe(200);
      expect(served.headers.get("cache-control")).toBe("no-store");
      expect(await served.text()).toContain("http_requests_total");
    },
  );

  it("passes `promtool check metrics`", async () => {
    if (!existsSync(PROMTOOL)) {
      throw new Error(
        `${PROMTOOL} is missing: install Debian's prometheus package (apt-get install prometheus)`,
      );
    }
    const text = await scrape(open.baseURL);
    const checked = spawnSync(PROMTOOL, ["check", "metrics"], { input: text, encoding: "utf8" });
    expect(`${checked.stdout}${checked.stderr}`.trim()).toBe("");
    expect(checked.status).toBe(0);
    // The per-type gauges stay; only their misnamed sums are gone.
    expect(text).toMatch(/^# TYPE nodejs_active_handles gauge$/m);
    expect(text).not.toContain("nodejs_active_handles_total");
    // The job engine's series (issue #49) for its one queue, from the first scrape.
    const sweep = { queue: "sweep-unclaimed-uploads" };
    expect(text).toMatch(/^jobs_waiting\{queue="sweep-unclaimed-uploads"\} \d+$/m);
    expect(text).toMatch(/^jobs_running\{queue="sweep-unclaimed-uploads"\} \d+$/m);
    expect(labelledSample(text, "jobs_failed_total", sweep)).toBe(0);
    expect(text).toMatch(/^jobs_completed_total\{queue="sweep-unclaimed-uploads"\} \d+$/m);
    expect(text).toMatch(/^# TYPE job_duration_seconds histogram$/m);
  });

  it("gives /healthz's details to a loopback peer, and only its status to a relayed request", async () => {
    expect(await healthKeys(open.baseURL)).toEqual(WITH_DETAILS);
    for (const name of ["x-forwarded-for", "forwarded", "x-real-ip"]) {
      expect(await healthKeys(open.baseURL, { [name]: "203.0.113.7" }), name).toEqual(STATUS_ONLY);
    }
    // With a token set, it is asked for from loopback too.
    expect(await healthKeys(guarded.baseURL)).toEqual(STATUS_ONLY);
    expect(await healthKeys(guarded.baseURL, { authorization: `Bearer ${TOKEN}` })).toEqual(
      WITH_DETAILS,
    );
  });

  // Needs a non-loopback address this machine answers on; without one it is reported skipped.
  (outside ? it : it.skip)(
    `gives /healthz only its status from a non-loopback address, its details with the token (${outside ?? "none here"})`,
    async () => {
      expect(await healthKeys(onPort(open, outside ?? ""))).toEqual(STATUS_ONLY);
      const base = onPort(guarded, outside ?? "");
      expect(await healthKeys(base)).toEqual(STATUS_ONLY);
      expect(await healthKeys(base, { authorization: `Bearer ${TOKEN}x` })).toEqual(STATUS_ONLY);
      expect(await healthKeys(base, { authorization: `Bearer ${TOKEN}` })).toEqual(WITH_DETAILS);
    },
  );

  it("asks for the token from loopback too once one is set", async () => {
    expect((await fetch(`${guarded.baseURL}/metrics`)).status).toBe(404);
    const served = await fetch(`${guarded.baseURL}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(served.status).toBe(200);
  });
});
