import { describe, expect, it } from "vitest";
import {
  DRAWING_LIMITS,
  DRAWING_REFUSED,
  parseDrawing,
  pictureBox,
  shapePath,
  toPicturePoint,
} from "~/entities/review/drawing";

describe("a drawing on a frame", () => {
  it("is stored relative to the picture, so a point lands on the same spot at every size", () => {
    // A 16:9 picture in a 4:3 box: bars above and below.
    const small = pictureBox({ width: 400, height: 300 }, { width: 1920, height: 1080 });
    expect(small).toEqual({ x: 0, y: 37.5, width: 400, height: 225 });
    // The same picture full screen on a 16:10 display: bars again, of another size.
    const large = pictureBox({ width: 1680, height: 1050 }, { width: 1920, height: 1080 });
    expect(large).toEqual({ x: 0, y: 52.5, width: 1680, height: 945 });
    // A portrait phone clip in a landscape box: bars at the sides.
    expect(pictureBox({ width: 1280, height: 720 }, { width: 1080, height: 1920 })).toEqual({
      x: 437.5,
      y: 0,
      width: 405,
      height: 720,
    });
    // The picture's centre, pressed in either player, is the same stored point.
    expect(toPicturePoint(small, 200, 150)).toEqual([0.5, 0.5]);
    expect(toPicturePoint(large, 840, 525)).toEqual([0.5, 0.5]);
    // A press on a bar is clamped to the picture's edge.
    expect(toPicturePoint(small, 10, 5)).toEqual([0.025, 0]);
  });

  it("draws a rectangle, an arrow with its head and a stroke in the picture's pixels", () => {
    const rectangle = shapePath(
      {
        tool: "rectangle",
        colour: "red",
        points: [
          [0.75, 0.5],
          [0.25, 0.25],
        ],
      },
      1920,
      1080,
    );
    expect(rectangle).toBe("M480.0 270.0H1440.0V540.0H480.0Z");
    const arrow = shapePath(
      {
        tool: "arrow",
        colour: "yellow",
        points: [
          [0, 0.5],
          [0.5, 0.5],
        ],
      },
      1000,
      1000,
    );
    // The shaft left to right, then two wings pointing back from the tip at ±30°.
    expect(arrow.startsWith("M0.0 500.0L500.0 500.0L474.0 485.0M500.0 500.0L474.0 515.0")).toBe(
      true,
    );
    expect(
      shapePath(
        {
          tool: "pen",
          colour: "white",
          points: [
            [0, 0],
            [0.1, 0.2],
            [0.2, 0.1],
          ],
        },
        100,
        100,
      ),
    ).toBe("M0.0 0.0L10.0 20.0L20.0 10.0");
  });

  it("is read from a form field: none, a valid one, or refused with a message", () => {
    expect(parseDrawing("")).toEqual({ ok: true, drawing: null });
    expect(parseDrawing(undefined)).toEqual({ ok: true, drawing: null });
    const drawing = {
      shapes: [
        {
          tool: "arrow",
          colour: "green",
          points: [
            [0.1, 0.1],
            [0.4, 0.3],
          ],
        },
      ],
    };
    expect(parseDrawing(JSON.stringify(drawing))).toEqual({ ok: true, drawing });
    expect(parseDrawing("{not json")).toEqual({ ok: false, message: DRAWING_REFUSED });
    // Outside the picture, an unknown colour or tool, an arrow of three points: refused.
    for (const wrong of [
      {
        shapes: [
          {
            tool: "arrow",
            colour: "green",
            points: [
              [0, 0],
              [1.5, 0.2],
            ],
          },
        ],
      },
      {
        shapes: [
          {
            tool: "arrow",
            colour: "pink",
            points: [
              [0, 0],
              [1, 1],
            ],
          },
        ],
      },
      {
        shapes: [
          {
            tool: "circle",
            colour: "red",
            points: [
              [0, 0],
              [1, 1],
            ],
          },
        ],
      },
      {
        shapes: [
          {
            tool: "arrow",
            colour: "red",
            points: [
              [0, 0],
              [0.5, 0.5],
              [1, 1],
            ],
          },
        ],
      },
      { shapes: [] },
    ]) {
      expect(parseDrawing(JSON.stringify(wrong)).ok).toBe(false);
    }
  });

  it("holds to its bounds: the largest drawing taken, one point more refused", () => {
    const stroke = (points: number) => ({
      tool: "pen",
      colour: "red",
      points: Array.from({ length: points }, (_, index) => [index / points, 0.5]),
    });
    const strokes = DRAWING_LIMITS.points / DRAWING_LIMITS.pointsPerStroke;
    const largest = {
      shapes: Array.from({ length: strokes }, () => stroke(DRAWING_LIMITS.pointsPerStroke)),
    };
    expect(parseDrawing(JSON.stringify(largest)).ok).toBe(true);
    const oneMore = { shapes: [...largest.shapes, stroke(2)] };
    expect(parseDrawing(JSON.stringify(oneMore))).toEqual({
      ok: false,
      message: "This drawing is too detailed. Draw fewer strokes.",
    });
    expect(
      parseDrawing(JSON.stringify({ shapes: [stroke(DRAWING_LIMITS.pointsPerStroke + 1)] })).ok,
    ).toBe(false);
    const tooMany = { shapes: Array.from({ length: DRAWING_LIMITS.shapes + 1 }, () => stroke(2)) };
    expect(parseDrawing(JSON.stringify(tooMany)).ok).toBe(false);
    expect(parseDrawing("x".repeat(64 * 1024 + 1))).toEqual({
      ok: false,
      message: DRAWING_REFUSED,
    });
  });
});
