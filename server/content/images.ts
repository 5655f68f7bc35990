import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import type { StorageDriver } from "@server/storage/types";
import {
  isVariantSource,
  VARIANT_FORMATS,
  VARIANT_WIDTHS,
  type VariantFormat,
} from "~/lib/listings/images";

/**
 * Responsive image variants (decision 0034): `/img/{format}/{width}/{source}` is the source image
 * resized to `width` (never enlarged) and encoded as AVIF, WebP or JPEG. Variants are made on the
 * first request with sharp and kept on disk under DATA_DIR/cache/images, so each one costs its
 * encoding once per instance. Sources are our public files (/media/…) and the public image bucket
 * (/files/portfolio-images/…). SVG sources only become JPEG (Open Graph images): on pages they are
 * served as they are, being smaller than any raster of them.
 */

export const IMAGE_CONTENT_TYPES: Record<VariantFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpeg: "image/jpeg",
};

const MAX_SOURCE_BYTES = 25 * 1024 * 1024;

export interface VariantRequest {
  format: string | undefined;
  width: string | undefined;
  /** The source path, with its leading slash. */
  src: string;
}

export interface ImageVariantOptions {
  /** Where the variants are kept (DATA_DIR/cache/images). */
  cacheDir: string;
  /** Folders holding the public files, first match wins (build/client, then public). */
  publicDirs: string[];
  storage: Pick<StorageDriver, "get">;
}

export type ImageVariant =
  | { status: "ok"; body: Buffer; contentType: string; immutable: boolean }
  | { status: "not-found" };

/** Encodings running now, by cache file: concurrent requests for one variant share the work. */
const inFlight = new Map<string, Promise<Buffer | null>>();
/** One encoding at a time per process: sharp is CPU-bound and pages must stay fast meanwhile. */
let queue: Promise<unknown> = Promise.resolve();

function parse(request: VariantRequest): { format: VariantFormat; width: number } | null {
  const format = VARIANT_FORMATS.find((f) => f === request.format);
  const width = Number(request.width);
  if (!format || !VARIANT_WIDTHS.some((w) => w === width)) return null;
  if (!isVariantSource(request.src)) return null;
  if (request.src.toLowerCase().endsWith(".svg") && format !== "jpeg") return null;
  return { format, width };
}

/** The source bytes and a version string (changes when the file does), or null. */
async function readSource(
  src: string,
  options: ImageVariantOptions,
): Promise<{ bytes: Buffer; version: string; immutable: boolean } | null> {
  if (src.startsWith("/media/")) {
    for (const dir of options.publicDirs) {
      const file = path.join(dir, src);
      if (!file.startsWith(path.join(dir, "media") + path.sep)) return null;
      const info = await stat(file).catch(() => null);
      if (!info?.isFile() || info.size > MAX_SOURCE_BYTES) continue;
      return {
        bytes: await readFile(file),
        version: `${info.size}-${info.mtimeMs}`,
        immutable: false,
      };
    }
    return null;
  }
  const key = src.slice("/files/portfolio-images/".length);
  const object = await options.storage.get("portfolio-images", key).catch(() => null);
  if (!object || object.size > MAX_SOURCE_BYTES) {
    object?.stream.destroy();
    return null;
  }
  // Upload keys are random and never reused: the key is the version.
  return { bytes: await toBuffer(object.stream), version: "upload", immutable: true };
}

async function toBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > MAX_SOURCE_BYTES) {
      stream.destroy();
      throw new Error("image source too large");
    }
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

async function encode(
  source: Buffer,
  isSvg: boolean,
  width: number,
  format: VariantFormat,
): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  // Render a vector at the target width rather than rasterising big and scaling down.
  const image = sharp(source, isSvg ? { density: 96 } : { animated: false }).rotate();
  const resized = image.resize({ width, withoutEnlargement: !isSvg });
  if (format === "avif") return resized.avif({ quality: 50, effort: 2 }).toBuffer();
  if (format === "webp") return resized.webp({ quality: 74 }).toBuffer();
  return resized.flatten({ background: "#0b0b0c" }).jpeg({ quality: 78, mozjpeg: true }).toBuffer();
}

/** Finds or makes a variant. Unknown formats, widths or sources are `not-found`. */
export async function getImageVariant(
  request: VariantRequest,
  options: ImageVariantOptions,
): Promise<ImageVariant> {
  const parsed = parse(request);
  if (!parsed) return { status: "not-found" };
  const source = await readSource(request.src, options);
  if (!source) return { status: "not-found" };

  const hash = createHash("sha256")
    .update(`${request.src}\n${source.version}\n${parsed.width}`)
    .digest("hex")
    .slice(0, 32);
  const file = path.join(options.cacheDir, hash.slice(0, 2), `${hash}.${parsed.format}`);
  const contentType = IMAGE_CONTENT_TYPES[parsed.format];
  if (existsSync(file)) {
    return { status: "ok", body: await readFile(file), contentType, immutable: source.immutable };
  }

  let pending = inFlight.get(file);
  if (!pending) {
    const isSvg = request.src.toLowerCase().endsWith(".svg");
    const run = queue.then(async () => {
      const body = await encode(source.bytes, isSvg, parsed.width, parsed.format).catch(() => null);
      if (body) {
        await mkdir(path.dirname(file), { recursive: true });
        // Write then rename: a reader never sees half a file.
        const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
        await writeFile(temporary, body);
        await rename(temporary, file);
      }
      return body;
    });
    queue = run.catch(() => {});
    pending = run.finally(() => inFlight.delete(file));
    inFlight.set(file, pending);
  }
  const body = await pending;
  // A source sharp can not read (not an image after all) is treated as missing.
  return body
    ? { status: "ok", body, contentType, immutable: source.immutable }
    : { status: "not-found" };
}
