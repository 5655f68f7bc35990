import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterRestore } from "@server/backup/archive/withheld";
import { auditEvents, mediaItems } from "@server/db/schema";
import { queueWaitingTranscodes, transcodeMediaJob } from "@server/media";
import { masterKeyFor, probedColumns } from "@server/media/library";
import { probeMedia } from "@server/media/probe";
import { NOT_CAPTIONS } from "@server/media/transcode";
import { parseMediaPlaylist } from "@server/media/transcode/playlists";
import { queueTranscode } from "@server/media/transcode-job";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CAPTIONS_MESSAGES } from "~/entities/media/form";
import { action as mediaAction } from "~/routes/admin/media";
import {
  createTestRuntime,
  formOf,
  postTo,
  type TestRuntime,
  toastOf,
} from "../support/admin-runtime";
import { testDrivers } from "../support/database";
import { dataOf, settle, statusOf } from "../support/route-answers";

/**
 * Captions per language on a Ready video (issue #44 item 3, decision 0499), through the Media
 * screen's action, on both databases, with the real ffmpeg: an SRT is kept as WebVTT in
 * media-masters and served beside the renditions with the master playlist's SUBTITLES group
 * listing it; a second file for a language replaces it; Remove takes it out of the master; what
 * is not captions, or too large, is refused with its message; a contributor is refused; and the
 * transcode made again (Retry, the rebuild after a restore) keeps them.
 */

const run = promisify(execFile);
let clips: string;
let clipFile: string;

beforeAll(async () => {
  clips = await mkdtemp(path.join(os.tmpdir(), "media-captions-"));
  clipFile = path.join(clips, "clip.mp4");
  // 2 s of picture and tone at 640×360 (one 360 rung), made by ffmpeg's own sources.
  await run("ffmpeg", [
    ...["-v", "error", "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=25"],
    ...["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000", "-t", "2"],
    ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac"],
    clipFile,
  ]);
});
afterAll(async () => {
  await rm(clips, { recursive: true, force: true });
});

const SRT =
  "1\r\n00:00:00,500 --> 00:00:01,250\r\nHello from the studio.\r\n\r\n2\r\n00:00:01,300 --> 00:00:01,900\r\n{\\an8}Cut.\r\n";
const VTT_FR = "WEBVTT\n\n00:00.500 --> 00:01.500\nBonjour du studio.\n";

/** The SUBTITLES entries of a master playlist, and whether every variant names the group. */
function subtitlesOf(master: string) {
  const lines = master.split("\n");
  const media = lines
    .filter((line) => line.startsWith("#EXT-X-MEDIA:TYPE=SUBTITLES"))
    .map((line) =>
      Object.fromEntries([...line.matchAll(/([A-Z-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]])),
    );
  const variants = lines.filter((line) => line.startsWith("#EXT-X-STREAM-INF:"));
  return {
    media,
    variants: variants.length,
    grouped: variants.filter((line) => line.includes('SUBTITLES="subs"')).length,
    averaged: variants.filter((line) => /AVERAGE-BANDWIDTH=\d+/.test(line)).length,
  };
}

describe.each(testDrivers)("media captions on %s", (driver) => {
  let t: TestRuntime;
  afterEach(async () => {
    await t?.close();
  });

  const text = async (bucket: "media-masters" | "media-renditions", key: string) => {
    const stored = await t.runtime.storage.get(bucket, key);
    if (!stored) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  };
  const keys = async (bucket: "media-masters" | "media-renditions", folder?: string) => {
    const found: string[] = [];
    for await (const { key } of t.runtime.storage.list(bucket, folder)) found.push(key);
    return found.sort();
  };
  const rowOf = async (id: string) =>
    (await t.database.db.select().from(mediaItems).where(eq(mediaItems.id, id)))[0];

  /** A video as an upload leaves it (master stored, probed, queued), transcoded to Ready. */
  async function readyVideo(title = "Studio reel"): Promise<string> {
    const probe = await probeMedia(clipFile, { ffprobePath: "ffprobe" });
    const [row] = await t.database.db
      .insert(mediaItems)
      .values({ title, originalName: `${title}.mp4`, size: 1, state: "queued" })
      .returning();
    if (!row) throw new Error("no row");
    const masterKey = masterKeyFor(row.id, ".mp4");
    await t.runtime.storage.put("media-masters", masterKey, await readFile(clipFile), {
      contentType: "video/mp4",
    });
    const [queued] = await t.database.db
      .update(mediaItems)
      .set({ ...probedColumns(probe), masterKey, updatedAt: new Date() })
      .where(eq(mediaItems.id, row.id))
      .returning();
    if (!queued) throw new Error("no row");
    await queueTranscode(t.database.db, t.runtime.jobs, queued);
    expect(await t.runtime.jobs.runDue(transcodeMediaJob)).toEqual({ completed: 1, failed: 0 });
    expect((await rowOf(row.id))?.state).toBe("ready");
    return row.id;
  }

  /** "Add captions" as the form posts it; without `file`, a post with no file chosen. */
  const add = (id: string, language: string, file?: File, cookie?: string) =>
    settle(
      postTo(
        t,
        mediaAction,
        `/admin/media?captions=${id}`,
        formOf({ intent: "add-captions", id, language, ...(file ? { file } : {}) }),
        { cookie },
      ),
    );
  const remove = (id: string, language: string) =>
    settle(
      postTo(t, mediaAction, "/admin/media", formOf({ intent: "remove-captions", id, language })),
    );
  const toast = (answer: unknown) => toastOf(t.runtime, answer as Response);
  const master = async (id: string) =>
    subtitlesOf((await text("media-renditions", `${id}/master.m3u8`)) ?? "");

  it("keeps an SRT as WebVTT in media-masters and lists it in the master playlist's SUBTITLES group", async () => {
    t = await createTestRuntime(driver);
    const id = await readyVideo();
    expect(await master(id)).toMatchObject({ media: [], grouped: 0 });
    const answer = await add(id, "en", new File([SRT], "reel.en.srt"));
    expect(statusOf(answer)).toBe(302);
    expect(await toast(answer)).toBe("Success: English captions added.");

    const vtt = [
      "WEBVTT",
      "",
      "1",
      "00:00:00.500 --> 00:00:01.250",
      "Hello from the studio.",
      "",
      "2",
      "00:00:01.300 --> 00:00:01.900",
      "Cut.",
      "",
    ].join("\n");
    expect(await text("media-masters", `${id}/captions/en.vtt`)).toBe(vtt);
    expect(await text("media-renditions", `${id}/captions/en.vtt`)).toBe(vtt);
    const playlist = parseMediaPlaylist(
      (await text("media-renditions", `${id}/captions/en.m3u8`)) ?? "",
    );
    const seconds = (await rowOf(id))?.durationSeconds ?? 0;
    expect(seconds).toBeGreaterThan(1.9);
    expect(playlist.segments).toEqual([
      { uri: "en.vtt", durationSeconds: Number(seconds.toFixed(3)) },
    ]);
    const listed = await master(id);
    expect(listed.media).toEqual([
      {
        "GROUP-ID": "subs",
        LANGUAGE: "en",
        NAME: "English",
        URI: "captions/en.m3u8",
      },
    ]);
    // Every variant names the group, and the rewrite kept each one's mean bitrate.
    expect(listed.variants).toBeGreaterThan(0);
    expect(listed.grouped).toBe(listed.variants);
    expect(listed.averaged).toBe(listed.variants);
    expect((await rowOf(id))?.outputs?.captions).toEqual([
      { language: "en", name: "English", vtt: "captions/en.vtt", playlist: "captions/en.m3u8" },
    ]);
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, id), eq(auditEvents.action, "update")));
    expect(audit).toMatchObject({
      entityType: "media_item",
      entityName: "Studio reel",
      changes: { captions: { before: "", after: "English" } },
    });
  });

  it("replaces a language's captions with a second file, and Remove takes each out of the master", async () => {
    t = await createTestRuntime(driver);
    const id = await readyVideo();
    await add(id, "en", new File([SRT], "en.srt"));
    await add(id, "fr", new File([VTT_FR], "fr.vtt"));
    const again = await add(
      id,
      "en",
      new File(["WEBVTT\n\n00:00.000 --> 00:01.000\nTake two.\n"], "en.vtt"),
    );
    expect(await toast(again)).toBe("Success: English captions replaced.");
    expect(await text("media-masters", `${id}/captions/en.vtt`)).toMatch(/Take two\.\n$/);
    expect(await text("media-renditions", `${id}/captions/en.vtt`)).toMatch(/Take two\.\n$/);
    expect((await master(id)).media.map((m) => m.LANGUAGE)).toEqual(["en", "fr"]);
    expect((await rowOf(id))?.outputs?.captions?.map((c) => c.language)).toEqual(["en", "fr"]);

    const removed = await remove(id, "en");
    expect(await toast(removed)).toBe("Success: English captions removed.");
    expect((await master(id)).media.map((m) => m.LANGUAGE)).toEqual(["fr"]);
    expect(await keys("media-masters", `${id}/captions`)).toEqual([`${id}/captions/fr.vtt`]);
    expect(await keys("media-renditions", `${id}/captions`)).toEqual([
      `${id}/captions/fr.m3u8`,
      `${id}/captions/fr.vtt`,
    ]);
    expect(await toast(await remove(id, "en"))).toBe(`Error: ${CAPTIONS_MESSAGES.notRemoved}`);

    await remove(id, "fr");
    const none = await master(id);
    expect(none).toMatchObject({ media: [], grouped: 0 });
    expect(none.variants).toBeGreaterThan(0);
    expect((await rowOf(id))?.outputs?.captions).toEqual([]);
    expect(await keys("media-renditions", `${id}/captions`)).toEqual([]);
    const changes = await t.database.db
      .select({ changes: auditEvents.changes })
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, id), eq(auditEvents.action, "update")));
    expect(changes.map((row) => row.changes?.captions?.after)).toEqual(
      expect.arrayContaining(["English", "English, French", "French", ""]),
    );
    expect(changes).toHaveLength(5);
  });

  it("refuses what is not captions, a file over 1 MB, no file, a video not Ready and a contributor", async () => {
    t = await createTestRuntime(driver);
    const id = await readyVideo();
    const before = await text("media-renditions", `${id}/master.m3u8`);

    const notes = await add(id, "en", new File(["Shot list: wide, medium, close.\n"], "notes.srt"));
    expect(statusOf(notes)).toBe(422);
    expect(dataOf(notes)).toEqual({
      itemId: id,
      fieldErrors: { file: [NOT_CAPTIONS] },
      values: { language: "en" },
    });

    const big = `${SRT}\n${"x".repeat(1024 * 1024)}`;
    const over = await add(id, "en", new File([big], "big.srt"));
    expect(statusOf(over)).toBe(413);
    expect(dataOf(over)).toMatchObject({
      itemId: id,
      fieldErrors: { file: ["Captions files must be smaller than 1 MB."] },
    });

    const unknown = await add(id, "xx", new File([SRT], "xx.srt"));
    expect(statusOf(unknown)).toBe(400);
    expect(dataOf(unknown)).toMatchObject({
      fieldErrors: { language: [CAPTIONS_MESSAGES.chooseLanguage] },
    });

    const noFile = await add(id, "en");
    expect(statusOf(noFile)).toBe(400);
    expect(dataOf(noFile)).toMatchObject({ fieldErrors: { file: [CAPTIONS_MESSAGES.chooseFile] } });

    const contributor = await add(id, "en", new File([SRT], "en.srt"), t.cookies.contributor);
    expect(statusOf(contributor)).toBe(403);

    await t.database.db
      .update(mediaItems)
      .set({ state: "processing" })
      .where(eq(mediaItems.id, id));
    const busy = await add(id, "en", new File([SRT], "en.srt"));
    expect(await toast(busy)).toBe(`Error: ${CAPTIONS_MESSAGES.notReady}`);

    expect(await keys("media-masters", `${id}/captions`)).toEqual([]);
    expect(await text("media-renditions", `${id}/master.m3u8`)).toBe(before);
    expect((await rowOf(id))?.outputs?.captions).toEqual([]);
  });

  it("keeps the captions when the transcode runs again: Retry, and the rebuild after a restore; Delete removes them", async () => {
    t = await createTestRuntime(driver);
    const id = await readyVideo();
    await add(id, "de", new File([SRT], "de.srt"));
    // A failed run leaves no renditions, and the captions' source in media-masters.
    await t.database.db
      .update(mediaItems)
      .set({ state: "failed", failure: "ffmpeg exited with code 1" })
      .where(eq(mediaItems.id, id));
    for (const key of await keys("media-renditions", id)) {
      await t.runtime.storage.delete("media-renditions", key);
    }
    await postTo(t, mediaAction, "/admin/media", formOf({ intent: "retry", id }));
    expect(await t.runtime.jobs.runDue(transcodeMediaJob)).toEqual({ completed: 1, failed: 0 });
    expect((await master(id)).media.map((m) => [m.LANGUAGE, m.NAME])).toEqual([["de", "German"]]);
    expect(await text("media-renditions", `${id}/captions/de.vtt`)).toMatch(/^WEBVTT\n/);
    expect((await rowOf(id))?.outputs?.captions?.map((c) => c.language)).toEqual(["de"]);

    // A restore: the rows say Queued without outputs, the renditions bucket is empty.
    await afterRestore(t.database.db);
    for (const key of await keys("media-renditions")) {
      await t.runtime.storage.delete("media-renditions", key);
    }
    expect(await queueWaitingTranscodes(t.database.db, t.runtime.jobs)).toBe(1);
    expect(await t.runtime.jobs.runDue(transcodeMediaJob)).toEqual({ completed: 1, failed: 0 });
    expect((await master(id)).media.map((m) => m.LANGUAGE)).toEqual(["de"]);
    expect((await rowOf(id))?.outputs?.captions?.map((c) => c.name)).toEqual(["German"]);

    await postTo(t, mediaAction, "/admin/media", formOf({ intent: "delete", id }));
    expect(await keys("media-masters")).toEqual([]);
    expect(await keys("media-renditions")).toEqual([]);
  });
});
