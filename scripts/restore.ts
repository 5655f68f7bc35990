/**
 * Restores a backup archive (written by `npm run backup`) into the configured site.
 *
 *   npm run restore -- ARCHIVE [--replace] [--accept-unsigned]
 *
 * The target is the server's configuration: DATABASE_URL, or the embedded database in
 * DATA_DIR/pgdata (stop the server first: it holds DATA_DIR), and the configured storage (S3_* or
 * local). The whole archive is checked before anything changes; a site that holds data is only
 * replaced with --replace. An archive this site did not sign (its AUTH_SECRET's key) is refused
 * unless --accept-unsigned. Every session ends: everyone signs in again.
 */
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { recordAudit } from "@server/audit/log";
import { BackupArchiveError, restoreBackupArchive } from "@server/backup/archive";
import { ConfigError, loadConfig } from "@server/config";
import { claimDataDir } from "@server/data-dir";
import { openDatabase } from "@server/db/client";
import { DataDirLockedError, lockDataDir } from "@server/db/data-dir-lock";
import { deriveKeys } from "@server/keys";
import { loadOrCreateSecret } from "@server/secret";
import { createStorage } from "@server/storage";

const usage = "Usage: npm run restore -- <archive.tar.gz> [--replace] [--accept-unsigned]";

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      replace: { type: "boolean", default: false },
      "accept-unsigned": { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const [archive, ...extra] = positionals;
  if (!archive || extra.length > 0) {
    console.error(usage);
    return 2;
  }

  const config = loadConfig();
  const repaired = await claimDataDir(config.DATA_DIR);
  if (repaired > 0) {
    console.error(
      `Made ${repaired} files and folders of DATA_DIR owner-only (other users could read them).`,
    );
  }
  const release = config.DATABASE_URL ? null : await lockDataDir(config.DATA_DIR);
  try {
    const database = config.DATABASE_URL
      ? await openDatabase({ driver: "postgres", url: config.DATABASE_URL, poolSize: 2 })
      : await openDatabase({ driver: "pglite", directory: path.join(config.DATA_DIR, "pgdata") });
    try {
      const secret = config.AUTH_SECRET ?? (await loadOrCreateSecret(config.DATA_DIR));
      const keys = deriveKeys(secret);
      const storage = createStorage(config, { secret: keys.storageLinks });
      if (storage.kind === "s3") await storage.ensureBuckets();
      const { manifest, signed } = await restoreBackupArchive(
        path.resolve(archive),
        { database, storage },
        {
          replace: values.replace,
          archiveKey: keys.backupArchives,
          acceptUnsigned: values["accept-unsigned"],
        },
      );
      if (!signed) {
        console.error(
          `${path.basename(archive)} is not signed by this site; restored as asked (--accept-unsigned).`,
        );
      }
      // The restored database's own audit log keeps who restored what (issue #29): the person at
      // the shell, named by their system account since no staff session runs the command.
      await recordAudit(database.db, {
        action: "restore",
        actor: { id: null, email: `${os.userInfo().username} (command line)`, ip: null },
        entityType: "backup",
        entityName: `${path.basename(archive)} (made ${manifest.createdAt})`,
      });
      const tables = Object.values(manifest.tables);
      const rows = tables.reduce((sum, table) => sum + table.rows, 0);
      console.log(
        `Restored ${path.basename(archive)} (made ${manifest.createdAt}): ${tables.length} tables, ` +
          `${rows} rows, ${manifest.files.length} files; every session has ended.`,
      );
      return 0;
    } finally {
      await database.close();
    }
  } finally {
    await release?.();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    if (
      error instanceof BackupArchiveError ||
      error instanceof ConfigError ||
      error instanceof DataDirLockedError
    ) {
      console.error(error.message);
    } else {
      console.error(error);
    }
    process.exit(1);
  },
);
