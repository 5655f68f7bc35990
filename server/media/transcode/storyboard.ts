import { readdir, rm } from "node:fs/promises";
import path from "node:path";

/**
 * The storyboard (decision 0495): one JPEG sprite of 160-px-wide tiles, one every N whole
 * seconds so that there are at most 100, ten to a row, and a WebVTT whose cues point at the tiles
 * with `#xywh=` and cover 0 to the duration, for seek-bar previews. The ladder's ffmpeg process
 * writes the tiles as small JPEGs from the same decode (an ffmpeg `tile` output would hold back
 * its `-progress` until the end); sharp lays them out here and the tiles are removed.
 */

export const STORYBOARD_IMAGE = "storyboard.jpg";
export const STORYBOARD_VTT = "storyboard.vtt";
/** Where the ladder's process writes the tiles; gone once the sprite is made. */
export const TILES_DIR = "storyboard-tiles";
export const TILE_PATTERN = "%04d.jpg";
const TILE_WIDTH = 160;
const MAX_TILES = 100;
const COLUMNS = 10;

export interface StoryboardPlan {
  intervalSeconds: number;
  tileWidth: number;
  tileHeight: number;
}

export interface StoryboardLayout extends StoryboardPlan {
  count: number;
  columns: number;
  rows: number;
}

export function planStoryboard(probe: {
  durationSeconds: number;
  width: number;
  height: number;
}): StoryboardPlan {
  return {
    intervalSeconds: Math.max(1, Math.ceil(probe.durationSeconds / MAX_TILES)),
    tileWidth: TILE_WIDTH,
    tileHeight: Math.max(2, Math.round((TILE_WIDTH * probe.height) / probe.width / 2) * 2),
  };
}

/** WebVTT timestamp: HH:MM:SS.mmm. */
export function vttTime(seconds: number): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const pad = (value: number, width = 2) => String(value).padStart(width, "0");
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = Math.floor(ms / 1000) % 60;
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

/** The cues: tile i from i·N s, the last one to the end of the video. */
export function storyboardVtt(layout: StoryboardLayout, durationSeconds: number): string {
  const cues = Array.from({ length: layout.count }, (_, i) => {
    const start = i * layout.intervalSeconds;
    const end = i === layout.count - 1 ? durationSeconds : (i + 1) * layout.intervalSeconds;
    const x = (i % layout.columns) * layout.tileWidth;
    const y = Math.floor(i / layout.columns) * layout.tileHeight;
    return `${vttTime(start)} --> ${vttTime(end)}\n${STORYBOARD_IMAGE}#xywh=${x},${y},${layout.tileWidth},${layout.tileHeight}`;
  });
  return `WEBVTT\n\n${cues.join("\n\n")}\n`;
}

/**
 * Lays the tiles out in the sprite and returns the layout for the VTT. A last tile that would
 * start within half an interval of the end is dropped (the one before covers it).
 */
export async function composeStoryboard(
  outDir: string,
  plan: StoryboardPlan,
  durationSeconds: number,
): Promise<StoryboardLayout> {
  const folder = path.join(outDir, TILES_DIR);
  const wanted = Math.max(1, Math.round(durationSeconds / plan.intervalSeconds));
  const tiles = (await readdir(folder))
    .filter((name) => name.endsWith(".jpg"))
    .sort()
    .slice(0, wanted);
  if (tiles.length === 0) throw new Error("ffmpeg wrote no storyboard tiles");
  const columns = Math.min(COLUMNS, tiles.length);
  const layout = { ...plan, count: tiles.length, columns, rows: Math.ceil(tiles.length / columns) };
  const { default: sharp } = await import("sharp");
  await sharp({
    create: {
      width: columns * plan.tileWidth,
      height: layout.rows * plan.tileHeight,
      channels: 3,
      background: "#000",
    },
  })
    .composite(
      tiles.map((name, i) => ({
        input: path.join(folder, name),
        left: (i % columns) * plan.tileWidth,
        top: Math.floor(i / columns) * plan.tileHeight,
      })),
    )
    .jpeg({ quality: 75 })
    .toFile(path.join(outDir, STORYBOARD_IMAGE));
  await rm(folder, { recursive: true, force: true });
  return layout;
}
