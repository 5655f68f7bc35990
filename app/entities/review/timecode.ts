/**
 * SMPTE timecode at a media's exact frame rate (issue #45): seconds ↔ frame number ↔
 * `hh:mm:ss:ff`. The rate is a rational as ffprobe gives it (30000/1001 is 29.97). 29.97 and
 * 59.94 count drop-frame (`;` before the frames: 2 resp. 4 frame numbers skipped each minute
 * except every tenth); every other rate counts non-drop at its nominal rate (23.976 counts 24).
 * Timecode wraps at 24 hours. Shared by the review page and the server's exports. Browser-safe,
 * database-free (docs/decisions/0520-review-timecode-and-exports.md).
 */

export type FrameRate = { num: number; den: number };

/** A parsed timecode: the frame it names, or why it names none (a user's input is never thrown). */
export type TimecodeResult = { ok: true; frame: number } | { ok: false; message: string };

/** A hair of slack so the exact start time of a frame, after float rounding, is that frame. */
const FRAME_EPSILON = 1e-6;

export function isFrameRate(rate: FrameRate): boolean {
  return (
    Number.isInteger(rate.num) &&
    Number.isInteger(rate.den) &&
    rate.num > 0 &&
    rate.den > 0 &&
    rate.num / rate.den >= 1 &&
    rate.num / rate.den <= 240
  );
}

function checkRate(rate: FrameRate): void {
  if (!isFrameRate(rate)) throw new RangeError(`Not a frame rate: ${rate.num}/${rate.den}`);
}

/** The frames counted per timecode second: 24 for 23.976, 30 for 29.97, 25 for 25. */
export function nominalFps(rate: FrameRate): number {
  checkRate(rate);
  return Math.round(rate.num / rate.den);
}

/** Frame numbers skipped each minute (not every tenth): 2 at 29.97, 4 at 59.94, else 0. */
export function droppedPerMinute(rate: FrameRate): number {
  const nominal = nominalFps(rate);
  return rate.den === 1001 && nominal % 30 === 0 ? nominal / 15 : 0;
}

export function isDropFrame(rate: FrameRate): boolean {
  return droppedPerMinute(rate) > 0;
}

/** Frames in 24 hours of timecode: the wrap. */
export function framesPerDay(rate: FrameRate): number {
  const nominal = nominalFps(rate);
  const drop = droppedPerMinute(rate);
  return (nominal * 600 - drop * 9) * 6 * 24;
}

/**
 * The frame shown at a time (counted from the media's first frame, 0): floor(seconds × rate),
 * with a hair of slack so `secondsOfFrame(n)` maps back to n. Negative or non-finite times are a
 * caller's bug, not a user's input: RangeError.
 */
export function frameAt(seconds: number, rate: FrameRate): number {
  checkRate(rate);
  if (!Number.isFinite(seconds) || seconds < 0) {
    throw new RangeError(`Not a media time: ${seconds}`);
  }
  return Math.floor((seconds * rate.num) / rate.den + FRAME_EPSILON);
}

/** The exact start time of a frame, in seconds. */
export function secondsOfFrame(frame: number, rate: FrameRate): number {
  checkRate(rate);
  return (frame * rate.den) / rate.num;
}

const pad = (value: number, width = 2): string => String(value).padStart(width, "0");

/** A frame count as timecode (frame 0 is 00:00:00:00), wrapped at 24 hours. */
export function formatTimecode(frame: number, rate: FrameRate): string {
  if (!Number.isInteger(frame)) throw new RangeError(`Not a frame number: ${frame}`);
  const nominal = nominalFps(rate);
  const drop = droppedPerMinute(rate);
  const day = framesPerDay(rate);
  let count = ((frame % day) + day) % day;
  if (drop > 0) {
    const perTenMinutes = nominal * 600 - drop * 9;
    const perMinute = nominal * 60 - drop;
    const tens = Math.floor(count / perTenMinutes);
    const rest = count % perTenMinutes;
    // Put back the numbers skipped: 9 minutes' worth per ten, and one minute's per minute past
    // the first of the ten (which keeps its numbers).
    count += drop * 9 * tens + (rest > drop ? drop * Math.floor((rest - drop) / perMinute) : 0);
  }
  const frames = count % nominal;
  const totalSeconds = Math.floor(count / nominal);
  const separator = drop > 0 ? ";" : ":";
  return `${pad(Math.floor(totalSeconds / 3600))}:${pad(Math.floor(totalSeconds / 60) % 60)}:${pad(
    totalSeconds % 60,
  )}${separator}${pad(frames)}`;
}

const TIMECODE = /^(\d{2}):(\d{2}):(\d{2})([:;])(\d{2})$/;

/**
 * A timecode as written by ffprobe or a person ("01:00:00:00", "00:59:59;28") → its frame
 * count from 00:00:00:00. The separator before the frames is not trusted (files write either):
 * the rate decides drop-frame. Refused, with a message: a malformed text, a field out of range,
 * a drop-frame number that does not exist (00:01:00;00 at 29.97).
 */
export function parseTimecode(text: string, rate: FrameRate): TimecodeResult {
  const match = TIMECODE.exec(text.trim());
  if (!match) return { ok: false, message: "Enter a timecode as hh:mm:ss:ff." };
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  const seconds = Number(match[3]);
  const frames = Number(match[5]);
  const nominal = nominalFps(rate);
  const drop = droppedPerMinute(rate);
  if (hours > 23 || minutes > 59 || seconds > 59) {
    return { ok: false, message: "Hours run to 23, minutes and seconds to 59." };
  }
  if (frames >= nominal) {
    return { ok: false, message: `Frames run from 00 to ${pad(nominal - 1)} at this rate.` };
  }
  if (drop > 0 && seconds === 0 && minutes % 10 !== 0 && frames < drop) {
    return { ok: false, message: "That frame number is skipped in drop-frame timecode." };
  }
  const totalMinutes = hours * 60 + minutes;
  const frame =
    (totalMinutes * 60 + seconds) * nominal +
    frames -
    drop * (totalMinutes - Math.floor(totalMinutes / 10));
  return { ok: true, frame };
}

/**
 * A media's clock: its rate, and the frame its first picture is stamped with (its start timecode;
 * an absent or unreadable one counts from 00:00:00:00). Every timecode shown is offset by it.
 */
export type MediaClock = { rate: FrameRate; startFrame: number };

export function mediaClock(media: {
  frameRateNum: number;
  frameRateDen: number;
  startTimecode: string | null;
}): MediaClock {
  const rate = { num: media.frameRateNum, den: media.frameRateDen };
  const start = media.startTimecode === null ? null : parseTimecode(media.startTimecode, rate);
  return { rate, startFrame: start?.ok ? start.frame : 0 };
}

/** The timecode shown for a media frame (0 is the first), offset by the start and wrapped. */
export function timecodeOfFrame(frame: number, clock: MediaClock): string {
  return formatTimecode(clock.startFrame + frame, clock.rate);
}

/** The timecode shown at a media time: the frame on screen then, offset by the start. */
export function timecodeAt(seconds: number, clock: MediaClock): string {
  return timecodeOfFrame(frameAt(seconds, clock.rate), clock);
}

/**
 * A position as the review page shows it: the timecode of the frame on screen, or (asked for, or
 * without a known rate) seconds; with a rate, the seconds of that frame's start, so a frame reads
 * the same wherever in it playback stands (a seek lands mid-frame).
 */
export function positionText(seconds: number, clock: MediaClock | null, asSeconds: boolean) {
  if (!clock) return formatSeconds(seconds);
  const frame = frameAt(seconds, clock.rate);
  return asSeconds
    ? formatSeconds(secondsOfFrame(frame, clock.rate))
    : timecodeOfFrame(frame, clock);
}

/**
 * A timecode typed against the media's clock → the media frame (0 is the first). Refused when it
 * falls before the start or past the last frame.
 */
export function mediaFrameOfTimecode(
  text: string,
  clock: MediaClock,
  durationSeconds: number,
): TimecodeResult {
  const parsed = parseTimecode(text, clock.rate);
  if (!parsed.ok) return parsed;
  const day = framesPerDay(clock.rate);
  // Past midnight the clock wraps: 00:00:10:00 on a 23:59:50:00 start is 20 seconds in.
  const frame = (((parsed.frame - clock.startFrame) % day) + day) % day;
  const last = Math.max(0, Math.ceil((durationSeconds * clock.rate.num) / clock.rate.den) - 1);
  if (frame > last) return { ok: false, message: "That timecode is outside this video." };
  return { ok: true, frame };
}

/**
 * The seconds display: elapsed time from the media's first frame as `hh:mm:ss.mmm`
 * (00:00:12.345), milliseconds truncated so a frame never shows a later time than it starts.
 * Not offset by the start timecode: this is the client's view, the timecode the editor's.
 */
export function formatSeconds(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0)
    throw new RangeError(`Not a media time: ${seconds}`);
  const millis = Math.floor(seconds * 1000 + FRAME_EPSILON);
  const whole = Math.floor(millis / 1000);
  return `${pad(Math.floor(whole / 3600))}:${pad(Math.floor(whole / 60) % 60)}:${pad(whole % 60)}.${pad(
    millis % 1000,
    3,
  )}`;
}
