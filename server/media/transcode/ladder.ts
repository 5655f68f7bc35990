import type { MediaProbe } from "@server/media/probe";

/**
 * The HLS ladder (decision 0495): rungs named by the picture's SHORT side — the vertical
 * resolution of a landscape video, the width of a portrait one — so a phone clip gets the same
 * 1080/720/480/360 steps as a landscape master. Never upscaled.
 */

export const RUNGS = [1080, 720, 480, 360] as const;

/** Video bitrate per rung in kbit/s (H.264 High, veryfast-class presets). */
const VIDEO_KBPS: Record<number, number> = { 1080: 5000, 720: 2800, 480: 1400, 360: 800 };

export const AUDIO_KBPS = 128;

export interface Rung {
  /** Short side in pixels; also the folder name `{rung}p`. */
  rung: number;
  name: string;
  width: number;
  height: number;
  videoKbps: number;
}

const even = (value: number) => Math.max(2, Math.round(value / 2) * 2);
const shortSide = (probe: Pick<MediaProbe, "width" | "height">) =>
  Math.min(probe.width, probe.height);

/**
 * The rungs for a source: those of [1080, 720, 480, 360] not above its short side; a source
 * whose short side is under 360 gets one rung at its own (even) size.
 */
export function ladderFor(probe: Pick<MediaProbe, "width" | "height">): number[] {
  const side = shortSide(probe);
  const rungs = RUNGS.filter((rung) => rung <= side);
  return rungs.length > 0 ? rungs : [Math.max(2, side - (side % 2))];
}

/** The rungs with their display sizes (even, square pixels) and bitrates. */
export function planLadder(probe: Pick<MediaProbe, "width" | "height">): Rung[] {
  const side = shortSide(probe);
  const portrait = probe.height > probe.width;
  return ladderFor(probe).map((rung) => {
    const long = even((Math.max(probe.width, probe.height) * rung) / side);
    const videoKbps = VIDEO_KBPS[rung] ?? Math.max(200, Math.round(800 * (rung / 360) ** 2));
    return {
      rung,
      name: `${rung}p`,
      width: portrait ? rung : long,
      height: portrait ? long : rung,
      videoKbps,
    };
  });
}
