import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { setImmediate } from "node:timers/promises";
import { writeBackupArchive } from "@server/backup/archive";
import { user, verification } from "@server/db/schema";
import { extract as extractTar } from "tar";
import { afterAll, describe, expect, it } from "vitest";
import { ARCHIVE_KEY, openTestStorage, type TestStorage } from "../support/backup-site";
import { createTestDatabase, type TestDatabase, testDrivers } from "../support/database";

/**
 * The dump is one snapshot taken while the site keeps writing: every write acknowledged before
 * the backup started is in it, and writes made together (one transaction) are in it together
 * or not at all, though their tables are read one after the other.
 */
describe.each(testDrivers)("backup snapshot on %s", (driver) => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  });

  it("holds every acknowledged write, and each transaction whole, under concurrent writes", async () => {
    const database: TestDatabase = await createTestDatabase(driver);
    const storage: TestStorage = await openTestStorage("local");
    const work = await mkdtemp(path.join(os.tmpdir(), "backup-snapshot-"));
    cleanups.push(database.destroy, storage.close, () =>
      rm(work, { recursive: true, force: true }),
    );

    // Each write: a user and a verification row with the same marker, in one transaction
    // ("users" is read before "verifications": a dump outside one snapshot splits pairs).
    let next = 0;
    const acknowledged: number[] = [];
    const writePair = async () => {
      const marker = next++;
      await database.db.transaction(async (tx) => {
        await tx.insert(user).values({ id: `u${marker}`, name: "N", email: `${marker}@snap.test` });
        await tx.insert(verification).values({
          id: `v${marker}`,
          identifier: `u${marker}`,
          value: "x",
          expiresAt: new Date(Date.now() + 60_000),
        });
      });
      acknowledged.push(marker);
    };
    for (let i = 0; i < 50; i++) await writePair();

    let writing = true;
    const writers = Array.from({ length: 3 }, async () => {
      while (writing) {
        await writePair();
        // Like requests, writers leave the event loop a turn (PGlite answers without I/O).
        await setImmediate();
      }
    });
    const acknowledgedAtStart = [...acknowledged];
    const archive = await writeBackupArchive(
      { database, storage: storage.storage },
      { directory: work, archiveKey: ARCHIVE_KEY },
    );
    writing = false;
    await Promise.all(writers);

    const directory = path.join(work, "unpacked");
    await mkdir(directory);
    await extractTar({ file: archive.path, cwd: directory });
    const ids = async (table: string) =>
      (await readFile(path.join(directory, "db", `${table}.jsonl`), "utf8"))
        .split("\n")
        .filter(Boolean)
        .map((line) => (JSON.parse(line) as { id: string }).id.slice(1))
        .sort();
    const users = await ids("users");
    expect(await ids("verifications")).toEqual(users);
    for (const marker of acknowledgedAtStart) expect(users).toContain(String(marker));
    expect(archive.manifest.tables.users?.rows).toBe(users.length);
  }, 120_000);
});
