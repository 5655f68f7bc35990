import { Readable } from "node:stream";
import { type AuditActor, recordAudit } from "@server/audit/log";
import { startBackup } from "@server/backup/run";
import { BackupAlreadyRunningError, findRun, listRuns } from "@server/backup/runs";
import type { BackupRun } from "@server/db/schema";
import { textResponse } from "@server/http/text-response";
import type { Runtime } from "@server/runtime";
import { ADMIN_RESPONSE_HEADERS } from "@server/security/admin-access";

/**
 * The back-office Backups screen (issue #21, decision 0245): the runs with their outcome, "Back up
 * now", and downloads through a short-lived link (signed by us for BACKUP_DIR, presigned by S3).
 */

/** How long a download link works: long enough to start the download, no longer. */
export const BACKUP_LINK_SECONDS = 60;

export const BACKUP_MESSAGES = {
  fetchFailed: "Failed to fetch backups",
  started: "Backup started.",
  startFailed: "The backup could not be started",
  missing:
    "This backup's archive is not in the backup store: it was removed by rotation, or this data " +
    "was restored from another installation.",
  linkInvalid: "This download link has expired or is invalid. Start the download again.",
} as const;

export interface BackupRow {
  id: string;
  trigger: string;
  status: string;
  startedAt: string;
  finishedAt: string | null;
  size: number | null;
  error: string | null;
  startedBy: string | null;
  progress: { phase: string; done: number; total: number } | null;
  /** The archive is still in the store (a download is offered). */
  available: boolean;
}

export async function loadBackupRows(runtime: Runtime): Promise<BackupRow[]> {
  const [runs, stored] = await Promise.all([
    listRuns(runtime.database.db),
    runtime.backups.store.list().catch((err: unknown) => {
      runtime.logger.error({ err }, "backups: the store could not be listed");
      return [];
    }),
  ]);
  const names = new Set(stored.map((archive) => archive.name));
  return runs.map((run) => rowOf(run, names));
}

function rowOf(run: BackupRun, stored: Set<string>): BackupRow {
  return {
    id: run.id,
    trigger: run.trigger,
    status: run.status,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    size: run.size,
    error: run.error,
    startedBy: run.startedBy,
    progress:
      run.status === "running" && run.progressPhase
        ? { phase: run.progressPhase, done: run.progressDone, total: run.progressTotal }
        : null,
    available:
      run.status === "succeeded" && run.archiveName !== null && stored.has(run.archiveName),
  };
}

/** "Back up now": starts a run and returns at once (the page shows its progress). */
export async function startManualBackup(
  runtime: Runtime,
  actor: AuditActor,
): Promise<{ ok: true } | { ok: false; message: string }> {
  try {
    await startBackup(runtime.backups.services, { trigger: "manual", startedBy: actor.email });
    await recordAudit(runtime.database.db, { action: "backup", actor, entityType: "backup" });
    return { ok: true };
  } catch (error) {
    if (error instanceof BackupAlreadyRunningError) return { ok: false, message: error.message };
    runtime.logger.error({ err: error }, BACKUP_MESSAGES.startFailed);
    return { ok: false, message: BACKUP_MESSAGES.startFailed };
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The short-lived link to a run's archive, or a 404 message when the store does not hold it. */
export async function backupDownloadLink(
  runtime: Runtime,
  id: string | undefined,
  actor: AuditActor,
): Promise<{ url: string } | { status: 404; message: string }> {
  if (!id || !UUID.test(id)) return { status: 404, message: BACKUP_MESSAGES.missing };
  const run = await findRun(runtime.database.db, id);
  if (run?.status !== "succeeded" || !run.archiveName) {
    return { status: 404, message: BACKUP_MESSAGES.missing };
  }
  if (!(await runtime.backups.store.has(run.archiveName))) {
    return { status: 404, message: BACKUP_MESSAGES.missing };
  }
  // The whole database leaves in one file: who took it, and when, is on record.
  await recordAudit(runtime.database.db, {
    action: "download",
    actor,
    entityType: "backup",
    entityId: run.id,
    entityName: run.archiveName,
  });
  return { url: await runtime.backups.store.downloadUrl(run.archiveName, BACKUP_LINK_SECONDS) };
}

/** GET of a signed local link: the archive itself, or 403/404 with a message. */
export async function serveSignedArchive(
  runtime: Runtime,
  name: string | undefined,
  request: Request,
): Promise<Response> {
  const store = runtime.backups.store;
  const query = new URL(request.url).searchParams;
  if (store.kind !== "directory" || !name || !store.verifyLink(name, query)) {
    return textResponse(403, BACKUP_MESSAGES.linkInvalid, ADMIN_RESPONSE_HEADERS);
  }
  const file = await store.open(name);
  if (!file) return textResponse(404, BACKUP_MESSAGES.missing, ADMIN_RESPONSE_HEADERS);
  const headers = {
    ...ADMIN_RESPONSE_HEADERS,
    "Content-Type": "application/gzip",
    "Content-Length": String(file.size),
    "Content-Disposition": `attachment; filename="${name}"`,
    "X-Content-Type-Options": "nosniff",
  };
  if (request.method === "HEAD") {
    file.stream.destroy();
    return new Response(null, { headers });
  }
  return new Response(Readable.toWeb(file.stream as Readable) as ReadableStream<Uint8Array>, {
    headers,
  });
}
