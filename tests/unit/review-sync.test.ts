import { describe, expect, it } from "vitest";
import { seekTime, stepTime } from "~/components/review/keys";
import {
  CATCH_UP,
  type FollowerState,
  type FollowStep,
  followStep,
  type PlayerState,
  SEEK_DRIFT_SECONDS,
} from "~/components/review/sync";
import { mediaClock, positionText } from "~/entities/review/timecode";

/**
 * The review room's one seek and a compare's synchronised playback (issue #45 item 4, decision
 * 0534): every seek lands mid-frame by one rule; the second player follows the first, paused on
 * its frame, playing within about one frame of it.
 */

const PAL = { num: 25, den: 1 };
const NTSC = { num: 30000, den: 1001 };

describe("the review room's one seek", () => {
  it("lands in the middle of the frame shown at a time, whatever point of the frame it names", () => {
    // 2.00 s is frame 50's start at 25 fps: its middle, 2.02 s; so from anywhere in frame 50.
    expect(seekTime(2, PAL, 10)).toBeCloseTo(2.02, 9);
    expect(seekTime(2.0399, PAL, 10)).toBeCloseTo(2.02, 9);
    expect(seekTime(2.04, PAL, 10)).toBeCloseTo(2.06, 9);
    // A frame's start after float rounding (29.97: frame 300 starts at 10.01 s) is that frame.
    expect(seekTime(10.01, NTSC, 60)).toBeCloseTo(300.5 / (30000 / 1001), 9);
    // A landing is a fixed point: seeking again to it stays.
    const landed = seekTime(10.01, NTSC, 60);
    expect(seekTime(landed, NTSC, 60)).toBe(landed);
  });

  it("never lands before the first frame nor past the last, nor on a time that is not one", () => {
    expect(seekTime(-3, PAL, 10)).toBeCloseTo(0.02, 9);
    expect(seekTime(Number.NaN, PAL, 10)).toBeCloseTo(0.02, 9);
    expect(seekTime(99, PAL, 10)).toBeCloseTo(9.98, 9);
    expect(seekTime(10, PAL, 10)).toBeCloseTo(9.98, 9);
    expect(seekTime(1, PAL, 0)).toBeCloseTo(0.02, 9);
  });

  it("is what a frame step lands on: the next or previous frame's seek", () => {
    expect(stepTime(2.02, 1, PAL, 10)).toBe(seekTime(2.06, PAL, 10));
    expect(stepTime(2, -1, PAL, 10)).toBe(seekTime(1.99, PAL, 10));
    expect(stepTime(9.98, 1, PAL, 10)).toBe(seekTime(10, PAL, 10));
  });
});

describe("the position shown", () => {
  const clock = mediaClock({ frameRateNum: 25, frameRateDen: 1, startTimecode: "10:00:00:00" });
  it("names the frame on screen: its timecode, or its start in seconds, wherever in it playback is", () => {
    // A seek lands at 2.02 s, frame 50's middle: it reads as frame 50 either way.
    expect(positionText(seekTime(2, PAL, 10), clock, false)).toBe("10:00:02:00");
    expect(positionText(seekTime(2, PAL, 10), clock, true)).toBe("00:00:02.000");
    expect(positionText(2.039, clock, true)).toBe("00:00:02.000");
    // Without a known rate: the time itself.
    expect(positionText(2.02, null, false)).toBe("00:00:02.020");
  });
});

const leader = (time: number, paused = false, rate = 1): PlayerState => ({ time, paused, rate });
const follower = (time: number, state: Partial<FollowerState> = {}): FollowerState => ({
  time,
  paused: false,
  rate: 1,
  seeking: false,
  duration: 6,
  frameRate: PAL,
  ...state,
});

describe("a compare's second player, paused", () => {
  it("pauses with the first and lands on its frame by the one seek", () => {
    expect(followStep(leader(1.26, true), follower(0, { paused: true }))).toEqual({
      seek: seekTime(1.26, PAL, 6),
    });
    // The first stands at a frame's start (its seek bar, a shuttle): the second at its middle.
    expect(followStep(leader(1.2, true), follower(3, { paused: false }))).toEqual({
      pause: true,
      seek: seekTime(1.2, PAL, 6),
    });
    expect(seekTime(1.2, PAL, 6)).toBeCloseTo(1.22, 9);
  });

  it("asks nothing once it is there, nor a seek on top of one under way", () => {
    const there = seekTime(1.26, PAL, 6);
    expect(followStep(leader(1.26, true), follower(there, { paused: true }))).toEqual({});
    expect(followStep(leader(4, true), follower(1, { paused: true, seeking: true }))).toEqual({});
  });

  it("counts frames at its own rate (a version at another rate)", () => {
    const film = { num: 24, den: 1 };
    expect(followStep(leader(1, true), follower(0, { paused: true, frameRate: film }))).toEqual({
      seek: 24.5 / 24,
    });
  });
});

describe("a compare's second player, playing", () => {
  it("plays with the first, and leaves a drift within one frame alone", () => {
    expect(followStep(leader(2), follower(2, { paused: true }))).toEqual({ play: true });
    expect(followStep(leader(2), follower(2.039))).toEqual({});
    expect(followStep(leader(2), follower(1.961))).toEqual({});
    // One frame at 29.97 is 33 ms: 39 ms is beyond it.
    expect(followStep(leader(2), follower(2.039, { frameRate: NTSC })).rate).toBeLessThan(1);
  });

  it("catches a drift beyond one frame up by speed: slower ahead, faster behind, within bounds", () => {
    expect(followStep(leader(2), follower(2.1)).rate).toBeCloseTo(0.6, 9);
    expect(followStep(leader(2), follower(1.95)).rate).toBeCloseTo(1.2, 9);
    expect(followStep(leader(2), follower(2.4)).rate).toBeCloseTo(1 - CATCH_UP, 9);
    expect(followStep(leader(2), follower(1.6)).rate).toBeCloseTo(1 + CATCH_UP, 9);
    // At the first's speed (L doubled it): in proportion to that speed.
    expect(followStep(leader(2, false, 2), follower(1.95)).rate).toBeCloseTo(2.4, 9);
    expect(followStep(leader(2, false, 2), follower(2)).rate).toBe(2);
  });

  it("seeks to the first beyond half a second, and waits for a seek under way at its speed", () => {
    const far = 2 + SEEK_DRIFT_SECONDS + 0.01;
    expect(followStep(leader(2), follower(far))).toEqual({ seek: 2 });
    expect(followStep(leader(2), follower(far, { paused: true }))).toEqual({ play: true, seek: 2 });
    expect(followStep(leader(2), follower(far, { seeking: true, rate: 1.2 }))).toEqual({ rate: 1 });
  });

  it("holds its last frame when it is the shorter version", () => {
    expect(followStep(leader(5.5), follower(3.9, { duration: 4 }))).toEqual({
      pause: true,
      seek: seekTime(4, PAL, 4),
    });
    // Its last frame's middle is 3.98 s: the first still within it plays it.
    expect(followStep(leader(3.97), follower(3.97, { duration: 4 }))).toEqual({});
  });

  it("closes a start's lag to within one frame in under a second and stays there (simulated)", () => {
    const apply = (state: FollowerState, step: FollowStep): FollowerState => ({
      ...state,
      time: step.seek ?? state.time,
      rate: step.rate ?? state.rate,
      paused: step.pause ? true : step.play ? false : state.paused,
    });
    // The second starts 0.3 s late (its play() took that long to start); 60 checks a second.
    let second = follower(0, { paused: true });
    let first = 0;
    const drifts: number[] = [];
    for (let tick = 0; tick < 180; tick += 1) {
      second = apply(second, followStep(leader(first), second));
      const dt = 1 / 60;
      first += dt;
      if (first > 0.3 && !second.paused) second.time += dt * second.rate;
      drifts.push(Math.abs(second.time - first));
    }
    // Within one frame 0.9 s after it started (tick 72), and from then on.
    expect(Math.max(...drifts.slice(72))).toBeLessThanOrEqual(0.04 + 1e-9);
  });
});
