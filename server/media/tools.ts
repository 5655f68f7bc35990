import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

/** Whether this machine has the ffmpeg and ffprobe the Media library needs (issue #44 item 4). */
export interface MediaTools {
  ffmpeg: boolean;
  ffprobe: boolean;
}

/** What to run where they are missing: the README's two commands. */
export const MEDIA_TOOLS_INSTALL = "sudo apt-get update && sudo apt-get install -y ffmpeg";

async function answers(command: string): Promise<boolean> {
  try {
    await run(command, ["-version"], { timeout: 5_000 });
    return true;
  } catch {
    return false;
  }
}

/** Asks each tool for its version once; the site runs without them, and the Media screen says so. */
export function findMediaTools(paths: { FFMPEG_PATH: string; FFPROBE_PATH: string }) {
  let found: Promise<MediaTools> | undefined;
  return (): Promise<MediaTools> => {
    found ??= Promise.all([answers(paths.FFMPEG_PATH), answers(paths.FFPROBE_PATH)]).then(
      ([ffmpeg, ffprobe]) => ({ ffmpeg, ffprobe }),
    );
    return found;
  };
}
