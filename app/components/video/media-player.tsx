import { type ReactNode, type Ref, useEffect, useRef, useState } from "react";
import { VideoPlayControl } from "~/components/listings/video-player";
import type { PublicVideo } from "~/entities/media/view";
import { trackEvent } from "~/lib/analytics";

let playerCode: Promise<unknown> | null = null;

/** The player's code, fetched once per page (a failed fetch may be tried again). */
function loadPlayer(): Promise<unknown> {
  playerCode ??= import("./player-elements").catch((error: unknown) => {
    playerCode = null;
    throw error;
  });
  return playerCode;
}

/**
 * A Media library video on the site (issue #44 item 5, decision 0500): until the visitor presses
 * play, only its poster (AVIF, WebP or JPEG) and one play control are in the page. The player's
 * code starts loading when the video comes near the viewport, and the player (media-chrome's
 * controls over hls.js, with captions and the storyboard's previews on the seek bar) replaces the
 * poster on the press and plays. Nothing ever plays on its own, whatever the motion preference.
 * Without JavaScript the play control links to the HLS playlist, which Safari plays by itself.
 */
export function MediaPlayer({
  video,
  label,
  className = "",
}: {
  video: PublicVideo;
  /** What the video is, for its controls' names (the video's own title by default). */
  label?: string;
  className?: string;
}) {
  const title = label ?? video.title;
  const [state, setState] = useState<"poster" | "loading" | "player" | "failed">("poster");
  const box = useRef<HTMLDivElement>(null);
  const media = useRef<HTMLElement & { play?: () => Promise<void> }>(null);

  useEffect(() => {
    const element = box.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        loadPlayer().catch(() => {});
      },
      { rootMargin: "300px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // The player is in the page: it plays once it can (the press that put it there asked for it).
  // Not at once: attaching the stream starts a new load, which would interrupt an earlier play().
  useEffect(() => {
    const element = media.current;
    if (state !== "player" || !element) return;
    element.focus();
    const play = () => void element.play?.().catch(() => {});
    if ((element as unknown as HTMLMediaElement).readyState >= 3) play();
    else element.addEventListener("canplay", play, { once: true });
    return () => element.removeEventListener("canplay", play);
  }, [state]);

  const start = () => {
    setState("loading");
    trackEvent("video_play", title);
    loadPlayer().then(
      () => setState("player"),
      () => setState("failed"),
    );
  };

  const frame = `relative overflow-hidden bg-canvas ${className}`;
  const aspect = { aspectRatio: `${video.width} / ${video.height}` };
  if (state === "player") {
    return (
      <div ref={box} className={frame} style={aspect}>
        <PlayerChrome video={video} title={title} mediaRef={media} tabIndex={-1} />
      </div>
    );
  }
  return (
    <div ref={box} className={frame} style={aspect}>
      <picture>
        <source type="image/avif" srcSet={video.poster.avif} />
        <source type="image/webp" srcSet={video.poster.webp} />
        <img
          src={video.poster.jpeg}
          alt=""
          width={video.width}
          height={video.height}
          loading="lazy"
          decoding="async"
          className="size-full object-cover"
        />
      </picture>
      {state === "failed" ? (
        <p
          role="status"
          className="video-note absolute inset-x-4 bottom-4 text-center text-ink-muted backdrop-blur"
        >
          This video is unavailable right now.
        </p>
      ) : (
        <VideoPlayControl href={video.master} title={title} onStart={start} />
      )}
    </div>
  );
}

/**
 * The Media library's player itself, as the site and the review room show it: media-chrome's
 * controls over hls-video (hls.js, or the browser's own HLS), the storyboard's thumbnails on the
 * seek bar and the captions menu. The custom elements must be defined first (player-elements.ts).
 * `overlay` is drawn over the picture, under the controls (the review room's drawing).
 */
export function PlayerChrome({
  video,
  title,
  mediaRef,
  overlay,
  tabIndex,
}: {
  video: PublicVideo;
  title: string;
  mediaRef: Ref<HTMLElement>;
  overlay?: ReactNode;
  /** -1 on the site: the controls take the focus, not the picture. */
  tabIndex?: number;
}) {
  return (
    <media-controller class="block size-full" aria-label={`Video player: ${title}`}>
      <hls-video
        ref={mediaRef}
        slot="media"
        src={video.master}
        poster={video.poster.jpeg}
        playsinline=""
        preload="auto"
        tabindex={tabIndex}
      >
        <track kind="metadata" label="thumbnails" src={video.storyboard} default />
      </hls-video>
      {overlay}
      <media-loading-indicator slot="centered-chrome" />
      <media-captions-menu hidden anchor="auto" />
      <media-control-bar class="w-full">
        <media-play-button />
        <media-seek-backward-button seekoffset="10" />
        <media-seek-forward-button seekoffset="10" />
        <media-time-range class="flex-1" />
        <media-time-display showduration="" />
        <media-mute-button />
        <media-volume-range />
        <media-captions-menu-button />
        <media-playback-rate-button />
        <media-fullscreen-button />
      </media-control-bar>
    </media-controller>
  );
}
