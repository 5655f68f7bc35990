import { z } from "~/lib/forms/zod";

/**
 * A drawing on a frame of the review room (issue #45 item 4): freehand strokes, arrows and
 * rectangles in a few colours. Points are stored relative to the video *picture* (0 to 1 across
 * its width and height, not the player box with its letterbox bars), so a drawing lines up at
 * every player size and in full screen. Shared by the review page and the server, which checks
 * every drawing it stores against this schema. Browser-safe.
 */

export const DRAWING_TOOLS = ["pen", "arrow", "rectangle"] as const;
export type DrawingTool = (typeof DRAWING_TOOLS)[number];

/** The colours offered: name (the button's label) → value. Strong on dark and light pictures. */
export const DRAWING_COLOURS = {
  red: "#ef4444",
  yellow: "#facc15",
  green: "#22c55e",
  blue: "#3b82f6",
  white: "#ffffff",
} as const;
export type DrawingColour = keyof typeof DRAWING_COLOURS;

/** Bounds of one drawing: enough for a careful markup, small enough to store and send often. */
export const DRAWING_LIMITS = {
  shapes: 30,
  pointsPerStroke: 400,
  points: 2000,
} as const;

const coordinate = z.number().finite().min(0).max(1);
const point = z.tuple([coordinate, coordinate]);

const shape = z.discriminatedUnion("tool", [
  z.object({
    tool: z.literal("pen"),
    colour: z.enum(Object.keys(DRAWING_COLOURS) as [DrawingColour, ...DrawingColour[]]),
    points: z.array(point).min(2).max(DRAWING_LIMITS.pointsPerStroke),
  }),
  z.object({
    tool: z.enum(["arrow", "rectangle"]),
    colour: z.enum(Object.keys(DRAWING_COLOURS) as [DrawingColour, ...DrawingColour[]]),
    /** From where the pointer went down to where it came up. */
    points: z.array(point).length(2),
  }),
]);
export type DrawingShape = z.infer<typeof shape>;

export const drawingSchema = z
  .object({ shapes: z.array(shape).min(1).max(DRAWING_LIMITS.shapes) })
  .refine(
    (drawing) =>
      drawing.shapes.reduce((sum, item) => sum + item.points.length, 0) <= DRAWING_LIMITS.points,
    { message: "This drawing is too detailed. Draw fewer strokes." },
  );
export type Drawing = z.infer<typeof drawingSchema>;

/** A drawing sent as JSON text (a form field): the drawing, null for none, or a refusal. */
export function parseDrawing(
  text: string | null | undefined,
): { ok: true; drawing: Drawing | null } | { ok: false; message: string } {
  if (text === null || text === undefined || text.trim() === "") return { ok: true, drawing: null };
  // A drawing at its limits is about 40 KB of JSON; anything far larger is not one.
  if (text.length > 64 * 1024) return { ok: false, message: DRAWING_REFUSED };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, message: DRAWING_REFUSED };
  }
  const parsed = drawingSchema.safeParse(value);
  if (!parsed.success)
    return { ok: false, message: parsed.error.issues[0]?.message ?? DRAWING_REFUSED };
  return { ok: true, drawing: parsed.data };
}

export const DRAWING_REFUSED = "This drawing could not be read. Draw it again.";

/** A rectangle in pixels. */
export type Box = { x: number; y: number; width: number; height: number };

/**
 * Where the picture sits inside a player box that shows it whole (`object-fit: contain`): the
 * full width with bars above and below, or the full height with bars at the sides.
 */
export function pictureBox(
  player: { width: number; height: number },
  video: { width: number; height: number },
): Box {
  if (player.width <= 0 || player.height <= 0 || video.width <= 0 || video.height <= 0) {
    return { x: 0, y: 0, width: Math.max(player.width, 0), height: Math.max(player.height, 0) };
  }
  const scale = Math.min(player.width / video.width, player.height / video.height);
  const width = video.width * scale;
  const height = video.height * scale;
  return { x: (player.width - width) / 2, y: (player.height - height) / 2, width, height };
}

/** A pointer position in the player box as a point of the picture, clamped to its edges. */
export function toPicturePoint(box: Box, x: number, y: number): [number, number] {
  const clamp = (value: number) => Math.min(1, Math.max(0, value));
  const round = (value: number) => Math.round(value * 10_000) / 10_000;
  return [round(clamp((x - box.x) / box.width)), round(clamp((y - box.y) / box.height))];
}

/**
 * The shape as SVG in a viewBox of `0 0 {width} {height}` (the picture's own pixel size, so a
 * rectangle stays a rectangle and an arrow's head keeps its angle): a path's `d`.
 */
export function shapePath(item: DrawingShape, width: number, height: number): string {
  const points = item.points.map(([x, y]) => [x * width, y * height] as const);
  const [start, end] = [points[0], points[points.length - 1]];
  if (!start || !end) return "";
  const fixed = (value: number) => value.toFixed(1);
  if (item.tool === "rectangle") {
    const [left, right] = [Math.min(start[0], end[0]), Math.max(start[0], end[0])];
    const [top, bottom] = [Math.min(start[1], end[1]), Math.max(start[1], end[1])];
    return `M${fixed(left)} ${fixed(top)}H${fixed(right)}V${fixed(bottom)}H${fixed(left)}Z`;
  }
  const line = points.map(([x, y], index) => `${index === 0 ? "M" : "L"}${fixed(x)} ${fixed(y)}`);
  if (item.tool === "pen") return line.join("");
  // An arrow: the shaft, and a head of two strokes at 30° either side, a size the picture's.
  const angle = Math.atan2(end[1] - start[1], end[0] - start[0]);
  const head = Math.max(width, height) * 0.03;
  const wing = (turn: number) =>
    `L${fixed(end[0] - head * Math.cos(angle + turn))} ${fixed(end[1] - head * Math.sin(angle + turn))}`;
  return `${line.join("")}${wing(Math.PI / 6)}M${fixed(end[0])} ${fixed(end[1])}${wing(-Math.PI / 6)}`;
}
