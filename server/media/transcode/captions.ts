import { MediaProbeError } from "@server/media/probe";

/**
 * Captions (decision 0495): staff upload SRT or WebVTT per language; what is stored and served
 * is WebVTT. SRT's comma before the milliseconds becomes WebVTT's dot, its cue numbers stay as
 * cue identifiers, and a `-->` inside cue text (which would end the cue in WebVTT) is escaped.
 * Anything else is refused.
 */

export const NOT_CAPTIONS = "This captions file is not SRT or WebVTT.";

const SRT_TIMING =
  /^(\d{1,2}:)?(\d{1,2}):(\d{2})[,.](\d{1,3})\s*-->\s*(\d{1,2}:)?(\d{1,2}):(\d{2})[,.](\d{1,3})(?:\s+.*)?$/;
const VTT_TIMING =
  /^(?:\d{2,}:)?\d{2}:\d{2}\.\d{3}\s+-->\s+(?:\d{2,}:)?\d{2}:\d{2}\.\d{3}(?:\s.*)?$/;

const stamp = (hours: string | undefined, minutes: string, seconds: string, fraction: string) =>
  `${(hours ?? "0:").slice(0, -1).padStart(2, "0")}:${minutes.padStart(2, "0")}:${seconds}.${fraction.padEnd(3, "0")}`;

const normalise = (text: string) => text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");

const escapeCueText = (line: string) => line.replaceAll("-->", "--&gt;");

function vttPasses(text: string): string {
  const header = text.split("\n", 1)[0] ?? "";
  if (!/^WEBVTT(?:[ \t].*)?$/.test(header)) throw new MediaProbeError(NOT_CAPTIONS);
  if (!text.split("\n").some((line) => VTT_TIMING.test(line.trim()))) {
    throw new MediaProbeError(NOT_CAPTIONS);
  }
  return text.endsWith("\n") ? text : `${text}\n`;
}

function srtToVtt(text: string): string {
  const blocks = text
    .trim()
    .split(/\n{2,}/)
    .map((block) => block.split("\n"));
  const cues = blocks.map((lines) => {
    const timingAt = SRT_TIMING.test(lines[0]?.trim() ?? "") ? 0 : 1;
    const timing = SRT_TIMING.exec(lines[timingAt]?.trim() ?? "");
    if (!timing || (timingAt === 1 && !/^\d+$/.test(lines[0]?.trim() ?? ""))) {
      throw new MediaProbeError(NOT_CAPTIONS);
    }
    const [, h1, m1 = "", s1 = "", f1 = "", h2, m2 = "", s2 = "", f2 = ""] = timing;
    const id = timingAt === 1 ? [lines[0]?.trim() ?? ""] : [];
    // SubRip's {\an8}-style positioning codes mean nothing to WebVTT.
    const body = lines
      .slice(timingAt + 1)
      .map((line) => escapeCueText(line.replace(/\{\\[^}]*\}/g, "")));
    return [...id, `${stamp(h1, m1, s1, f1)} --> ${stamp(h2, m2, s2, f2)}`, ...body].join("\n");
  });
  return `WEBVTT\n\n${cues.join("\n\n")}\n`;
}

/** SRT or WebVTT in, WebVTT out; throws MediaProbeError(NOT_CAPTIONS) for anything else. */
export function captionsToVtt(text: string): string {
  const clean = normalise(text);
  if (clean.startsWith("WEBVTT")) return vttPasses(clean);
  if (clean.trim() === "") throw new MediaProbeError(NOT_CAPTIONS);
  return srtToVtt(clean);
}
