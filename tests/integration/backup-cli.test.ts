import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import { createBackupStore } from "@server/backup/store";
import { loadConfig } from "@server/config";
import { afterAll, describe, expect, it } from "vitest";
import { type AdminServer, hasBuild, startAdminServer } from "../support/admin-server";
import { runScript } from "../support/cli";
import { startS3Peer } from "../support/s3rver";

/**
 * `npm run backup` (decision 0245) on the embedded database: with the server stopped it opens the
 * data itself; with the server running it asks it over DATA_DIR/control.sock (the running server
 * holds DATA_DIR). Either way the last line of stdout is the archive's path.
 */

/** `npm run backup` on the embedded database, in production mode as an operator runs it. */
const backupCli = (env: Record<string, string>) =>
  runScript("backup", [], { NODE_ENV: "production", DATABASE_URL: "", ...env }, 120_000);

describe("npm run backup", () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it("with no server running, opens the embedded database itself", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "backup-cli-"));
    dirs.push(dataDir);
    const result = await backupCli({ DATA_DIR: dataDir });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const archive = result.lastLine;
    expect(path.dirname(archive)).toBe(path.join(dataDir, "backups"));
    expect(path.basename(archive)).toMatch(/^backup-\d{8}T\d{6}Z-[0-9a-f]{6}\.tar\.gz$/);
    expect(statSync(archive).size).toBeGreaterThan(0);
  }, 120_000);

  it("keeps archives in BACKUP_S3_BUCKET and prints s3://bucket/name; rotation applies there", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "backup-cli-s3-"));
    dirs.push(dataDir);
    const s3 = await startS3Peer("backup-cli");
    try {
      const env = {
        DATA_DIR: dataDir,
        STORAGE_DRIVER: "local",
        ...s3.env,
        BACKUP_S3_BUCKET: "cli-backups",
        BACKUP_KEEP: "1",
      };
      const first = (await backupCli(env)).lastLine;
      const second = await backupCli(env);
      expect(second.code).toBe(0);
      expect(first).toMatch(/^s3:\/\/cli-backups\/backup-\d{8}T\d{6}Z-[0-9a-f]{6}\.tar\.gz$/);
      const listed = await s3.client().send(new ListObjectsV2Command({ Bucket: "cli-backups" }));
      // BACKUP_KEEP=1: only the second archive is left.
      expect((listed.Contents ?? []).map((o) => `s3://cli-backups/${o.Key}`)).toEqual([
        second.lastLine,
      ]);
      // The store behind the Backups screen's download link sees the same.
      const store = createBackupStore(loadConfig({ ...env, NODE_ENV: "test" }), { linkKey: "k" });
      expect(await store.has(path.basename(second.lastLine))).toBe(true);
      expect(await store.has(path.basename(first))).toBe(false);
      // Nothing was left in BACKUP_DIR on the way.
      expect(existsSync(path.join(dataDir, "backups"))).toBe(false);
    } finally {
      await s3.close();
    }
  }, 120_000);

  it("refuses a bad setting with a message and exit code 1", async () => {
    const result = await backupCli({ DATA_DIR: tmpdir(), BACKUP_KEEP: "0" });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("BACKUP_KEEP: must be a whole number from 1 to 1000");
  });
});

describe.runIf(hasBuild())("npm run backup while the embedded server runs", () => {
  let server: AdminServer;
  afterAll(async () => {
    await server?.dispose();
  });

  it("asks the running server over its control socket (0600), which is removed on stop", async () => {
    server = await startAdminServer();
    const socket = path.join(server.dataDir, "control.sock");
    expect(statSync(socket).mode & 0o777).toBe(0o600);

    const result = await backupCli({ DATA_DIR: server.dataDir });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("The server is running");
    const archive = result.lastLine;
    expect(path.dirname(archive)).toBe(path.join(server.dataDir, "backups"));
    expect(existsSync(archive)).toBe(true);
    // The server kept serving, and recorded the run.
    const health = (await (await fetch(`${server.baseURL}/healthz`)).json()) as {
      backup: { lastRun: { outcome: string } | null };
    };
    expect(health.backup.lastRun?.outcome).toBe("succeeded");

    // Without the key derived from this server's secret, the socket answers nothing useful.
    const { requestBackup } = await import("@server/backup/control");
    expect((await requestBackup(socket, "wrong-key")).status).toBe(401);

    await server.stop();
    expect(existsSync(socket)).toBe(false);

    // A file left where the socket goes (a server killed with -9) is replaced at the next start.
    writeFileSync(socket, "stale");
    server = await startAdminServer({ reuseDataDir: server.dataDir });
    expect(statSync(socket).isSocket()).toBe(true);
    expect((await backupCli({ DATA_DIR: server.dataDir })).lastLine).toMatch(/\.tar\.gz$/);
  }, 180_000);
});
