import { createHash } from "node:crypto";
import { createWriteStream, mkdirSync, type WriteStream } from "node:fs";
import { statfs } from "node:fs/promises";
import path from "node:path";
import { finished } from "node:stream/promises";
import type { ReadEntry } from "tar";
import { BackupArchiveError } from "./errors";
import { GzipFrameTap } from "./gzip-frame";
import {
  ARCHIVE_FORMAT_VERSION,
  type BackupManifest,
  backupManifestSchema,
  fileEntry,
  isReadableFormat,
  isSignedBy,
  MANIFEST_ENTRY,
  manifestFormatSchema,
  SIGNATURE_ENTRY,
  tableEntry,
} from "./manifest";
import { forEachEntry, isRegular, refuseNonGzip } from "./tar-entries";

export interface VerifyOptions {
  /** The key this site signs its archives with (`keys.backupArchives`). */
  archiveKey: string;
  /** Restore an archive whose signature is missing or is not this site's (`--accept-unsigned`). */
  acceptUnsigned?: boolean;
}

export interface VerifiedArchive {
  manifest: BackupManifest;
  /** Whether this site's key signed it (false only with acceptUnsigned). */
  signed: boolean;
}

/** What the manifest says an entry holds. */
interface ListedEntry {
  size: number;
  sha256: string;
  rows?: number;
}

interface ExtractedEntry {
  size: number;
  sha256: string;
  /** Line breaks counted (the rows of a table file). */
  lines: number;
}

/** A manifest lists ~250 bytes per stored file: 64 MiB is a quarter of a million files. */
const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;
const MAX_SIGNATURE_BYTES = 1024;

/**
 * Checks an archive and unpacks it into `directory`, in two reads (decision 0261). The first
 * writes nothing: every byte of the gzip frame, then the manifest and its signature. The second
 * unpacks only the entries the manifest lists, each refused at its tar header when its size is
 * not the listed one, after checking that the listed total fits the free disk; then every entry's
 * SHA-256. Throws a BackupArchiveError naming what is wrong; the caller has changed nothing yet.
 */
export async function extractAndVerify(
  archivePath: string,
  directory: string,
  options: VerifyOptions,
): Promise<VerifiedArchive> {
  const label = path.basename(archivePath);
  await refuseNonGzip(archivePath, label);
  const { manifest, signed } = await readManifest(archivePath, label, options);
  const listed = listedEntries(manifest);
  await refuseWithoutRoom(directory, listed, label);
  const entries = await extractListed(archivePath, directory, listed, label);
  checkEntries(listed, entries, label);
  return { manifest, signed };
}

/**
 * The first read, which writes nothing: the manifest and its signature (first in format 2,
 * the manifest last in format 1), and every byte of the file against its gzip frame.
 */
async function readManifest(
  archivePath: string,
  label: string,
  { archiveKey, acceptUnsigned }: VerifyOptions,
): Promise<VerifiedArchive> {
  const limits = new Map([
    [MANIFEST_ENTRY, MAX_MANIFEST_BYTES],
    [SIGNATURE_ENTRY, MAX_SIGNATURE_BYTES],
  ]);
  const found = new Map<string, Buffer>();
  const tap = new GzipFrameTap();
  await forEachEntry(
    archivePath,
    label,
    (entry) => {
      const limit = limits.get(entry.path);
      if (limit === undefined || !isRegular(entry)) {
        entry.resume();
        return;
      }
      if (found.has(entry.path)) {
        throw new BackupArchiveError(
          `The archive ${label} is damaged: it holds ${entry.path} twice.`,
        );
      }
      if (entry.size > limit) {
        throw new BackupArchiveError(
          `The archive ${label} is damaged: its ${entry.path} is ${entry.size} bytes, more than ` +
            `the ${limit} it may be.`,
        );
      }
      const chunks: Buffer[] = [];
      found.set(entry.path, Buffer.alloc(0));
      entry.on("data", (chunk: Buffer) => chunks.push(chunk));
      entry.once("end", () => found.set(entry.path, Buffer.concat(chunks)));
    },
    tap,
  );

  const bytes = found.get(MANIFEST_ENTRY);
  const manifest = parseManifest(bytes, label);
  // The frame: our fixed header, and the SHA-256 of every byte after it.
  const problem = tap.problem();
  if (problem) {
    throw new BackupArchiveError(`The archive ${label} is damaged: ${problem}. Use another copy.`);
  }
  const signature = found.get(SIGNATURE_ENTRY);
  const signed = Boolean(bytes && signature && isSignedBy(bytes, signature.toString(), archiveKey));
  if (!signed && !acceptUnsigned) {
    throw new BackupArchiveError(
      signature
        ? `The archive ${label} is not signed by this site: it was written by another ` +
            "deployment, one with another AUTH_SECRET (or changed after it was written). " +
            "Restore it with the AUTH_SECRET of the site that wrote it, or, if you trust where " +
            "it comes from, pass --accept-unsigned."
        : `The archive ${label} is not signed` +
            (manifest.formatVersion < 2
              ? " (a version of the site before archives were signed wrote it)"
              : " (its signature was removed)") +
            ". If you trust where it comes from, pass --accept-unsigned.",
    );
  }
  return { manifest, signed };
}

function parseManifest(bytes: Buffer | undefined, label: string): BackupManifest {
  const foreign = new BackupArchiveError(
    `${label} is not a backup of this site: it has no manifest of ours. ` +
      "Restore only archives written by `npm run backup`.",
  );
  if (!bytes) throw foreign;
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString("utf8"));
  } catch {
    throw foreign;
  }
  const format = manifestFormatSchema.safeParse(json);
  if (!format.success) throw foreign;
  if (!isReadableFormat(format.data.formatVersion)) {
    throw new BackupArchiveError(
      `${label} uses archive format ${format.data.formatVersion}; this version of the site ` +
        `reads format ${ARCHIVE_FORMAT_VERSION} and older. Update the site first.`,
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

/** Every entry the manifest lists, by its name in the archive. */
function listedEntries(manifest: BackupManifest): Map<string, ListedEntry> {
  const listed = new Map<string, ListedEntry>();
  for (const [table, { bytes, sha256, rows }] of Object.entries(manifest.tables)) {
    listed.set(tableEntry(table), { size: bytes, sha256, rows });
  }
  for (const { bucket, key, size, sha256 } of manifest.files) {
    listed.set(fileEntry(bucket, key), { size, sha256 });
  }
  return listed;
}

/**
 * The listed entries are all the second read may write, each once and at its listed size: their
 * total is the bound, and it must fit the free disk before anything is written.
 */
async function refuseWithoutRoom(
  directory: string,
  listed: Map<string, ListedEntry>,
  label: string,
) {
  let needed = 0;
  for (const { size } of listed.values()) needed += size;
  const { bavail, bsize } = await statfs(directory);
  const free = bavail * bsize;
  if (needed > free) {
    const mb = (bytes: number) => Math.ceil(bytes / 1024 / 1024);
    throw new BackupArchiveError(
      `The archive ${label} unpacks to ${mb(needed)} MB, and ${directory} has ${mb(free)} MB ` +
        "free. Free some space there (or point TMPDIR at a larger disk), then restore.",
    );
  }
}

/**
 * The second read: writes the listed entries only, each at most once and only when its tar
 * header gives its listed size, so an unlisted or larger entry is refused before a byte of it is
 * written. Returns what was written, for the hashes.
 */
async function extractListed(
  archivePath: string,
  directory: string,
  listed: Map<string, ListedEntry>,
  label: string,
): Promise<Map<string, ExtractedEntry>> {
  const entries = new Map<string, ExtractedEntry>();
  const writes: Promise<void>[] = [];
  const outputs = new Set<WriteStream>();
  try {
    await forEachEntry(archivePath, label, (entry) => {
      const name = entry.path;
      // Read by the first pass.
      if (name === MANIFEST_ENTRY || name === SIGNATURE_ENTRY) {
        entry.resume();
        return;
      }
      const want = listed.get(name);
      if (!want || !isRegular(entry)) {
        throw new BackupArchiveError(
          `The archive ${label} is damaged: it holds ${name}, which its manifest does not list.`,
        );
      }
      if (entries.has(name)) {
        throw new BackupArchiveError(`The archive ${label} is damaged: it holds ${name} twice.`);
      }
      if (entry.size !== want.size) {
        throw new BackupArchiveError(
          `The archive ${label} is damaged: ${name} differs from its manifest ` +
            `(${entry.size} bytes; expected ${want.size} bytes).`,
        );
      }
      const write = extractEntry(entry, path.join(directory, ...name.split("/")), entries, outputs);
      // Awaited below once the parse is through; a damaged archive stops it before, and the
      // write's own failure (its folder removed meanwhile) must not go unheard.
      write.catch(() => {});
      writes.push(write);
    });
    await Promise.all(writes);
  } finally {
    // After a refusal: no file left open in a folder about to be removed.
    for (const output of outputs) output.destroy();
  }
  return entries;
}

async function extractEntry(
  entry: ReadEntry,
  destination: string,
  entries: Map<string, ExtractedEntry>,
  outputs: Set<WriteStream>,
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
  outputs.add(out);
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
  outputs.delete(out);
  entries.set(name, { size, sha256: hash.digest("hex"), lines });
}

/** Every listed entry present, with its size, SHA-256 and rows. */
function checkEntries(
  listed: Map<string, ListedEntry>,
  entries: Map<string, ExtractedEntry>,
  label: string,
) {
  for (const [name, want] of listed) {
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
}
