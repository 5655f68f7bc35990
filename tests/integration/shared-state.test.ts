import type { Server } from "node:http";
import { type Caches, type ContentChange, createRuntimeCaches } from "@server/caches";
import { loadConfig } from "@server/config";
import { cachedRead } from "@server/content/cache";
import {
  type ContentChangeFeed,
  LISTENER_APPLICATION_NAME,
  startContentChangeFeed,
} from "@server/content/change-feed";
import { contentChanged } from "@server/content/changes";
import { openDatabase } from "@server/db/client";
import { cachedDashboard } from "@server/pipeline/dashboard";
import type { Runtime } from "@server/runtime";
import { counterStoreFor, memoryStore } from "@server/security/counter-store";
import { createSignInLimiter } from "@server/security/rate-limit";
import { consumeLimit, consumeUploadQuota } from "@server/security/submission-limit";
import express from "express";
import pg from "pg";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../support/admin-server";
import { createTestDatabase, type TestDatabase } from "../support/database";

/**
 * State that several instances on one PostgreSQL database share (decisions 0170, 0171): the rate
 * limits count in the database, and content changes reach every instance's caches. Each
 * "instance" here is its own database handle (its own pool) on one fresh database.
 */

const logger = pino({ level: "silent" });

/** Polls `check` until it returns true, or fails after `timeoutMs`. */
async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("counters on the embedded database", () => {
  it("stay in memory", async () => {
    const database = await createTestDatabase("pglite");
    try {
      expect(counterStoreFor(database)).toBe(memoryStore);
    } finally {
      await database.destroy();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("two instances on one PostgreSQL database", () => {
  let database: TestDatabase;
  const handles: Awaited<ReturnType<typeof openDatabase>>[] = [];

  /** A second handle on the same database, as another instance would open. */
  async function instance(env: Record<string, string> = {}) {
    const handle = await openDatabase({ driver: "postgres", url: database.url ?? "", poolSize: 2 });
    handles.push(handle);
    const config = loadConfig({ DATA_DIR: "/tmp/unused", ...env });
    const caches = createRuntimeCaches(handle.db);
    return { config, database: handle, logger, caches } as unknown as Runtime;
  }

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
  });
  afterAll(async () => {
    await Promise.all(handles.map((handle) => handle.close()));
    await database?.destroy();
  });

  it("count public submissions in the database: 3 per IP across both", async () => {
    const env = { SUBMISSION_RATE_LIMIT: "3" };
    const [a, b] = [await instance(env), await instance(env)];
    expect(await consumeLimit(a, "submission", "203.0.113.1")).toBeNull();
    expect(await consumeLimit(b, "submission", "203.0.113.1")).toBeNull();
    expect(await consumeLimit(a, "submission", "203.0.113.1")).toBeNull();
    expect(await consumeLimit(b, "submission", "203.0.113.1")).toBeGreaterThan(0);
    expect(await consumeLimit(a, "submission", "203.0.113.1")).toBeGreaterThan(0);
    // Another address is counted apart.
    expect(await consumeLimit(b, "submission", "203.0.113.2")).toBeNull();
    const rows = await database.pool?.query(
      "select key, points from rate_limits where key like 'submission:%' order by key",
    );
    expect(rows?.rows).toEqual([
      { key: "submission:203.0.113.1", points: 5 },
      { key: "submission:203.0.113.2", points: 1 },
    ]);
  });

  it("count the daily upload bytes in the database, past 2^31 bytes for everyone together", async () => {
    const env = { UPLOAD_DAILY_MB_PER_IP: "3000", UPLOAD_DAILY_MB_TOTAL: "5120" };
    const [a, b] = [await instance(env), await instance(env)];
    const GB = 1024 ** 3;
    // 2.5 GB from each of two addresses: 5 GB in all, over an integer column's 2^31.
    expect(await consumeUploadQuota(a, "198.51.100.1", 2.5 * GB)).toBe(true);
    expect(await consumeUploadQuota(b, "198.51.100.2", 2.5 * GB)).toBe(true);
    // The total is used up whichever instance asks; the per-IP quota too.
    expect(await consumeUploadQuota(a, "198.51.100.3", 1)).toBe(false);
    expect(await consumeUploadQuota(b, "198.51.100.3", 1)).toBe(false);
    const total = await database.pool?.query(
      "select points from rate_limits where key = 'upload-bytes-total:all'",
    );
    expect(total?.rows[0]?.points).toBe(5 * GB);
  });

  it("count sign-ins in the database: per IP, per account, and the under-attack lock", async () => {
    const [a, b] = [await instance(), await instance()];
    const limits = {
      windowSeconds: 900,
      perIp: 3,
      perAccount: 50,
      firstDelaySeconds: 30,
      maxDelaySeconds: 900,
      underAttack: { failures: 4, addresses: 2 },
      lockSeconds: 3600,
    };
    const onA = createSignInLimiter(limits, counterStoreFor(a.database));
    const onB = createSignInLimiter(limits, counterStoreFor(b.database));
    const fail = async (limiter: typeof onA, ip: string, email: string) => {
      const attempt = await limiter.begin(ip, email);
      if (!attempt.allowed) return { refused: true, locked: false };
      return { refused: false, ...(await attempt.failed()) };
    };
    // Per IP: 3 failures, alternating instances; the 4th is refused on either.
    await fail(onA, "192.0.2.1", "one@example.test");
    await fail(onB, "192.0.2.1", "two@example.test");
    await fail(onA, "192.0.2.1", "three@example.test");
    expect((await fail(onB, "192.0.2.1", "four@example.test")).refused).toBe(true);
    expect((await fail(onA, "192.0.2.1", "four@example.test")).refused).toBe(true);

    // Under attack: 4 failures for one account from 2 addresses, spread over both instances,
    // lock it on both, and only one failure reports the lock (one e-mail).
    const outcomes = [
      await fail(onA, "192.0.2.10", "owner@example.test"),
      await fail(onB, "192.0.2.11", "owner@example.test"),
      await fail(onA, "192.0.2.12", "owner@example.test"),
      await fail(onB, "192.0.2.13", "owner@example.test"),
    ];
    expect(outcomes.filter((o) => o.locked)).toHaveLength(1);
    expect((await onA.begin("192.0.2.99", "owner@example.test")).allowed).toBe(false);
    expect((await onB.begin("192.0.2.98", "owner@example.test")).allowed).toBe(false);
    // The owner's unlock on one instance lifts it on the other.
    await onA.unlock("owner@example.test");
    expect((await onB.begin("192.0.2.97", "owner@example.test")).allowed).toBe(true);
  });

  it("keep counting in memory when the database store fails", async () => {
    const env = { SUBMISSION_RATE_LIMIT: "2" };
    const a = await instance(env);
    const scratch = await createTestDatabase("postgres");
    try {
      // A handle whose pool is closed: every store query fails.
      const broken = await openDatabase({
        driver: "postgres",
        url: scratch.url ?? "",
        poolSize: 1,
      });
      await broken.close();
      const runtime = { ...a, database: broken } as Runtime;
      expect(await consumeLimit(runtime, "submission", "203.0.113.50")).toBeNull();
      expect(await consumeLimit(runtime, "submission", "203.0.113.50")).toBeNull();
      expect(await consumeLimit(runtime, "submission", "203.0.113.50")).toBeGreaterThan(0);
    } finally {
      await scratch.destroy();
    }
  });

  describe("content changes", () => {
    const feeds: ContentChangeFeed[] = [];
    /** The changes every instance's caches were told of. */
    const seen: ContentChange[] = [];
    afterEach(async () => {
      await Promise.all(feeds.splice(0).map((feed) => feed.close()));
      seen.length = 0;
    });

    async function feedFor(runtime: Runtime) {
      runtime.caches.onChanged((change) => {
        seen.push(change);
      });
      const feed = await startContentChangeFeed({
        url: database.url ?? "",
        pool: runtime.database.pool as pg.Pool,
        caches: runtime.caches,
        logger,
      });
      feeds.push(feed);
      return feed;
    }

    /** A cached read on `db` that counts its loads. */
    function counted(db: object) {
      let loads = 0;
      return {
        read: () => cachedRead(db, "feed-test", async () => ++loads),
        loads: () => loads,
      };
    }

    it("reach the other instance's cache at once, and the writer handles its own once", async () => {
      const [a, b] = [await instance(), await instance()];
      await feedFor(a);
      await feedFor(b);
      const onB = counted(b.database.db);
      await onB.read();
      await onB.read();
      expect(onB.loads()).toBe(1);

      await contentChanged(a.database.db, { entity: "team", id: "t1", action: "updated" });
      // A notification sent after it: once both listeners have it, each has had the change too.
      const barrier = { entity: "blog", id: "barrier", action: "updated" } as const;
      await database.pool?.query("select pg_notify('content_changed', $1)", [
        JSON.stringify({ from: "the-test", change: barrier }),
      ]);
      await waitFor(
        () => seen.filter((c) => c.id === "barrier").length === 2,
        "the notification to reach both instances",
      );
      // The writer's listeners ran once (with the write), B's once (by NOTIFY): A skipped its own.
      expect(seen.filter((c) => c.id === "t1")).toEqual([
        { entity: "team", id: "t1", action: "updated" },
        { entity: "team", id: "t1", action: "updated" },
      ]);
      await onB.read();
      expect(onB.loads()).toBe(2);
    });

    it("reconnect after the listening connection is killed, and drop everything", async () => {
      const [a, b] = [await instance(), await instance()];
      await feedFor(a);
      const feedB = await feedFor(b);
      const onB = counted(b.database.db);
      await onB.read();

      // Kill every listening connection of this database (A's and B's).
      const admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      try {
        const killed = await admin.query(
          "select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()",
          [LISTENER_APPLICATION_NAME],
        );
        expect(killed.rowCount).toBe(2);
      } finally {
        await admin.end();
      }
      const missed = { entity: "all", id: null, action: "missed" };
      await waitFor(
        () => seen.filter((c) => c.action === "missed").length >= 2,
        "both listeners to reconnect",
      );
      expect(seen).toEqual([missed, missed]);
      await onB.read();
      expect(onB.loads()).toBe(2);
      await feedB.listening();

      // Listening again: a later change still reaches B.
      seen.length = 0;
      await onB.read();
      await contentChanged(a.database.db, { entity: "blog", id: "p1", action: "deleted" });
      await waitFor(() => seen.length >= 2, "a change after the reconnect");
      await onB.read();
      expect(onB.loads()).toBe(3);
    });

    it("drop what each change concerns on the other instance: content and pages, or the Dashboard", async () => {
      const [a, b] = [await instance(), await instance()];
      await feedFor(a);
      await feedFor(b);
      const onB = counted(b.database.db);
      await onB.read();
      const today = { now: new Date(), today: "2026-12-02" };
      const figures = cachedDashboard(b.database.db, today);
      expect(cachedDashboard(b.database.db, today)).toBe(figures);
      const pages = await servePages(b.caches);
      try {
        await waitFor(async () => (await pages.get()) === "HIT", "B to keep its page");

        await contentChanged(a.database.db, { entity: "team", id: "t2", action: "updated" });
        // A told its own listeners at once; B by NOTIFY.
        await waitFor(() => seen.filter((c) => c.id === "t2").length === 2, "B to hear it");
        expect(b.caches.pages.stats().entries).toBe(0);
        expect(await pages.get()).toBe("MISS");
        await onB.read();
        expect(onB.loads()).toBe(2);
        // A content change cannot alter the inquiries' figures: they stay.
        expect(cachedDashboard(b.database.db, today)).toBe(figures);

        await waitFor(async () => (await pages.get()) === "HIT", "B to keep its page again");
        await contentChanged(a.database.db, { entity: "pipeline", id: "i1", action: "activity" });
        await waitFor(() => seen.filter((c) => c.id === "i1").length === 2, "B to hear the step");
        expect(cachedDashboard(b.database.db, today)).not.toBe(figures);
        // A pipeline step (a submission, a status) leaves the public pages and reads cached.
        expect(await pages.get()).toBe("HIT");
        await onB.read();
        expect(onB.loads()).toBe(2);
      } finally {
        await pages.close();
      }
    });
  });
});

/** A public page served through `caches.pages`, as the app serves one; `get` says X-Cache. */
async function servePages(caches: Caches) {
  const app = express();
  app.use(caches.pages.middleware());
  app.get("/", (_req, res) => {
    res.set("Cache-Control", "public, max-age=0").type("html").send("<!doctype html><p>Hi</p>");
  });
  const port = await freePort();
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(port, "127.0.0.1", () => resolve(listening));
  });
  return {
    async get() {
      const response = await fetch(`http://127.0.0.1:${port}/`);
      await response.text();
      return response.headers.get("x-cache");
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
