import { stat } from "node:fs/promises";
import path from "node:path";
import type { MediaProbe } from "@server/media/probe";
import { posterArgs } from "./ffmpeg-args";
import { runFfmpeg } from "./progress";

/**
 * The poster (decision 0495): from the first 5 s, the most representative frame among those
 * with picture in them (never a black lead-in), at the source's display size capped at 1280
 * wide, as JPEG from ffmpeg and WebP and AVIF from that JPEG through sharp.
 */

export const POSTER = { jpeg: "poster.jpg", webp: "poster.webp", avif: "poster.avif" } as const;
const MAX_WIDTH = 1280;
const WINDOW_SECONDS = 5;
/** Mean luma (8-bit video range 16–235) below which a frame counts as black. */
const MIN_LUMA = 32;

export function posterSize(probe: Pick<MediaProbe, "width" | "height">) {
  const width = Math.min(MAX_WIDTH, probe.width - (probe.width % 2));
  const height = Math.max(2, Math.round((width * probe.height) / probe.width / 2) * 2);
  return { width, height };
}

const written = (file: string) =>
  stat(file).then(
    (info) => info.size > 0,
    () => false,
  );

export async function makePoster(input: {
  file: string;
  probe: MediaProbe;
  outDir: string;
  ffmpegPath: string;
  threads: number;
  nice: number;
  signal?: AbortSignal;
}): Promise<void> {
  const jpeg = path.join(input.outDir, POSTER.jpeg);
  const size = posterSize(input.probe);
  const windowSeconds = Math.min(WINDOW_SECONDS, input.probe.durationSeconds);
  // A master dark through its first seconds still gets a poster: the same pick, without the test.
  for (const minLuma of [MIN_LUMA, 0]) {
    const args = posterArgs({ ...input, ...size, out: POSTER.jpeg, windowSeconds, minLuma });
    await runFfmpeg({ ...input, args, cwd: input.outDir, durationSeconds: 0 });
    if (await written(jpeg)) break;
  }
  if (!(await written(jpeg))) throw new Error("ffmpeg wrote no poster frame");
  input.signal?.throwIfAborted();
  const { default: sharp } = await import("sharp");
  await sharp(jpeg).webp({ quality: 80 }).toFile(path.join(input.outDir, POSTER.webp));
  await sharp(jpeg).avif({ quality: 50, effort: 2 }).toFile(path.join(input.outDir, POSTER.avif));
}
