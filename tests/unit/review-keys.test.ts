import { describe, expect, it } from "vitest";
import { nextShuttle, reviewKeyAction, SHUTTLE_MAX, stepTime } from "~/components/review/keys";

const press = (
  key: string,
  target: { tagName: string; isContentEditable?: boolean } | null = null,
) =>
  reviewKeyAction({
    key,
    altKey: false,
    ctrlKey: false,
    metaKey: false,
    target: target as unknown as EventTarget,
  });

describe("the review room's keyboard", () => {
  it("maps space, J/K/L, the arrows and C to their actions", () => {
    expect(press(" ", { tagName: "DIV" })).toEqual({ kind: "toggle" });
    expect(press("J")).toEqual({ kind: "shuttle", key: "j" });
    expect(press("k")).toEqual({ kind: "shuttle", key: "k" });
    expect(press("l")).toEqual({ kind: "shuttle", key: "l" });
    expect(press("ArrowLeft")).toEqual({ kind: "step", frames: -1 });
    expect(press("ArrowRight")).toEqual({ kind: "step", frames: 1 });
    expect(press("c")).toEqual({ kind: "comment" });
    expect(press("x")).toBeNull();
  });

  it("leaves keys typed into a field, pressed with a modifier, or space on a button alone", () => {
    for (const tagName of ["INPUT", "TEXTAREA", "SELECT"])
      expect(press("c", { tagName })).toBeNull();
    expect(press("l", { tagName: "DIV", isContentEditable: true })).toBeNull();
    expect(press(" ", { tagName: "BUTTON" })).toBeNull();
    expect(press(" ", { tagName: "MEDIA-PLAY-BUTTON" })).toBeNull();
    expect(press("l", { tagName: "BUTTON" })).toEqual({ kind: "shuttle", key: "l" });
    expect(
      reviewKeyAction({ key: "c", altKey: false, ctrlKey: true, metaKey: false, target: null }),
    ).toBeNull();
    expect(
      reviewKeyAction({
        key: "ArrowLeft",
        altKey: false,
        ctrlKey: false,
        metaKey: true,
        target: null,
      }),
    ).toBeNull();
  });

  it("shuttles: L plays, L again doubles, J reverses, K stops, up to the fastest", () => {
    expect(nextShuttle(0, "l")).toBe(1);
    expect(nextShuttle(1, "l")).toBe(2);
    expect(nextShuttle(2, "l")).toBe(4);
    expect(nextShuttle(SHUTTLE_MAX, "l")).toBe(SHUTTLE_MAX);
    expect(nextShuttle(4, "j")).toBe(-1);
    expect(nextShuttle(-1, "j")).toBe(-2);
    expect(nextShuttle(-SHUTTLE_MAX, "j")).toBe(-SHUTTLE_MAX);
    expect(nextShuttle(-2, "l")).toBe(1);
    expect(nextShuttle(-4, "k")).toBe(0);
  });

  it("steps one frame at the media's exact rate, to the middle of the frame, within the video", () => {
    const ntsc = { num: 30000, den: 1001 };
    // Frame 300 at 29.97 starts at 10.01 s exactly: from its start, one on is frame 301.
    expect(stepTime(10.01, 1, ntsc, 60)).toBeCloseTo(301.5 / (30000 / 1001), 9);
    expect(stepTime(10.01, -1, ntsc, 60)).toBeCloseTo(299.5 / (30000 / 1001), 9);
    // At 25 fps from 1.00 s (frame 25): frame 26's middle.
    expect(stepTime(1, 1, { num: 25, den: 1 }, 60)).toBeCloseTo(1.06, 9);
    // Never before the first frame nor past the last.
    expect(stepTime(0, -1, { num: 25, den: 1 }, 60)).toBeCloseTo(0.02, 9);
    expect(stepTime(59.99, 1, { num: 25, den: 1 }, 60)).toBeCloseTo(59.98, 9);
  });
});
