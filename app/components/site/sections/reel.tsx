import { useRef } from "react";
import { trackEvent } from "~/lib/analytics";

export const REEL = {
  src: "/media/reel.mp4",
  poster: "/media/reel-poster.webp",
  captions: "/media/reel.en.vtt",
  width: 1280,
  height: 720,
} as const;

/**
 * The studio reel: native controls, nothing downloaded until play (preload none, a poster
 * instead), and a `video_play` event the first time it plays.
 */
export function Reel({ label, className }: { label: string; className?: string }) {
  const played = useRef(false);
  return (
    <video
      className={className}
      controls
      playsInline
      preload="none"
      poster={REEL.poster}
      width={REEL.width}
      height={REEL.height}
      aria-label={label}
      onPlay={() => {
        if (played.current) return;
        played.current = true;
        trackEvent("video_play", "home_reel");
      }}
    >
      <source src={REEL.src} type="video/mp4" />
      {/* The reel has no dialogue; the captions describe its music and titles. */}
      <track kind="captions" src={REEL.captions} srcLang="en" label="English" />
    </video>
  );
}
