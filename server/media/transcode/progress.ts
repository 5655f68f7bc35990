import { spawn } from "node:child_process";

/**
 * One ffmpeg run (decision 0495): under `nice -n N`, its `-progress pipe:1` read line by line
 * into a fraction of the duration, its stderr's tail kept for the failure message, and an abort
 * that sends SIGTERM, then SIGKILL after a grace, and rejects only once the process is gone.
 */

export interface FfmpegRun {
  ffmpegPath: string;
  args: string[];
  /** The working directory, to which output names are relative. */
  cwd: string;
  nice: number;
  /** Seconds of output the run will write, for the fraction (0 when unknown). */
  durationSeconds: number;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** After SIGTERM, the time ffmpeg has to exit before SIGKILL. */
export const KILL_GRACE_MS = 2_000;
const STDERR_TAIL = 4_096;

/** Parses `-progress` output: the fraction done at each `out_time_us=` (µs) line. */
export function progressFraction(line: string, durationSeconds: number): number | null {
  const match = /^out_time_(?:us|ms)=(\d+)$/.exec(line.trim());
  if (!match || !(durationSeconds > 0)) return null;
  return Math.min(1, Math.max(0, Number(match[1]) / 1e6 / durationSeconds));
}

export class FfmpegError extends Error {
  override name = "FfmpegError";
}

const abortReason = (signal: AbortSignal) =>
  signal.reason instanceof Error ? signal.reason : new DOMException("Aborted", "AbortError");

export function runFfmpeg(run: FfmpegRun): Promise<void> {
  return new Promise((resolve, reject) => {
    if (run.signal?.aborted) {
      reject(abortReason(run.signal));
      return;
    }
    const [command, args] =
      run.nice > 0
        ? ["nice", ["-n", String(run.nice), run.ffmpegPath, ...run.args]]
        : [run.ffmpegPath, run.args];
    const child = spawn(command, args, { cwd: run.cwd, stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    let pending = "";
    let killTimer: NodeJS.Timeout | undefined;
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      const lines = (pending + chunk).split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        const fraction = progressFraction(line, run.durationSeconds);
        if (fraction !== null) run.onProgress?.(fraction);
      }
    });
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL);
    });
    const onAbort = () => {
      child.kill("SIGTERM");
      killTimer = setTimeout(() => child.kill("SIGKILL"), KILL_GRACE_MS);
    };
    run.signal?.addEventListener("abort", onAbort, { once: true });
    child.on("error", (error) => {
      run.signal?.removeEventListener("abort", onAbort);
      reject(error);
    });
    child.on("close", (code, signalName) => {
      clearTimeout(killTimer);
      run.signal?.removeEventListener("abort", onAbort);
      if (run.signal?.aborted) reject(abortReason(run.signal));
      else if (code === 0) resolve();
      else {
        const last = stderr.trim().split("\n").slice(-3).join(" / ");
        reject(new FfmpegError(`ffmpeg failed (${signalName ?? `exit ${code}`}): ${last}`));
      }
    });
  });
}
