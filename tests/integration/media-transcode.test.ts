import { readdirSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { type MediaProbe, MediaProbeError, probeMedia } from "@server/media/probe";
import {
  captionsPlaylist,
  captionsToVtt,
  ladderFor,
  masterPlaylist,
  type TranscodeResult,
  transcodeMedia,
} from "@server/media/transcode";
import { parseMediaPlaylist } from "@server/media/transcode/playlists";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ffmpegPath,
  ffprobeJson,
  ffprobePath,
  makeAudioOnly,
  makeClip,
  makeRenamedText,
} from "../support/media-clips";

/**
 * The probe and transcoder core of issue #44 (decision 0495) with the system's ffmpeg, on clips
 * made from ffmpeg's own sources. Files in, files out: no database, no storage driver.
 */

const ENCODE_BUDGET = 300_000;
const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
let dir: string;

const probe = (file: string) => probeMedia(file, { ffprobePath });
const transcode = (file: string, media: MediaProbe, outDir: string, extra = {}) =>
  transcodeMedia({ file, probe: media, outDir, ffmpegPath, ...extra });

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "media-transcode-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const filesUnder = async (root: string) =>
  (await readdir(root, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();

/** Each segment of a rendition: its EXTINF start and the first video packet of init+segment. */
async function segmentsOf(outDir: string, playlist: string) {
  const folder = path.join(outDir, path.dirname(playlist));
  const { map, segments } = parseMediaPlaylist(await readFile(path.join(outDir, playlist), "utf8"));
  const init = await readFile(path.join(folder, map ?? ""));
  let start = 0;
  const described = [];
  for (const [i, segment] of segments.entries()) {
    const joined = path.join(dir, `joined-${i}.mp4`);
    await writeFile(joined, Buffer.concat([init, await readFile(path.join(folder, segment.uri))]));
    const json = await ffprobeJson(joined, [...["-show_packets", "-read_intervals", "%+#50"]]);
    const first = json.packets?.find((packet) => packet.codec_type === "video");
    described.push({
      start,
      duration: segment.durationSeconds,
      firstPts: Number(first?.pts_time),
      keyframe: first?.flags.includes("K") ?? false,
      profile: json.streams.find((stream) => stream.codec_type === "video")?.profile,
      channels: json.streams.find((stream) => stream.codec_type === "audio")?.channels ?? null,
    });
    start += segment.durationSeconds;
  }
  return described;
}

describe("a 1080p master", () => {
  let file: string;
  let outDir: string;
  let result: TranscodeResult;
  const progress: number[] = [];

  beforeAll(async () => {
    file = await makeClip(dir, "master-1080.mp4", { width: 1920, height: 1080, seconds: 8 });
    outDir = path.join(dir, "out-1080");
    result = await transcode(file, await probe(file), outDir, {
      onProgress: (fraction: number) => progress.push(fraction),
    });
  }, ENCODE_BUDGET);

  it("gives four H.264 High renditions in a master playlist with BANDWIDTH, RESOLUTION, CODECS", async () => {
    expect(result.renditions.map((rendition) => rendition.height)).toEqual([1080, 720, 480, 360]);
    expect(result.renditions.map((rendition) => rendition.width)).toEqual([1920, 1280, 854, 640]);
    const master = await readFile(path.join(outDir, result.master), "utf8");
    for (const rendition of result.renditions) {
      expect(rendition.codecs).toMatch(/^avc1\.6400[0-9a-f]{2},mp4a\.40\.2$/);
      expect(rendition.bandwidth).toBeGreaterThan(0);
      expect(master).toContain(`BANDWIDTH=${rendition.bandwidth},AVERAGE-BANDWIDTH=`);
      expect(master).toContain(
        `RESOLUTION=${rendition.width}x${rendition.height},CODECS="${rendition.codecs}"\n${rendition.playlist}\n`,
      );
    }
  });

  it("cuts segments of at most 6.5 s at the same times in every rendition, each on a keyframe, with stereo sound", async () => {
    const all = [];
    for (const rendition of result.renditions)
      all.push(await segmentsOf(outDir, rendition.playlist));
    const starts = all.map((segments) => segments.map((segment) => segment.start.toFixed(3)));
    for (const [i, segments] of all.entries()) {
      expect(segments.length).toBeGreaterThanOrEqual(2);
      expect(starts[i]).toEqual(starts[0]);
      expect(segments.map((segment) => segment.firstPts)).toEqual(all[0]?.map((s) => s.firstPts));
      for (const segment of segments) {
        expect(segment.duration).toBeLessThanOrEqual(6.5);
        expect(segment.keyframe).toBe(true);
        // The first picture shows after the encoder's B-frame delay (2 frames at 25 fps).
        expect(Math.abs(segment.firstPts - segment.start)).toBeLessThanOrEqual(0.081);
        expect(segment.profile).toBe("High");
        expect(segment.channels).toBe(2);
      }
    }
  });

  it("lists every file it wrote, under keys safe for storage, with their types", async () => {
    expect(result.files.map((entry) => entry.path).sort()).toEqual(await filesUnder(outDir));
    for (const entry of result.files) {
      for (const segment of entry.path.split("/")) expect(segment).toMatch(KEY);
    }
    const types = Object.fromEntries(result.files.map((entry) => [entry.path, entry.contentType]));
    expect(types["master.m3u8"]).toBe("application/vnd.apple.mpegurl");
    expect(types["720p/init.mp4"]).toBe("video/mp4");
    expect(types["720p/seg-00001.m4s"]).toBe("video/iso.segment");
    expect(types["storyboard.vtt"]).toBe("text/vtt");
  });

  it("reports progress from ffmpeg, rising to 1", () => {
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.some((fraction) => fraction > 0 && fraction < 1)).toBe(true);
    expect(progress.at(-1)).toBe(1);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
  });

  it("writes a poster as JPEG, WebP and AVIF at the display size capped at 1280 wide", async () => {
    const formats = [];
    for (const [format, name] of Object.entries(result.poster)) {
      const meta = await sharp(path.join(outDir, name)).metadata();
      expect([meta.width, meta.height]).toEqual([1280, 720]);
      formats.push([format, meta.format]);
    }
    expect(formats).toEqual([
      ["jpeg", "jpeg"],
      ["webp", "webp"],
      ["avif", "heif"],
    ]);
  });

  it("writes a storyboard whose VTT tiles lie inside the sprite and cover the whole duration", async () => {
    const sprite = await sharp(path.join(outDir, result.storyboard.image)).metadata();
    const vtt = await readFile(path.join(outDir, result.storyboard.vtt), "utf8");
    expect(vtt.startsWith("WEBVTT\n")).toBe(true);
    const cues = [
      ...vtt.matchAll(
        /(\d\d):(\d\d):(\d\d\.\d{3}) --> (\d\d):(\d\d):(\d\d\.\d{3})\nstoryboard\.jpg#xywh=(\d+),(\d+),(\d+),(\d+)/g,
      ),
    ].map((match) => {
      const n = (i: number) => Number(match[i]);
      return {
        start: n(1) * 3600 + n(2) * 60 + n(3),
        end: n(4) * 3600 + n(5) * 60 + n(6),
        ...{ x: n(7), y: n(8), w: n(9), h: n(10) },
      };
    });
    expect(cues.length).toBe(8);
    expect(cues[0]?.start).toBe(0);
    expect(cues.at(-1)?.end).toBeCloseTo(8, 1);
    for (const [i, cue] of cues.entries()) {
      if (i > 0) expect(cue.start).toBe(cues[i - 1]?.end);
      expect(cue.x + cue.w).toBeLessThanOrEqual(sprite.width ?? 0);
      expect(cue.y + cue.h).toBeLessThanOrEqual(sprite.height ?? 0);
    }
  });

  it(
    "stops ffmpeg on abort, leaves no child and no file, and rejects",
    async () => {
      const abortDir = path.join(dir, "out-aborted");
      const controller = new AbortController();
      const running = transcode(file, await probe(file), abortDir, {
        signal: controller.signal,
        onProgress: () => controller.abort(new Error("cancelled by staff")),
      });
      await expect(running).rejects.toThrow("cancelled by staff");
      const children = readdirSync("/proc")
        .filter((entry) => /^\d+$/.test(entry))
        .filter((pid) => {
          try {
            return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(abortDir);
          } catch {
            return false;
          }
        });
      expect(children).toEqual([]);
      expect(await readdir(abortDir)).toEqual([]);
    },
    ENCODE_BUDGET,
  );
});

describe("the ladder", () => {
  it("gives a 720p source no 1080 rung", async () => {
    const file = await makeClip(dir, "source-720.mp4", { width: 1280, height: 720, seconds: 1 });
    expect(ladderFor(await probe(file))).toEqual([720, 480, 360]);
  });

  it(
    "gives a 200-px-high source one rung at its own height, clearing a crashed run's files",
    async () => {
      const file = await makeClip(dir, "source-200.mp4", { width: 356, height: 200, seconds: 3 });
      const media = await probe(file);
      expect(ladderFor(media)).toEqual([200]);
      const outDir = path.join(dir, "out-200");
      for (const stale of ["200p/seg-00099.m4s", "storyboard-tiles/0099.jpg"]) {
        await mkdir(path.dirname(path.join(outDir, stale)), { recursive: true });
        await writeFile(path.join(outDir, stale), "left by a killed worker");
      }
      const result = await transcode(file, media, outDir);
      expect(result.renditions).toMatchObject([
        { width: 356, height: 200, playlist: "200p/index.m3u8" },
      ]);
      expect(result.files.map((entry) => entry.path).sort()).toEqual(await filesUnder(outDir));
    },
    ENCODE_BUDGET,
  );

  it("names a portrait video's rungs by its short side", () => {
    expect(ladderFor({ width: 1080, height: 1920 })).toEqual([1080, 720, 480, 360]);
    expect(ladderFor({ width: 720, height: 1280 })).toEqual([720, 480, 360]);
    expect(ladderFor({ width: 1000, height: 563 })).toEqual([480, 360]);
    expect(ladderFor({ width: 321, height: 181 })).toEqual([180]);
  });
});

describe("probing", () => {
  it("reads 23.976 fps exactly", async () => {
    const file = await makeClip(dir, "film.mp4", {
      ...{ width: 640, height: 360, rate: "24000/1001", seconds: 1, audio: null },
    });
    expect((await probe(file)).frameRate).toEqual({ num: 24000, den: 1001 });
  });

  it("reads a 1920x1080 phone clip with a rotation of 90 as 1080x1920, and its start timecode", async () => {
    const file = await makeClip(dir, "phone.mp4", {
      ...{ width: 1920, height: 1080, rate: "30000/1001", seconds: 1, rotate: 90 },
      timecode: "01:00:00:00",
    });
    expect(await probe(file)).toMatchObject({
      width: 1080,
      height: 1920,
      rotation: 90,
      frameRate: { num: 30000, den: 1001 },
      startTimecode: "01:00:00:00",
      hdrTransfer: null,
      audio: { channels: 2, layout: "stereo" },
      videoCodec: "h264",
      container: "mp4",
    });
  });

  it("reads the HDR transfer (PQ, HLG) and none for SDR", async () => {
    const pq = await makeClip(dir, "pq.mp4", { width: 320, height: 180, seconds: 1, hdr: "pq" });
    const hlg = await makeClip(dir, "hlg.mov", { width: 320, height: 180, seconds: 1, hdr: "hlg" });
    expect((await probe(pq)).hdrTransfer).toBe("smpte2084");
    expect(await probe(hlg)).toMatchObject({ hdrTransfer: "arib-std-b67", container: "mov" });
  });

  it("refuses a renamed text file and names an audio-only file's missing video", async () => {
    const text = await makeRenamedText(dir, "clip.mp4");
    await expect(probe(text)).rejects.toThrow(
      new MediaProbeError("This file is not a video ffprobe can read."),
    );
    const audio = await makeAudioOnly(dir, "sound.mp4");
    await expect(probe(audio)).rejects.toThrow(
      new MediaProbeError("This file has no video stream."),
    );
  });
});

describe("a rotated 29.97 fps phone clip with 5.1 sound", () => {
  it(
    "comes out upright, portrait, at 29.97 fps, in stereo",
    async () => {
      const file = await makeClip(dir, "phone clip 5.1.mov", {
        ...{ width: 640, height: 360, rate: "30000/1001", seconds: 3, rotate: 90, audio: "5.1" },
      });
      const media = await probe(file);
      expect(media).toMatchObject({
        width: 360,
        height: 640,
        rotation: 90,
        audio: { channels: 6 },
      });
      // A space and a % in the folder: ffmpeg reads no name as a pattern or a URL.
      const outDir = path.join(dir, "out phone 100%d");
      const result = await transcode(file, media, outDir);
      expect(result.renditions).toMatchObject([{ width: 360, height: 640 }]);
      const folder = path.join(outDir, "360p");
      const joined = path.join(dir, "phone-joined.mp4");
      await writeFile(
        joined,
        Buffer.concat([
          await readFile(path.join(folder, "init.mp4")),
          await readFile(path.join(folder, "seg-00001.m4s")),
        ]),
      );
      const json = await ffprobeJson(joined);
      const video = json.streams.find((stream) => stream.codec_type === "video");
      expect(video).toMatchObject({ width: 360, height: 640, avg_frame_rate: "30000/1001" });
      expect(
        video?.side_data_list?.find((entry) => entry.side_data_type === "Display Matrix"),
      ).toBe(undefined);
      expect(json.streams.find((stream) => stream.codec_type === "audio")?.channels).toBe(2);
      const poster = await sharp(path.join(outDir, result.poster.jpeg)).metadata();
      expect([poster.width, poster.height]).toEqual([360, 640]);
    },
    ENCODE_BUDGET,
  );
});

describe("the poster", () => {
  it(
    "skips a black lead-in for a frame with picture in it",
    async () => {
      const file = await makeClip(dir, "dark-start.mp4", {
        ...{ width: 320, height: 180, seconds: 4, blackLeadIn: 2, audio: null },
      });
      const outDir = path.join(dir, "out-dark");
      const result = await transcode(file, await probe(file), outDir);
      const { channels } = await sharp(path.join(outDir, result.poster.jpeg)).stats();
      expect(Math.max(...channels.map((channel) => channel.mean))).toBeGreaterThan(60);
      expect(result.renditions[0]?.codecs).toMatch(/^avc1\.6400[0-9a-f]{2}$/);
    },
    ENCODE_BUDGET,
  );
});

describe("an aborted job", () => {
  it("that is aborted before it starts spawns nothing and writes nothing", async () => {
    const file = await makeClip(dir, "never.mp4", { width: 320, height: 180, seconds: 1 });
    const outDir = path.join(dir, "out-never");
    const controller = new AbortController();
    controller.abort(new Error("cancelled before start"));
    await expect(
      transcode(file, await probe(file), outDir, { signal: controller.signal }),
    ).rejects.toThrow("cancelled before start");
    expect(await readdir(outDir)).toEqual([]);
  });
});

describe("an HDR master", () => {
  it(
    "is tone-mapped to SDR BT.709",
    async () => {
      const file = await makeClip(dir, "hdr.mp4", {
        width: 640,
        height: 360,
        seconds: 2,
        hdr: "pq",
      });
      const outDir = path.join(dir, "out-hdr");
      await transcode(file, await probe(file), outDir);
      const out = await ffprobeJson(path.join(outDir, "360p", "init.mp4"));
      expect(out.streams.find((stream) => stream.codec_type === "video")?.color_transfer).toBe(
        "bt709",
      );
    },
    ENCODE_BUDGET,
  );
});

describe("captions", () => {
  const srt = [
    "1",
    "00:00:01,000 --> 00:00:04,250",
    "Welcome to the studio.",
    "",
    "2",
    "00:00:05,500 --> 00:00:07,000",
    "{\\an8}Lights --> camera",
    "",
  ].join("\r\n");

  it("turns SRT into WebVTT with dotted timestamps", () => {
    expect(captionsToVtt(`\uFEFF${srt}`)).toBe(
      [
        "WEBVTT",
        "",
        "1",
        "00:00:01.000 --> 00:00:04.250",
        "Welcome to the studio.",
        "",
        "2",
        "00:00:05.500 --> 00:00:07.000",
        "Lights --&gt; camera",
        "",
      ].join("\n"),
    );
  });

  it("passes WebVTT through", () => {
    const vtt = "WEBVTT\n\n00:01.000 --> 00:04.000\nHello\n";
    expect(captionsToVtt(vtt)).toBe(vtt);
  });

  it("are listed in the master playlist as one subtitles group", () => {
    const rendition = {
      width: 640,
      height: 360,
      bandwidth: 900_000,
      codecs: "avc1.64001e,mp4a.40.2",
    };
    const master = masterPlaylist(
      [{ ...rendition, playlist: "360p/index.m3u8" }],
      [{ language: "en", name: "English", playlist: "captions/en.m3u8", default: true }],
    );
    expect(master).toContain(
      '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="en",NAME="English",DEFAULT=YES,AUTOSELECT=YES,URI="captions/en.m3u8"',
    );
    expect(master).toContain('CODECS="avc1.64001e,mp4a.40.2",SUBTITLES="subs"\n360p/index.m3u8\n');
    expect(parseMediaPlaylist(captionsPlaylist("en.vtt", 8.04)).segments).toEqual([
      { uri: "en.vtt", durationSeconds: 8.04 },
    ]);
  });

  it("refuses anything else", () => {
    for (const text of ["", "Notes from the shoot.", "WEBVTT\n\nno cues here", "1\nsoon\nHi"]) {
      expect(() => captionsToVtt(text)).toThrow(
        new MediaProbeError("This captions file is not SRT or WebVTT."),
      );
    }
  });
});
