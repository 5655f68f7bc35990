import { type ReactNode, useEffect, useRef, useState } from "react";
import { nextShuttle, reviewKeyAction, seekTime, stepTime } from "~/components/review/keys";
import { PlayerChrome } from "~/components/video/media-player";
import type { PublicVideo } from "~/entities/media/view";

/**
 * The review room's player (issue #45 item 4): the Media library's player (media-chrome over
 * hls.js) on a private playback address, with the comments as markers on a timeline under it
 * that seek when pressed, an overlay slot for the drawing on the frame, and the editors'
 * keyboard (space, J/K/L, ← →, C) anywhere on the page outside a field.
 */

export interface ReviewMarker {
  id: string;
  /** Where the comment sits, in seconds of the media; `end` for a comment over a range. */
  at: number;
  end?: number | null;
  /** The marker's accessible name: "Comment at 00:00:04:12 by Ana: …". */
  label: string;
  resolved?: boolean;
}

/** What the page can do to the player it holds. */
export interface ReviewPlayerControls {
  /** To the frame shown at `seconds`, through the room's one seek (`seekTime`: mid-frame). */
  seek: (seconds: number) => void;
  pause: () => void;
  time: () => number;
}

/** hls-video has a video element's API (custom-media-element), though not its type. */
export const mediaOf = (element: HTMLElement | null) =>
  element as unknown as HTMLVideoElement | null;

/** Whether the player's custom elements are defined (their chunk loads after hydration). */
export function usePlayerElements(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    import("~/components/video/player-elements").then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  return ready;
}

/** The box a review player's picture fills, in the video's shape; its poster until it plays. */
export function PictureBox({ video, children }: { video: PublicVideo; children: ReactNode }) {
  return (
    <div
      className="relative overflow-hidden rounded-md bg-black"
      style={{ aspectRatio: `${video.width} / ${video.height}` }}
    >
      {children ?? (
        <img
          src={video.poster.jpeg}
          alt=""
          width={video.width}
          height={video.height}
          className="size-full object-contain"
        />
      )}
    </div>
  );
}

export function ReviewPlayer({
  video,
  frameRate,
  markers,
  overlay,
  onTime,
  onComment,
  onReady,
  onMedia,
  controls,
}: {
  video: PublicVideo;
  frameRate: { num: number; den: number };
  markers: ReviewMarker[];
  /** Drawn over the picture (the drawing layer), under the controls. */
  overlay?: ReactNode;
  /** The playback position, whenever it moves (playing, seeking, a frame step). */
  onTime: (seconds: number) => void;
  /** C was pressed: comment at the current frame. */
  onComment: () => void;
  /** The controls are set: the page may seek (to a comment its address names). */
  onReady?: () => void;
  /** The video element once it plays, null when it goes (a compare's second player follows it). */
  onMedia?: (media: HTMLVideoElement | null) => void;
  controls: { current: ReviewPlayerControls | null };
}) {
  const ready = usePlayerElements();
  const media = useRef<HTMLElement>(null);
  const shuttle = useRef(0);
  const duration = video.durationSeconds;
  // The rate's parts, not its object: a page may pass a new object each render.
  const { num, den } = frameRate;

  // The page's handle on the player, and the position reported as it moves.
  useEffect(() => {
    const element = mediaOf(media.current);
    if (!ready || !element) return;
    controls.current = {
      seek: (seconds) => {
        element.currentTime = seekTime(seconds, { num, den }, duration);
      },
      pause: () => element.pause(),
      time: () => element.currentTime,
    };
    onReady?.();
    onMedia?.(element);
    const report = () => onTime(element.currentTime);
    for (const name of ["timeupdate", "seeked", "pause"]) element.addEventListener(name, report);
    return () => {
      controls.current = null;
      onMedia?.(null);
      for (const name of ["timeupdate", "seeked", "pause"])
        element.removeEventListener(name, report);
    };
  }, [ready, controls, num, den, duration, onTime, onReady, onMedia]);

  // Backwards shuttle: a video cannot play in reverse, so J steps the position back each frame.
  useEffect(() => {
    if (!ready) return;
    let frame = 0;
    let last = 0;
    const tick = (now: number) => {
      const element = mediaOf(media.current);
      if (element && shuttle.current < 0 && last > 0) {
        element.currentTime = Math.max(
          0,
          element.currentTime + (shuttle.current * (now - last)) / 1000,
        );
      }
      last = now;
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [ready]);

  useEffect(() => {
    const keydown = (event: KeyboardEvent) => {
      const element = mediaOf(media.current);
      const action = reviewKeyAction(event);
      if (!action || !element) return;
      event.preventDefault();
      if (action.kind === "comment") {
        element.pause();
        shuttle.current = 0;
        onComment();
      } else if (action.kind === "toggle") {
        shuttle.current = element.paused ? 1 : 0;
        if (element.paused) void element.play().catch(() => {});
        else element.pause();
      } else if (action.kind === "step") {
        element.pause();
        shuttle.current = 0;
        element.currentTime = stepTime(element.currentTime, action.frames, frameRate, duration);
      } else {
        const rate = nextShuttle(shuttle.current, action.key);
        shuttle.current = rate;
        if (rate > 0) {
          element.playbackRate = rate;
          void element.play().catch(() => {});
        } else element.pause();
      }
    };
    document.addEventListener("keydown", keydown);
    return () => document.removeEventListener("keydown", keydown);
  }, [frameRate, duration, onComment]);

  const position = (seconds: number) => `${duration > 0 ? (seconds / duration) * 100 : 0}%`;
  return (
    <div className="space-y-2">
      <PictureBox video={video}>
        {ready ? (
          <PlayerChrome video={video} title={video.title} mediaRef={media} overlay={overlay} />
        ) : null}
      </PictureBox>
      <ol aria-label="Comments on the timeline" className="relative h-6 rounded bg-white/10">
        {markers.map((marker) => (
          <li
            key={marker.id}
            className="absolute top-0 h-full"
            style={{
              left: position(marker.at),
              width: marker.end ? `calc(${position(marker.end - marker.at)} + 0.5rem)` : "0.5rem",
            }}
          >
            <button
              type="button"
              aria-label={marker.label}
              title={marker.label}
              onClick={() => controls.current?.seek(marker.at)}
              className={`block size-full min-w-2 rounded-sm ${marker.resolved ? "bg-white/40" : "bg-amber-400"}`}
            />
          </li>
        ))}
      </ol>
    </div>
  );
}
