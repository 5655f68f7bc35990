import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { type WrittenArchive, writeBackupArchive } from "@server/backup/archive";
import { openDatabase } from "@server/db/client";
import { lockDataDir } from "@server/db/data-dir-lock";
import { auditEvents } from "@server/db/schema";
import { deriveKeys } from "@server/keys";
import { LocalStorage } from "@server/storage";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasBuild, startAdminServer } from "../support/admin-server";
import {
  openTestStorage,
  STORAGE_SECRET,
  seedSite,
  snapshotSite,
  type TestStorage,
} from "../support/backup-site";
import { runScript } from "../support/cli";
import { createTestDatabase, type TestDatabase } from "../support/database";

/**
 * `npm run restore -- ARCHIVE [--replace] [--accept-unsigned]` into the embedded database of a
 * DATA_DIR, and into a PostgreSQL database that a running instance still serves.
 */

const AUTH_SECRET = "restore-cli-tests-secret-of-32-characters";

const runRestore = (dataDir: string, args: string[]) =>
  runScript("restore", args, {
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    STORAGE_DRIVER: "local",
    AUTH_SECRET,
  });

describe("npm run restore", () => {
  let source: TestDatabase;
  let sourceStorage: TestStorage;
  let archive: WrittenArchive;
  let work: string;
  let dataDir: string;

  beforeAll(async () => {
    source = await createTestDatabase("pglite");
    sourceStorage = await openTestStorage("local");
    await seedSite({ database: source, storage: sourceStorage.storage });
    work = await mkdtemp(path.join(os.tmpdir(), "restore-cli-"));
    dataDir = path.join(work, "data");
    archive = await writeBackupArchive(
      { database: source, storage: sourceStorage.storage },
      // Signed as the site of AUTH_SECRET signs its archives.
      {
        directory: path.join(work, "archives"),
        archiveKey: deriveKeys(AUTH_SECRET).backupArchives,
      },
    );
  });
  afterAll(async () => {
    await source?.destroy();
    await sourceStorage?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it("restores into an empty DATA_DIR and names the archive and the counts", async () => {
    const result = await runRestore(dataDir, [archive.path]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const rows = Object.values(archive.manifest.tables).reduce((sum, t) => sum + t.rows, 0);
    const tables = Object.keys(archive.manifest.tables).length;
    expect(result.stdout.trim().split("\n").at(-1)).toBe(
      `Restored ${archive.name}.tar.gz (made ${archive.manifest.createdAt}): ${tables} tables, ` +
        `${rows} rows, 3 files; every session has ended.`,
    );

    const database = await openDatabase({
      driver: "pglite",
      directory: path.join(dataDir, "pgdata"),
    });
    try {
      const storage = new LocalStorage({
        directory: path.join(dataDir, "storage"),
        secret: STORAGE_SECRET,
      });
      const [before, after] = [
        await snapshotSite({ database: source, storage: sourceStorage.storage }),
        await snapshotSite({ database, storage }),
      ];
      expect(after.files).toEqual(before.files);
      expect(after.tables.portfolio_items).toEqual(before.tables.portfolio_items);
      expect(after.tables.sessions?.rows).toBe(0);
      // The restored site's audit log names the restore, who ran it and which archive.
      const restores = await database.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.action, "restore"));
      expect(restores).toEqual([
        expect.objectContaining({
          actorEmail: `${os.userInfo().username} (command line)`,
          entityType: "backup",
          entityName: `${archive.name}.tar.gz (made ${archive.manifest.createdAt})`,
        }),
      ]);
    } finally {
      await database.close();
    }
  }, 120_000);

  it("refuses a site that holds data without --replace, and restores with it", async () => {
    const refused = await runRestore(dataDir, [archive.path]);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toMatch(
      /^The target database is not empty \(table \w+ has rows\)\. .*--replace/,
    );
    expect(refused.stdout).toBe("");

    const replaced = await runRestore(dataDir, [archive.path, "--replace"]);
    expect(replaced.stderr).toBe("");
    expect(replaced.code).toBe(0);
    expect(replaced.stdout).toContain(`Restored ${archive.name}.tar.gz`);
  }, 120_000);

  it("refuses an altered archive with its message", async () => {
    const altered = path.join(work, "altered.tar.gz");
    const bytes = await readFile(archive.path);
    const middle = Math.floor(bytes.length / 2);
    bytes[middle] = (bytes[middle] as number) ^ 0xff;
    await writeFile(altered, bytes);
    const result = await runRestore(path.join(work, "other-data"), [altered, "--replace"]);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toMatch(/^The archive altered\.tar\.gz is (damaged|truncated)/);
  });

  it("refuses an archive of another deployment, and restores it with --accept-unsigned", async () => {
    const other = path.join(work, "other-deployment");
    const result = await runScript("restore", [archive.path, "--replace"], {
      DATA_DIR: other,
      DATABASE_URL: "",
      STORAGE_DRIVER: "local",
      AUTH_SECRET: "another-deployment-has-another-secret-32",
    });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toMatch(
      new RegExp(
        `^The archive ${archive.name}\\.tar\\.gz is not signed by this site: it was written by ` +
          "another deployment, one with another AUTH_SECRET",
      ),
    );
    expect(result.stdout).toBe("");

    const accepted = await runScript("restore", [archive.path, "--accept-unsigned"], {
      DATA_DIR: other,
      DATABASE_URL: "",
      STORAGE_DRIVER: "local",
      AUTH_SECRET: "another-deployment-has-another-secret-32",
    });
    expect(accepted.code).toBe(0);
    expect(accepted.stderr.trim()).toBe(
      `${archive.name}.tar.gz is not signed by this site; restored as asked (--accept-unsigned).`,
    );
    expect(accepted.stdout).toContain(`Restored ${archive.name}.tar.gz`);
  }, 120_000);

  it("refuses while a server holds the DATA_DIR", async () => {
    const release = await lockDataDir(dataDir);
    try {
      const result = await runRestore(dataDir, [archive.path, "--replace"]);
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toMatch(/^Another server is already using DATA_DIR/);
    } finally {
      await release();
    }
  });

  it.runIf(hasBuild() && process.env.TEST_DATABASE_URL)(
    "refuses while an instance serves the target PostgreSQL database, and restores once it stopped",
    async () => {
      const target = await createTestDatabase("postgres");
      const targetUrl = target.url;
      if (!targetUrl) throw new Error("a PostgreSQL test database has a URL");
      const server = await startAdminServer({ databaseUrl: targetUrl });
      try {
        const storage = new LocalStorage({
          directory: path.join(server.dataDir, "storage"),
          secret: STORAGE_SECRET,
        });
        const restore = () =>
          runScript("restore", [archive.path, "--replace"], {
            DATA_DIR: server.dataDir,
            DATABASE_URL: targetUrl,
            STORAGE_DRIVER: "local",
            AUTH_SECRET,
          });
        const before = await snapshotSite({ database: target, storage });

        const refused = await restore();
        expect(refused.code).toBe(1);
        expect(refused.stderr.trim()).toMatch(
          /^The site is running on the target database \(\d+ connection\(s\) of its instances\)\. Stop every instance first/,
        );
        expect(await snapshotSite({ database: target, storage })).toEqual(before);

        await server.stop();
        const restored = await restore();
        expect(restored.code).toBe(0);
        const [from, after] = [
          await snapshotSite({ database: source, storage: sourceStorage.storage }),
          await snapshotSite({ database: target, storage }),
        ];
        expect(after.files).toEqual(from.files);
        expect(after.tables.portfolio_items).toEqual(from.tables.portfolio_items);
      } finally {
        await server.dispose();
        await target.destroy();
      }
    },
    180_000,
  );
});
