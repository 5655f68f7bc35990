import { describe, expect, it } from "vitest";
import {
  type FrameRate,
  formatSeconds,
  formatTimecode,
  frameAt,
  framesPerDay,
  isDropFrame,
  mediaClock,
  mediaFrameOfTimecode,
  nominalFps,
  parseTimecode,
  secondsOfFrame,
  timecodeAt,
  timecodeOfFrame,
} from "~/entities/review/timecode";

const R23976: FrameRate = { num: 24000, den: 1001 };
const R24: FrameRate = { num: 24, den: 1 };
const R25: FrameRate = { num: 25, den: 1 };
const R2997: FrameRate = { num: 30000, den: 1001 };
const R30: FrameRate = { num: 30, den: 1 };
const R50: FrameRate = { num: 50, den: 1 };
const R5994: FrameRate = { num: 60000, den: 1001 };
const R60: FrameRate = { num: 60, den: 1 };

describe("timecode counting", () => {
  it("drops frames only at 29.97 and 59.94; 23.976 counts 24 non-drop", () => {
    expect([R23976, R24, R25, R2997, R30, R50, R5994, R60].map(isDropFrame)).toEqual([
      false,
      false,
      false,
      true,
      false,
      false,
      true,
      false,
    ]);
    expect(nominalFps(R23976)).toBe(24);
    expect(nominalFps(R5994)).toBe(60);
  });

  it.each([
    [R2997, 0, "00:00:00;00"],
    [R2997, 1799, "00:00:59;29"],
    [R2997, 1800, "00:01:00;02"],
    [R2997, 3597, "00:01:59;29"],
    [R2997, 3598, "00:02:00;02"],
    [R2997, 17981, "00:09:59;29"],
    [R2997, 17982, "00:10:00;00"],
    [R2997, 17983, "00:10:00;01"],
    [R2997, 19781, "00:10:59;29"],
    [R2997, 19782, "00:11:00;02"],
    [R2997, 107892, "01:00:00;00"],
    [R5994, 3599, "00:00:59;59"],
    [R5994, 3600, "00:01:00;04"],
    [R5994, 35964, "00:10:00;00"],
    [R5994, 215784, "01:00:00;00"],
    [R23976, 86400, "01:00:00:00"],
    [R23976, 23, "00:00:00:23"],
    [R24, 24, "00:00:01:00"],
    [R25, 90000, "01:00:00:00"],
    [R30, 1800, "00:01:00:00"],
    [R50, 49, "00:00:00:49"],
    [R60, 216000, "01:00:00:00"],
  ])("at %o frame %i is %s, and back", (rate, frame, text) => {
    expect(formatTimecode(frame, rate)).toBe(text);
    expect(parseTimecode(text, rate)).toEqual({ ok: true, frame });
  });

  it.each([R2997, R5994])("round-trips every frame of the first 11 minutes at %o", (rate) => {
    const frames = Math.ceil((11 * 60 * rate.num) / rate.den);
    let previous = "";
    for (let frame = 0; frame < frames; frame += 1) {
      const text = formatTimecode(frame, rate);
      const parsed = parseTimecode(text, rate);
      if (!parsed.ok || parsed.frame !== frame || text <= previous) {
        throw new Error(`frame ${frame} → ${text} → ${JSON.stringify(parsed)}`);
      }
      previous = text;
    }
  });

  it("wraps at 24 hours", () => {
    expect(framesPerDay(R2997)).toBe(2589408);
    expect(formatTimecode(2589408, R2997)).toBe("00:00:00;00");
    expect(formatTimecode(2589407, R2997)).toBe("23:59:59;29");
    expect(formatTimecode(24 * 3600 * 25 + 5, R25)).toBe("00:00:00:05");
    expect(formatTimecode(-1, R25)).toBe("23:59:59:24");
  });
});

describe("the frame of a time", () => {
  it("maps the exact start of every frame to that frame, despite floating point", () => {
    for (const rate of [R23976, R25, R2997, R5994, R60]) {
      for (const frame of [1, 3, 7, 10, 29, 100, 1001, 17982, 107892, 5_000_000]) {
        expect(frameAt(secondsOfFrame(frame, rate), rate)).toBe(frame);
        // A thousandth of a frame before its start is still the previous frame.
        expect(frameAt(secondsOfFrame(frame - 0.001, rate), rate)).toBe(frame - 1);
      }
    }
    // Values that do not survive a float multiply exactly: 0.1 × 30 = 3.0000000000000004,
    // 0.7 × 10 = 7.000000000000001, and 1001/30000 × 30000/1001 ≠ 1 in floats.
    expect(frameAt(0.1, R30)).toBe(3);
    expect(frameAt(0.7, { num: 10, den: 1 })).toBe(7);
    expect(frameAt(1001 / 30000, R2997)).toBe(1);
    expect(frameAt(0.29, { num: 100, den: 1 })).toBe(29); // 0.29 × 100 = 28.999999999999996
    expect(frameAt(0.02, R25)).toBe(0);
  });

  it("refuses a negative or non-finite time and a bad rate", () => {
    expect(() => frameAt(-0.5, R25)).toThrow(RangeError);
    expect(() => frameAt(Number.NaN, R25)).toThrow(RangeError);
    expect(() => frameAt(1, { num: 0, den: 1 })).toThrow(RangeError);
    expect(() => formatTimecode(1.5, R25)).toThrow(RangeError);
  });
});

describe("a start timecode", () => {
  it("offsets every timecode shown, as ffprobe gives it", () => {
    const clock = mediaClock({
      frameRateNum: 30000,
      frameRateDen: 1001,
      startTimecode: "00:59:59;28",
    });
    expect(clock.startFrame).toBe(107890);
    expect(timecodeOfFrame(0, clock)).toBe("00:59:59;28");
    expect(timecodeOfFrame(2, clock)).toBe("01:00:00;00");
    expect(timecodeAt(secondsOfFrame(2, clock.rate), clock)).toBe("01:00:00;00");
    const hour = mediaClock({
      frameRateNum: 24000,
      frameRateDen: 1001,
      startTimecode: "01:00:00:00",
    });
    expect(timecodeAt(1, hour)).toBe("01:00:00:23"); // 1 s of 23.976 is 23.976 frames
  });

  it("counts from zero when there is none or it is unreadable", () => {
    expect(mediaClock({ frameRateNum: 25, frameRateDen: 1, startTimecode: null }).startFrame).toBe(
      0,
    );
    expect(
      mediaClock({ frameRateNum: 25, frameRateDen: 1, startTimecode: "junk" }).startFrame,
    ).toBe(0);
  });

  it("turns a typed timecode into a media frame, across midnight, inside the video only", () => {
    const clock = mediaClock({ frameRateNum: 25, frameRateDen: 1, startTimecode: "23:59:50:00" });
    expect(mediaFrameOfTimecode("00:00:10:00", clock, 60)).toEqual({ ok: true, frame: 500 });
    expect(mediaFrameOfTimecode("23:59:50:00", clock, 60)).toEqual({ ok: true, frame: 0 });
    expect(mediaFrameOfTimecode("00:00:50:00", clock, 60)).toEqual({
      ok: false,
      message: "That timecode is outside this video.",
    });
    expect(mediaFrameOfTimecode("23:00:00:00", clock, 60).ok).toBe(false);
  });
});

describe("a timecode typed or read", () => {
  it.each([
    ["", "Enter a timecode as hh:mm:ss:ff."],
    ["1:00:00:00", "Enter a timecode as hh:mm:ss:ff."],
    ["-00:00:01:00", "Enter a timecode as hh:mm:ss:ff."],
    ["00:00:01.00", "Enter a timecode as hh:mm:ss:ff."],
    ["aa:bb:cc:dd", "Enter a timecode as hh:mm:ss:ff."],
    ["24:00:00:00", "Hours run to 23, minutes and seconds to 59."],
    ["00:60:00:00", "Hours run to 23, minutes and seconds to 59."],
    ["00:00:00:30", "Frames run from 00 to 29 at this rate."],
    ["00:01:00;00", "That frame number is skipped in drop-frame timecode."],
    ["00:01:00;01", "That frame number is skipped in drop-frame timecode."],
  ])("refuses %j at 29.97 with a message", (text, message) => {
    expect(parseTimecode(text, R2997)).toEqual({ ok: false, message });
  });

  it("accepts either separator (the rate decides drop-frame) and surrounding spaces", () => {
    expect(parseTimecode(" 00:10:00:00 ", R2997)).toEqual({ ok: true, frame: 17982 });
    expect(parseTimecode("00:01:00;00", R30)).toEqual({ ok: true, frame: 1800 });
    expect(parseTimecode("00:00:00:24", R25)).toEqual({ ok: true, frame: 24 });
    expect(parseTimecode("00:00:00:25", R25)).toEqual({
      ok: false,
      message: "Frames run from 00 to 24 at this rate.",
    });
  });
});

describe("the seconds display", () => {
  it("is hh:mm:ss.mmm, truncated so a frame never shows a later time than its start", () => {
    expect(formatSeconds(0)).toBe("00:00:00.000");
    expect(formatSeconds(12.345)).toBe("00:00:12.345");
    expect(formatSeconds(secondsOfFrame(1, R2997))).toBe("00:00:00.033");
    expect(formatSeconds(3725.5)).toBe("01:02:05.500");
    expect(formatSeconds(0.1 + 0.2)).toBe("00:00:00.300");
    expect(() => formatSeconds(-1)).toThrow(RangeError);
  });
});
