import path from "node:path";
import { pruneAuditLogJob } from "@server/audit/prune-job";
import {
  publishScheduledJob,
  queueScheduledDrafts,
} from "@server/content/workflow/scheduled-publishing";
import {
  createMediaLibrary,
  mediaUploadSweepJob,
  queueWaitingTranscodes,
  transcodeMediaJob,
} from "@server/media";
import type { TranscodeReports } from "@server/media/metrics";
import type { MediaTools } from "@server/media/tools";
import type { MediaUploads } from "@server/media/uploads";
import { followUpDigestJob } from "@server/pipeline/digests";
import { reviewDigestJob } from "@server/projects/review-digests";
import { type Auth, createAuth, ensureUser } from "@server/staff/auth";
import { orphanSweepJob } from "@server/uploads/sweep-job";
import { setStudioTimeZone } from "~/lib/studio-time";
import type { BackupServices } from "./backup/run";
import {
  type BackupSchedule,
  backupSchedule,
  queueNextBackup,
  scheduledBackupJob,
} from "./backup/schedule";
import { type BackupStore, createBackupStore } from "./backup/store";
import { type Caches, createRuntimeCaches } from "./caches";
import { type Config, loadConfig } from "./config";
import { type ContentChangeFeed, startContentChangeFeed } from "./content/change-feed";
import { claimDataDir } from "./data-dir";
import { type DatabaseHandle, openDatabase, SERVER_APPLICATION_NAME } from "./db/client";
import { lockDataDir } from "./db/data-dir-lock";
import { seedDemoContent } from "./db/seed";
import { createJobEngine, type JobEngine } from "./jobs/engine";
import { type DerivedKeys, deriveKeys } from "./keys";
import { createLogger, type Logger } from "./logger";
import { createMailTransport, deliverMailJob, type MailTransport, queueUnsentMail } from "./mail";
import { retentionJob } from "./privacy/retention";
import { loadOrCreateSecret } from "./secret";
import { upgradeRecoveryCodes } from "./security/recovery-codes";
import { createStorage, type StorageDriver } from "./storage";
import { rollupJob } from "./visits/daily";
import { VisitCounter } from "./visits/page-views";

/**
 * Every kind of work outside a request (decisions 0490, 0493), each declared by the module that
 * owns the work with its queue, retries, timeout and schedule.
 */
export const JOB_TYPES = [
  deliverMailJob,
  publishScheduledJob,
  scheduledBackupJob,
  followUpDigestJob,
  retentionJob,
  rollupJob,
  pruneAuditLogJob,
  orphanSweepJob,
  transcodeMediaJob,
  mediaUploadSweepJob,
  reviewDigestJob,
];

/** Every service the server holds for its lifetime. Routes reach it through the request context. */
export interface Runtime {
  config: Config;
  database: DatabaseHandle;
  auth: Auth;
  /** Per-use keys derived from AUTH_SECRET; the root secret itself is kept nowhere. */
  keys: DerivedKeys;
  storage: StorageDriver;
  mail: { transport: MailTransport };
  logger: Logger;
  /** Backups (decision 0245): where archives go, what runBackup needs, the schedule. */
  backups: { store: BackupStore; services: BackupServices; schedule: BackupSchedule };
  /** Cookieless page views of the public site, written in batches (issue #33, decision 0380). */
  visits: VisitCounter;
  /** Content reads, the Dashboard, whole pages: dropped together by every change (0463). */
  caches: Caches;
  /** Work outside a request: pg-boss on the same database (decision 0490). */
  jobs: JobEngine;
  /** The Media library's uploads, and whether ffmpeg is here (issue #44). */
  media: { uploads: MediaUploads; tools: () => Promise<MediaTools>; transcodes: TranscodeReports };
  /** Stops background work and closes the database; releases the DATA_DIR lock. */
  close(): Promise<void>;
}

export interface RuntimeOptions {
  logger?: Logger;
  /** Run jobs here (off in tools, and where JOBS_WORK=off); enqueueing works either way. */
  startWorkers?: boolean;
}

export async function createRuntime(
  config: Config,
  options: RuntimeOptions = {},
): Promise<Runtime> {
  // Every date shown and every day boundary reads the zone from its one module (issue 47).
  setStudioTimeZone(config.STUDIO_TIME_ZONE);
  const logger = options.logger ?? createLogger(config.LOG_LEVEL);
  const repaired = await claimDataDir(config.DATA_DIR);
  if (repaired > 0) {
    logger.warn(
      { dataDir: config.DATA_DIR, repaired },
      `made ${repaired} files and folders of DATA_DIR owner-only (other users could read them)`,
    );
  }
  const releaseLock = config.DATABASE_URL ? null : await lockDataDir(config.DATA_DIR);
  let database: DatabaseHandle | undefined;
  try {
    database = config.DATABASE_URL
      ? await openDatabase({
          driver: "postgres",
          url: config.DATABASE_URL,
          applicationName: SERVER_APPLICATION_NAME,
        })
      : await openDatabase({ driver: "pglite", directory: path.join(config.DATA_DIR, "pgdata") });
    await database.migrate();

    const secret = config.AUTH_SECRET ?? (await loadOrCreateSecret(config.DATA_DIR));
    if (!config.AUTH_SECRET && config.DATABASE_URL) {
      logger.warn(
        "AUTH_SECRET is not set: every instance sharing this database needs the same one",
      );
    }
    const keys = deriveKeys(secret);
    const auth = createAuth({
      db: database.db,
      siteUrl: config.SITE_URL,
      secret: keys.sessions,
      sessionIdleHours: config.SESSION_IDLE_HOURS,
    });

    // Recovery codes still in the old encrypted form become salted hashes (decision 0432).
    const upgraded = await upgradeRecoveryCodes(database.db, keys.sessions);
    if (upgraded > 0) logger.info({ upgraded }, "stored recovery codes as salted hashes");

    if (config.SEED_DEMO) {
      const { seeded } = await seedDemoContent(database.db);
      if (seeded) logger.info("seeded the demo content into an empty database");
    }
    if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
      const outcome = await ensureUser(auth, {
        email: config.ADMIN_EMAIL,
        password: config.ADMIN_PASSWORD,
        role: "admin",
      });
      logger.info({ email: config.ADMIN_EMAIL, outcome }, "admin user ensured");
    }

    const storage = createStorage(config, { secret: keys.storageLinks });
    if (storage.kind === "s3") await storage.ensureBuckets();
    const transport = createMailTransport({
      smtpUrl: config.SMTP_URL,
      dataDir: config.DATA_DIR,
      from: config.MAIL_FROM,
    });
    const opened = database;
    const caches = createRuntimeCaches(opened.db);
    // Several instances on one PostgreSQL database hear each other's changes (0171).
    const feed: ContentChangeFeed | null =
      opened.pool && opened.url
        ? await startContentChangeFeed({ url: opened.url, pool: opened.pool, caches, logger })
        : null;
    const backupStore = createBackupStore(config, { linkKey: keys.backupLinks });
    const backupServices: BackupServices = {
      database: opened,
      storage,
      store: backupStore,
      keep: config.BACKUP_KEEP,
      logger,
      siteUrl: config.SITE_URL,
      archiveKey: keys.backupArchives,
      jobs: { send: (type, data, sendOptions) => jobs.send(type, data, sendOptions) },
    };
    const schedule = backupSchedule(config.BACKUP_INTERVAL_HOURS);
    const work = options.startWorkers !== false && config.JOBS_WORK === "on";
    const visits = new VisitCounter(opened.db, { siteUrl: config.SITE_URL, logger });
    // Handlers get the runtime itself, which exists once everything below is made.
    let runtime: Runtime | undefined;
    const jobs = createJobEngine<Runtime>({
      database: opened,
      logger,
      types: JOB_TYPES,
      services: () => {
        if (!runtime) throw new Error("a job ran before the runtime was made");
        return runtime;
      },
      work,
      timeZone: config.STUDIO_TIME_ZONE,
    });
    if (options.startWorkers !== false) visits.start();

    let closing: Promise<void> | undefined;
    runtime = {
      config,
      database: opened,
      auth,
      keys,
      storage,
      mail: { transport },
      logger,
      backups: { store: backupStore, services: backupServices, schedule },
      visits,
      caches,
      jobs,
      media: createMediaLibrary(config, () => {
        if (!runtime) throw new Error("a media upload came before the runtime was made");
        return runtime;
      }),
      close() {
        closing ??= (async () => {
          await jobs.stop();
          await visits.stop();
          await feed?.close();
          caches.close();
          transport.close();
          await opened.close();
          await releaseLock?.();
        })();
        return closing;
      },
    };
    try {
      await jobs.start();
      if (work) {
        // Work stored without a job (from before the engine, or restored from an archive) gets
        // one; what has a job keeps it (ids named after the work).
        await queueUnsentMail(opened.db, jobs);
        await queueScheduledDrafts(opened.db, jobs);
        await queueNextBackup(backupServices, schedule, jobs);
        await queueWaitingTranscodes(opened.db, jobs);
      }
    } catch (error) {
      await runtime.close().catch(() => {});
      throw error;
    }
    return runtime;
  } catch (error) {
    await database?.close().catch(() => {});
    await releaseLock?.().catch(() => {});
    throw error;
  }
}

// One runtime per process. Kept on globalThis so the dev server's module reloads reuse it.
const holder = globalThis as typeof globalThis & { __studioRuntime?: Promise<Runtime> };

/** The process's runtime, created from the environment on first use. */
export function getRuntime(): Promise<Runtime> {
  holder.__studioRuntime ??= createRuntime(loadConfig()).catch((error) => {
    holder.__studioRuntime = undefined;
    throw error;
  });
  return holder.__studioRuntime;
}
