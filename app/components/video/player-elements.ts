/**
 * The player's code (issue #44 item 5): media-chrome's controls, its captions menu, and
 * hls-video-element (hls.js where the browser has Media Source, the native HLS player where it
 * does not, as on an iPhone). Imported only by media-player.tsx's loadPlayer, so it is a chunk of
 * its own that no page downloads before a video is near the viewport or played.
 */
import "media-chrome";
import "media-chrome/menu";
import "hls-video-element";
