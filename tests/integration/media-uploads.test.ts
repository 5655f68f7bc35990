import { createHash } from "node:crypto";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { afterRestore } from "@server/backup/archive/withheld";
import { auditEvents, mediaItems } from "@server/db/schema";
import { JOBS_SCHEMA } from "@server/jobs/engine";
import { queueWaitingTranscodes, transcodeMediaJob } from "@server/media";
import { TRANSCODE_INTERRUPTED } from "@server/media/transcode-job";
import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { MEDIA_ITEM_HEADER } from "~/entities/media/upload-answer";
import { action as mediaAction } from "~/routes/admin/media";
import { createTestRuntime, formOf, postTo, type TestRuntime } from "../support/admin-runtime";
import { testDrivers } from "../support/database";
import { clipForFile } from "../support/media-clips";
import { droppedAfter, MEDIA_UPLOADS, mediaTus } from "../support/media-tus";
import { statusOf } from "../support/route-answers";
import { waitFor } from "../support/wait";

/**
 * The Media library's resumable uploads (issue #44) through the route staff use, on both
 * databases: tus's creation refuses what is over the limit before a byte is stored; a PATCH cut
 * part-way, the server restarted, and the upload resumed from the offset ends with the very file
 * that was sent (SHA-256) in bucket media-masters and its transcode queued; a file that is not a
 * video is refused with ffprobe's reason and removed; and the transcode job makes the renditions
 * that Delete removes again.
 */

// 3 s of picture and tone at 640×360, from ffmpeg's own sources.
const clip = clipForFile("media-uploads-", { width: 640, height: 360, seconds: 3 });

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

describe.each(testDrivers)("media uploads on %s", (driver) => {
  let t: TestRuntime;
  afterEach(async () => {
    await t?.close();
  });

  const { start, create, patch, resumeAfterRestart, storedMasterHash, abandonAndSweep } = mediaTus(
    () => t,
  );

  const uploadsDir = () => path.join(t.runtime.config.DATA_DIR, "media", "uploads");
  const items = () => t.database.db.select().from(mediaItems);

  it("refuses an upload over MEDIA_MAX_BYTES when it is declared, before a byte is stored", async () => {
    t = await createTestRuntime(driver, { MEDIA_MAX_BYTES: "100000" });
    const response = await start("big.mp4", 100_001);
    expect(response.status).toBe(413);
    expect(await items()).toEqual([]);
    expect(await readdir(uploadsDir()).catch(() => [])).toEqual([]);
    // At the limit it is taken.
    await create("fits.mp4", 100_000);
  });

  it("refuses a name that is not a video container, and a contributor", async () => {
    t = await createTestRuntime(driver);
    const text = await start("notes.txt", 10);
    expect(text.status).toBe(415);
    expect(await text.text()).toBe("notes.txt is not a video file: upload MP4, MOV, MKV or WebM.");
    const contributor = await start("a.mp4", 10, t.cookies.contributor).catch(
      (thrown: unknown) => thrown as Response,
    );
    expect(contributor.status).toBe(403);
    expect(await items()).toEqual([]);
  });

  it("resumes a cut upload after a restart from the offset, and stores the very file sent", async () => {
    t = await createTestRuntime(driver);
    const url = await create("Spring reel.mp4", clip().byteLength);
    const half = Math.floor(clip().byteLength / 2);
    // The connection drops half-way through the request: once the first half is on the
    // server's disk, the body fails.
    const onDisk = path.join(uploadsDir(), url.slice(MEDIA_UPLOADS.length + 1));
    const cut = droppedAfter(clip().subarray(0, half), () =>
      waitFor(async () => (await stat(onDisk)).size === half, "half the bytes on disk"),
    );
    await patch(url, 0, cut, clip().byteLength).catch(() => null);
    await resumeAfterRestart(url, clip(), half);
    const [item] = await items();
    expect(item).toMatchObject({
      state: "queued",
      title: "Spring reel",
      size: clip().byteLength,
      sha256: sha256(clip()),
      width: 640,
      height: 360,
      frameRateNum: 25,
      frameRateDen: 1,
      uploadId: null,
    });
    expect(await storedMasterHash(item?.masterKey ?? "")).toBe(sha256(clip()));
    // The upload's own file is gone once the master is in storage.
    expect(await readdir(uploadsDir())).toEqual([]);
    const queued = await t.runtime.jobs.boss.findJobs(transcodeMediaJob.name);
    expect(queued.map((job) => job.data)).toEqual([{ itemId: item?.id }]);
  });

  it("gives up an upload not finished within a week: its bytes and its item, in the audit log", async () => {
    t = await createTestRuntime(driver);
    const swept = await abandonAndSweep("Left behind.mp4", clip(), 8);
    expect(swept).toEqual({ kept: 200, swept: { uploads: 1, items: 1 }, after: 404 });
    expect(await items()).toEqual([]);
    expect(await readdir(uploadsDir())).toEqual([]);
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "delete"));
    expect(audit.map((row) => [row.entityName, row.actorEmail])).toEqual([
      ["Left behind (upload not finished)", null],
    ]);
  });

  it("refuses a renamed text file with ffprobe's reason and keeps nothing of it", async () => {
    t = await createTestRuntime(driver);
    const text = Buffer.from("Shot list: wide, medium, close.\n".repeat(20));
    const url = await create("clip.mp4", text.byteLength);
    const response = await patch(url, 0, text);
    expect(response.status).toBe(422);
    expect(await response.text()).toMatch(/not a video/i);
    expect(await items()).toEqual([]);
    expect(await readdir(uploadsDir())).toEqual([]);
    const masters: string[] = [];
    for await (const { key } of t.runtime.storage.list("media-masters")) masters.push(key);
    expect(masters).toEqual([]);
  });

  it("transcodes a queued video to Ready, and Delete removes its master and every rendition", async () => {
    t = await createTestRuntime(driver);
    const url = await create("Teaser.mp4", clip().byteLength);
    const finished = await patch(url, 0, clip());
    expect(finished.status).toBe(204);
    expect(await t.runtime.jobs.runDue(transcodeMediaJob)).toEqual({ completed: 1, failed: 0 });
    const [item] = await items();
    // The last answer names the item: the Media screen's message follows its state.
    expect(finished.headers.get(MEDIA_ITEM_HEADER)).toBe(item?.id);
    expect(item?.state).toBe("ready");
    expect(item?.outputs?.master).toBe("master.m3u8");
    const files: string[] = [];
    for await (const { key } of t.runtime.storage.list("media-renditions", item?.id))
      files.push(key);
    expect(files).toContain(`${item?.id}/master.m3u8`);
    expect(files).toContain(`${item?.id}/poster.jpg`);

    const deleted = await postTo(
      t,
      mediaAction,
      "/admin/media",
      formOf({ intent: "delete", id: item?.id ?? "" }),
    );
    expect(statusOf(deleted)).toBe(302);
    expect(await items()).toEqual([]);
    const left: string[] = [];
    for await (const { key } of t.runtime.storage.list("media-renditions")) left.push(key);
    for await (const { key } of t.runtime.storage.list("media-masters")) left.push(key);
    expect(left).toEqual([]);
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityType, "media_item"));
    expect(audit.map((row) => [row.action, row.entityName]).sort()).toEqual([
      ["create", "Teaser"],
      ["delete", "Teaser"],
    ]);
  });

  it("Retry queues a failed video again; a video that is not failed is not retried", async () => {
    t = await createTestRuntime(driver);
    const url = await create("Cut.mp4", clip().byteLength);
    expect((await patch(url, 0, clip())).status).toBe(204);
    const [item] = await items();
    const id = item?.id ?? "";
    const refused = await postTo(t, mediaAction, "/admin/media", formOf({ intent: "retry", id }));
    expect(statusOf(refused)).toBe(302);
    await t.database.db
      .update(mediaItems)
      .set({ state: "failed", failure: "ffmpeg exited with code 1" })
      .where(eq(mediaItems.id, id));
    await postTo(t, mediaAction, "/admin/media", formOf({ intent: "retry", id }));
    const [after] = await items();
    expect(after).toMatchObject({ state: "queued", failure: null });
    const jobs = await t.runtime.jobs.boss.findJobs(transcodeMediaJob.name);
    expect(jobs).toHaveLength(2);
  });

  it("after a restore each video is made again from its master: one job at start, however many starts", async () => {
    t = await createTestRuntime(driver);
    const url = await create("Reel.mp4", clip().byteLength);
    expect((await patch(url, 0, clip())).status).toBe(204);
    await t.runtime.jobs.runDue(transcodeMediaJob);
    // What a restore does to the rows (the archive holds no renditions).
    await afterRestore(t.database.db);
    const [restored] = await items();
    expect(restored).toMatchObject({ state: "queued", outputs: null });
    // Two starts queue one job between them.
    expect(await queueWaitingTranscodes(t.database.db, t.runtime.jobs)).toBe(1);
    await queueWaitingTranscodes(t.database.db, t.runtime.jobs);
    const jobs = await t.runtime.jobs.boss.findJobs(transcodeMediaJob.name);
    expect(jobs.filter((job) => job.state === "created")).toHaveLength(1);
    expect(await t.runtime.jobs.runDue(transcodeMediaJob)).toEqual({ completed: 1, failed: 0 });
    const [again] = await items();
    expect(again?.state).toBe("ready");
  });

  it("at start, a video whose every try was cut short is Failed with Retry, not processing for ever", async () => {
    t = await createTestRuntime(driver);
    const url = await create("Killed.mp4", clip().byteLength);
    expect((await patch(url, 0, clip())).status).toBe(204);
    const [item] = await items();
    const [job] = await t.runtime.jobs.boss.findJobs(transcodeMediaJob.name);
    // What pg-boss leaves when a worker died on each try: the item processing, its job failed.
    await t.database.db
      .update(mediaItems)
      // As the job's own start and progress write it: the moment it was queued kept.
      .set({ state: "processing", progress: 0.4, updatedAt: item?.updatedAt })
      .where(eq(mediaItems.id, item?.id ?? ""));
    await t.database.db.execute(
      sql`update ${sql.identifier(JOBS_SCHEMA)}.job set state = 'failed' where id = ${job?.id}`,
    );
    await queueWaitingTranscodes(t.database.db, t.runtime.jobs);
    const [after] = await items();
    expect(after).toMatchObject({
      state: "failed",
      failure: TRANSCODE_INTERRUPTED,
      progress: null,
    });
    expect(await t.runtime.jobs.boss.findJobs(transcodeMediaJob.name)).toHaveLength(1);
    // "Retry" queues it again.
    await postTo(t, mediaAction, "/admin/media", formOf({ intent: "retry", id: item?.id ?? "" }));
    expect((await items())[0]?.state).toBe("queued");
  });
});
