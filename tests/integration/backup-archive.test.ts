import { createHash } from "node:crypto";
import { copyFile, mkdir, mkdtemp, readFile, rm, truncate, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import {
  BackupArchiveError,
  type BackupManifest,
  restoreBackupArchive,
  type WrittenArchive,
  writeBackupArchive,
} from "@server/backup/archive";
import { rowsOf } from "@server/backup/archive/catalog";
import { GZIP_HEADER_LENGTH, writeGzipFile } from "@server/backup/archive/gzip-frame";
import { signManifest } from "@server/backup/archive/manifest";
import { migrateTo, readJournal, schemaVersionOf } from "@server/backup/archive/migrations";
import { openDatabase, SERVER_APPLICATION_NAME } from "@server/db/client";
import type { StorageDriver } from "@server/storage";
import { sql } from "drizzle-orm";
import { create as createTar, extract as extractTar } from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ARCHIVE_KEY,
  migrationsWithProbeTable,
  openTestStorage,
  type Site,
  seedOlderSite,
  seedSite,
  snapshotSite,
  type TestStorage,
} from "../support/backup-site";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { storedObject } from "../support/files";
import { waitFor } from "../support/wait";

/**
 * Backup archives (issue #21): a round trip between the drivers keeps every row and file, and
 * every archive that is truncated, altered, foreign or from a newer schema is refused with its
 * message and the target untouched.
 */

const withPostgres = Boolean(process.env.TEST_DATABASE_URL);
/** PGlite with local files to PostgreSQL with S3, and back (PGlite both ways without a server). */
const pairs = [
  { from: ["pglite", "local"], to: [withPostgres ? "postgres" : "pglite", "s3"] },
  { from: [withPostgres ? "postgres" : "pglite", "s3"], to: ["pglite", "local"] },
] as const;

interface TestSite extends Site {
  close(): Promise<void>;
}

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

async function openSite(
  driver: "pglite" | "postgres",
  storageKind: "local" | "s3",
  options: { migrate?: boolean } = {},
): Promise<TestSite> {
  const database: TestDatabase = await createTestDatabase(driver, options);
  const storage: TestStorage = await openTestStorage(storageKind);
  const close = async () => {
    await database.destroy();
    await storage.close();
  };
  cleanups.push(close);
  return { database, storage: storage.storage, close };
}

async function tempDir(prefix: string): Promise<string> {
  const directory = await mkdtemp(path.join(os.tmpdir(), prefix));
  cleanups.push(() => rm(directory, { recursive: true, force: true }));
  return directory;
}

let probe: { folder: string; count: number };
beforeAll(async () => {
  probe = await migrationsWithProbeTable();
  cleanups.push(() => rm(probe.folder, { recursive: true, force: true }));
});

/** A source site on the longer migrations (with the probe table), seeded, and its archive. */
async function archiveOf(
  driver: "pglite" | "postgres",
  storageKind: "local" | "s3",
): Promise<{ source: TestSite; archive: WrittenArchive }> {
  const source = await openSite(driver, storageKind, { migrate: false });
  await migrateTo(source.database, probe.count, probe.folder);
  await seedSite(source);
  await source.database.db.execute(
    sql`insert into backup_probe (note, user_id) values ('one', 'user-source'), ('two', null)`,
  );
  const archive = await writeBackupArchive(source, {
    directory: await tempDir("archives-"),
    archiveKey: ARCHIVE_KEY,
    migrationsFolder: probe.folder,
  });
  return { source, archive };
}

describe.each(pairs)("round trip $from.0 + $from.1 -> $to.0 + $to.1", ({ from, to }) => {
  let source: TestSite;
  let target: TestSite;
  let archive: WrittenArchive;
  let progress: string[];

  beforeAll(async () => {
    ({ source, archive } = await archiveOf(from[0], from[1]));
    // A fresh database (never migrated, as a new PostgreSQL database) counts as empty.
    target = await openSite(to[0], to[1], { migrate: to[0] === "postgres" });
    progress = [];
    await restoreBackupArchive(archive.path, target, {
      archiveKey: ARCHIVE_KEY,
      migrationsFolder: probe.folder,
      onProgress: (p) => progress.push(p.phase),
    });
  }, 120_000);

  it("names the archive and writes a manifest of every table and file", async () => {
    expect(path.basename(archive.path)).toMatch(/^backup-\d{8}T\d{6}Z-[0-9a-f]{6}\.tar\.gz$/);
    expect(archive.name).toBe(path.basename(archive.path, ".tar.gz"));
    const { manifest } = archive;
    expect(manifest.source).toEqual({ driver: from[0], storage: from[1] });
    // From which version: package.json's (the deployment may name its own with APP_VERSION).
    const pkg = JSON.parse(
      await readFile(path.resolve(import.meta.dirname, "../../package.json"), "utf8"),
    );
    expect(manifest.app.version).toBe(process.env.APP_VERSION ?? pkg.version);
    expect(manifest.schema).toEqual({ migrations: probe.count, tag: "9999_backup_probe" });
    // Every table of the catalog, the probe table included: none is listed in the code.
    const snapshot = await snapshotSite(source);
    expect(Object.keys(manifest.tables).sort()).toEqual(Object.keys(snapshot.tables).sort());
    for (const [table, { rows }] of Object.entries(snapshot.tables)) {
      expect(manifest.tables[table]?.rows, table).toBe(rows);
    }
    expect(manifest.files.map((file) => `${file.bucket}/${file.key}`).sort()).toEqual(
      Object.keys(snapshot.files).sort(),
    );
  });

  it("restores every row and every file, and ends every session", async () => {
    const before = await snapshotSite(source);
    const after = await snapshotSite(target);
    // Sessions end; the archive holds no visit salt, and the restore makes a new one (0441).
    const remade: Record<string, number> = { sessions: 0, visit_salts: 1 };
    for (const [table, { rows }] of Object.entries(archive.manifest.tables)) {
      expect(after.tables[table]?.rows, table).toBe(remade[table] ?? rows);
      if (!(table in remade)) expect(after.tables[table], table).toEqual(before.tables[table]);
    }
    expect(archive.manifest.tables.sessions?.rows).toBe(1);
    expect(after.files).toEqual(before.files);
    for (const file of archive.manifest.files) {
      expect(after.files[`${file.bucket}/${file.key}`]?.sha256).toBe(file.sha256);
    }
    expect(progress).toContain("database");
    expect(progress).toContain("files");
  });

  it("serves the restored resume through a signed link of the target's storage", async () => {
    const resume = archive.manifest.files.find((file) => file.bucket === "job-applications");
    if (!resume) throw new Error("the seeded site has a resume");
    const url = await target.storage.signedUrl("job-applications", resume.key, {
      expiresInSeconds: 60,
    });
    let bytes: Buffer;
    if (target.storage.kind === "s3") {
      const response = await fetch(url);
      expect(response.status).toBe(200);
      bytes = Buffer.from(await response.arrayBuffer());
    } else {
      const link = new URL(url, "http://localhost");
      expect(
        target.storage.verifySignature("job-applications", resume.key, link.searchParams),
      ).toBe(true);
      const object = await target.storage.get("job-applications", resume.key);
      const chunks: Buffer[] = [];
      for await (const chunk of object?.stream ?? []) chunks.push(chunk);
      bytes = Buffer.concat(chunks);
    }
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(resume.sha256);
  });

  it("leaves sequences and identities after the restored rows", async () => {
    const rows = await rowsOf<{ id: number; serial_no: number; note_length: number }>(
      target.database.db,
      sql`insert into backup_probe (note) values ('after restore') returning id, serial_no, note_length`,
    );
    expect(rows).toEqual([{ id: 3, serial_no: 3, note_length: 13 }]);
  });

  it("has the target on the archive's schema version", async () => {
    const journal = await readJournal(probe.folder);
    expect(await schemaVersionOf(target.database.db, journal)).toEqual(archive.manifest.schema);
  });
});

describe("an archive of an older schema", () => {
  it("is migrated forward after loading", async () => {
    const journal = await readJournal();
    const source = await openSite("pglite", "local", { migrate: false });
    await migrateTo(source.database, journal.length - 1);
    const added = await seedOlderSite(source);
    const archive = await writeBackupArchive(source, {
      directory: await tempDir("archives-"),
      archiveKey: ARCHIVE_KEY,
    });
    expect(archive.manifest.schema.migrations).toBe(journal.length - 1);

    const target = await openSite(pairs[0].to[0], "local");
    await restoreBackupArchive(archive.path, target, { archiveKey: ARCHIVE_KEY });
    expect(await schemaVersionOf(target.database.db, journal)).toEqual({
      migrations: journal.length,
      tag: journal.at(-1)?.tag,
    });
    // The rows are the same, apart from the columns the last migration added.
    const [before, after] = [await snapshotSite(source), await snapshotSite(target, added)];
    expect(after.tables.portfolio_items).toEqual(before.tables.portfolio_items);
    expect(after.tables.users).toEqual(before.tables.users);
    expect(after.files).toEqual(before.files);
  }, 120_000);
});

describe("refusals", () => {
  let archive: WrittenArchive;
  let target: TestSite;
  let work: string;

  beforeAll(async () => {
    ({ archive } = await archiveOf("pglite", "local"));
    work = await tempDir("refusals-");
    // A site with other data, restored with replace: only the checks stand between it and loss.
    target = await openSite(pairs[0].to[0], pairs[0].to[1]);
    await migrateTo(target.database, probe.count, probe.folder);
    await seedSite(target, "target");
  }, 120_000);

  /** Restoring `file` is refused with `message`, and the target is exactly as it was. */
  async function expectRefused(
    file: string,
    message: RegExp,
    options: { replace: boolean; archiveKey?: string } = { replace: true },
  ) {
    const before = await snapshotSite(target);
    const error = await restoreBackupArchive(file, target, {
      archiveKey: ARCHIVE_KEY,
      ...options,
      migrationsFolder: probe.folder,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BackupArchiveError);
    expect((error as Error).message).toMatch(message);
    expect(await snapshotSite(target)).toEqual(before);
    return (error as Error).message;
  }

  async function copyOfArchive(name: string): Promise<string> {
    const file = path.join(work, name);
    await copyFile(archive.path, file);
    return file;
  }

  it("refuses a truncated archive", async () => {
    for (const keep of [Math.floor(archive.size / 2), archive.size - 1, 20]) {
      const file = await copyOfArchive(`truncated-${keep}.tar.gz`);
      await truncate(file, keep);
      await expectRefused(file, /is truncated/);
    }
  });

  it("refuses an archive with one altered byte, wherever it is", async () => {
    // The whole header (fixed bytes, the extra field, its SHA-256), the middle, and the last
    // bytes (the end of the compressed data, whose padding bits gzip does not check, and the
    // trailer), each flipped in turn.
    const offsets = [
      ...Array.from({ length: GZIP_HEADER_LENGTH + 4 }, (_, i) => i),
      Math.floor(archive.size / 2),
      ...Array.from({ length: 16 }, (_, i) => archive.size - 16 + i),
    ];
    const before = await snapshotSite(target);
    const file = path.join(work, "altered.tar.gz");
    const original = await readFile(archive.path);
    for (const offset of offsets) {
      for (const mask of [0x01, 0x80]) {
        const bytes = Buffer.from(original);
        bytes[offset] = (bytes[offset] as number) ^ mask;
        await writeFile(file, bytes);
        const error = await restoreBackupArchive(file, target, {
          archiveKey: ARCHIVE_KEY,
          replace: true,
          migrationsFolder: probe.folder,
        }).catch((caught: unknown) => caught);
        expect(error, `offset ${offset}`).toBeInstanceOf(BackupArchiveError);
        // The gzip magic altered makes it no gzip file at all; anything else is damage.
        expect((error as Error).message, `offset ${offset}`).toMatch(
          offset < 2 ? /not a backup of this site \(not a gzip/ : /is damaged|is truncated/,
        );
      }
    }
    expect(await snapshotSite(target)).toEqual(before);
  }, 300_000);

  it("refuses a byte appended after the archive", async () => {
    const file = await copyOfArchive("appended.tar.gz");
    await writeFile(file, Buffer.concat([await readFile(file), Buffer.from([0])]));
    await expectRefused(file, /is damaged/);
  });

  it("names the entry that differs from the manifest", async () => {
    const file = await repack("edited-row.tar.gz", async (directory) => {
      const table = path.join(directory, "db", "portfolio_items.jsonl");
      const text = await readFile(table, "utf8");
      await writeFile(table, text.replace(/"title": "/, '"title": "X'));
    });
    await expectRefused(file, /db\/portfolio_items\.jsonl differs from its manifest/);
  });

  it("refuses an archive from a newer schema, telling to update the site first", async () => {
    // Written by a later version (one more migration than this code has)...
    const error = await restoreBackupArchive(archive.path, target, {
      archiveKey: ARCHIVE_KEY,
      replace: true,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BackupArchiveError);
    expect((error as Error).message).toMatch(/comes from a newer version of the site/);
    expect((error as Error).message).toMatch(/Update the site first/);
    // ...and a manifest claiming one more migration, repacked with valid hashes and framing.
    const file = await repack("newer.tar.gz", async (directory) => {
      const manifestPath = path.join(directory, "manifest.json");
      const manifest = JSON.parse(await readFile(manifestPath, "utf8")) as BackupManifest;
      manifest.schema = { migrations: probe.count + 1, tag: "9999_from_the_future" };
      await writeFile(manifestPath, JSON.stringify(manifest));
    });
    const message = await expectRefused(file, /comes from a newer version of the site/);
    expect(message).not.toMatch(/damaged/);
  });

  it("refuses an archive that is not one of ours", async () => {
    const plain = path.join(work, "notes.txt");
    await writeFile(plain, "not an archive at all\n");
    await expectRefused(plain, /not a backup of this site \(not a gzip/);

    const foreignDir = path.join(work, "foreign");
    await mkdir(foreignDir, { recursive: true });
    await writeFile(path.join(foreignDir, "notes.txt"), "hello");
    const foreignTar = path.join(work, "foreign.tar.gz");
    await createTar({ cwd: foreignDir, gzip: true, file: foreignTar }, ["notes.txt"]);
    await expectRefused(foreignTar, /not a backup of this site: it has no manifest of ours/);

    await writeFile(path.join(foreignDir, "manifest.json"), JSON.stringify({ format: "other" }));
    const otherManifest = path.join(work, "other-manifest.tar.gz");
    await createTar({ cwd: foreignDir, gzip: true, file: otherManifest }, ["manifest.json"]);
    await expectRefused(otherManifest, /not a backup of this site/);

    await expectRefused(path.join(work, "missing.tar.gz"), /No archive at/);
  });

  it("refuses links and paths outside the archive's names", async () => {
    const file = await repack(
      "with-extra.tar.gz",
      async (directory) => {
        await writeFile(path.join(directory, "extra.sh"), "#!/bin/sh\n");
      },
      { extraEntries: ["extra.sh"] },
    );
    await expectRefused(file, /holds extra\.sh, which its manifest does not list/);
  });

  it("refuses an archive from another deployment, saying so", async () => {
    const message = await expectRefused(
      archive.path,
      /is not signed by this site: it was written by another deployment, one with another AUTH_SECRET/,
      { replace: true, archiveKey: "the-key-of-another-deployment" },
    );
    expect(message).toMatch(/Restore it with the AUTH_SECRET of the site that wrote it/);
    expect(message).toMatch(/--accept-unsigned/);
  });

  it("refuses a forged archive (an admin added, its hashes recomputed) unless --accept-unsigned", async () => {
    const forge = (signature: "keep" | "drop") =>
      repack(`forged-${signature}.tar.gz`, (directory) => addUser(directory, "forger@evil.test"), {
        signature,
      });
    const kept = await forge("keep");
    await expectRefused(kept, /is not signed by this site/);
    await expectRefused(await forge("drop"), /is not signed \(its signature was removed\)/);

    // The forgery is otherwise a valid archive: accepted unsigned, it restores.
    const { signed } = await restoreBackupArchive(kept, target, {
      archiveKey: ARCHIVE_KEY,
      acceptUnsigned: true,
      replace: true,
      migrationsFolder: probe.folder,
    });
    expect(signed).toBe(false);
    const [forged] = await rowsOf<{ role: string }>(
      target.database.db,
      sql`select role from users where email = 'forger@evil.test'`,
    );
    expect(forged?.role).toBe("admin");
  });

  it("restores an archive of format 1 (manifest last, unsigned) only with --accept-unsigned", async () => {
    const file = await repack(
      "format-one.tar.gz",
      async (directory) => {
        const manifestPath = path.join(directory, "manifest.json");
        const manifest = JSON.parse(await readFile(manifestPath, "utf8"));
        await writeFile(manifestPath, JSON.stringify({ ...manifest, formatVersion: 1 }, null, 2));
      },
      { formatOne: true, signature: "drop" },
    );
    await expectRefused(
      file,
      /is not signed \(a version of the site before archives were signed wrote it\)\. If you trust where it comes from, pass --accept-unsigned/,
    );
    const { manifest, signed } = await restoreBackupArchive(file, target, {
      archiveKey: ARCHIVE_KEY,
      acceptUnsigned: true,
      replace: true,
      migrationsFolder: probe.folder,
    });
    expect([manifest.formatVersion, signed]).toEqual([1, false]);
    const files = (await snapshotSite(target)).files;
    expect(Object.entries(files).map(([name, file]) => [name, file.sha256])).toEqual(
      archive.manifest.files.map((file) => [`${file.bucket}/${file.key}`, file.sha256]),
    );
  });

  describe("entries beyond the manifest (a decompression bomb)", () => {
    const BOMB_BYTES = 50 * 1024 * 1024;
    /** What this process wrote meanwhile (Linux: /proc/self/io counts every write(2)). */
    const bytesWritten = async () =>
      Number(/^wchar: (\d+)$/m.exec(await readFile("/proc/self/io", "utf8"))?.[1]);

    /** Refused with `message`, the target untouched, and far less than the bomb written. */
    async function expectRefusedEarly(file: string, message: RegExp) {
      const before = await snapshotSite(target);
      const writtenBefore = await bytesWritten();
      const error = await restoreBackupArchive(file, target, {
        archiveKey: ARCHIVE_KEY,
        acceptUnsigned: true,
        replace: true,
        migrationsFolder: probe.folder,
      }).catch((caught: unknown) => caught);
      const written = (await bytesWritten()) - writtenBefore;
      expect(written).toBeLessThan(2 * 1024 * 1024);
      expect((error as Error).message).toMatch(message);
      expect(await snapshotSite(target)).toEqual(before);
    }

    it("refuses an unlisted 50 MB entry before writing it", async () => {
      const file = await repack(
        "unlisted-bomb.tar.gz",
        async (directory) => {
          await mkdir(path.join(directory, "files", "contact-uploads"), { recursive: true });
          await writeFile(
            path.join(directory, "files", "contact-uploads", "bomb.bin"),
            Buffer.alloc(BOMB_BYTES),
          );
        },
        // The manifest is the site's own, signature and all: only the bounds stand in the way.
        { extraEntries: ["files/contact-uploads/bomb.bin"], signature: "keep" },
      );
      await expectRefusedEarly(
        file,
        /holds files\/contact-uploads\/bomb\.bin, which its manifest does not list/,
      );
    });

    it("refuses an entry larger than its listed size before writing it", async () => {
      const photo = archive.manifest.files.find((item) => item.bucket === "portfolio-images");
      if (!photo) throw new Error("the seeded site has a portfolio image");
      const file = await repack(
        "oversized.tar.gz",
        async (directory) => {
          await writeFile(
            path.join(directory, "files", photo.bucket, ...photo.key.split("/")),
            Buffer.alloc(BOMB_BYTES),
          );
        },
        { signature: "keep" },
      );
      await expectRefusedEarly(
        file,
        new RegExp(
          `files/${photo.bucket}/${photo.key} differs from its manifest \\(${BOMB_BYTES} bytes; ` +
            `expected ${photo.size} bytes\\)`,
        ),
      );
    });

    it("refuses a manifest whose listed entries do not fit the free disk", async () => {
      const file = await repack("too-large.tar.gz", async (directory) => {
        const manifestPath = path.join(directory, "manifest.json");
        const manifest = JSON.parse(await readFile(manifestPath, "utf8")) as BackupManifest;
        const photo = manifest.files.find((item) => item.bucket === "portfolio-images");
        if (!photo) throw new Error("the seeded site has a portfolio image");
        photo.size = 2 ** 50;
        await writeFile(manifestPath, JSON.stringify(manifest, null, 2));
      });
      await expectRefusedEarly(file, /unpacks to \d+ MB, and .+ has \d+ MB free/);
    });
  });

  it("refuses a site that holds data unless told to replace it", async () => {
    await expectRefused(
      archive.path,
      /target database is not empty \(table \w+ has rows\).*--replace/,
      {
        replace: false,
      },
    );
  });

  it("refuses a site whose storage alone holds files", async () => {
    const emptyDatabase = await openSite("pglite", pairs[0].to[1]);
    await emptyDatabase.storage.put("contact-uploads", "left-over.txt", Buffer.from("x"), {
      contentType: "text/plain",
    });
    const error = await restoreBackupArchive(archive.path, emptyDatabase, {
      archiveKey: ARCHIVE_KEY,
      migrationsFolder: probe.folder,
    }).catch((caught: unknown) => caught);
    expect((error as Error).message).toMatch(
      /target storage is not empty \(bucket contact-uploads/,
    );
    expect(
      await storedObject(emptyDatabase.storage, "contact-uploads", "left-over.txt"),
    ).not.toBeNull();
  });

  it("replaces a site that holds data with --replace, files not in the archive included", async () => {
    const source = await snapshotSite({ ...target, ...(await siteOfArchive()) });
    await restoreBackupArchive(archive.path, target, {
      archiveKey: ARCHIVE_KEY,
      replace: true,
      migrationsFolder: probe.folder,
    });
    const after = await snapshotSite(target);
    expect(Object.keys(after.files).sort()).toEqual(Object.keys(source.files).sort());
    expect(after.tables.users).toEqual(source.tables.users);
    expect(after.tables.sessions?.rows).toBe(0);
  });

  /** The archive restored into a fresh site, to compare a replaced target with. */
  async function siteOfArchive(): Promise<Site> {
    const fresh = await openSite("pglite", "local", { migrate: false });
    await restoreBackupArchive(archive.path, fresh, {
      archiveKey: ARCHIVE_KEY,
      migrationsFolder: probe.folder,
    });
    return fresh;
  }

  interface RepackOptions {
    /** Entries added to the archive, right after the manifest (before the listed data). */
    extraEntries?: string[];
    /**
     * The manifest's signature: made again with the site's key (an archive the site wrote), the
     * original kept (a forger without the key), or none.
     */
    signature?: "sign" | "keep" | "drop";
    /** Laid out as format 1 was: the manifest last, unsigned. */
    formatOne?: boolean;
  }

  /** Unpacks the archive, edits it, and packs it again the way the writer does. */
  async function repack(
    name: string,
    edit: (directory: string) => Promise<void>,
    { extraEntries = [], signature = "sign", formatOne = false }: RepackOptions = {},
  ): Promise<string> {
    const directory = await mkdtemp(path.join(work, "repack-"));
    await extractTar({ file: archive.path, cwd: directory });
    await edit(directory);
    const manifestPath = path.join(directory, "manifest.json");
    const manifestBytes = await readFile(manifestPath);
    const manifest = JSON.parse(manifestBytes.toString()) as BackupManifest;
    if (signature === "sign") {
      await writeFile(
        path.join(directory, "manifest.hmac"),
        signManifest(manifestBytes, ARCHIVE_KEY),
      );
    }
    const data = [
      ...Object.keys(manifest.tables).map((table) => `db/${table}.jsonl`),
      ...manifest.files.map((item) => `files/${item.bucket}/${item.key}`),
    ];
    const entries = formatOne
      ? [...data, "manifest.json"]
      : [
          "manifest.json",
          ...(signature === "drop" ? [] : ["manifest.hmac"]),
          ...extraEntries,
          ...data,
        ];
    const file = path.join(work, name);
    await writeGzipFile(
      file,
      createTar({ cwd: directory, portable: true, noDirRecurse: true }, entries),
    );
    return file;
  }

  /** Adds a user to the archive's users table and lists it in the manifest with its hashes. */
  async function addUser(directory: string, email: string) {
    const table = path.join(directory, "db", "users.jsonl");
    const [line] = (await readFile(table, "utf8")).split("\n");
    const row = { ...JSON.parse(line as string), id: `forged-${email}`, email, role: "admin" };
    const text = `${await readFile(table, "utf8")}${JSON.stringify(row)}\n`;
    await writeFile(table, text);
    const manifestPath = path.join(directory, "manifest.json");
    const manifest = JSON.parse(await readFile(manifestPath, "utf8")) as BackupManifest;
    const users = manifest.tables.users;
    if (!users) throw new Error("the archive has a users table");
    manifest.tables.users = {
      rows: users.rows + 1,
      bytes: Buffer.byteLength(text),
      sha256: createHash("sha256").update(text).digest("hex"),
    };
    await writeFile(manifestPath, JSON.stringify(manifest, null, 2));
  }
});

describe.runIf(withPostgres)("a restore on PostgreSQL", () => {
  it("keeps an instance that starts meanwhile waiting at its migration until it is over", async () => {
    const { archive } = await archiveOf("pglite", "local");
    const target = await openSite("postgres", "local");
    const targetUrl = target.database.url;
    if (!targetUrl) throw new Error("a PostgreSQL test database has a URL");
    // Files the restore has written, and how many of them were written when the instance had
    // migrated: the restore lets go of the lock after its last file, so with the lock the instance
    // saw them all. (Not the order of two events: after the lock the restore still cleans up.)
    let filesWritten = 0;
    let filesWrittenWhenMigrated: number | undefined;

    // An instance starts while the restore writes its first file; its first step is the migration.
    const startInstance = async () => {
      const instance = await openDatabase({
        driver: "postgres",
        url: targetUrl,
        poolSize: 1,
        applicationName: SERVER_APPLICATION_NAME,
      });
      try {
        await instance.migrate();
        filesWrittenWhenMigrated = filesWritten;
      } finally {
        await instance.close();
      }
    };
    const instanceWaitsOnTheLock = async () => {
      const [row] = await rowsOf<{ waiting: number }>(
        target.database.db,
        sql`select count(*)::int as waiting from pg_stat_activity
            where datname = current_database() and application_name = ${SERVER_APPLICATION_NAME}
              and wait_event_type = 'Lock' and wait_event = 'advisory'`,
      );
      return (row?.waiting ?? 0) > 0;
    };
    let instance: Promise<void> | undefined;
    const storage = target.storage;
    const gatedPut: StorageDriver["put"] = async (...args) => {
      if (!instance) {
        instance = startInstance();
        // Either it gets through (what the lock prevents) or it waits on the lock: then go on.
        await waitFor(
          async () => filesWrittenWhenMigrated !== undefined || (await instanceWaitsOnTheLock()),
          "the instance to migrate or to wait for the restore",
        );
      }
      const stored = await storage.put(...args);
      filesWritten += 1;
      return stored;
    };
    // The target's storage, its first write held until the instance has started.
    const gatedStorage = new Proxy(storage, {
      get(original, property) {
        if (property === "put") return gatedPut;
        const value = Reflect.get(original, property, original);
        return typeof value === "function" ? value.bind(original) : value;
      },
    });

    const { manifest } = await restoreBackupArchive(
      archive.path,
      { database: target.database, storage: gatedStorage },
      { archiveKey: ARCHIVE_KEY, migrationsFolder: probe.folder },
    );
    await instance;
    expect(filesWritten).toBe(manifest.files.length);
    expect(filesWrittenWhenMigrated).toBe(filesWritten);
  });
});
