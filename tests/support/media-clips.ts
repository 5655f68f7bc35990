import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll } from "vitest";

/**
 * Test clips made by ffmpeg from its own sources (issue #44): `testsrc2` for the picture, `sine`
 * for the sound, encoded fast (ultrafast) since they are inputs, not what is tested.
 */

const run = promisify(execFile);

export const ffmpegPath = process.env.FFMPEG_PATH || "ffmpeg";
export const ffprobePath = process.env.FFPROBE_PATH || "ffprobe";

export interface ClipOptions {
  width: number;
  height: number;
  /** Frame rate as ffmpeg writes it: "25", "30000/1001", "24000/1001". */
  rate?: string;
  seconds?: number;
  /** Channel layout of the sine tone, or null for no audio. */
  audio?: "mono" | "stereo" | "5.1" | null;
  /** A display rotation written as ffmpeg 5.1's `rotate` tag (a display matrix in the file). */
  rotate?: 90 | 180 | 270;
  timecode?: string;
  /** Tagged as PQ (BT.2020, SMPTE 2084) or HLG; the picture itself is testsrc2's. */
  hdr?: "pq" | "hlg";
  /** Seconds of black before the picture starts. */
  blackLeadIn?: number;
  /** Noise over the picture, kept losslessly: a large file (about 10 MB a second at 640×360). */
  grain?: boolean;
}

const HDR_TAGS = {
  pq: ["-color_primaries", "bt2020", "-color_trc", "smpte2084", "-colorspace", "bt2020nc"],
  hlg: ["-color_primaries", "bt2020", "-color_trc", "arib-std-b67", "-colorspace", "bt2020nc"],
};

/** Writes `name` (an .mp4 or .mov) in `dir` and returns its path. */
export async function makeClip(dir: string, name: string, options: ClipOptions): Promise<string> {
  const { width, height, rate = "25", seconds = 8, audio = "stereo" } = options;
  const out = path.join(dir, name);
  const encoded = options.rotate ? path.join(dir, `unrotated-${name}`) : out;
  const size = `${width}x${height}`;
  const picture = options.blackLeadIn
    ? [
        "-f",
        "lavfi",
        "-i",
        `color=c=black:size=${size}:rate=${rate}:duration=${options.blackLeadIn}`,
        "-f",
        "lavfi",
        "-i",
        `testsrc2=size=${size}:rate=${rate}:duration=${seconds - options.blackLeadIn}`,
      ]
    : ["-f", "lavfi", "-i", `testsrc2=size=${size}:rate=${rate}:duration=${seconds}`];
  const videoInputs = options.blackLeadIn ? 2 : 1;
  const sound = audio ? ["-f", "lavfi", "-i", `sine=frequency=440:duration=${seconds}`] : [];
  const graph = options.blackLeadIn ? ["-filter_complex", "[0:v][1:v]concat=n=2:v=1:a=0[v]"] : [];
  const videoMap = options.blackLeadIn ? "[v]" : "0:v";
  await run(ffmpegPath, [
    "-hide_banner",
    "-loglevel",
    "error",
    "-y",
    ...picture,
    ...sound,
    ...graph,
    "-map",
    videoMap,
    ...(audio ? ["-map", `${videoInputs}:a`] : []),
    ...(options.grain ? ["-vf", "noise=alls=60:allf=t", "-qp", "0"] : []),
    "-c:v",
    "libx264",
    "-preset",
    "ultrafast",
    "-pix_fmt",
    "yuv420p",
    ...(options.hdr ? HDR_TAGS[options.hdr] : []),
    ...(audio
      ? ["-c:a", "aac", "-b:a", "128k", "-ac", String({ mono: 1, stereo: 2, "5.1": 6 }[audio])]
      : []),
    // The copy below cannot carry a timecode track: it writes the timecode itself.
    ...(options.timecode && !options.rotate ? ["-timecode", options.timecode] : []),
    encoded,
  ]);
  if (options.rotate) {
    // ffmpeg 5.1 turns the tag into a display matrix only when the stream is copied.
    await run(ffmpegPath, [
      ...["-hide_banner", "-loglevel", "error", "-y", "-i", encoded, "-map", "0:v", "-map", "0:a?"],
      ...["-c", "copy", "-metadata:s:v", `rotate=${options.rotate}`],
      ...(options.timecode ? ["-timecode", options.timecode] : []),
      out,
    ]);
  }
  return out;
}

/** An audio-only file in an MP4 container. */
export async function makeAudioOnly(dir: string, name: string): Promise<string> {
  const out = path.join(dir, name);
  await run(ffmpegPath, [
    ...["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "sine=duration=2"],
    ...["-c:a", "aac", out],
  ]);
  return out;
}

/** A text file under a video's name (`notes.txt` renamed `clip.mp4`). */
export async function makeRenamedText(dir: string, name: string): Promise<string> {
  const out = path.join(dir, name);
  await writeFile(out, "Notes from the shoot.\nCall the client on Monday.\n");
  return out;
}

/** ffprobe's JSON for a file (streams, format, and optionally packets or frames). */
export async function ffprobeJson(file: string, extra: string[] = []): Promise<ProbeJson> {
  const { stdout } = await run(
    ffprobePath,
    ["-v", "error", "-print_format", "json", "-show_streams", "-show_format", ...extra, file],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as ProbeJson;
}

export interface ProbeJson {
  streams: Array<{
    codec_type: string;
    codec_name: string;
    profile?: string;
    width?: number;
    height?: number;
    channels?: number;
    r_frame_rate?: string;
    avg_frame_rate?: string;
    color_transfer?: string;
    side_data_list?: Array<{ side_data_type?: string; rotation?: number }>;
  }>;
  packets?: Array<{ codec_type: string; pts_time: string; flags: string }>;
}

/**
 * One clip for a whole test file: made before its tests in a temp folder of its own (removed
 * after them); `clip()` is its bytes, inside a test.
 */
export function clipForFile(prefix: string, options: ClipOptions): () => Buffer {
  let dir = "";
  let bytes: Buffer | undefined;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), prefix));
    bytes = await readFile(await makeClip(dir, "clip.mp4", options));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  return () => {
    if (!bytes) throw new Error("The clip is made before the file's tests: read it inside one");
    return bytes;
  };
}
