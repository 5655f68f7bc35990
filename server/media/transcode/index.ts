import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { MediaProbe } from "@server/media/probe";
import { ladderArgs } from "./ffmpeg-args";
import { planLadder } from "./ladder";
import { describeRendition, MASTER, masterPlaylist, type Rendition } from "./playlists";
import { makePoster, POSTER } from "./poster";
import { runFfmpeg } from "./progress";
import {
  composeStoryboard,
  planStoryboard,
  STORYBOARD_IMAGE,
  STORYBOARD_VTT,
  storyboardVtt,
  TILES_DIR,
} from "./storyboard";

/**
 * The transcoder's core (issue #44 item 3, decision 0495): a probed master file in, the HLS
 * ladder, poster and storyboard out, as files under `outDir`. Nothing here knows the database,
 * HTTP or the storage driver: the job that calls it stores `files` and removes `outDir`.
 * It starts by removing what an earlier, interrupted run left under the same names; on failure
 * or abort, every file it wrote is removed before it rejects.
 */

export { captionsToVtt, NOT_CAPTIONS } from "./captions";
export { ladderFor } from "./ladder";
export { type Caption, captionsPlaylist, masterPlaylist, type Rendition } from "./playlists";

export interface TranscodeResult {
  /** Relative to outDir, every file written. */
  files: Array<{ path: string; contentType: string }>;
  renditions: Rendition[];
  master: "master.m3u8";
  poster: { jpeg: string; webp: string; avif: string };
  storyboard: { image: string; vtt: string };
}

export interface TranscodeInput {
  file: string;
  probe: MediaProbe;
  outDir: string;
  ffmpegPath: string;
  /** Encoder and decoder threads; default 2. */
  threads?: number;
  /** `nice -n` for every ffmpeg run; default 10. */
  nice?: number;
  /**
   * 0..1, from ffmpeg's `-progress pipe:1` out_time; 1 once everything is written. Called
   * synchronously from ffmpeg's output: it must not throw (queue any async work).
   */
  onProgress?: (fraction: number) => void;
  /** Abort kills ffmpeg (SIGTERM, SIGKILL after a grace) and rejects once it is gone. */
  signal?: AbortSignal;
  /** x264 preset; default "veryfast". */
  preset?: string;
}

const CONTENT_TYPES: Record<string, string> = {
  ".m3u8": "application/vnd.apple.mpegurl",
  ".mp4": "video/mp4",
  ".m4s": "video/iso.segment",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".vtt": "text/vtt",
};

export const contentTypeOf = (file: string) =>
  CONTENT_TYPES[path.extname(file)] ?? "application/octet-stream";

/** The ladder's share of the progress bar; the poster and playlists take the rest. */
const LADDER_SHARE = 0.95;

export async function transcodeMedia(input: TranscodeInput): Promise<TranscodeResult> {
  const { probe, outDir } = input;
  const threads = input.threads ?? 2;
  const nice = input.nice ?? 10;
  const rungs = planLadder(probe);
  const storyboard = planStoryboard(probe);
  const owned = [
    ...rungs.map((rung) => rung.name),
    MASTER,
    ...Object.values(POSTER),
    STORYBOARD_IMAGE,
    STORYBOARD_VTT,
    TILES_DIR,
  ];
  let reported = 0;
  const report = (fraction: number) => {
    if (fraction <= reported) return;
    reported = fraction;
    input.onProgress?.(fraction);
  };
  const removeOwned = () =>
    Promise.all(owned.map((name) => rm(path.join(outDir, name), { recursive: true, force: true })));
  try {
    // A run after a crashed one (a worker killed mid-encode) starts from nothing of it.
    await removeOwned();
    await mkdir(outDir, { recursive: true });
    for (const name of [...rungs.map((rung) => rung.name), TILES_DIR]) {
      await mkdir(path.join(outDir, name), { recursive: true });
    }
    await runFfmpeg({
      ffmpegPath: input.ffmpegPath,
      args: ladderArgs({
        file: input.file,
        probe,
        rungs,
        storyboard,
        options: { threads, preset: input.preset ?? "veryfast" },
      }),
      cwd: outDir,
      nice,
      durationSeconds: probe.durationSeconds,
      onProgress: (fraction) => report(fraction * LADDER_SHARE),
      signal: input.signal,
    });
    input.signal?.throwIfAborted();
    const layout = await composeStoryboard(outDir, storyboard, probe.durationSeconds);
    input.signal?.throwIfAborted();
    await makePoster({ ...input, threads, nice });
    input.signal?.throwIfAborted();
    await writeFile(
      path.join(outDir, STORYBOARD_VTT),
      storyboardVtt(layout, probe.durationSeconds),
    );
    const described = [];
    for (const rung of rungs) described.push(await describeRendition(outDir, rung, !!probe.audio));
    await writeFile(
      path.join(outDir, MASTER),
      masterPlaylist(
        described.map(({ rendition, averageBandwidth }) => ({ ...rendition, averageBandwidth })),
      ),
    );
    const written = [
      MASTER,
      ...described.flatMap((entry) => entry.files),
      ...Object.values(POSTER),
      STORYBOARD_IMAGE,
      STORYBOARD_VTT,
    ];
    input.signal?.throwIfAborted();
    report(1);
    return {
      files: written.map((file) => ({ path: file, contentType: contentTypeOf(file) })),
      // With its mean bitrate, so a master rewritten later (captions) keeps AVERAGE-BANDWIDTH.
      renditions: described.map((entry) => ({
        ...entry.rendition,
        averageBandwidth: entry.averageBandwidth,
      })),
      master: MASTER,
      poster: { ...POSTER },
      storyboard: { image: STORYBOARD_IMAGE, vtt: STORYBOARD_VTT },
    };
  } catch (error) {
    await removeOwned();
    throw error;
  }
}
