import { defineJob, type JobSender, jobIdFor } from "@server/jobs/engine";
import { parseZonedDateTime, studioDay } from "~/lib/studio-time";
import { BackupFailedError, type BackupServices, runBackup } from "./run";
import { lastRunOf } from "./runs";

/**
 * Scheduled backups (decision 0245; a job since issue #49, decision 0493). BACKUP_INTERVAL_HOURS
 * is a period, so the runs fall on slots: 3:00 at night in the studio's time zone, and every
 * interval from there (24: each night at 3:00; 6: at 3:00, 9:00, 15:00, 21:00). The schedule is
 * one job due at the next slot, whose id is the slot: every instance that queues it queues the
 * same job, and pg-boss runs it once. Each run queues the next. A slot missed while no instance
 * ran is caught up once at the next start; a restart loop does not mean a backup each.
 */

const HOUR_MS = 60 * 60_000;

export interface BackupSchedule {
  /** BACKUP_INTERVAL_HOURS in milliseconds; 0: no scheduled backups. */
  readonly intervalMs: number;
}

export function backupSchedule(intervalHours: number): BackupSchedule {
  return { intervalMs: Math.round(intervalHours * HOUR_MS) };
}

const DAY_MS = 24 * HOUR_MS;

/**
 * The first slot after `instant`: from 3:00 in the studio's zone, whole intervals on. An interval
 * that divides a day counts from that day's 3:00 (so daylight saving keeps it at 3:00); any
 * other from one fixed 3:00, so its slots run on across days.
 */
export function slotAfter(instant: Date, intervalMs: number): Date {
  const day = DAY_MS % intervalMs === 0 ? studioDay(instant) : "2024-01-01";
  const anchor = parseZonedDateTime(`${day}T03:00`)?.getTime() ?? 0;
  const steps = Math.floor((instant.getTime() - anchor) / intervalMs) + 1;
  return new Date(anchor + steps * intervalMs);
}

interface ScheduleServices {
  backups: { services: BackupServices; schedule: BackupSchedule };
  jobs: JobSender;
}

export const scheduledBackupJob = defineJob<{ dueAt: string }, ScheduleServices>({
  name: "scheduled-backup",
  // A manual run in progress at the due time: tried again a minute later (pg-boss's retry).
  queue: { retryLimit: 10, retryDelay: 60, expireInSeconds: 2 * 60 * 60 },
  pollSeconds: 5,
  async run({ dueAt }, { backups, jobs }) {
    const { services, schedule } = backups;
    if (schedule.intervalMs <= 0) return;
    const last = await lastRunOf(services.database.db, "scheduled");
    // Not when a run already took this slot (the job came again after a crash, say).
    if (!last || last.startedAt.getTime() < Date.parse(dueAt)) {
      try {
        await runBackup(services, { trigger: "scheduled" });
      } catch (error) {
        // A failure is on the run's row and in the admins' mail; the next run comes as usual.
        if (!(error instanceof BackupFailedError)) throw error;
      }
    }
    await queueNextBackup(services, schedule, jobs);
  },
});

/** Queues the next scheduled run (at start, and after each run); a no-op if it is queued. */
export async function queueNextBackup(
  services: Pick<BackupServices, "database">,
  schedule: BackupSchedule,
  jobs: JobSender,
  now: Date = new Date(),
): Promise<void> {
  if (schedule.intervalMs <= 0) return;
  const last = await lastRunOf(services.database.db, "scheduled");
  const dueAt = slotAfter(last?.startedAt ?? now, schedule.intervalMs);
  await jobs.send(
    scheduledBackupJob,
    { dueAt: dueAt.toISOString() },
    { startAfter: dueAt, id: jobIdFor(scheduledBackupJob.name, dueAt.toISOString()) },
  );
}
