import { type RefObject, useCallback, useEffect, useReducer, useRef, useState } from "react";
import { PathIcon } from "~/components/listings/ui";
import { LinkUntilHydrated } from "~/components/ui/dialog-launcher";
import { PlayIcon } from "~/components/ui/icons";
import { trackEvent } from "~/lib/analytics";
import { nextVideoState, type VideoEvent } from "~/lib/listings/video-state";

/** Lucide's loader-circle. */
const SPINNER_ICON = "M21 12a9 9 0 1 1-6.219-8.56";

/**
 * A video with the SPEC's overlays: loading until the first frame after play, buffering while
 * playback waits for data, and the thumbnail when the video fails. Nothing is preloaded: the
 * poster shows until the visitor presses play; the native controls come with the first play
 * (decision 0420; without JavaScript the play control links to the video file).
 */
export function VideoPlayer({
  src,
  poster,
  title,
  className = "",
}: {
  src: string;
  poster?: string | null;
  title: string;
  className?: string;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  const [state, dispatch] = useReducer(nextVideoState, "idle");
  const tracked = useRef(false);
  const gate = useVideoGate(ref);

  // A failure before hydration (no JavaScript yet to hear it) still shows the thumbnail.
  useEffect(() => {
    if (ref.current?.error) dispatch("error");
  }, []);

  const on = (event: VideoEvent) => () => dispatch(event);

  if (state === "error") {
    return (
      <div className={`video-frame bg-surface-raised ${className}`}>
        {poster ? (
          <img
            src={poster}
            alt={title}
            width={1600}
            height={900}
            loading="lazy"
            className="size-full object-cover"
          />
        ) : null}
        <p
          role="status"
          className="video-note absolute inset-x-4 bottom-4 text-center text-ink-muted backdrop-blur"
        >
          This video is unavailable right now.
        </p>
      </div>
    );
  }

  return (
    <div className={`video-frame bg-canvas ${className}`}>
      {/* biome-ignore lint/a11y/useMediaCaption: studio reels have no dialogue to caption */}
      <video
        ref={ref}
        src={src}
        poster={poster ?? undefined}
        aria-label={title}
        controls={gate.started}
        // Focused when the play control hands over to the native controls.
        tabIndex={-1}
        playsInline
        preload="none"
        className="size-full object-cover"
        onPlay={() => {
          gate.onPlay();
          dispatch("play");
          if (!tracked.current) {
            tracked.current = true;
            trackEvent("video_play", title);
          }
        }}
        onWaiting={on("waiting")}
        onStalled={on("stalled")}
        onLoadedData={on("loadeddata")}
        onCanPlay={on("canplay")}
        onPlaying={on("playing")}
        onPause={on("pause")}
        onEnded={on("ended")}
        onError={on("error")}
      />
      {gate.started ? null : <VideoPlayControl href={src} title={title} onStart={gate.start} />}
      {state === "loading" || state === "buffering" ? (
        <div
          role="status"
          className="pointer-events-none absolute inset-0 grid place-items-center bg-canvas/60"
        >
          <span className="video-note flex items-center gap-3 text-ink">
            <PathIcon d={SPINNER_ICON} className="size-5 animate-spin text-accent" />
            {state === "loading" ? "Loading video…" : "Buffering…"}
          </span>
        </div>
      ) : null}
    </div>
  );
}

/**
 * A video's native controls are a shadow tree of ~40 elements whose style and layout cost a
 * phone ~100 ms at load per video, for a control nobody has touched yet (decision 0420). So a
 * video starts without them, behind one play control over its poster; pressing it (or the video
 * starting any other way) shows the native controls and plays. `started` says which it is.
 */
export function useVideoGate(ref: RefObject<HTMLVideoElement | null>) {
  const [started, setStarted] = useState(false);
  // Called inside the click, so `play()` keeps the visitor's gesture (autoplay rules allow it).
  const start = useCallback(() => {
    setStarted(true); // the render that follows adds `controls`
    ref.current?.focus();
    void ref.current?.play().catch(() => {});
  }, [ref]);
  const onPlay = useCallback(() => setStarted(true), []);
  return { started, start, onPlay };
}

/**
 * The play control over a video's poster: until the page is hydrated (and without JavaScript) a
 * link to the video file, which the browser plays on its own page; then a button that starts the
 * video in place.
 */
export function VideoPlayControl({
  href,
  title,
  onStart,
}: {
  href: string;
  title: string;
  onStart: () => void;
}) {
  const label = { "aria-label": `Play: ${title}` };
  return (
    <LinkUntilHydrated
      href={href}
      linkProps={label}
      buttonProps={label}
      onPress={onStart}
      className="video-play"
    >
      <span>
        <PlayIcon className="ml-1 size-7 md:size-8" fill="currentColor" />
      </span>
    </LinkUntilHydrated>
  );
}
