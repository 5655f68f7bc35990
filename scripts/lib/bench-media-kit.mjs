// What the benchmarks of videos share: a clip made by ffmpeg from its own sources (testsrc2 for
// the picture, sine for the sound; H.264 and AAC), and its upload to the Media library through
// tus as the Media screen sends it (creation, then the whole file in one PATCH).
import { execFileSync } from "node:child_process";
import { createReadStream, statSync } from "node:fs";
import { Readable } from "node:stream";

const FFMPEG = process.env.FFMPEG_PATH ?? "ffmpeg";

/** Writes `file`: `seconds` of testsrc2 + a 440 Hz sine at `width`×`height`, `rate` fps. */
export function makeTestClip(file, { seconds, width, height, rate }) {
  execFileSync(
    FFMPEG,
    [
      ...["-hide_banner", "-loglevel", "error", "-y"],
      ...["-f", "lavfi", "-i", `testsrc2=size=${width}x${height}:rate=${rate}:duration=${seconds}`],
      ...["-f", "lavfi", "-i", `sine=frequency=440:sample_rate=48000:duration=${seconds}`],
      ...["-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p"],
      ...["-c:a", "aac", "-shortest"],
      file,
    ],
    { timeout: 10 * 60_000 },
  );
}

/** One tus upload of `file` to /admin/media/uploads, signed in with `cookie`: its seconds. */
export async function tusUpload(baseURL, cookie, file, filename = "bench.mp4") {
  const size = statSync(file).size;
  const started = performance.now();
  const created = await fetch(`${baseURL}/admin/media/uploads`, {
    method: "POST",
    headers: {
      cookie,
      Origin: baseURL,
      "Tus-Resumable": "1.0.0",
      "Upload-Length": String(size),
      "Upload-Metadata": `filename ${Buffer.from(filename).toString("base64")}`,
    },
    signal: AbortSignal.timeout(60_000),
  });
  if (created.status !== 201) throw new Error(`tus creation: ${created.status}`);
  const location = new URL(created.headers.get("location") ?? "", baseURL);
  const patched = await fetch(location, {
    method: "PATCH",
    headers: {
      cookie,
      Origin: baseURL,
      "Tus-Resumable": "1.0.0",
      "Upload-Offset": "0",
      "Content-Type": "application/offset+octet-stream",
      "Content-Length": String(size),
    },
    body: Readable.toWeb(createReadStream(file)),
    duplex: "half",
    signal: AbortSignal.timeout(10 * 60_000),
  });
  if (patched.status !== 204) throw new Error(`tus PATCH: ${patched.status}`);
  return (performance.now() - started) / 1000;
}
