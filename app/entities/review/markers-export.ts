import {
  frameAt,
  isDropFrame,
  type MediaClock,
  mediaClock,
  timecodeOfFrame,
} from "~/entities/review/timecode";

/**
 * The review room's comments as markers for an editor (issue #45): CSV rows (the server encodes
 * them with its one CSV kit), a CMX 3600 EDL in the shape DaVinci Resolve writes and reads for
 * timeline markers, and FCPXML 1.10 markers for Final Cut Pro. Every marker sits on the frame the
 * comment was made on, in the media's own timecode (its start timecode included).
 * Browser-safe, database-free (docs/decisions/0520-review-timecode-and-exports.md).
 */

export type ExportComment = {
  id: string;
  author: string;
  body: string;
  atSeconds: number;
  endSeconds?: number | null;
  resolved: boolean;
};

export type ExportMedia = {
  title: string;
  frameRateNum: number;
  frameRateDen: number;
  startTimecode: string | null;
  durationSeconds: number;
};

/** Bounds on marker text: an editor's marker is a line to read, the review page has the rest. */
export const MARKER_TEXT_LIMITS = { name: 60, note: 500 } as const;

/** CMX 3600 numbers events with three digits. */
export const EDL_MAX_EVENTS = 999;

export const MARKERS_CSV_HEADER = [
  "Timecode in",
  "Timecode out",
  "Author",
  "Comment",
  "Status",
] as const;

/** One comment placed on the media's frames: `frames` is at least 1 (a point comment is one). */
type Marker = {
  comment: ExportComment;
  frame: number;
  frames: number;
  ranged: boolean;
};

function lastFrame(media: ExportMedia, clock: MediaClock): number {
  const total = Math.ceil((media.durationSeconds * clock.rate.num) / clock.rate.den - 1e-6);
  return Math.max(0, total - 1);
}

/** The comments in time order, each on its frame, clamped inside the media. */
function markersOf(comments: readonly ExportComment[], media: ExportMedia, clock: MediaClock) {
  const last = lastFrame(media, clock);
  const atFrame = (seconds: number) => Math.min(frameAt(Math.max(0, seconds), clock.rate), last);
  return comments
    .map((comment): Marker => {
      const frame = atFrame(comment.atSeconds);
      const end =
        comment.endSeconds === null || comment.endSeconds === undefined
          ? null
          : atFrame(comment.endSeconds);
      const ranged = end !== null && end > frame;
      return { comment, frame, frames: ranged ? end - frame : 1, ranged };
    })
    .sort((a, b) => a.frame - b.frame || a.comment.id.localeCompare(b.comment.id));
}

/** C0 controls and DEL: never in a marker's text. */
const isControl = (char: string): boolean => {
  const code = char.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
};

/** One line, no control characters, at most `limit` characters (an ellipsis marks a cut). */
export function markerText(text: string, limit: number): string {
  const line = [...text]
    .map((char) => (isControl(char) ? " " : char))
    .join("")
    .replace(/\s+/g, " ")
    .trim();
  const chars = [...line];
  return chars.length <= limit
    ? line
    : `${chars
        .slice(0, limit - 1)
        .join("")
        .trimEnd()}…`;
}

const statusOf = (comment: ExportComment) => (comment.resolved ? "Resolved" : "Open");

/**
 * CSV rows under MARKERS_CSV_HEADER: timecode in, timecode out (empty for a point comment),
 * author, the whole comment, Open or Resolved. Encoded by the server's csvResponse (server/kit/csv.ts).
 */
export function markersCsvRows(comments: readonly ExportComment[], media: ExportMedia): string[][] {
  const clock = mediaClock(media);
  return markersOf(comments, media, clock).map(({ comment, frame, frames, ranged }) => [
    timecodeOfFrame(frame, clock),
    ranged ? timecodeOfFrame(frame + frames, clock) : "",
    comment.author,
    comment.body,
    statusOf(comment),
  ]);
}

/**
 * A CMX 3600 EDL of markers, as DaVinci Resolve writes it (Timelines > Export > Timeline Markers
 * to EDL) and reads it back (Import > Timeline Markers from EDL): one one-frame event per marker,
 * then `note |C:ResolveColorRed |M:name |D:frames`. Resolve takes the text before the first `|`
 * as the note, so `|` is removed from texts. Open comments are red, resolved ones green.
 * At most EDL_MAX_EVENTS markers, the earliest.
 */
export function markersEdl(comments: readonly ExportComment[], media: ExportMedia): string {
  const clock = mediaClock(media);
  const noPipe = (text: string) => text.replaceAll("|", "/");
  const lines = [
    `TITLE: ${markerText(noPipe(media.title), 70) || "Review"}`,
    `FCM: ${isDropFrame(clock.rate) ? "DROP FRAME" : "NON-DROP FRAME"}`,
    "",
  ];
  markersOf(comments, media, clock)
    .slice(0, EDL_MAX_EVENTS)
    .forEach(({ comment, frame, frames }, index) => {
      const tcIn = timecodeOfFrame(frame, clock);
      const tcOut = timecodeOfFrame(frame + 1, clock);
      const colour = comment.resolved ? "Green" : "Red";
      const note = markerText(noPipe(comment.body), MARKER_TEXT_LIMITS.note);
      const name = markerText(noPipe(comment.author), MARKER_TEXT_LIMITS.name);
      lines.push(
        `${String(index + 1).padStart(3, "0")}  001      V     C        ${tcIn} ${tcOut} ${tcIn} ${tcOut}`,
        `${note} |C:ResolveColor${colour} |M:${name} |D:${frames}`,
        "",
      );
    });
  return `${lines.join("\r\n")}`;
}

const XML_REFERENCES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
  "\t": "&#9;",
  "\n": "&#10;",
  "\r": "&#13;",
};

/**
 * Text for an XML attribute value: markup characters and line breaks as references (a raw line
 * break in an attribute would be read back as a space), characters XML 1.0 refuses removed.
 */
export function xmlAttribute(text: string): string {
  return [...text]
    .map(
      (char) =>
        XML_REFERENCES[char] ??
        (isControl(char) || char === "\ufffe" || char === "\uffff" ? "" : char),
    )
    .join("");
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** A frame count as an FCPXML rational time: 1001/30000s, 0s, 3600s. */
export function fcpxmlTime(frames: number, clock: MediaClock): string {
  const numerator = frames * clock.rate.den;
  const denominator = clock.rate.num;
  if (numerator === 0) return "0s";
  const divisor = gcd(numerator, denominator);
  return denominator / divisor === 1
    ? `${numerator / divisor}s`
    : `${numerator / divisor}/${denominator / divisor}s`;
}

/**
 * FCPXML 1.10 for Final Cut Pro: one event and project, whose sequence holds the media as one
 * asset-clip starting at the media's start timecode (tcStart, tcFormat DF or NDF) and carrying a
 * to-do marker per comment (completed when resolved) at its frame. The asset names the media by its
 * title only: Final Cut shows it offline until the editor relinks it to their copy.
 */
export function markersFcpxml(comments: readonly ExportComment[], media: ExportMedia): string {
  const clock = mediaClock(media);
  const start = fcpxmlTime(clock.startFrame, clock);
  const duration = fcpxmlTime(lastFrame(media, clock) + 1, clock);
  const tcFormat = isDropFrame(clock.rate) ? "DF" : "NDF";
  const title = xmlAttribute(markerText(media.title, 200) || "Review");
  const markers = markersOf(comments, media, clock).map(({ comment, frame, frames }) => {
    const value = markerText(`${comment.author}: ${comment.body}`, MARKER_TEXT_LIMITS.name);
    const note = markerText(comment.body, MARKER_TEXT_LIMITS.note);
    return `              <marker start="${fcpxmlTime(clock.startFrame + frame, clock)}" duration="${fcpxmlTime(
      frames,
      clock,
    )}" value="${xmlAttribute(value)}" note="${xmlAttribute(note)}" completed="${
      comment.resolved ? 1 : 0
    }"/>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    "<!DOCTYPE fcpxml>",
    '<fcpxml version="1.10">',
    "  <resources>",
    `    <format id="r1" frameDuration="${fcpxmlTime(1, clock)}"/>`,
    `    <asset id="r2" name="${title}" start="${start}" duration="${duration}" hasVideo="1" format="r1">`,
    `      <media-rep kind="original-media" src="file:///${encodeURIComponent(
      markerText(media.title, 200) || "Review",
    )}"/>`,
    "    </asset>",
    "  </resources>",
    "  <library>",
    `    <event name="${title}">`,
    `      <project name="${title}">`,
    `        <sequence format="r1" duration="${duration}" tcStart="${start}" tcFormat="${tcFormat}">`,
    "          <spine>",
    `            <asset-clip ref="r2" name="${title}" offset="${start}" start="${start}" duration="${duration}" tcFormat="${tcFormat}">`,
    ...markers,
    "            </asset-clip>",
    "          </spine>",
    "        </sequence>",
    "      </project>",
    "    </event>",
    "  </library>",
    "</fcpxml>",
    "",
  ].join("\n");
}
