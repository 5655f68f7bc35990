import { rm } from "node:fs/promises";
import type { DatabaseHandle } from "@server/db/client";
import { type BackupRun, user } from "@server/db/schema";
import type { JobSender } from "@server/jobs/engine";
import type { Logger } from "@server/logger";
import { enqueueNotification } from "@server/mail";
import type { StorageDriver } from "@server/storage";
import { like } from "drizzle-orm";
import { staffRoleOf } from "~/entities/staff/access";
import type { BackupTrigger } from "~/lib/values";
import { type ArchiveProgress, writeBackupArchive } from "./archive";
import {
  finishRun,
  HEARTBEAT_MS,
  pruneRuns,
  recordProgress,
  startRun,
  startsFailureStreak,
} from "./runs";
import { type BackupStore, rotateArchives } from "./store";

/**
 * runBackup: the one way a backup is taken (decision 0245), whoever asks: the schedule, "Back up
 * now", `npm run backup` (itself or through the running server's control socket). It records
 * the run, writes the archive (writeBackupArchive: one consistent snapshot), moves it
 * into the store, rotates, and marks the run succeeded or failed. A failure that starts a streak
 * mails every admin once.
 */

/** Progress goes to the run's row at most this often (the screen polls it). */
const PROGRESS_WRITE_MS = 500;

export interface BackupServices {
  database: DatabaseHandle;
  storage: StorageDriver;
  store: BackupStore;
  /** BACKUP_KEEP: how many archives rotation keeps. */
  keep: number;
  logger: Pick<Logger, "info" | "error" | "warn">;
  /** For the link in the failure e-mail. */
  siteUrl: string;
  /** Signs every archive (`keys.backupArchives`). */
  archiveKey: string;
  /** Where the failure e-mail is queued. */
  jobs: JobSender;
}

export interface BackupRequest {
  trigger: BackupTrigger;
  /** The admin's e-mail, for "Back up now". */
  startedBy?: string | null;
}

export interface BackupResult {
  runId: string;
  /** The archive's file name in the store. */
  name: string;
  /** Its path, or s3://bucket/name. */
  location: string;
  size: number;
}

export class BackupFailedError extends Error {
  constructor(
    message: string,
    readonly runId: string,
  ) {
    super(message);
    this.name = "BackupFailedError";
  }
}

/**
 * Records the run and starts it; resolves once the row exists (the screen answers at once and
 * polls), `done` settles when the run ends. Throws BackupAlreadyRunningError when one runs.
 */
export async function startBackup(
  services: BackupServices,
  request: BackupRequest,
): Promise<{ run: BackupRun; done: Promise<BackupResult> }> {
  const db = services.database.db;
  const run = await startRun(db, request);
  const done = execute(services, run);
  // The caller may not wait (the screen); the outcome is on the row either way.
  done.catch(() => {});
  return { run, done };
}

/** Takes one backup from start to end; throws BackupAlreadyRunningError or BackupFailedError. */
export async function runBackup(
  services: BackupServices,
  request: BackupRequest,
): Promise<BackupResult> {
  const { done } = await startBackup(services, request);
  return done;
}

async function execute(services: BackupServices, run: BackupRun): Promise<BackupResult> {
  const db = services.database.db;
  // Progress and heartbeat writes go one after the other, never overtaking each other.
  let writes: Promise<void> = Promise.resolve();
  const write = (progress: ArchiveProgress | null) => {
    writes = writes
      .then(() => recordProgress(db, run.id, progress))
      .catch((err: unknown) => services.logger.warn({ err }, "backup: progress not recorded"));
  };
  let lastWrite = 0;
  let lastPhase = "";
  const onProgress = (progress: ArchiveProgress) => {
    const now = Date.now();
    if (progress.phase === lastPhase && now - lastWrite < PROGRESS_WRITE_MS) return;
    lastWrite = now;
    lastPhase = progress.phase;
    write(progress);
  };
  const heartbeat = setInterval(() => write(null), HEARTBEAT_MS).unref();
  const work = await services.store.workDirectory();
  let writtenPath: string | undefined;
  try {
    const written = await writeBackupArchive(
      { database: services.database, storage: services.storage },
      { directory: work.directory, archiveKey: services.archiveKey, onProgress },
    );
    writtenPath = written.path;
    const stored = await services.store.put(written.path);
    clearInterval(heartbeat);
    await writes;
    await finishRun(db, run.id, {
      status: "succeeded",
      archiveName: stored.name,
      size: stored.size,
    });
    // After the success is recorded: a rotation failure loses no backup, it only keeps one more.
    // Then the rows of old runs go too (decision 0245).
    try {
      const { kept, expired } = await rotateArchives(services.store, services.keep);
      if (expired.length) services.logger.info({ expired }, "backup: rotated old archives");
      await pruneRuns(db, kept);
    } catch (err) {
      services.logger.warn({ err }, "backup: rotation failed");
    }
    services.logger.info(
      { trigger: run.trigger, archive: stored.location, size: stored.size },
      "backup succeeded",
    );
    return { runId: run.id, ...stored };
  } catch (error) {
    clearInterval(heartbeat);
    await writes;
    const message = error instanceof Error ? error.message : String(error);
    services.logger.error({ err: error, trigger: run.trigger }, "backup failed");
    if (writtenPath && services.store.kind === "s3") await rm(writtenPath, { force: true });
    await finishRun(db, run.id, { status: "failed", error: message }).catch((err: unknown) =>
      services.logger.error({ err }, "backup: the failure could not be recorded"),
    );
    await mailFailureOnce(services, run.id, message).catch((err: unknown) =>
      services.logger.error({ err }, "backup: the failure e-mail could not be queued"),
    );
    throw new BackupFailedError(`The backup failed: ${message}`, run.id);
  } finally {
    await work.cleanup().catch(() => {});
  }
}

/** Mails every admin when this failure follows a success (or is the first run): once a streak. */
async function mailFailureOnce(services: BackupServices, runId: string, message: string) {
  const db = services.database.db;
  if (!(await startsFailureStreak(db, runId))) return;
  const admins = (
    await db
      .select({ email: user.email, role: user.role })
      .from(user)
      .where(like(user.role, "%admin%"))
  ).filter((candidate) => staffRoleOf(candidate) === "admin");
  const link = new URL("/admin/backups", services.siteUrl).href;
  for (const admin of admins) {
    await enqueueNotification(db, services.jobs, {
      kind: "backup-failed",
      recipient: admin.email,
      subject: "A backup of the website failed",
      text: [
        "A backup of the website's data failed:",
        "",
        message,
        "",
        `The Backups screen lists every run: ${link}`,
        "",
        "You will not be mailed again about failed backups until one succeeds.",
      ].join("\n"),
    });
  }
}
