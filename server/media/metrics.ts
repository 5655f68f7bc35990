import { Counter, Histogram, type Registry } from "prom-client";

/**
 * The Media library's part of /metrics (issue #44 item 7, decision 0498): how fast this process
 * encodes (seconds of ffmpeg per second of the master, a histogram) and how many of its
 * transcodes failed. The queue's depth is the job engine's `jobs_waiting{queue="transcode-media"}`
 * (server/observability/job-metrics.ts), not a second series here.
 */

/** One transcode this process ran to its end. */
export type TranscodeOutcome =
  | { ok: true; encodeSeconds: number; mediaSeconds: number }
  | { ok: false };

/** What the transcode job tells and the metrics hear (one per runtime). */
export interface TranscodeReports {
  report(outcome: TranscodeOutcome): void;
  /** Calls `listener` after each transcode; returns its removal. */
  onTranscode(listener: (outcome: TranscodeOutcome) => void): () => void;
}

export function createTranscodeReports(): TranscodeReports {
  const listeners = new Set<(outcome: TranscodeOutcome) => void>();
  return {
    report(outcome) {
      for (const listener of listeners) listener(outcome);
    },
    onTranscode(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function registerMediaMetrics(registry: Registry, reports: TranscodeReports): void {
  const ratio = new Histogram({
    name: "media_encode_seconds_per_media_second",
    help: "Seconds ffmpeg took for a master's full ladder, poster and storyboard, per second of the master.",
    // 0.1 (ten times faster than real time) to 16 (a 4K master on two shared cores).
    buckets: [0.1, 0.25, 0.5, 1, 2, 4, 8, 16],
    registers: [registry],
  });
  const failures = new Counter({
    name: "media_transcode_failures_total",
    help: "Transcodes on this process that ended Failed (ffmpeg's error, a missing master, a stop).",
    registers: [registry],
  });
  reports.onTranscode((outcome) => {
    if (!outcome.ok) failures.inc();
    else if (outcome.mediaSeconds > 0) ratio.observe(outcome.encodeSeconds / outcome.mediaSeconds);
  });
}
