import type { Database } from "@server/db/client";
import { defineJob, NIGHTLY } from "@server/jobs/engine";
import type { Logger } from "@server/logger";
import { pruneAuditEvents } from "./read";

/** The audit log keeps AUDIT_RETENTION_DAYS of rows: what is older goes at 3:30 each night. */
export const pruneAuditLogJob = defineJob<
  object,
  { database: { db: Database }; config: { AUDIT_RETENTION_DAYS: number }; logger: Logger }
>({
  name: "prune-audit-log",
  ...NIGHTLY,
  schedule: { cron: "30 3 * * *" },
  async run(_data, { database, config, logger }) {
    const removed = await pruneAuditEvents(database.db, config.AUDIT_RETENTION_DAYS);
    if (removed > 0) logger.info({ removed }, "pruned the audit log");
  },
});
