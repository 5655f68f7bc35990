import path from "node:path";
import { pruneAuditEvents } from "@server/audit/read";
import { studioToday } from "@server/inquiries/back-office";
import { DIGEST_JOB, queueFollowUpDigests } from "@server/pipeline/digests";
import { type Auth, createAuth, ensureUser } from "@server/staff/auth";
import { orphanSweepJob } from "@server/uploads/sweep-job";
import { setStudioTimeZone } from "~/lib/studio-time";
import type { BackupServices } from "./backup/run";
import { type BackupSchedule, createBackupSchedule } from "./backup/schedule";
import { type BackupStore, createBackupStore } from "./backup/store";
import { type Caches, createRuntimeCaches } from "./caches";
import { type Config, loadConfig } from "./config";
import { type ContentChangeFeed, startContentChangeFeed } from "./content/change-feed";
import { claimDataDir } from "./data-dir";
import { type DatabaseHandle, openDatabase, SERVER_APPLICATION_NAME } from "./db/client";
import { lockDataDir } from "./db/data-dir-lock";
import { seedDemoContent } from "./db/seed";
import { startDailyJobs } from "./jobs/daily";
import { createJobEngine, type JobEngine } from "./jobs/engine";
import { type DerivedKeys, deriveKeys } from "./keys";
import { createLogger, type Logger } from "./logger";
import { createMailTransport, createOutboxWorker, type MailTransport } from "./mail";
import { RETENTION_JOB, runRetention } from "./privacy/retention";
import { loadOrCreateSecret } from "./secret";
import { upgradeRecoveryCodes } from "./security/recovery-codes";
import { createStorage, type StorageDriver } from "./storage";
import { ROLLUP_JOB, rollUpPageViews } from "./visits/daily";
import { VisitCounter } from "./visits/page-views";

/** The jobs each instance checks at start and hourly (one run a day across instances). */
export const DAILY_JOBS = ["prune-audit-log", RETENTION_JOB, ROLLUP_JOB, DIGEST_JOB] as const;

/** The job types of the engine (decision 0490), each declared by the module that owns the work. */
const JOB_TYPES = [orphanSweepJob];

/** Every service the server holds for its lifetime. Routes reach it through the request context. */
export interface Runtime {
  config: Config;
  database: DatabaseHandle;
  auth: Auth;
  /** Per-use keys derived from AUTH_SECRET; the root secret itself is kept nowhere. */
  keys: DerivedKeys;
  storage: StorageDriver;
  mail: { transport: MailTransport; worker: ReturnType<typeof createOutboxWorker> };
  logger: Logger;
  /** Backups (decision 0245): where archives go, what runBackup needs, the schedule. */
  backups: { store: BackupStore; services: BackupServices; schedule: BackupSchedule };
  /** Cookieless page views of the public site, written in batches (issue #33, decision 0380). */
  visits: VisitCounter;
  /** Content reads, the Dashboard, whole pages: dropped together by every change (0463). */
  caches: Caches;
  /** Work outside a request: pg-boss on the same database (decision 0490). */
  jobs: JobEngine;
  /** Stops background work and closes the database; releases the DATA_DIR lock. */
  close(): Promise<void>;
}

export interface RuntimeOptions {
  logger?: Logger;
  /** Run background work here: the outbox, schedules and jobs (off in tools and in tests that drive it by hand). */
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
    const worker = createOutboxWorker({ db: database.db, transport, logger });
    const backupStore = createBackupStore(config, { linkKey: keys.backupLinks });
    const backupServices: BackupServices = {
      database: opened,
      storage,
      store: backupStore,
      keep: config.BACKUP_KEEP,
      logger,
      siteUrl: config.SITE_URL,
      archiveKey: keys.backupArchives,
    };
    const schedule = createBackupSchedule(
      { ...backupServices, pool: opened.pool },
      { intervalHours: config.BACKUP_INTERVAL_HOURS },
    );
    const visits = new VisitCounter(opened.db, { siteUrl: config.SITE_URL, logger });
    // Handlers get the runtime itself, which exists once everything below is made.
    let runtime: Runtime | undefined;
    const jobs = createJobEngine({
      database: opened,
      logger,
      types: JOB_TYPES,
      services: () => {
        if (!runtime) throw new Error("a job ran before the runtime was made");
        return runtime;
      },
      work: options.startWorkers !== false && config.JOBS_WORK,
    });
    let stopDailyJobs: (() => void) | undefined;
    if (options.startWorkers !== false) {
      worker.start(config.MAIL_POLL_MS);
      schedule.start();
      visits.start();
      const dailyJobs: Record<
        (typeof DAILY_JOBS)[number],
        (tx: typeof opened.db) => Promise<void>
      > = {
        "prune-audit-log": async (tx) => {
          const removed = await pruneAuditEvents(tx, config.AUDIT_RETENTION_DAYS);
          if (removed > 0) logger.info({ removed }, "pruned the audit log");
        },
        // Issue #32: inquiries and applications past their retention period, with their files.
        [RETENTION_JOB]: async (tx) => {
          const deleted = await runRetention(tx, storage);
          logger.info(deleted, "retention run");
        },
        // Issue #33: yesterday's page views into daily totals; 90 days of raw views, 5 years of totals.
        [ROLLUP_JOB]: async (tx) => {
          const result = await rollUpPageViews(tx);
          logger.info(result, "page views rolled up");
        },
        [DIGEST_JOB]: async (tx) => {
          const queued = await queueFollowUpDigests(tx, {
            siteUrl: config.SITE_URL,
            today: studioToday(),
          });
          if (queued > 0) logger.info({ queued }, "queued the follow-up digests");
        },
      };
      stopDailyJobs = startDailyJobs(opened.db, logger, dailyJobs);
    }

    let closing: Promise<void> | undefined;
    runtime = {
      config,
      database: opened,
      auth,
      keys,
      storage,
      mail: { transport, worker },
      logger,
      backups: { store: backupStore, services: backupServices, schedule },
      visits,
      caches,
      jobs,
      close() {
        closing ??= (async () => {
          stopDailyJobs?.();
          await jobs.stop();
          await schedule.stop();
          await visits.stop();
          await feed?.close();
          caches.close();
          await worker.stop();
          transport.close();
          await opened.close();
          await releaseLock?.();
        })();
        return closing;
      },
    };
    try {
      await jobs.start();
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
