import { execFile } from "node:child_process";

/**
 * What ffprobe says about an uploaded master (issue #44 item 2, decision 0495): the facts the
 * media record stores and the transcoder plans from. A file ffprobe cannot read, one in a
 * container we do not take, or one without a video stream is refused with a MediaProbeError whose
 * message is shown to staff as it is.
 */

export interface MediaProbe {
  durationSeconds: number;
  /** As displayed: sample aspect ratio and rotation applied (a portrait phone clip is 1080x1920). */
  width: number;
  height: number;
  /** Exact rational: 24000/1001, 30000/1001, 25/1 … */
  frameRate: { num: number; den: number };
  /** "01:00:00:00" from the stream or format tags, or null. */
  startTimecode: string | null;
  /** Clockwise degrees to turn the coded picture upright (display matrix or rotate tag). */
  rotation: 0 | 90 | 180 | 270;
  /** "smpte2084" (PQ) or "arib-std-b67" (HLG), else null. */
  hdrTransfer: string | null;
  /** null: no audio stream. */
  audio: { channels: number; layout: string | null } | null;
  videoCodec: string;
  /** Short container name: "mp4", "mov", "matroska", "webm", "mxf", "mpegts" or "avi". */
  container: string;
}

/** A refusal whose message staff read as it is. */
export class MediaProbeError extends Error {
  override name = "MediaProbeError";
}

export const NOT_READABLE = "This file is not a video ffprobe can read.";
export const NO_VIDEO = "This file has no video stream.";

interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  sample_aspect_ratio?: string;
  r_frame_rate?: string;
  avg_frame_rate?: string;
  duration?: string;
  color_transfer?: string;
  channels?: number;
  channel_layout?: string;
  disposition?: { attached_pic?: number };
  tags?: Record<string, string>;
  side_data_list?: Array<{ side_data_type?: string; rotation?: number }>;
}

interface FfprobeOutput {
  streams?: FfprobeStream[];
  format?: { format_name?: string; duration?: string; tags?: Record<string, string> };
}

/** Rates cameras and editors use; a measured average within 0.1 % of one is that one exactly. */
const KNOWN_RATES: Array<[number, number]> = [
  [24000, 1001],
  [24, 1],
  [25, 1],
  [30000, 1001],
  [30, 1],
  [48, 1],
  [50, 1],
  [60000, 1001],
  [60, 1],
  [120, 1],
];

/** ffprobe reads headers only; a file that keeps it longer is not one we can use. */
const PROBE_TIMEOUT_MS = 60_000;
const HDR_TRANSFERS = new Set(["smpte2084", "arib-std-b67"]);
const TIMECODE = /^\d{2}:\d{2}:\d{2}[:;]\d{2}$/;

const rational = (text: string | undefined): { num: number; den: number } | null => {
  const match = /^(\d+)\/(\d+)$/.exec(text ?? "");
  if (!match) return null;
  const num = Number(match[1]);
  const den = Number(match[2]);
  return num > 0 && den > 0 ? { num, den } : null;
};

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * The stream's frame rate as an exact rational: the average rate (the real one for variable-rate
 * phone clips), snapped to a known rate when within 0.1 %, else the base rate ffprobe reports.
 */
export const frameRateOf = (stream: FfprobeStream): { num: number; den: number } => {
  const rate = rational(stream.avg_frame_rate) ?? rational(stream.r_frame_rate);
  if (!rate) throw new MediaProbeError(NOT_READABLE);
  const value = rate.num / rate.den;
  const known = KNOWN_RATES.find(([num, den]) => Math.abs(num / den - value) / value < 0.001);
  if (known) return { num: known[0], den: known[1] };
  const divisor = gcd(rate.num, rate.den);
  return { num: rate.num / divisor, den: rate.den / divisor };
};

const rotationOf = (stream: FfprobeStream): MediaProbe["rotation"] => {
  const matrix = stream.side_data_list?.find((entry) => entry.side_data_type === "Display Matrix");
  // ffprobe 5.1 reports a `rotate=90` tag as a display matrix of rotation 90 (decision 0495).
  const degrees = matrix?.rotation ?? Number(stream.tags?.rotate ?? 0);
  const quarter = Math.round((((degrees % 360) + 360) % 360) / 90) % 4;
  return ([0, 90, 180, 270] as const)[quarter] ?? 0;
};

const containerOf = (formatName: string, videoCodec: string, tags: Record<string, string>) => {
  const names = formatName.split(",");
  if (names.includes("mov")) return tags.major_brand?.trim() === "qt" ? "mov" : "mp4";
  if (names.includes("matroska")) {
    return tags.DOCTYPE === "webm" || ["vp8", "vp9", "av1"].includes(videoCodec)
      ? "webm"
      : "matroska";
  }
  return ["mxf", "mpegts", "avi"].find((name) => names.includes(name)) ?? null;
};

const timecodeOf = (output: FfprobeOutput): string | null => {
  const candidates = [
    ...(output.streams ?? []).map((stream) => stream.tags?.timecode),
    output.format?.tags?.timecode,
  ];
  return candidates.find((value): value is string => TIMECODE.test(value ?? "")) ?? null;
};

const runFfprobe = (file: string, ffprobePath: string) =>
  new Promise<FfprobeOutput>((resolve, reject) => {
    const args = ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", file];
    const limits = {
      maxBuffer: 16 * 1024 * 1024,
      timeout: PROBE_TIMEOUT_MS,
      killSignal: "SIGKILL" as const,
    };
    execFile(ffprobePath, args, limits, (error, stdout) => {
      if (error && (error as NodeJS.ErrnoException).code === "ENOENT") {
        reject(new Error(`ffprobe not found at ${ffprobePath}`));
        return;
      }
      if (error) {
        reject(new MediaProbeError(NOT_READABLE));
        return;
      }
      try {
        resolve(JSON.parse(stdout) as FfprobeOutput);
      } catch {
        reject(new MediaProbeError(NOT_READABLE));
      }
    });
  });

/** Probes `file` with ffprobe; rejects with MediaProbeError when staff must be told no. */
export async function probeMedia(
  file: string,
  options: { ffprobePath: string },
): Promise<MediaProbe> {
  const output = await runFfprobe(file, options.ffprobePath);
  const streams = output.streams ?? [];
  const formatName = output.format?.format_name ?? "";
  if (streams.length === 0 || !formatName) throw new MediaProbeError(NOT_READABLE);
  const video = streams.find(
    (stream) => stream.codec_type === "video" && stream.disposition?.attached_pic !== 1,
  );
  if (!video) throw new MediaProbeError(NO_VIDEO);
  const videoCodec = video.codec_name ?? "unknown";
  const container = containerOf(formatName, videoCodec, output.format?.tags ?? {});
  // "N/A" in the format (some MPEG-TS, raw streams) falls back to the video stream's.
  const durationSeconds =
    [output.format?.duration, video.duration].map(Number).find((value) => value > 0) ?? 0;
  if (!container || !video.width || !video.height || !(durationSeconds > 0)) {
    throw new MediaProbeError(NOT_READABLE);
  }
  const sar = rational(video.sample_aspect_ratio);
  const shownWidth = Math.round((video.width * (sar?.num ?? 1)) / (sar?.den ?? 1));
  const rotation = rotationOf(video);
  const sideways = rotation === 90 || rotation === 270;
  const audio = streams.find((stream) => stream.codec_type === "audio");
  return {
    durationSeconds,
    width: sideways ? video.height : shownWidth,
    height: sideways ? shownWidth : video.height,
    frameRate: frameRateOf(video),
    startTimecode: timecodeOf(output),
    rotation,
    hdrTransfer: HDR_TRANSFERS.has(video.color_transfer ?? "")
      ? (video.color_transfer ?? null)
      : null,
    audio: audio ? { channels: audio.channels ?? 0, layout: audio.channel_layout ?? null } : null,
    videoCodec,
    container,
  };
}
