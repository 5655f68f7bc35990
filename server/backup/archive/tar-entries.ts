import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { PassThrough, type Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import { Parser, type ReadEntry } from "tar";
import { BackupArchiveError } from "./errors";

/** An archive file as gzip and tar (decision 0261): the two reads of read.ts go through here. */

/** The first bytes tell a gzip file apart from anything else before reading further. */
export async function refuseNonGzip(archivePath: string, label: string) {
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

/**
 * Every tar entry of the archive, in order, to `onEntry`, which may refuse one by throwing a
 * BackupArchiveError: the read stops there, and the rest of the archive is never unpacked.
 * `tap` sees the file's raw bytes. A gzip or tar failure becomes "truncated" or "damaged".
 */
export async function forEachEntry(
  archivePath: string,
  label: string,
  onEntry: (entry: ReadEntry) => void,
  tap: Transform = new PassThrough(),
): Promise<void> {
  try {
    await pipeline(createReadStream(archivePath), tap, createGunzip(), async (source) => {
      const parser = new Parser({ strict: true });
      const failed = new Promise<never>((_, reject) => parser.on("error", reject));
      failed.catch(() => {});
      // Listened to before end(): the parser may finish within that call.
      const ended = new Promise((resolve) => parser.once("end", resolve));
      // The parser may emit an entry outside any call of ours: a refusal is kept, then thrown.
      let refusal: unknown;
      parser.on("entry", (entry: ReadEntry) => {
        if (refusal === undefined) {
          try {
            onEntry(entry);
            return;
          } catch (error) {
            refusal = error;
          }
        }
        entry.resume();
      });
      for await (const chunk of source as AsyncIterable<Buffer>) {
        if (!parser.write(chunk)) {
          await Promise.race([new Promise((resolve) => parser.once("drain", resolve)), failed]);
        }
        if (refusal !== undefined) throw refusal;
      }
      parser.end();
      await Promise.race([ended, failed]);
      if (refusal !== undefined) throw refusal;
    });
  } catch (error) {
    throw damaged(label, error);
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

export const isRegular = (entry: ReadEntry) => entry.type === "File" || entry.type === "OldFile";
