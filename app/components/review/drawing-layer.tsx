import { type PointerEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/form-button";
import {
  DRAWING_COLOURS,
  DRAWING_LIMITS,
  DRAWING_TOOLS,
  type Drawing,
  type DrawingColour,
  type DrawingShape,
  type DrawingTool,
  pictureBox,
  shapePath,
  toPicturePoint,
} from "~/entities/review/drawing";

/**
 * The review room's drawing on a frame (issue #45 item 4): an SVG laid exactly over the video's
 * picture (not its letterbox bars), in the picture's own pixel coordinates, so what is drawn at
 * one size lines up at every other and in full screen. Read only, it shows a comment's drawing;
 * editing, it takes strokes from a mouse, a pen or a finger.
 */

const TOOL_LABELS: Record<DrawingTool, string> = {
  pen: "Freehand",
  arrow: "Arrow",
  rectangle: "Rectangle",
};

/** A radio shown as a chip: the checked one filled, the focused one ringed. */
const CHIP =
  "inline-flex min-h-9 cursor-pointer items-center gap-1 rounded-md border border-current/30 px-2 has-checked:bg-white/15 has-checked:font-semibold has-focus-visible:outline-2 has-focus-visible:outline-offset-2";

/** Follows the size of the player box the picture is shown in. */
function usePlayerSize(element: HTMLElement | null): { width: number; height: number } {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setSize({ width: entry.contentRect.width, height: entry.contentRect.height });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return size;
}

export function DrawingLayer({
  picture,
  drawing,
  editing = null,
}: {
  /** The video's own size (its picture), for where the picture sits in the box. */
  picture: { width: number; height: number };
  drawing: Drawing | null;
  /** When set, strokes drawn are added through onChange with this tool and colour. */
  editing?: {
    tool: DrawingTool;
    colour: DrawingColour;
    onChange: (drawing: Drawing | null) => void;
  } | null;
}) {
  const [frame, setFrame] = useState<HTMLDivElement | null>(null);
  const box = pictureBox(usePlayerSize(frame), picture);
  const [stroke, setStroke] = useState<DrawingShape | null>(null);
  const svg = useRef<SVGSVGElement>(null);
  const shapes = [...(drawing?.shapes ?? []), ...(stroke ? [stroke] : [])];
  const pointsSoFar = (drawing?.shapes ?? []).reduce((sum, item) => sum + item.points.length, 0);
  const full =
    (drawing?.shapes.length ?? 0) >= DRAWING_LIMITS.shapes || pointsSoFar >= DRAWING_LIMITS.points;

  const pointOf = (event: PointerEvent) => {
    const rect = svg.current?.getBoundingClientRect();
    if (!rect) return null;
    return toPicturePoint(
      { x: 0, y: 0, width: rect.width, height: rect.height },
      event.clientX - rect.left,
      event.clientY - rect.top,
    );
  };
  const down = (event: PointerEvent<SVGSVGElement>) => {
    const point = pointOf(event);
    if (!editing || full || !point) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    setStroke({
      tool: editing.tool,
      colour: editing.colour,
      points: [point, point],
    } as DrawingShape);
  };
  const move = (event: PointerEvent<SVGSVGElement>) => {
    const point = pointOf(event);
    if (!stroke || !point) return;
    const [first] = stroke.points;
    if (stroke.tool !== "pen") return first && setStroke({ ...stroke, points: [first, point] });
    const last = stroke.points[stroke.points.length - 1];
    const room = Math.min(DRAWING_LIMITS.pointsPerStroke, DRAWING_LIMITS.points - pointsSoFar);
    // A point per visible step: a stroke keeps its shape in far fewer points than pointer events.
    if (!last || Math.hypot(point[0] - last[0], point[1] - last[1]) < 0.004) return;
    if (stroke.points.length < room) setStroke({ ...stroke, points: [...stroke.points, point] });
  };
  const up = () => {
    if (!stroke || !editing) return;
    setStroke(null);
    editing.onChange({ shapes: [...(drawing?.shapes ?? []), stroke] });
  };

  return (
    <div ref={setFrame} className="pointer-events-none absolute inset-0">
      <svg
        ref={svg}
        role="img"
        aria-label={shapes.length > 0 ? `Drawing of ${shapes.length} marks` : "No drawing"}
        viewBox={`0 0 ${picture.width} ${picture.height}`}
        preserveAspectRatio="none"
        className={editing ? "pointer-events-auto cursor-crosshair touch-none" : undefined}
        style={{
          position: "absolute",
          left: box.x,
          top: box.y,
          width: box.width,
          height: box.height,
        }}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={() => setStroke(null)}
      >
        {shapes.map((item, index) => (
          <path
            // Shapes are only ever added or removed at the end: the index is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={index}
            d={shapePath(item, picture.width, picture.height)}
            fill="none"
            stroke={DRAWING_COLOURS[item.colour]}
            strokeWidth={Math.max(picture.width, picture.height) * 0.004}
            strokeLinecap="round"
            strokeLinejoin="round"
            vectorEffect="non-scaling-stroke"
          />
        ))}
      </svg>
    </div>
  );
}

/** The drawing's tools: which mark, which colour, undo and clear. Keyboard operable. */
export function DrawingTools({
  tool,
  colour,
  drawing,
  onTool,
  onColour,
  onChange,
}: {
  tool: DrawingTool;
  colour: DrawingColour;
  drawing: Drawing | null;
  onTool: (tool: DrawingTool) => void;
  onColour: (colour: DrawingColour) => void;
  onChange: (drawing: Drawing | null) => void;
}) {
  const shapes = drawing?.shapes ?? [];
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      <ChipRadios
        legend="Mark"
        name="drawing-tool"
        options={DRAWING_TOOLS}
        chosen={tool}
        onChoose={onTool}
        label={(name) => TOOL_LABELS[name]}
      />
      <ChipRadios
        legend="Colour"
        name="drawing-colour"
        options={Object.keys(DRAWING_COLOURS) as DrawingColour[]}
        chosen={colour}
        onChoose={onColour}
        label={(name) => (
          <>
            <span
              aria-hidden="true"
              className="inline-block size-4 rounded-full border border-black/30"
              style={{ background: DRAWING_COLOURS[name] }}
            />
            <span className="sr-only">{name}</span>
          </>
        )}
      />
      <Button
        variant="ghost"
        size="dense"
        disabled={shapes.length === 0}
        onClick={() => onChange(shapes.length > 1 ? { shapes: shapes.slice(0, -1) } : null)}
      >
        Undo mark
      </Button>
      <Button
        variant="ghost"
        size="dense"
        disabled={shapes.length === 0}
        onClick={() => onChange(null)}
      >
        Clear drawing
      </Button>
    </div>
  );
}

/** One choice of a few, as a row of chips (radios: arrow keys move between them). */
function ChipRadios<T extends string>({
  legend,
  name,
  options,
  chosen,
  onChoose,
  label,
}: {
  legend: string;
  name: string;
  options: readonly T[];
  chosen: T;
  onChoose: (value: T) => void;
  label: (value: T) => ReactNode;
}) {
  return (
    <fieldset className="flex gap-1">
      <legend className="sr-only">{legend}</legend>
      {options.map((value) => (
        <label key={value} className={CHIP}>
          <input
            type="radio"
            name={name}
            value={value}
            checked={chosen === value}
            onChange={() => onChoose(value)}
            className="sr-only"
          />
          {label(value)}
        </label>
      ))}
    </fieldset>
  );
}
