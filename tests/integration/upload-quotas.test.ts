import { loadConfig } from "@server/config";
import { rateLimits, uploads } from "@server/db/schema";
import { handleWeddingPost } from "@server/route-kit/public-forms";
import type { Runtime } from "@server/runtime";
import { consumeLimit } from "@server/security/submission-limit";
import { deleteOrphanUploads } from "@server/uploads/store";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as uploadAction } from "~/routes/resources/contact-attachments";
import { callRoute, createTestRuntime, SITE, type TestRuntime } from "../support/admin-runtime";
import { testDrivers } from "../support/database";
import { textBytes } from "../support/files";

/**
 * Issue #18 items 2 and 5: per-IP limits counted before a body is read, daily upload quotas in
 * bytes, uploads refused on a critically full disk, and a sweep that never falls behind.
 */

/** A runtime of its own (its own limiters) with some configuration changed. */
function withConfig(runtime: Runtime, env: Record<string, string>): Runtime {
  const config = loadConfig({
    DATA_DIR: runtime.config.DATA_DIR,
    SITE_URL: SITE,
    STORAGE_DRIVER: "local",
    ...env,
  });
  return { ...runtime, config };
}

/** A form post whose body records whether anyone read it. */
function watchedPost(path: string) {
  const watch = { read: false };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        watch.read = true;
        controller.enqueue(new TextEncoder().encode("name=A&email=a%40example.com"));
        controller.close();
      },
      // No read-ahead: pull() runs only when someone reads.
    },
    { highWaterMark: 0 },
  );
  const request = new Request(new URL(path, SITE), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body,
    duplex: "half",
  } as RequestInit);
  return { request, watch };
}

function upload(runtime: Runtime, ip: string, files: [string, Uint8Array][]) {
  const form = new FormData();
  for (const [name, bytes] of files) form.append("files", new File([new Uint8Array(bytes)], name));
  return callRoute(uploadAction, runtime, "/uploads/contact-attachments", {
    method: "POST",
    body: form,
    headers: { origin: SITE },
    ip,
  });
}

describe.each(testDrivers)("upload and submission limits on %s", (driver) => {
  let t: TestRuntime;
  beforeAll(async () => {
    t = await createTestRuntime(driver);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers an address over its submission limit 429 without reading the body", async () => {
    const runtime = withConfig(t.runtime, { SUBMISSION_RATE_LIMIT: "1" });
    await consumeLimit(runtime, "submission", "192.0.2.10");
    const { request, watch } = watchedPost("/weddings");
    const { status } = await handleWeddingPost(runtime, request, "192.0.2.10");
    expect(status).toBe(429);
    expect(watch.read).toBe(false);
  });

  it("counts uploaded bytes against a daily quota per address and says so", async () => {
    const runtime = withConfig(t.runtime, { UPLOAD_DAILY_MB_PER_IP: "1" });
    const half = new Uint8Array(600 * 1024).fill(0x61);
    const first = await upload(runtime, "192.0.2.20", [["a.txt", half]]);
    expect(first.status).toBe(201);
    const second = await upload(runtime, "192.0.2.20", [["b.txt", half]]);
    expect(second.status).toBe(429);
    expect((await second.json()).detail).toContain("upload allowance");
    // Another address still has its own allowance.
    const other = await upload(runtime, "192.0.2.21", [["c.txt", half]]);
    expect(other.status).toBe(201);
  });

  it("counts every visitor's uploads against a global daily quota", async () => {
    const runtime = withConfig(t.runtime, { UPLOAD_DAILY_MB_TOTAL: "1" });
    // On PostgreSQL every runtime on the database shares the counters (decision 0170): the
    // earlier tests' bytes count towards today's total too, so start from none.
    await t.runtime.database.db.delete(rateLimits);
    const half = new Uint8Array(600 * 1024).fill(0x62);
    expect((await upload(runtime, "192.0.2.30", [["a.txt", half]])).status).toBe(201);
    expect((await upload(runtime, "192.0.2.31", [["b.txt", half]])).status).toBe(429);
  });

  it("refuses visitors' uploads with 507 when the disk is critically short, storing nothing", async () => {
    // A threshold no disk meets: the free space is always "critical".
    const runtime = withConfig(t.runtime, { DISK_CRITICAL_MB: String(1024 ** 3) });
    const [before] = await t.runtime.database.db.select({ n: count() }).from(uploads);
    const response = await upload(runtime, "192.0.2.40", [["n.txt", textBytes()]]);
    expect(response.status).toBe(507);
    expect((await response.json()).detail).toContain("Uploads are paused");
    const [after] = await t.runtime.database.db.select({ n: count() }).from(uploads);
    expect(after?.n).toBe(before?.n);
  });

  it("sweeps every unclaimed upload in one run, however many there are", async () => {
    const db = t.runtime.database.db;
    const old = new Date(Date.now() - 2 * 86_400_000);
    const rows = Array.from({ length: 1_234 }, (_, i) => ({
      bucket: "contact-uploads",
      key: `inquiries/${i}_sweep.txt`,
      originalName: "old.txt",
      contentType: "text/plain; charset=utf-8",
      size: 1,
      createdAt: old,
    }));
    for (let i = 0; i < rows.length; i += 200)
      await db.insert(uploads).values(rows.slice(i, i + 200));
    const deleted = await deleteOrphanUploads({ db, storage: t.runtime.storage });
    expect(deleted).toBeGreaterThanOrEqual(1_234);
  });
});
