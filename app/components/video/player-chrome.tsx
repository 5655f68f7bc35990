import type { ReactNode, Ref } from "react";
import type { PublicVideo } from "~/entities/media/view";

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
