import type { MediaState } from "~/lib/values";

/**
 * What a transcode made of a master (issue #44), as kept on its row: paths inside the item's
 * folder of bucket media-renditions. Browser-safe: the player and the Media screen read it.
 */
export interface MediaOutputs {
  /** The HLS master playlist. */
  master: string;
  renditions: Array<{
    height: number;
    width: number;
    bandwidth: number;
    codecs: string;
    playlist: string;
  }>;
  poster: { jpeg: string; webp: string; avif: string };
  storyboard: { image: string; vtt: string };
}

/**
 * A ready video as the site's player takes it (issue #44 item 5): addresses under /video, the
 * poster in three formats, the storyboard's WebVTT for the seek bar's previews, and what
 * VideoObject JSON-LD says of it.
 */
export interface PublicVideo {
  id: string;
  title: string;
  master: string;
  poster: { jpeg: string; webp: string; avif: string };
  storyboard: string;
  width: number;
  height: number;
  durationSeconds: number;
  /** ISO 8601: when its renditions were made. */
  uploadDate: string;
}

/** The words each state shows on the Media screen. */
export const MEDIA_STATE_LABELS: Record<MediaState, string> = {
  uploading: "Uploading",
  queued: "Queued",
  processing: "Processing",
  ready: "Ready",
  failed: "Failed",
};

/** The container types the library takes, by extension (issue #44: MP4, MOV, MKV, WebM). */
export const MEDIA_EXTENSIONS = [".mp4", ".mov", ".mkv", ".webm"] as const;

/** `29.97`, `23.976`, `25`: a frame rate as people write it. */
export function formatFrameRate(num: number, den: number): string {
  const rate = num / den;
  return Number.isInteger(rate) ? String(rate) : String(Math.round(rate * 1000) / 1000);
}
