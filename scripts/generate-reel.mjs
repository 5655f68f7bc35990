#!/usr/bin/env node
/**
 * The studio reel (public/media/reel.mp4), made from our own stills: six shots with a slow push-in
 * and cross-fades, 12 seconds at 1280x720, H.264, no audio, small enough to commit (< 1.5 MB).
 *
 *   node scripts/generate-media.mjs   # first: the stills it uses
 *   node scripts/generate-reel.mjs    # needs ffmpeg (apt-get install -y ffmpeg)
 */
import { spawnSync } from "node:child_process";
import { statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const media = (p) => path.join(root, "public", "media", p);

const SHOTS = [
  "case-studies/first-access-entertainment-1600.webp",
  "case-studies/estate-media-1600.webp",
  "case-studies/low-tide-records-1600.webp",
  "case-studies/campo-alto-tequila-1600.webp",
  "case-studies/casa-palmera-hotels-1600.webp",
  "case-studies/ardent-skincare-1600.webp",
];
const FPS = 24;
const SHOT = 2.6; // seconds per shot, fades included
const FADE = 0.6;

const inputs = SHOTS.flatMap((shot) => ["-loop", "1", "-t", String(SHOT), "-i", media(shot)]);
// Each shot: scale up, then a slow push-in centred on the frame.
const frames = Math.round(SHOT * FPS);
const shots = SHOTS.map(
  (_, i) =>
    `[${i}:v]scale=2560:1440,zoompan=z='min(1+0.0016*on,1.12)':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=${frames}:s=1280x720:fps=${FPS},format=yuv420p,setsar=1[s${i}]`,
);
let chain = "";
let last = "s0";
for (let i = 1; i < SHOTS.length; i++) {
  const offset = (SHOT - FADE) * i;
  const out = i === SHOTS.length - 1 ? "out" : `x${i}`;
  chain += `;[${last}][s${i}]xfade=transition=fade:duration=${FADE}:offset=${offset.toFixed(2)}[${out}]`;
  last = out;
}
const filter = `${shots.join(";")}${chain}`;
const output = media("reel.mp4");
const result = spawnSync(
  "ffmpeg",
  [
    "-y",
    "-hide_banner",
    "-loglevel",
    "error",
    ...inputs,
    "-filter_complex",
    filter,
    "-map",
    "[out]",
    "-c:v",
    "libx264",
    "-preset",
    "slow",
    "-crf",
    "28",
    "-profile:v",
    "high",
    "-pix_fmt",
    "yuv420p",
    "-movflags",
    "+faststart",
    "-an",
    output,
  ],
  { stdio: "inherit" },
);
if (result.status !== 0) process.exit(result.status ?? 1);
console.log(`${path.relative(root, output)}: ${(statSync(output).size / 1024).toFixed(0)} KB`);
