import { createHash } from "node:crypto";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { mediaItems } from "@server/db/schema";
import { transcodeMediaJob } from "@server/media";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestRuntime, type TestRuntime } from "../support/admin-runtime";
import { testDrivers } from "../support/database";
import { clipForFile } from "../support/media-clips";
import { droppedAfter, mediaTus } from "../support/media-tus";
import { type S3Peer, startS3Peer } from "../support/s3rver";

/**
 * The Media library's resumable uploads on S3 storage (issue #44, decision 0498), through the
 * route staff use, on both databases, against s3rver: @tus/s3-store writes the upload as a
 * multipart upload into bucket media-masters at the master's own key. An upload over the limit is
 * refused at creation with nothing in the bucket; a PATCH cut half-way (past a whole part and into
 * the next), the upload endpoint made anew as after a restart, resumes from the offset and ends
 * with the very file sent (SHA-256) as the master, tus's own files gone, nothing left on this
 * instance's disk, and its transcode queued.
 */

// About 20 MB, so half of it is more than one of tus's 8 MiB parts on S3 and the cut lands inside
// the second.
const clip = clipForFile("media-uploads-s3-", { width: 640, height: 360, seconds: 2, grain: true });

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

describe.each(testDrivers)("media uploads on S3 storage, on %s", (driver) => {
  let peer: S3Peer;
  let t: TestRuntime;
  let runs = 0;
  beforeAll(async () => {
    peer = await startS3Peer("media-uploads");
  });
  afterAll(async () => {
    await peer?.close();
  });
  afterEach(async () => {
    await t?.close();
  });

  /** A runtime on S3 storage, in buckets of its own. */
  const onS3 = (env: Record<string, string> = {}) =>
    createTestRuntime(driver, {
      STORAGE_DRIVER: "s3",
      ...peer.env,
      S3_BUCKET_PREFIX: `media-${driver}-${++runs}-`,
      ...env,
    });
  const { tus, start, create, patch, resumeAfterRestart, storedMasterHash, abandonAndSweep } =
    mediaTus(() => t);
  const items = () => t.database.db.select().from(mediaItems);
  const masters = async () => {
    const keys: string[] = [];
    for await (const { key } of t.runtime.storage.list("media-masters")) keys.push(key);
    return keys;
  };
  const uploadsDir = () => path.join(t.runtime.config.DATA_DIR, "media", "uploads");

  it("refuses an upload over MEDIA_MAX_BYTES when it is declared, with nothing in the bucket", async () => {
    t = await onS3({ MEDIA_MAX_BYTES: "100000" });
    expect(t.runtime.storage.kind).toBe("s3");
    const response = await start("big.mp4", 100_001);
    expect(response.status).toBe(413);
    expect(await items()).toEqual([]);
    expect(await masters()).toEqual([]);
    // At the limit it is taken: its item, and tus's record of it in the bucket.
    await create("fits.mp4", 100_000);
    const [item] = await items();
    expect(item?.state).toBe("uploading");
    expect(await masters()).toEqual([`${item?.id}/master.mp4.info`]);
  });

  it("resumes a cut upload from the offset on a new endpoint, and the master is the file sent", async () => {
    t = await onS3();
    const url = await create("Autumn reel.mp4", clip().byteLength);
    const half = Math.floor(clip().byteLength / 2);
    expect(half).toBeGreaterThan(8 * 1024 * 1024);
    // The connection drops once half the file is sent: what arrived is kept, the part under way
    // included.
    await patch(url, 0, droppedAfter(clip().subarray(0, half)), clip().byteLength).catch(
      () => null,
    );
    await resumeAfterRestart(url, clip(), half);

    const [item] = await items();
    expect(item).toMatchObject({
      state: "queued",
      title: "Autumn reel",
      size: clip().byteLength,
      sha256: sha256(clip()),
      width: 640,
      height: 360,
      masterKey: `${item?.id}/master.mp4`,
      uploadId: null,
    });
    // The finished upload is the master, at its key; tus's record and part are gone.
    expect(await masters()).toEqual([`${item?.id}/master.mp4`]);
    expect(await storedMasterHash(item?.masterKey ?? "")).toBe(sha256(clip()));
    const stored = await t.runtime.storage.get("media-masters", item?.masterKey ?? "");
    stored?.stream.destroy();
    expect(stored?.contentType).toBe("video/mp4");
    // The copy ffprobe read is gone from this instance's disk.
    expect(await readdir(uploadsDir())).toEqual([]);
    const queued = await t.runtime.jobs.boss.findJobs(transcodeMediaJob.name);
    expect(queued.map((job) => job.data)).toEqual([{ itemId: item?.id }]);
  });

  it("refuses a renamed text file with ffprobe's reason and keeps nothing of it in the bucket", async () => {
    t = await onS3();
    const text = Buffer.from("Shot list: wide, medium, close.\n".repeat(20));
    const url = await create("clip.mp4", text.byteLength);
    const response = await patch(url, 0, text);
    expect(response.status).toBe(422);
    expect(await response.text()).toMatch(/not a video/i);
    expect(await items()).toEqual([]);
    expect(await masters()).toEqual([]);
    expect(await readdir(uploadsDir())).toEqual([]);
  });

  it("gives up an upload not finished within a week: the multipart upload aborted, the item gone", async () => {
    t = await onS3();
    const swept = await abandonAndSweep("Left behind.mp4", clip(), 8);
    expect(swept).toEqual({ kept: 200, swept: { uploads: 1, items: 1 }, after: 404 });
    expect(await items()).toEqual([]);
    expect(await masters()).toEqual([]);
  });

  it("answers 404 for an upload URL that names no upload of ours, 411 for a PATCH of no length", async () => {
    t = await onS3();
    const forged = Buffer.from("../../etc/passwd").toString("base64url");
    const response = await tus("HEAD", `/admin/media/uploads/${forged}`);
    expect(response.status).toBe(404);
    // tus's S3 store must know a PATCH's length before it reads it (decision 0498).
    const url = await create("Reel.mp4", 1000);
    const unsized = await patch(url, 0, new Blob([new Uint8Array(10)]).stream(), undefined);
    expect(unsized.status).toBe(411);
    expect(await unsized.text()).toBe("Send the length of each part of the upload.");
  });
});
