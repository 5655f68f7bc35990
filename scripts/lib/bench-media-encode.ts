// One encode of the Media library's full ladder, as the transcode job runs it (transcodeMedia:
// the HLS ladder, poster and storyboard, niced, 2 threads), or the ladder's one ffmpeg command
// run by hand (the same arguments, the same nice, no product code around it). Prints the wall
// seconds as JSON: {"seconds": …, "mediaSeconds": …}. Used by scripts/bench-media.mjs.
import { spawn } from "node:child_process";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { probeMedia } from "@server/media/probe";
import { transcodeMedia } from "@server/media/transcode";
import { ladderArgs } from "@server/media/transcode/ffmpeg-args";
import { planLadder } from "@server/media/transcode/ladder";
import { planStoryboard, TILES_DIR } from "@server/media/transcode/storyboard";

const [mode, file, outDir] = process.argv.slice(2);
if ((mode !== "product" && mode !== "by-hand") || !file || !outDir) {
  console.error("usage: bench-media-encode.ts product|by-hand CLIP OUT_DIR");
  process.exit(2);
}
const ffmpegPath = process.env.FFMPEG_PATH ?? "ffmpeg";
const probe = await probeMedia(file, { ffprobePath: process.env.FFPROBE_PATH ?? "ffprobe" });
await rm(outDir, { recursive: true, force: true });
await mkdir(outDir, { recursive: true });
const started = performance.now();
if (mode === "product") {
  await transcodeMedia({ file, probe, outDir, ffmpegPath, threads: 2 });
} else {
  const rungs = planLadder(probe);
  const storyboard = planStoryboard(probe);
  for (const name of [...rungs.map((rung) => rung.name), TILES_DIR]) {
    await mkdir(path.join(outDir, name), { recursive: true });
  }
  const args = ladderArgs({
    file,
    probe,
    rungs,
    storyboard,
    options: { threads: 2, preset: "veryfast" },
  });
  await new Promise<void>((resolve, reject) => {
    const child = spawn("nice", ["-n", "10", ffmpegPath, ...args], {
      cwd: outDir,
      stdio: "ignore",
    });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg ${code}`))));
  });
}
const seconds = (performance.now() - started) / 1000;
console.log(JSON.stringify({ seconds, mediaSeconds: probe.durationSeconds }));
