import { type ReactNode, useEffect, useMemo, useState } from "react";
import { mediaOf, PictureBox, usePlayerElements } from "~/components/review/review-player";
import { type FollowStep, followStep } from "~/components/review/sync";
import { versionName } from "~/components/review/versions";
import { REVIEW_COPY } from "~/copy/review";
import type { PublicVideo } from "~/entities/media/view";
import { type FrameRate, mediaClock, positionText } from "~/entities/review/timecode";

/**
 * Two versions side by side on the review page (issue #45 item 4, decision 0534): the first is
 * the page's own player (its controls, markers and keys), the second a bare picture that follows
 * it (sync.ts), muted, with no controls of its own: one set of transport controls drives both.
 * Each is labelled with its version and its own position (its own clock and start timecode).
 * Side by side from 768 px, one above the other below. Nothing plays until the person plays the
 * first, whatever the motion preference, and nothing animates.
 */

/** A version's clock as the loader gives it. */
type ClockData = { frameRateNum: number; frameRateDen: number; startTimecode: string | null };

/** The second version of a compare, as the loader gives it. */
export interface ComparedView {
  versionId: string;
  number: number;
  latest: boolean;
  video: PublicVideo | null;
  clock: ClockData | null;
}

/** Without a known rate the page counts 25 frames a second, as its own player does. */
const FALLBACK_RATE: FrameRate = { num: 25, den: 1 };

function apply(element: HTMLVideoElement, step: FollowStep) {
  if (step.rate !== undefined) element.playbackRate = step.rate;
  if (step.seek !== undefined) element.currentTime = step.seek;
  if (step.pause) element.pause();
  if (step.play) void element.play().catch(() => {});
}

/** Keeps `follower` on `leader`, each animation frame while both are in the page. */
export function useFollow(
  leader: HTMLVideoElement | null,
  follower: HTMLVideoElement | null,
  frameRate: FrameRate,
  duration: number,
) {
  const { num, den } = frameRate;
  useEffect(() => {
    if (!leader || !follower) return;
    let frame = 0;
    const tick = () => {
      apply(
        follower,
        followStep(
          { time: leader.currentTime, paused: leader.paused, rate: leader.playbackRate },
          {
            time: follower.currentTime,
            paused: follower.paused,
            rate: follower.playbackRate,
            seeking: follower.seeking,
            duration,
            frameRate: { num, den },
          },
        ),
      );
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [leader, follower, num, den, duration]);
}

function FollowerVideo({
  video,
  frameRate,
  leader,
  onTime,
}: {
  video: PublicVideo;
  frameRate: FrameRate;
  leader: HTMLVideoElement | null;
  onTime: (seconds: number) => void;
}) {
  const ready = usePlayerElements();
  const [element, setElement] = useState<HTMLElement | null>(null);
  const media = mediaOf(element);
  useFollow(leader, media, frameRate, video.durationSeconds);
  useEffect(() => {
    if (!media) return;
    media.muted = true;
    const report = () => onTime(media.currentTime);
    for (const name of ["timeupdate", "seeked", "pause"]) media.addEventListener(name, report);
    return () => {
      for (const name of ["timeupdate", "seeked", "pause"]) media.removeEventListener(name, report);
    };
  }, [media, onTime]);
  return (
    <PictureBox video={video}>
      {ready ? (
        <hls-video
          ref={setElement}
          src={video.master}
          poster={video.poster.jpeg}
          muted
          playsinline=""
          preload="auto"
          class="block size-full"
        />
      ) : null}
    </PictureBox>
  );
}

function Side({
  name,
  position,
  children,
}: {
  name: string;
  position: string;
  children: ReactNode;
}) {
  return (
    <figure className="flex min-w-0 flex-col gap-2">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span className="font-semibold">{name}</span>
        <output className="font-mono" aria-label={`${REVIEW_COPY.position} of ${name}`}>
          {position}
        </output>
      </figcaption>
      {children}
    </figure>
  );
}

export function ComparePair({
  first,
  second,
  leader,
  asSeconds,
  children,
}: {
  /** The first version: the page's own player is `children`; its position as the page shows it. */
  first: { number: number; latest: boolean; position: string };
  second: ComparedView;
  /** The first player's video element, which the second follows. */
  leader: HTMLVideoElement | null;
  /** Seconds rather than timecode (the page's toggle). */
  asSeconds: boolean;
  children: ReactNode;
}) {
  const clock = useMemo(() => (second.clock ? mediaClock(second.clock) : null), [second.clock]);
  const [time, setTime] = useState(0);
  return (
    <div className="flex flex-col gap-2">
      <div className="grid gap-4 md:grid-cols-2">
        <Side name={versionName(first)} position={first.position}>
          {children}
        </Side>
        <Side name={versionName(second)} position={positionText(time, clock, asSeconds)}>
          {second.video ? (
            <FollowerVideo
              video={second.video}
              frameRate={clock?.rate ?? FALLBACK_RATE}
              leader={leader}
              onTime={setTime}
            />
          ) : (
            <p>{REVIEW_COPY.notPlayable}</p>
          )}
        </Side>
      </div>
      <p className="text-xs text-ink-muted">{REVIEW_COPY.compareNote}</p>
    </div>
  );
}
