import { type FrameRate, frameAt, secondsOfFrame } from "~/entities/review/timecode";

/**
 * The review room's keyboard (issue #45 item 4), as editors know it from their software: space
 * plays and pauses, J/K/L shuttle (each further L or J doubles the speed), ← and → step one
 * frame, C comments at the current frame. Keys typed into a field, or pressed with a modifier,
 * belong to the field or the browser, and space on a button presses the button.
 */

export type ReviewKeyAction =
  | { kind: "toggle" }
  | { kind: "shuttle"; key: "j" | "k" | "l" }
  | { kind: "step"; frames: 1 | -1 }
  | { kind: "comment" };

/** What part of a key press decides its action (a KeyboardEvent has all of it). */
export interface ReviewKeyPress {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  target: EventTarget | null;
}

const TYPING = new Set(["INPUT", "TEXTAREA", "SELECT"]);

function typingInto(target: EventTarget | null): boolean {
  if (!target || typeof target !== "object" || !("tagName" in target)) return false;
  const element = target as { tagName: string; isContentEditable?: boolean };
  return TYPING.has(element.tagName) || element.isContentEditable === true;
}

export function reviewKeyAction(press: ReviewKeyPress): ReviewKeyAction | null {
  if (press.altKey || press.ctrlKey || press.metaKey || typingInto(press.target)) return null;
  const tag = (press.target as { tagName?: string } | null)?.tagName;
  switch (press.key) {
    case " ":
      // A focused button, link or player control answers space itself.
      return tag === "BUTTON" || tag === "A" || tag?.startsWith("MEDIA-")
        ? null
        : { kind: "toggle" };
    case "j":
    case "J":
    case "k":
    case "K":
    case "l":
    case "L":
      return { kind: "shuttle", key: press.key.toLowerCase() as "j" | "k" | "l" };
    case "ArrowLeft":
      return { kind: "step", frames: -1 };
    case "ArrowRight":
      return { kind: "step", frames: 1 };
    case "c":
    case "C":
      return { kind: "comment" };
    default:
      return null;
  }
}

/** The fastest shuttle, either way. */
export const SHUTTLE_MAX = 8;

/**
 * The shuttle's next speed (negative plays backwards, 0 is paused): L plays forward at 1×, or
 * doubles a forward speed; J the same backwards; K stops.
 */
export function nextShuttle(current: number, key: "j" | "k" | "l"): number {
  if (key === "k") return 0;
  const direction = key === "l" ? 1 : -1;
  if (Math.sign(current) !== direction) return direction;
  return direction * Math.min(Math.abs(current) * 2, SHUTTLE_MAX);
}

/**
 * The one seek of the review room (a comment's marker, its time in the list, the address's
 * comment, a frame step, the second player of a compare): to the frame shown at `seconds`, landing
 * in the middle of that frame so the picture shown is that frame whatever the decoder's rounding
 * (a frame's start, `secondsOfFrame`, can show the frame before). Never before the first frame nor
 * past the last. The rate is the media's exact one (30000/1001).
 */
export function seekTime(seconds: number, rate: FrameRate, duration: number): number {
  const last = Math.max(0, Math.ceil((duration * rate.num) / rate.den) - 1);
  const frame = Number.isFinite(seconds) ? frameAt(Math.max(seconds, 0), rate) : 0;
  return secondsOfFrame(Math.min(frame, last) + 0.5, rate);
}

/** The time to seek to for one frame on or back: the next (or previous) frame's `seekTime`. */
export function stepTime(
  seconds: number,
  frames: 1 | -1,
  rate: FrameRate,
  duration: number,
): number {
  const frame = frameAt(Math.max(seconds, 0), rate) + frames;
  return seekTime(secondsOfFrame(Math.max(frame, 0), rate), rate, duration);
}
