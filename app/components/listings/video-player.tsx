import { useEffect, useReducer, useRef } from "react";
import { PathIcon } from "~/components/listings/ui";
import { trackEvent } from "~/lib/analytics";
import { nextVideoState, type VideoEvent } from "~/lib/listings/video-state";

/** Lucide's loader-circle. */
const SPINNER_ICON = "M21 12a9 9 0 1 1-6.219-8.56";

/**
 * A video with the SPEC's overlays: loading until the first frame after play, buffering while
 * playback waits for data, and the thumbnail when the video fails. Nothing is preloaded: the
 * poster shows until the visitor presses play (native controls, so it works without JavaScript).
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

  // A failure before hydration (no JavaScript yet to hear it) still shows the thumbnail.
  useEffect(() => {
    if (ref.current?.error) dispatch("error");
  }, []);

  const on = (event: VideoEvent) => () => dispatch(event);

  if (state === "error") {
    return (
      <div
        className={`relative aspect-video overflow-hidden rounded-card border border-line bg-surface-raised ${className}`}
      >
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
          className="absolute inset-x-4 bottom-4 rounded-full bg-canvas/85 px-4 py-2 text-center text-sm text-ink-muted backdrop-blur"
        >
          This video is unavailable right now.
        </p>
      </div>
    );
  }

  return (
    <div
      className={`relative aspect-video overflow-hidden rounded-card border border-line bg-canvas ${className}`}
    >
      {/* biome-ignore lint/a11y/useMediaCaption: studio reels have no dialogue to caption */}
      <video
        ref={ref}
        src={src}
        poster={poster ?? undefined}
        aria-label={title}
        controls
        playsInline
        preload="none"
        className="size-full object-cover"
        onPlay={() => {
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
      {state === "loading" || state === "buffering" ? (
        <div
          role="status"
          className="pointer-events-none absolute inset-0 flex items-center justify-center bg-canvas/60"
        >
          <span className="flex items-center gap-3 rounded-full bg-canvas/85 px-4 py-2 text-sm text-ink">
            <PathIcon d={SPINNER_ICON} className="size-5 animate-spin text-accent" />
            {state === "loading" ? "Loading video…" : "Buffering…"}
          </span>
        </div>
      ) : null}
    </div>
  );
}
