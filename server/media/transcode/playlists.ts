import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import type { MediaOutputs } from "~/entities/media/view";
import { INIT_FILE } from "./ffmpeg-args";
import type { Rung } from "./ladder";

/**
 * Playlists (decision 0495). ffmpeg writes each rung's media playlist; the master is written
 * here, from what was really written: BANDWIDTH is the peak segment bitrate (RFC 8216 §4.3.4.2),
 * AVERAGE-BANDWIDTH the whole rung's, CODECS the H.264 profile and level read from the rung's
 * own init segment (avcC), plus AAC-LC when there is sound.
 */

export const MASTER = "master.m3u8";
const AAC_LC = "mp4a.40.2";

/** One rung of the ladder, as the item's outputs keep it. */
export type Rendition = MediaOutputs["renditions"][number];

export interface Caption {
  language: string;
  name: string;
  /** The captions' media playlist, relative to the master (see captionsPlaylist). */
  playlist: string;
  default?: boolean;
}

export interface MediaSegment {
  uri: string;
  durationSeconds: number;
}

/** The segments of a media playlist, in order, with their EXTINF durations. */
export function parseMediaPlaylist(text: string): { map: string | null; segments: MediaSegment[] } {
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  if (lines[0] !== "#EXTM3U") throw new Error("not an M3U8 playlist");
  const segments: MediaSegment[] = [];
  let map: string | null = null;
  let duration: number | null = null;
  for (const line of lines) {
    const mapMatch = /^#EXT-X-MAP:URI="([^"]+)"/.exec(line);
    if (mapMatch) map = mapMatch[1] ?? null;
    const inf = /^#EXTINF:([\d.]+)/.exec(line);
    if (inf) duration = Number(inf[1]);
    else if (line && !line.startsWith("#") && duration !== null) {
      segments.push({ uri: line, durationSeconds: duration });
      duration = null;
    }
  }
  return { map, segments };
}

/** "avc1.PPCCLL" from the avcC box of an fMP4 init segment. */
export function avcCodecOf(init: Uint8Array): string {
  const at = Buffer.from(init).indexOf("avcC");
  if (at < 0 || at + 8 > init.length) throw new Error("no avcC box in the init segment");
  const hex = (byte: number | undefined) => (byte ?? 0).toString(16).padStart(2, "0");
  return `avc1.${hex(init[at + 5])}${hex(init[at + 6])}${hex(init[at + 7])}`;
}

export async function describeRendition(
  outDir: string,
  rung: Rung,
  withAudio: boolean,
): Promise<{ rendition: Rendition; averageBandwidth: number; files: string[] }> {
  const playlist = `${rung.name}/index.m3u8`;
  const { map, segments } = parseMediaPlaylist(await readFile(path.join(outDir, playlist), "utf8"));
  if (map !== INIT_FILE || segments.length === 0) throw new Error(`${playlist} has no segments`);
  const init = await readFile(path.join(outDir, rung.name, INIT_FILE));
  let peak = 0;
  let bytes = 0;
  let seconds = 0;
  for (const segment of segments) {
    const size = (await stat(path.join(outDir, rung.name, segment.uri))).size;
    bytes += size;
    seconds += segment.durationSeconds;
    if (segment.durationSeconds > 0) peak = Math.max(peak, (size * 8) / segment.durationSeconds);
  }
  const codecs = withAudio ? `${avcCodecOf(init)},${AAC_LC}` : avcCodecOf(init);
  return {
    rendition: {
      width: rung.width,
      height: rung.height,
      bandwidth: Math.ceil(peak),
      codecs,
      playlist,
    },
    averageBandwidth: Math.ceil(seconds > 0 ? (bytes * 8) / seconds : peak),
    files: [
      playlist,
      `${rung.name}/${INIT_FILE}`,
      ...segments.map((segment) => `${rung.name}/${segment.uri}`),
    ],
  };
}

const quoted = (value: string) => `"${value.replaceAll('"', "'")}"`;

/**
 * The master playlist: the renditions highest first, and the captions as one SUBTITLES group
 * (each language a media playlist over its WebVTT file).
 */
export function masterPlaylist(renditions: Rendition[], captions: Caption[] = []): string {
  const lines = ["#EXTM3U", "#EXT-X-VERSION:7", "#EXT-X-INDEPENDENT-SEGMENTS"];
  for (const caption of captions) {
    lines.push(
      `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE=${quoted(caption.language)},` +
        `NAME=${quoted(caption.name)},DEFAULT=${caption.default ? "YES" : "NO"},AUTOSELECT=YES,` +
        `URI=${quoted(caption.playlist)}`,
    );
  }
  const ordered = [...renditions].sort((a, b) => b.bandwidth - a.bandwidth);
  for (const rendition of ordered) {
    const average = rendition.averageBandwidth
      ? `,AVERAGE-BANDWIDTH=${rendition.averageBandwidth}`
      : "";
    const subs = captions.length > 0 ? ',SUBTITLES="subs"' : "";
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${rendition.bandwidth}${average},` +
        `RESOLUTION=${rendition.width}x${rendition.height},CODECS="${rendition.codecs}"${subs}`,
      rendition.playlist,
    );
  }
  return `${lines.join("\n")}\n`;
}

/** A captions media playlist: one segment, the whole WebVTT file, for the whole duration. */
export function captionsPlaylist(vttUri: string, durationSeconds: number): string {
  const target = Math.max(1, Math.ceil(durationSeconds));
  return [
    "#EXTM3U",
    "#EXT-X-VERSION:7",
    `#EXT-X-TARGETDURATION:${target}`,
    "#EXT-X-PLAYLIST-TYPE:VOD",
    `#EXTINF:${durationSeconds.toFixed(3)},`,
    vttUri,
    "#EXT-X-ENDLIST",
    "",
  ].join("\n");
}
