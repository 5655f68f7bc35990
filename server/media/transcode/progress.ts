import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

/**
 * One ffmpeg run (decision 0495): under `nice -n N`, its `-progress pipe:1` read line by line
 * into a fraction of the duration, its stderr's tail kept for the failure message, and an abort
 * that sends SIGTERM, then SIGKILL after a grace, and rejects only once the process is gone.
 * On Linux it dies with the process that started it (decision 0498): a worker killed with
 * kill -9 leaves no ffmpeg writing into the work folder its job's next attempt starts over in.
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

/**
 * util-linux's `setpriv`, found once on PATH (Linux only): `--pdeathsig KILL` asks the kernel to
 * kill ffmpeg when its parent dies, however it dies. ffmpeg alone outlives a killed worker: it
 * goes on encoding with nobody reading its progress.
 */
const SETPRIV =
  process.platform === "linux"
    ? (process.env.PATH ?? "")
        .split(path.delimiter)
        .map((dir) => path.join(dir, "setpriv"))
        .find((file) => path.isAbsolute(file) && existsSync(file))
    : undefined;

/** The command line of one run: ffmpeg, under nice, under setpriv where there is one. */
export function ffmpegCommand(run: Pick<FfmpegRun, "ffmpegPath" | "args" | "nice">): string[] {
  const niced = run.nice > 0 ? ["nice", "-n", String(run.nice)] : [];
  return [
    ...(SETPRIV ? [SETPRIV, "--pdeathsig", "KILL", "--"] : []),
    ...niced,
    run.ffmpegPath,
    ...run.args,
  ];
}

export function runFfmpeg(run: FfmpegRun): Promise<void> {
  return new Promise((resolve, reject) => {
    if (run.signal?.aborted) {
      reject(abortReason(run.signal));
      return;
    }
    const [command = run.ffmpegPath, ...args] = ffmpegCommand(run);
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
