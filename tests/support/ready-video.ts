import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Database } from "@server/db/client";
import { mediaItems } from "@server/db/schema";
import { renditionKey } from "@server/media/library";
import { probeMedia } from "@server/media/probe";
import { transcodeMedia } from "@server/media/transcode";
import { LocalStorage } from "@server/storage";
import { ffmpegPath, ffprobePath, makeClip } from "./media-clips";

/**
 * A really playable video of the Media library for a back-office server's DATA_DIR, without the
 * upload and the job: a short clip transcoded here (HLS, poster, storyboard), its row inserted
 * ready by `insert` (a spec's `adminData.content`), its files stored by `store` once the server's
 * DATA_DIR is known. For specs that play a video (the review room's).
 */
export function readyVideo(options: { title: string; seconds?: number; timecode?: string }) {
  const id = crypto.randomUUID();
  let work = "";
  let files: Array<{ path: string; contentType: string }> = [];
  let clip = "";
  let sha256 = "";
  const storedIn = new Set<string>();
  return {
    id,
    /** The master's SHA-256, once inserted. */
    sha256: () => sha256,
    /** Transcodes the clip and inserts its row (state ready, 25 fps, the start timecode). */
    async insert(db: Database) {
      work = await mkdtemp(path.join(os.tmpdir(), "ready-video-"));
      clip = await makeClip(work, "clip.mp4", {
        width: 640,
        height: 360,
        seconds: options.seconds ?? 6,
        timecode: options.timecode,
      });
      sha256 = createHash("sha256")
        .update(await readFile(clip))
        .digest("hex");
      const probe = await probeMedia(clip, { ffprobePath });
      const outDir = path.join(work, "out");
      const result = await transcodeMedia({
        file: clip,
        probe,
        outDir,
        ffmpegPath,
        preset: "ultrafast",
      });
      files = result.files;
      await db.insert(mediaItems).values({
        id,
        title: options.title,
        originalName: "clip.mp4",
        state: "ready",
        size: (await stat(clip)).size,
        masterKey: `${id}/master.mp4`,
        sha256,
        width: probe.width,
        height: probe.height,
        durationSeconds: probe.durationSeconds,
        frameRateNum: probe.frameRate.num,
        frameRateDen: probe.frameRate.den,
        startTimecode: probe.startTimecode,
        outputs: {
          master: result.master,
          renditions: result.renditions,
          poster: result.poster,
          storyboard: result.storyboard,
        },
        readyAt: new Date(),
      });
    },
    /** Puts the transcoded files where the server of `dataDir` serves them from (once). */
    async store(dataDir: string) {
      if (storedIn.has(dataDir)) return;
      storedIn.add(dataDir);
      const storage = new LocalStorage({
        directory: path.join(dataDir, "storage"),
        secret: "only-listing-files-not-signing",
      });
      await storage.put("media-masters", `${id}/master.mp4`, createReadStream(clip), {
        contentType: "video/mp4",
        size: (await stat(clip)).size,
      });
      for (const file of files) {
        const source = path.join(work, "out", file.path);
        await storage.put(
          "media-renditions",
          renditionKey(id, file.path),
          createReadStream(source),
          {
            contentType: file.contentType,
            size: (await stat(source)).size,
          },
        );
      }
    },
    /** Removes the transcoded files (a spec's afterAll). */
    async dispose() {
      if (work) await rm(work, { recursive: true, force: true });
    },
  };
}
