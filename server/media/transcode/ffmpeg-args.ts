import path from "node:path";
import type { MediaProbe } from "@server/media/probe";
import { AUDIO_KBPS, type Rung } from "./ladder";
import { type StoryboardPlan, TILE_PATTERN, TILES_DIR } from "./storyboard";

/**
 * The ffmpeg command lines, built from typed options, with the HLS flags in this one place
 * (decision 0495). Rotation is ffmpeg's autorotate (on by default; the outputs carry none).
 */

export interface EncodeOptions {
  threads: number;
  /** x264 preset; "veryfast" unless a test asks for less. */
  preset: string;
}

export const SEGMENT_SECONDS = 6;
export const KEYFRAME_SECONDS = 2;
export const SEGMENT_PATTERN = "seg-%05d.m4s";
export const INIT_FILE = "init.mp4";
const POSTER_SAMPLES_PER_SECOND = 4;

/**
 * The filters every picture goes through first: frames flagged interlaced deinterlaced (bwdif,
 * one frame per frame; progressive frames pass untouched), PQ and HLG tone-mapped to SDR BT.709
 * with zscale + tonemap (hable), then 8-bit 4:2:0 for H.264 High.
 */
export function sourceFilter(probe: Pick<MediaProbe, "hdrTransfer">): string {
  const toSdr = probe.hdrTransfer
    ? "zscale=t=linear:npl=100,format=gbrpf32le,zscale=p=bt709,tonemap=tonemap=hable:desat=0," +
      "zscale=t=bt709:m=bt709:r=tv,"
    : "";
  return `bwdif=mode=send_frame:deint=interlaced,${toSdr}format=yuv420p`;
}

/**
 * The input, read through ffmpeg's `file:` protocol so that no name is taken for a URL or an
 * option; `seconds` reads only the first seconds. Outputs are named relative to the run's
 * working directory (the transcode's outDir), so no character of that path is ever a pattern.
 */
const inputArgs = (file: string, threads: number, seconds?: number) => [
  "-hide_banner",
  "-nostdin",
  "-loglevel",
  "error",
  "-y",
  "-threads",
  String(threads),
  ...(seconds === undefined ? [] : ["-t", String(seconds)]),
  "-i",
  `file:${path.resolve(file)}`,
];

/**
 * One process for the whole ladder and the storyboard: the source decoded once, split, scaled
 * per rung, one HLS output per rung (each its own init.mp4), and the storyboard's tiles from the
 * same decode. Keyframes every 2 s by time, no scene-cut keyframes, so every rung cuts its 6 s
 * segments at the same instants.
 */
export function ladderArgs(input: {
  file: string;
  probe: MediaProbe;
  rungs: Rung[];
  storyboard: StoryboardPlan;
  options: EncodeOptions;
}): string[] {
  const { probe, rungs, storyboard, options } = input;
  const branches = rungs.length + 1;
  const splits = Array.from({ length: branches }, (_, i) => `[s${i}]`).join("");
  const graph = [
    `[0:v:0]${sourceFilter(probe)},split=${branches}${splits}`,
    ...rungs.map((rung, i) => `[s${i}]scale=${rung.width}:${rung.height},setsar=1[v${i}]`),
    `[s${rungs.length}]fps=1/${storyboard.intervalSeconds},` +
      `scale=${storyboard.tileWidth}:${storyboard.tileHeight},setsar=1[sb]`,
  ].join(";");
  const threads = String(options.threads);
  const outputs = rungs.flatMap((rung, i) => [
    "-map",
    `[v${i}]`,
    ...(probe.audio ? ["-map", "0:a:0"] : []),
    "-map_metadata",
    "-1",
    "-map_chapters",
    "-1",
    "-c:v",
    "libx264",
    "-profile:v",
    "high",
    "-preset",
    options.preset,
    "-pix_fmt",
    "yuv420p",
    "-threads",
    threads,
    "-b:v",
    `${rung.videoKbps}k`,
    "-maxrate",
    `${Math.round(rung.videoKbps * 1.1)}k`,
    "-bufsize",
    `${rung.videoKbps * 2}k`,
    "-force_key_frames",
    `expr:gte(t,n_forced*${KEYFRAME_SECONDS})`,
    "-sc_threshold",
    "0",
    ...(probe.audio ? ["-c:a", "aac", "-b:a", `${AUDIO_KBPS}k`, "-ac", "2"] : []),
    "-f",
    "hls",
    "-hls_time",
    String(SEGMENT_SECONDS),
    "-hls_playlist_type",
    "vod",
    "-hls_segment_type",
    "fmp4",
    "-hls_flags",
    "independent_segments",
    "-hls_fmp4_init_filename",
    INIT_FILE,
    "-start_number",
    "1",
    "-hls_segment_filename",
    `${rung.name}/${SEGMENT_PATTERN}`,
    `${rung.name}/index.m3u8`,
  ]);
  return [
    ...inputArgs(input.file, options.threads),
    "-filter_complex_threads",
    threads,
    "-filter_complex",
    graph,
    ...outputs,
    "-map",
    "[sb]",
    "-q:v",
    "4",
    `${TILES_DIR}/${TILE_PATTERN}`,
    "-progress",
    "pipe:1",
    "-nostats",
  ];
}

/**
 * The poster candidate: within the first seconds, frames with picture in them (mean luma above
 * `minLuma` on the 8-bit video scale) and of those the most representative (`thumbnail`).
 * `minLuma` 0 drops the darkness test, for a master dark from its first frame.
 */
export function posterArgs(input: {
  file: string;
  probe: MediaProbe;
  out: string;
  width: number;
  height: number;
  windowSeconds: number;
  minLuma: number;
  threads: number;
}): string[] {
  const { probe } = input;
  // Sampled at 4 frames a second and scaled first: `thumbnail` holds its whole batch in memory.
  const frames = Math.max(1, Math.ceil(input.windowSeconds * POSTER_SAMPLES_PER_SECOND));
  const lit =
    input.minLuma > 0
      ? `signalstats,metadata=mode=select:key=lavfi.signalstats.YAVG:value=${input.minLuma}:function=greater,`
      : "";
  return [
    ...inputArgs(input.file, input.threads, input.windowSeconds),
    "-map",
    "0:v:0",
    "-vf",
    `${sourceFilter(probe)},fps=${POSTER_SAMPLES_PER_SECOND},` +
      `scale=${input.width}:${input.height},setsar=1,${lit}thumbnail=n=${frames}`,
    "-frames:v",
    "1",
    "-q:v",
    "2",
    "-update",
    "1",
    input.out,
  ];
}
