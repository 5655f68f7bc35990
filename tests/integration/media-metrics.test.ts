import type { Server } from "node:http";
import { mediaItems } from "@server/db/schema";
import { PageCache } from "@server/http/page-cache";
import { transcodeMediaJob } from "@server/media";
import { jobMetricsSource } from "@server/observability/job-metrics";
import { createMetrics } from "@server/observability/metrics";
import { refusalCounts } from "@server/security/refusals";
import { eq } from "drizzle-orm";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createTestRuntime, type TestRuntime } from "../support/admin-runtime";
import { testDrivers } from "../support/database";
import { clipForFile } from "../support/media-clips";
import { mediaTus } from "../support/media-tus";

/**
 * The Media library in GET /metrics (issue #44 item 7, decision 0498), on both databases: the
 * depth of the transcode queue (the job engine's `jobs_waiting{queue="transcode-media"}`), the
 * encode speed of each transcode as seconds per second of the master (a histogram), and the
 * transcodes that failed, as a real transcode with the real ffmpeg and a failed one move them.
 */

const clip = clipForFile("media-metrics-", { width: 640, height: 360, seconds: 3 });

/** One sample of the exposition text (NaN when the series is absent). */
function sample(text: string, series: string): number {
  const line = text.split("\n").find((entry) => entry.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : Number.NaN;
}

describe.each(testDrivers)("media metrics on %s", (driver) => {
  let t: TestRuntime;
  let server: Server | undefined;
  let base = "";
  afterEach(async () => {
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(null)));
    await t?.close();
  });
  const { create, patch } = mediaTus(() => t);

  async function serveMetrics() {
    const metrics = createMetrics({
      database: t.runtime.database,
      logger: t.runtime.logger,
      // The real parts of the app's own sources: an (empty) page cache, the runtime's refusals.
      pageCache: new PageCache(),
      refusals: () => refusalCounts(t.runtime),
      jobs: jobMetricsSource(t.runtime.jobs),
      media: t.runtime.media.transcodes,
      build: async () => ({ routes: {} }),
    });
    const app = express();
    app.get("/metrics", metrics.endpoint(undefined));
    await new Promise<void>((resolve) => {
      server = app.listen(0, "127.0.0.1", () => resolve());
    });
    const address = server?.address();
    base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  }
  const scrape = async () => {
    const response = await fetch(`${base}/metrics`);
    expect(response.status).toBe(200);
    return response.text();
  };
  const upload = async (name: string) => {
    const url = await create(name, clip().byteLength);
    expect((await patch(url, 0, clip())).status).toBe(204);
  };

  it("shows the queue's depth, each encode's speed and each failure", async () => {
    t = await createTestRuntime(driver);
    await serveMetrics();
    const waiting = 'jobs_waiting{queue="transcode-media"}';
    const before = await scrape();
    expect(sample(before, waiting)).toBe(0);
    expect(sample(before, "media_transcode_failures_total")).toBe(0);
    expect(sample(before, "media_encode_seconds_per_media_second_count")).toBe(0);

    await upload("One.mp4");
    await upload("Two.mp4");
    expect(sample(await scrape(), waiting)).toBe(2);

    // One master goes missing from storage: its transcode fails, the other one is made.
    const [first] = await t.database.db
      .select()
      .from(mediaItems)
      .where(eq(mediaItems.title, "One"));
    await t.runtime.storage.delete("media-masters", first?.masterKey ?? "");
    expect(await t.runtime.jobs.runDue(transcodeMediaJob)).toEqual({ completed: 2, failed: 0 });
    const states = await t.database.db.select({ state: mediaItems.state }).from(mediaItems);
    expect(states.map((row) => row.state).sort()).toEqual(["failed", "ready"]);

    const after = await scrape();
    expect(sample(after, waiting)).toBe(0);
    expect(sample(after, "media_transcode_failures_total")).toBe(1);
    expect(sample(after, "media_encode_seconds_per_media_second_count")).toBe(1);
    // Seconds of ffmpeg per second of a 3 s master: more than nothing, less than a minute's.
    const ratio = sample(after, "media_encode_seconds_per_media_second_sum");
    expect(ratio).toBeGreaterThan(0);
    expect(ratio).toBeLessThan(20);
    expect(sample(after, 'media_encode_seconds_per_media_second_bucket{le="+Inf"}')).toBe(1);
  });
});
