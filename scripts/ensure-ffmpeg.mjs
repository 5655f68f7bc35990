#!/usr/bin/env node
// `npm run serve`'s first step: ffmpeg for the Media library (issue #44), from apt-get when it is
// missing on Debian or Ubuntu. Without it the site still runs; the Media screen says what to do.
import { ensureDebianTools } from "./lib/debian-tools.mjs";

if (!process.env.FFMPEG_PATH && !ensureDebianTools(["ffmpeg"]).ffmpeg) {
  console.warn(
    "ffmpeg is not installed: videos will not be processed (sudo apt-get install -y ffmpeg).",
  );
}
