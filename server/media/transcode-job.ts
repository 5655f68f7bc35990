import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { type AuditActor, recordAudit } from "@server/audit/log";
import { contentChanged } from "@server/content/changes";
import type { Database, Executor } from "@server/db/client";
import { mediaItems } from "@server/db/schema";
import { defineJob, type JobEngine, type JobSender, jobIdFor } from "@server/jobs/engine";
import { inTransaction } from "@server/kit/transaction";
import type { Logger } from "@server/logger";
import type { StorageDriver } from "@server/storage";
import { and, eq, inArray, isNotNull, ne, sql } from "drizzle-orm";
import type { MediaOutputs } from "~/entities/media/view";
import { publishCaptions } from "./item-captions";
import { itemById, type MediaItemRow, removeItemFiles, renditionKey } from "./library";
import type { TranscodeReports } from "./metrics";
import type { MediaProbe } from "./probe";
import { transcodeMedia } from "./transcode";

/**
 * The transcode of one Media library item (issue #44): a job per item, its id the item's. One
 * ffmpeg at a time per instance (concurrency 1), `nice`d, with capped threads, so the site stays
 * fast beside it. The master comes from bucket media-masters into a work folder on this
 * instance's disk; what ffmpeg makes goes to bucket media-renditions only once all of it is made,
 * so a failed or cancelled run leaves nothing behind. A worker that dies mid-run stops its
 * heartbeat, and the job runs again elsewhere (or here after a restart) from the start.
 */

export interface TranscodeServices {
  config: { DATA_DIR: string; FFMPEG_PATH: string };
  database: { db: Database };
  storage: StorageDriver;
  logger: Logger;
  /** Where each transcode's speed or failure is told (the metrics, server/media/metrics.ts). */
  media: { transcodes: TranscodeReports };
}

/** ffmpeg's threads per transcode: two of the machine's cores at most, the rest for the site. */
const FFMPEG_THREADS = 2;
/** How often the progress is written to the item's row, at most. */
const PROGRESS_EVERY_MS = 1_000;

export const transcodeMediaJob = defineJob<{ itemId: string }, TranscodeServices>({
  name: "transcode-media",
  queue: {
    retryLimit: 2,
    retryDelay: 60,
    // A long master takes hours; a dead worker is found by its missing heartbeat, not this.
    expireInSeconds: 6 * 60 * 60,
    heartbeatSeconds: 30,
    notify: true,
  },
  concurrency: 1,
  pollSeconds: 5,
  async run({ itemId }, services, job) {
    const row = await itemById(services.database.db, itemId);
    // Deleted meanwhile, or made already by an earlier run: nothing to do.
    if (!row || row.state === "ready" || !row.masterKey) return;
    await transcodeItem(services, row, job.signal);
  },
});

/**
 * Queues the item's transcode in `executor`'s transaction (at upload's end, on "Retry", at start
 * for an item left waiting). The job's id is the item's and the moment it was last queued
 * (`updatedAt`): queued again unchanged, as at every start, it is a no-op.
 */
export async function queueTranscode(
  executor: Executor,
  jobs: JobSender,
  item: { id: string; updatedAt: Date },
) {
  const id = jobIdFor(transcodeMediaJob.name, item.id, item.updatedAt.toISOString());
  const sent = await jobs.send(transcodeMediaJob, { itemId: item.id }, { tx: executor, id });
  return { id, sent: sent !== null };
}

/** Why an item whose every try was cut short (its worker killed each time) is Failed. */
export const TRANSCODE_INTERRUPTED =
  "The transcode was interrupted on every try (its worker stopped). Retry it, or check the master.";

/**
 * At start: every item waiting for its renditions gets its job (the ones a restore marked, or
 * whose job was lost); those that have one keep it. One whose job pg-boss gave up on (a worker
 * killed on every try: a failure ffmpeg reports is the job's own, and completes it) is Failed,
 * so that the Media screen offers "Retry", rather than left "processing" for ever.
 */
export async function queueWaitingTranscodes(
  db: Database,
  jobs: Pick<JobEngine, "send" | "boss">,
): Promise<number> {
  const waiting = await db
    .select({ id: mediaItems.id, updatedAt: mediaItems.updatedAt })
    .from(mediaItems)
    .where(inArray(mediaItems.state, ["queued", "processing"]));
  for (const item of waiting) {
    const { id, sent } = await queueTranscode(db, jobs, item);
    if (sent) continue;
    const kept = await jobs.boss.getJobById(transcodeMediaJob.name, id);
    if (kept && ["failed", "cancelled"].includes(kept.state)) {
      await setItem(db, item.id, {
        state: "failed",
        progress: null,
        failure: TRANSCODE_INTERRUPTED,
      });
    }
  }
  return waiting.length;
}

/** What ffprobe read of the master, as kept on its row. */
export function probeOfRow(row: MediaItemRow): MediaProbe {
  return {
    durationSeconds: row.durationSeconds ?? 0,
    width: row.width ?? 0,
    height: row.height ?? 0,
    frameRate: { num: row.frameRateNum ?? 25, den: row.frameRateDen ?? 1 },
    startTimecode: row.startTimecode,
    rotation: (row.rotation ?? 0) as MediaProbe["rotation"],
    hdrTransfer: row.hdrTransfer,
    audio: row.audioChannels ? { channels: row.audioChannels, layout: row.audioLayout } : null,
    videoCodec: row.videoCodec ?? "",
    container: path.extname(row.masterKey ?? "").slice(1),
  };
}

/**
 * Moves the item along unless it is Ready. Its start and progress keep `updatedAt`, the moment it
 * was queued, which names its job: a start after a crash re-sends the same job (a no-op while the
 * dead worker's one waits for its retry), not a second one beside it.
 */
async function setItem(
  db: Database,
  id: string,
  values: Partial<typeof mediaItems.$inferInsert>,
  { stillQueued = false } = {},
) {
  await db
    .update(mediaItems)
    .set({ ...values, updatedAt: stillQueued ? sql`${mediaItems.updatedAt}` : new Date() })
    .where(and(eq(mediaItems.id, id), ne(mediaItems.state, "ready")));
}

/** `signal`: the worker's stop; a job fetched by `runDue` (a tool, a test) has none. */
async function transcodeItem(
  services: TranscodeServices,
  row: MediaItemRow,
  signal: AbortSignal | undefined,
) {
  const { database, storage, logger, config } = services;
  const work = path.join(config.DATA_DIR, "media", "work", row.id);
  await rm(work, { recursive: true, force: true });
  await mkdir(path.join(work, "out"), { recursive: true });
  // What a killed attempt may have stored already goes first: one set of renditions at the end.
  await removeItemFiles(storage, { ...row, masterKey: null });
  await setItem(
    database.db,
    row.id,
    { state: "processing", progress: 0, failure: null },
    { stillQueued: true },
  );
  try {
    const master = path.join(work, `master${path.extname(row.masterKey ?? "")}`);
    const stored = await storage.get("media-masters", row.masterKey ?? "");
    if (!stored) throw new Error("The master file is missing from storage.");
    await pipeline(stored.stream, createWriteStream(master));
    let written = 0;
    const encodeStarted = performance.now();
    const result = await transcodeMedia({
      file: master,
      probe: probeOfRow(row),
      outDir: path.join(work, "out"),
      ffmpegPath: config.FFMPEG_PATH,
      threads: FFMPEG_THREADS,
      signal,
      onProgress(fraction) {
        const now = Date.now();
        if (now - written < PROGRESS_EVERY_MS) return;
        written = now;
        setItem(
          database.db,
          row.id,
          { progress: Math.min(0.99, Math.max(0, fraction)) },
          { stillQueued: true },
        ).catch((err) => logger.warn({ err, item: row.id }, "media: progress not written"));
      },
    });
    const probe = probeOfRow(row);
    const encodeSeconds = (performance.now() - encodeStarted) / 1000;
    for (const file of result.files) {
      const source = path.join(work, "out", file.path);
      await storage.put(
        "media-renditions",
        renditionKey(row.id, file.path),
        createReadStream(source),
        {
          contentType: file.contentType,
          size: (await stat(source)).size,
        },
      );
    }
    const outputs: MediaOutputs = {
      master: result.master,
      renditions: result.renditions,
      poster: result.poster,
      storyboard: result.storyboard,
    };
    outputs.captions = await publishCaptions(storage, row.id, outputs, row.durationSeconds ?? 0);
    await setItem(database.db, row.id, {
      state: "ready",
      progress: 1,
      outputs,
      readyAt: new Date(),
    });
    services.media.transcodes.report({
      ok: true,
      encodeSeconds,
      mediaSeconds: probe.durationSeconds,
    });
    // A page that uses it plays it from now on (its cached copies go).
    await contentChanged(database.db, { entity: "media", id: row.id, action: "updated" });
  } catch (error) {
    // Nothing half made stays: the renditions already stored go with the failure.
    await removeItemFiles(storage, { ...row, masterKey: null });
    const reason = signal?.aborted
      ? "The transcode was stopped."
      : error instanceof Error
        ? error.message
        : String(error);
    // Failed for good: the same master would fail the same way, so the job is not retried (a
    // crash is, through the heartbeat); "Retry" on the Media screen queues it again.
    await setItem(database.db, row.id, {
      state: "failed",
      progress: null,
      failure: reason.slice(0, 500),
    });
    services.media.transcodes.report({ ok: false });
    logger.warn({ err: error, item: row.id }, "media: transcode failed");
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** An item that failed goes back to the queue (the Media screen's "Retry"), audited. */
export async function retryItem(
  db: Database,
  jobs: JobSender,
  actor: AuditActor,
  id: string,
): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .update(mediaItems)
      .set({ state: "queued", failure: null, progress: null, updatedAt: new Date() })
      .where(
        and(eq(mediaItems.id, id), eq(mediaItems.state, "failed"), isNotNull(mediaItems.masterKey)),
      )
      .returning();
    if (!row) return false;
    await queueTranscode(tx, jobs, row);
    await recordAudit(tx, {
      action: "retry",
      actor,
      entityType: "media_item",
      entityId: id,
      entityName: row.title,
    });
    return true;
  });
}
