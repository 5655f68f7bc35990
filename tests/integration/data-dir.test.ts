import { spawnSync } from "node:child_process";
import { chmod, chown, lstat, mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { runBackup } from "@server/backup/run";
import { ConfigError, loadConfig } from "@server/config";
import { createRuntime, type Runtime } from "@server/runtime";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runScript } from "../support/cli";

/**
 * DATA_DIR is the server's user's alone (issue 28, decision 0260): folders 0700 and files 0600,
 * PGlite's included, on a fresh DATA_DIR and on one whose modes were opened; another user cannot
 * read the database; a DATA_DIR that another user owns is refused.
 */

const NOBODY_UID = 65534;
const canSwitchUser =
  process.getuid?.() === 0 && spawnSync("id", ["-u", "nobody"]).stdout?.toString().trim() !== "";

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), "data-dir-"));
  // Open to all, so that only DATA_DIR's own modes stand between another user and its files.
  await chmod(work, 0o755);
});
afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

async function startRuntime(dataDir: string) {
  const logs: { msg: string; repaired?: number }[] = [];
  const logger = pino(
    { level: "info", base: undefined },
    new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split("\n").filter(Boolean)) logs.push(JSON.parse(line));
        done();
      },
    }),
  );
  const config = loadConfig({
    DATA_DIR: dataDir,
    STORAGE_DRIVER: "local",
    SEED_DEMO: "false",
    BACKUP_INTERVAL_HOURS: "0",
  });
  const runtime = await createRuntime(config, { startWorkers: false, logger });
  return { runtime, logs };
}

/** What a running site writes: a stored file, a mail file, a backup archive, database rows. */
async function writeData(runtime: Runtime) {
  await runtime.storage.put("contact-uploads", "brief.txt", Buffer.from("a confidential brief"), {
    contentType: "text/plain",
  });
  await runtime.mail.transport.send({
    to: "studio@example.test",
    subject: "A new inquiry",
    text: "Someone wrote.",
  });
  await runBackup(runtime.backups.services, { trigger: "cli" });
}

/** Every folder and file under `root` (itself included) with its permission bits. */
async function modesUnder(root: string): Promise<{ folders: string[]; files: string[] }> {
  const folders: string[] = [];
  const files: string[] = [];
  const visit = async (target: string) => {
    const stats = await lstat(target);
    const entry = `${(stats.mode & 0o7777).toString(8)} ${path.relative(root, target) || "."}`;
    if (stats.isDirectory()) {
      folders.push(entry);
      for (const name of await readdir(target)) await visit(path.join(target, name));
    } else {
      files.push(entry);
    }
  };
  await visit(root);
  return { folders, files };
}

function expectOwnerOnly({ folders, files }: { folders: string[]; files: string[] }) {
  expect(folders.length).toBeGreaterThan(10);
  expect(files.length).toBeGreaterThan(100);
  expect(folders.filter((entry) => !entry.startsWith("700 "))).toEqual([]);
  expect(files.filter((entry) => !entry.startsWith("600 "))).toEqual([]);
}

/** `cat` as user nobody: whether another local user can read the file. */
function readAsNobody(file: string): boolean {
  return (
    spawnSync("su", ["nobody", "-s", "/bin/sh", "-c", `cat '${file}' > /dev/null`]).status === 0
  );
}

describe("a fresh DATA_DIR", () => {
  const dataDir = () => path.join(work, "fresh");

  beforeAll(async () => {
    const { runtime } = await startRuntime(dataDir());
    try {
      await writeData(runtime);
    } finally {
      await runtime.close();
    }
  });

  it("has every folder 0700 and every file 0600, PGlite's, storage, mail and backups included", async () => {
    const modes = await modesUnder(dataDir());
    expectOwnerOnly(modes);
    for (const part of ["pgdata/PG_VERSION", "auth-secret", "storage/", "mail/", "backups/"]) {
      expect(
        modes.files.some((entry) => entry.includes(` ${part}`)),
        part,
      ).toBe(true);
    }
  });

  it.runIf(canSwitchUser)("cannot be read by another user", () => {
    expect(readAsNobody(path.join(dataDir(), "pgdata", "PG_VERSION"))).toBe(false);
  });
});

describe("a DATA_DIR whose modes were opened", () => {
  const dataDir = () => path.join(work, "opened");
  let logs: { msg: string; repaired?: number }[];
  let opened: number;

  beforeAll(async () => {
    const first = await startRuntime(dataDir());
    try {
      await writeData(first.runtime);
    } finally {
      await first.runtime.close();
    }
    // As main left it before: folders 0755, files 0666.
    opened = 0;
    const open = async (target: string) => {
      const stats = await lstat(target);
      await chmod(target, stats.isDirectory() ? 0o755 : 0o666);
      opened++;
      if (stats.isDirectory()) {
        for (const name of await readdir(target)) await open(path.join(target, name));
      }
    };
    await open(dataDir());
  });

  it.runIf(canSwitchUser)("could be read by another user before the start", () => {
    // The check below can fail: with these modes, nobody reads the database's files.
    expect(readAsNobody(path.join(dataDir(), "pgdata", "PG_VERSION"))).toBe(true);
  });

  it("is made owner-only at the start, with one log line saying how many", async () => {
    const second = await startRuntime(dataDir());
    logs = second.logs;
    await second.runtime.close();
    const lines = logs.filter((line) => /owner-only/.test(line.msg));
    expect(lines).toHaveLength(1);
    expect(lines[0]?.repaired).toBe(opened);
    expect(lines[0]?.msg).toContain(`made ${opened} files and folders of DATA_DIR owner-only`);
    expectOwnerOnly(await modesUnder(dataDir()));
  });

  it.runIf(canSwitchUser)("then cannot be read by another user", () => {
    expect(readAsNobody(path.join(dataDir(), "pgdata", "PG_VERSION"))).toBe(false);
  });
});

describe("a shared folder as DATA_DIR", () => {
  it("is refused, and nothing in it is changed", async () => {
    const shared = path.join(work, "shared");
    await mkdir(shared);
    await chmod(shared, 0o1777);
    await writeFile(path.join(shared, "someone-elses.txt"), "x", { mode: 0o644 });
    await chmod(path.join(shared, "someone-elses.txt"), 0o644);
    const error = await startRuntime(shared).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(
      /is a folder shared by all users \(sticky bit, like \/tmp\)/,
    );
    expect(await modesUnder(shared)).toEqual({
      folders: ["1777 ."],
      files: ["644 someone-elses.txt"],
    });
  });
});

describe.runIf(process.getuid?.() === 0)("a DATA_DIR that another user owns", () => {
  const dataDir = () => path.join(work, "foreign");

  beforeAll(async () => {
    const { runtime } = await startRuntime(dataDir());
    await runtime.close();
    await chown(dataDir(), NOBODY_UID, NOBODY_UID);
  });

  it("is refused by the server with a message saying whose it is", async () => {
    const before = await modesUnder(dataDir());
    const error = await startRuntime(dataDir()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(
      new RegExp(
        `DATA_DIR ${dataDir()} belongs to uid ${NOBODY_UID}, not to user \\w+ \\(uid 0\\)`,
      ),
    );
    expect(await modesUnder(dataDir())).toEqual(before);
  });

  it("is refused by npm run restore", async () => {
    const run = await runScript("restore", ["/nonexistent.tar.gz"], {
      DATA_DIR: dataDir(),
      DATABASE_URL: "",
      STORAGE_DRIVER: "local",
      AUTH_SECRET: "data-dir-tests-secret-of-32-characters",
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/belongs to uid 65534/);
  });
});
