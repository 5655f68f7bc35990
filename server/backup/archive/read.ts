import { createHash } from "node:crypto";
import { createReadStream, createWriteStream, mkdirSync } from "node:fs";
import { open, readFile } from "node:fs/promises";
import path from "node:path";
import { finished, pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import { isUploadBucket, isValidKey } from "@server/storage";
import { Parser, type ReadEntry } from "tar";
import { BackupArchiveError } from "./errors";
import { GzipFrameTap } from "./gzip-frame";
import {
  ARCHIVE_FORMAT_VERSION,
  type BackupManifest,
  backupManifestSchema,
  fileEntry,
  MANIFEST_ENTRY,
  manifestFormatSchema,
  TABLE_NAME,
  tableEntry,
} from "./manifest";

interface ExtractedEntry {
  size: number;
  sha256: string;
  /** Line breaks counted (the rows of a table file). */
  lines: number;
}

/**
 * Unpacks an archive into `directory` (regular files under the names our archives use, nothing
 * else: no links, no absolute or parent paths) and checks all of it against its manifest:
 * every byte of the gzip frame, every table and stored file by size and SHA-256. Throws a
 * BackupArchiveError naming what is wrong; the caller has changed nothing yet.
 */
export async function extractAndVerify(
  archivePath: string,
  directory: string,
): Promise<BackupManifest> {
  const label = path.basename(archivePath);
  await refuseNonGzip(archivePath, label);

  const tap = new GzipFrameTap();
  const entries = new Map<string, ExtractedEntry>();
  const unexpected: string[] = [];
  try {
    await pipeline(createReadStream(archivePath), tap, createGunzip(), async (source) => {
      const parser = new Parser({ strict: true });
      const writes: Promise<void>[] = [];
      const failed = new Promise<never>((_, reject) => parser.on("error", reject));
      failed.catch(() => {});
      // Listened to before end(): the parser may finish within that call.
      const ended = new Promise((resolve) => parser.once("end", resolve));
      parser.on("entry", (entry: ReadEntry) => {
        const name = entry.path;
        const regular = entry.type === "File" || entry.type === "OldFile";
        if (!regular || !isKnownEntry(name) || entries.has(name)) {
          unexpected.push(name);
          entry.resume();
          return;
        }
        const write = extractEntry(entry, path.join(directory, ...name.split("/")), entries);
        // Awaited below once the parse is through; a damaged archive stops it before, and the
        // write's own failure (its folder removed meanwhile) must not go unheard.
        write.catch(() => {});
        writes.push(write);
      });
      for await (const chunk of source as AsyncIterable<Buffer>) {
        if (!parser.write(chunk)) {
          await Promise.race([new Promise((resolve) => parser.once("drain", resolve)), failed]);
        }
      }
      parser.end();
      await Promise.race([ended, failed]);
      await Promise.all(writes);
    });
  } catch (error) {
    throw damaged(label, error);
  }

  const manifest = await readManifest(directory, label, entries.has(MANIFEST_ENTRY));

  // The frame: our fixed header, and the SHA-256 of every byte after it.
  const problem = tap.problem();
  if (problem) {
    throw new BackupArchiveError(`The archive ${label} is damaged: ${problem}. Use another copy.`);
  }
  if (unexpected.length > 0) {
    throw new BackupArchiveError(
      `The archive ${label} is damaged: it holds ${unexpected[0]}, which its manifest does not list.`,
    );
  }
  checkEntries(manifest, entries, label);
  return manifest;
}

/** The first bytes tell a gzip file apart from anything else before reading further. */
async function refuseNonGzip(archivePath: string, label: string) {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(archivePath, "r");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new BackupArchiveError(
      code === "ENOENT" ? `No archive at ${archivePath}.` : `Cannot read ${archivePath}: ${code}.`,
    );
  }
  try {
    const { bytesRead, buffer } = await handle.read(Buffer.alloc(2), 0, 2, 0);
    if (bytesRead < 2 || buffer[0] !== 0x1f || buffer[1] !== 0x8b) {
      throw new BackupArchiveError(
        `${label} is not a backup of this site (not a gzip-compressed archive).`,
      );
    }
  } finally {
    await handle.close();
  }
}

function damaged(label: string, error: unknown): BackupArchiveError {
  if (error instanceof BackupArchiveError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/unexpected end of file/i.test(message) || /truncated/i.test(message)) {
    return new BackupArchiveError(
      `The archive ${label} is truncated: it ends before its data does (an interrupted copy?). ` +
        "Use a complete copy.",
    );
  }
  return new BackupArchiveError(
    `The archive ${label} is damaged (${message}): its bytes are not the ones written. ` +
      "Use another copy.",
  );
}

function isKnownEntry(name: string): boolean {
  if (name === MANIFEST_ENTRY) return true;
  const table = /^db\/([^/]+)\.jsonl$/.exec(name);
  if (table) return TABLE_NAME.test(table[1] as string);
  const file = /^files\/([^/]+)\/(.+)$/.exec(name);
  return Boolean(file && isUploadBucket(file[1]) && isValidKey(file[2] as string));
}

async function extractEntry(
  entry: ReadEntry,
  destination: string,
  entries: Map<string, ExtractedEntry>,
): Promise<void> {
  const name = entry.path;
  const hash = createHash("sha256");
  let size = 0;
  let lines = 0;
  // Registered now: a second entry of the same name is refused, not written over this one.
  entries.set(name, { size: 0, sha256: "", lines: 0 });
  // Created synchronously so no data event is missed; the parser does not wait for the disk.
  mkdirSync(path.dirname(destination), { recursive: true });
  const out = createWriteStream(destination, { flags: "wx" });
  // Heard from the start: the file may fail to open or write before the entry ends.
  const written = finished(out);
  entry.on("data", (chunk: Buffer) => {
    hash.update(chunk);
    size += chunk.length;
    for (const byte of chunk) if (byte === 0x0a) lines++;
    out.write(chunk);
  });
  await Promise.race([new Promise<void>((resolve) => entry.once("end", resolve)), written]);
  out.end();
  await written;
  entries.set(name, { size, sha256: hash.digest("hex"), lines });
}

async function readManifest(
  directory: string,
  label: string,
  present: boolean,
): Promise<BackupManifest> {
  const foreign = new BackupArchiveError(
    `${label} is not a backup of this site: it has no manifest of ours. ` +
      "Restore only archives written by `npm run backup`.",
  );
  if (!present) throw foreign;
  let json: unknown;
  try {
    json = JSON.parse(await readFile(path.join(directory, MANIFEST_ENTRY), "utf8"));
  } catch {
    throw foreign;
  }
  const format = manifestFormatSchema.safeParse(json);
  if (!format.success) throw foreign;
  if (format.data.formatVersion !== ARCHIVE_FORMAT_VERSION) {
    throw new BackupArchiveError(
      `${label} uses archive format ${format.data.formatVersion}; this version of the site ` +
        `reads format ${ARCHIVE_FORMAT_VERSION}. Update the site first.`,
    );
  }
  const parsed = backupManifestSchema.safeParse(json);
  if (!parsed.success) {
    throw new BackupArchiveError(
      `The archive ${label} is damaged: its manifest is malformed (${parsed.error.issues[0]?.path.join(".")}).`,
    );
  }
  return parsed.data;
}

/** Every table and file of the manifest, present with its size and hash; nothing else. */
function checkEntries(
  manifest: BackupManifest,
  entries: Map<string, ExtractedEntry>,
  label: string,
) {
  const expected = new Map<string, { size: number; sha256: string; rows?: number }>();
  for (const [table, { bytes, sha256, rows }] of Object.entries(manifest.tables)) {
    expected.set(tableEntry(table), { size: bytes, sha256, rows });
  }
  for (const { bucket, key, size, sha256 } of manifest.files) {
    expected.set(fileEntry(bucket, key), { size, sha256 });
  }
  for (const [name, want] of expected) {
    const got = entries.get(name);
    if (!got) {
      throw new BackupArchiveError(
        `The archive ${label} is damaged: ${name} is listed in its manifest but missing.`,
      );
    }
    if (got.size !== want.size || got.sha256 !== want.sha256) {
      throw new BackupArchiveError(
        `The archive ${label} is damaged: ${name} differs from its manifest ` +
          `(${got.size} bytes, SHA-256 ${got.sha256.slice(0, 12)}…; expected ${want.size} bytes, ` +
          `${want.sha256.slice(0, 12)}…).`,
      );
    }
    if (want.rows !== undefined && got.lines !== want.rows) {
      throw new BackupArchiveError(
        `The archive ${label} is damaged: ${name} holds ${got.lines} rows, its manifest says ${want.rows}.`,
      );
    }
  }
  for (const name of entries.keys()) {
    if (name !== MANIFEST_ENTRY && !expected.has(name)) {
      throw new BackupArchiveError(
        `The archive ${label} is damaged: it holds ${name}, which its manifest does not list.`,
      );
    }
  }
}
