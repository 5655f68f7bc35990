import { createHash } from "node:crypto";
import { open } from "node:fs/promises";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { crc32, createDeflateRaw } from "node:zlib";

/**
 * The gzip framing of an archive, written so that every byte of the file is checked on restore
 * (decision 0240). gzip's own CRC-32 covers the uncompressed bytes only: the header's mtime, flags
 * and OS bytes, and the padding bits of the last compressed byte, could change unnoticed. So the
 * header is fixed, and carries in an extra field ("SH") the SHA-256 of everything after it (the
 * compressed data and the trailer). Any gzip reader still reads the file.
 */
export const GZIP_HEADER_PREFIX = Buffer.from([
  0x1f,
  0x8b,
  0x08,
  0x04, // magic, deflate, FEXTRA
  0,
  0,
  0,
  0,
  0x00,
  0xff, // no mtime, no extra flags, OS unknown
  36,
  0,
  0x53,
  0x48,
  32,
  0, // extra field of 36 bytes: subfield "SH" of 32 bytes
]);
export const GZIP_HEADER_LENGTH = GZIP_HEADER_PREFIX.length + 32;

/** Compresses `source` into a new file `output` (refused if it exists) with that framing. */
export async function writeGzipFile(
  output: string,
  source: AsyncIterable<Buffer> | NodeJS.ReadableStream,
  onChunk?: (bytes: number) => void,
): Promise<void> {
  const file = await open(output, "wx", 0o600);
  try {
    await file.write(Buffer.alloc(GZIP_HEADER_LENGTH), 0, GZIP_HEADER_LENGTH, 0);
    const hash = createHash("sha256");
    let crc = 0;
    let length = 0;
    let position = GZIP_HEADER_LENGTH;
    await pipeline(
      source,
      new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          crc = crc32(chunk, crc);
          length += chunk.length;
          onChunk?.(chunk.length);
          callback(null, chunk);
        },
      }),
      createDeflateRaw(),
      async (compressed: AsyncIterable<Buffer>) => {
        for await (const chunk of compressed) {
          hash.update(chunk);
          await file.write(chunk, 0, chunk.length, position);
          position += chunk.length;
        }
      },
    );
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc >>> 0, 0);
    trailer.writeUInt32LE(length % 2 ** 32, 4);
    hash.update(trailer);
    await file.write(trailer, 0, trailer.length, position);
    const header = Buffer.concat([GZIP_HEADER_PREFIX, hash.digest()]);
    await file.write(header, 0, header.length, 0);
    await file.sync();
  } finally {
    await file.close();
  }
}

/**
 * Passes the file's bytes through, keeping its header and hashing everything after it, for the
 * reader to compare with the header's SHA-256 once the archive is known to be one of ours.
 */
export class GzipFrameTap extends Transform {
  header = Buffer.alloc(0);
  readonly #hash = createHash("sha256");

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: () => void) {
    const missing = GZIP_HEADER_LENGTH - this.header.length;
    if (missing > 0) this.header = Buffer.concat([this.header, chunk.subarray(0, missing)]);
    this.#hash.update(missing > 0 ? chunk.subarray(missing) : chunk);
    this.push(chunk);
    callback();
  }

  /** What is wrong with the frame, or null when every byte is as written. */
  problem(): string | null {
    if (!this.header.subarray(0, GZIP_HEADER_PREFIX.length).equals(GZIP_HEADER_PREFIX)) {
      return "its gzip header was altered";
    }
    if (!this.header.subarray(GZIP_HEADER_PREFIX.length).equals(this.#hash.digest())) {
      return "its bytes differ from the SHA-256 written in its header";
    }
    return null;
  }
}
