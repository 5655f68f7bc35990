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
    /** The rung's mean bitrate (AVERAGE-BANDWIDTH); absent on items made before it was kept. */
    averageBandwidth?: number;
  }>;
  poster: { jpeg: string; webp: string; avif: string };
  storyboard: { image: string; vtt: string };
  /** Captions by language (decision 0499), in the SUBTITLES group of the master; none when absent. */
  captions?: MediaCaption[];
}

/** One language's captions: its WebVTT file and the one-segment playlist over it. */
export interface MediaCaption {
  /** A BCP-47 code of CAPTION_LANGUAGES (`en`, `pt`, `zh`). */
  language: string;
  /** The language's name in English, as the master playlist's NAME and the player's menu. */
  name: string;
  /** `captions/{language}.vtt` */
  vtt: string;
  /** `captions/{language}.m3u8` */
  playlist: string;
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

/** `PT1M5S`: a duration in seconds as ISO 8601, as schema.org wants it. */
export function isoDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const minutes = Math.floor(whole / 60);
  return `PT${minutes > 0 ? `${minutes}M` : ""}${whole % 60}S`;
}

/**
 * schema.org VideoObject of a video on a page (issue #44 item 5): what search engines show of it.
 * Addresses are absolute (`siteUrl` first).
 */
export function videoObjectJsonLd(
  video: PublicVideo,
  siteUrl: string,
  about: { name: string; description?: string | null },
): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "VideoObject",
    name: about.name,
    description: about.description || about.name,
    thumbnailUrl: [`${siteUrl}${video.poster.jpeg}`, `${siteUrl}${video.poster.webp}`],
    uploadDate: video.uploadDate,
    duration: isoDuration(video.durationSeconds),
    contentUrl: `${siteUrl}${video.master}`,
    encodingFormat: "application/vnd.apple.mpegurl",
    width: video.width,
    height: video.height,
  };
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
