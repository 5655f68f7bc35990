import { useRef } from "react";
import { useVideoGate, VideoPlayControl } from "~/components/listings/video-player";
import { trackEvent } from "~/lib/analytics";

export const REEL = {
  src: "/media/reel.mp4",
  poster: "/media/reel-poster.webp",
  captions: "/media/reel.en.vtt",
  width: 1280,
  height: 720,
} as const;

/**
 * The studio reel: nothing downloaded until play (preload none, a poster instead), native
 * controls once it starts (decision 0420), and a `video_play` event the first time it plays.
 */
export function Reel({ label, className }: { label: string; className?: string }) {
  const played = useRef(false);
  const video = useRef<HTMLVideoElement>(null);
  const gate = useVideoGate(video);
  return (
    <div className="relative">
      <video
        ref={video}
        className={className}
        controls={gate.started}
        // Focused when the play control hands over to the native controls.
        tabIndex={-1}
        playsInline
        preload="none"
        poster={REEL.poster}
        width={REEL.width}
        height={REEL.height}
        aria-label={label}
        onPlay={() => {
          gate.onPlay();
          if (played.current) return;
          played.current = true;
          trackEvent("video_play", "home_reel");
        }}
      >
        <source src={REEL.src} type="video/mp4" />
        {/* The reel has no dialogue; the captions describe its music and titles. */}
        <track kind="captions" src={REEL.captions} srcLang="en" label="English" />
      </video>
      {gate.started ? null : (
        <VideoPlayControl href={REEL.src} title={label} onStart={gate.start} />
      )}
    </div>
  );
}
