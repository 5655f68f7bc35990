import { seekTime } from "~/components/review/keys";
import { type FrameRate, frameAt } from "~/entities/review/timecode";

/**
 * Synchronised playback of a compare (issue #45 item 4, decision 0534): the first player leads
 * (its controls, the page's keys and markers drive it) and the second follows it at the same
 * media time (counted from each video's first frame, whatever their start timecodes). Pure: the
 * page reads both players' states each animation frame and applies what `followStep` says.
 *
 * - Paused (or held by a frame step, a seek, the backwards shuttle): the follower pauses and lands
 *   on the leader's frame through the room's one seek (`seekTime`, the middle of the frame).
 * - Playing: the follower plays at the leader's speed. A drift beyond one frame is corrected by
 *   playing faster or slower in proportion (at most by half; the follower is muted), which
 *   neither jumps nor stalls, and closes a start's lag of a fifth of a second within half a
 *   second; a drift beyond half a second (a stall, a tab left in the background) by a seek to
 *   the leader.
 * - Past the follower's last frame (a shorter version) it holds its last frame.
 * - While the follower is seeking nothing else is asked of its position: a seek on a seek only
 *   lands later.
 */

/** What the page reads of a player. */
export interface PlayerState {
  /** The media time, seconds. */
  time: number;
  paused: boolean;
  /** Its playback rate (1 is normal speed). */
  rate: number;
}

export interface FollowerState extends PlayerState {
  seeking: boolean;
  duration: number;
  frameRate: FrameRate;
}

/** What to do to the follower (nothing when empty). */
export interface FollowStep {
  seek?: number;
  rate?: number;
  play?: true;
  pause?: true;
}

/** A drift the follower is left with: one of its frames. */
export const DRIFT_FRAMES = 1;
/** Beyond this the follower seeks rather than catching up. */
export const SEEK_DRIFT_SECONDS = 0.5;
/** The most a catch-up changes the follower's speed, as a fraction of the leader's. */
export const CATCH_UP = 0.5;
/** The speed change per second of drift, up to CATCH_UP (a tenth of a second: 40 %). */
const CATCH_UP_GAIN = 4;
/** Times this close are the same seek (float noise, a decoder's rounding). */
const SAME_TIME = 1e-3;

/** Whether two playback rates differ enough to set one (a catch-up sets exact values). */
const rateDiffers = (a: number, b: number) => Math.abs(a - b) > 1e-6;

export function followStep(leader: PlayerState, follower: FollowerState): FollowStep {
  const step: FollowStep = {};
  const { frameRate } = follower;
  const frameSeconds = frameRate.den / frameRate.num;
  const held = seekTime(leader.time, frameRate, follower.duration);
  const pastEnd =
    Number.isFinite(leader.time) &&
    leader.time >= 0 &&
    frameAt(leader.time, frameRate) > frameAt(held, frameRate);
  const playing = !leader.paused && !pastEnd;

  if (!playing) {
    if (!follower.paused) step.pause = true;
    if (!follower.seeking && Math.abs(follower.time - held) > SAME_TIME) step.seek = held;
    return step;
  }

  if (follower.paused) step.play = true;
  const drift = follower.time - leader.time;
  let rate = leader.rate;
  if (follower.seeking) {
    // Let the seek land at the leader's speed.
  } else if (Math.abs(drift) > SEEK_DRIFT_SECONDS) {
    step.seek = leader.time;
  } else if (Math.abs(drift) > DRIFT_FRAMES * frameSeconds) {
    // Ahead: slower; behind: faster; in proportion to the drift, within CATCH_UP.
    const change = Math.min(Math.abs(drift) * CATCH_UP_GAIN, CATCH_UP);
    rate = leader.rate * (1 - Math.sign(drift) * change);
  }
  if (rateDiffers(rate, follower.rate)) step.rate = rate;
  return step;
}
