import { readFileSync } from "node:fs";
import path from "node:path";
import type { StorageDriver } from "@server/storage";
import sharp from "sharp";
import type { UploadBucket } from "~/lib/values";

/** Real files of each accepted kind, and impostors, for upload tests. */

export const fixtures = path.resolve(import.meta.dirname, "../fixtures");

export const pdfBytes = () =>
  new TextEncoder().encode(
    "%PDF-1.4\n1 0 obj<< /Type /Catalog /Pages 2 0 R >>endobj\n2 0 obj<< /Type /Pages /Kids [] /Count 0 >>endobj\ntrailer<< /Root 1 0 R >>\n%%EOF\n",
  );

/** A real Word 2007+ document (zip with word/document.xml). */
export const docxBytes = () => new Uint8Array(readFileSync(path.join(fixtures, "resume.docx")));

/**
 * A minimal OLE compound file (512-byte sectors: header, one FAT sector, one directory sector)
 * whose root holds the given entries (type 2 a stream, 1 a storage), empty of content.
 */
export const oleBytes = (entries: [name: string, type: 1 | 2][]) => {
  if (entries.length > 3) throw new Error("one directory sector holds the root and 3 entries");
  const bytes = new Uint8Array(512 * 3);
  const view = new DataView(bytes.buffer);
  const none = 0xffffffff;
  bytes.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  view.setUint16(0x18, 0x3e, true);
  view.setUint16(0x1a, 3, true);
  view.setUint16(0x1c, 0xfffe, true);
  view.setUint16(0x1e, 9, true);
  view.setUint16(0x20, 6, true);
  view.setUint32(0x2c, 1, true); // one FAT sector
  view.setUint32(0x30, 1, true); // the directory in sector 1
  view.setUint32(0x38, 4096, true);
  view.setUint32(0x3c, 0xfffffffe, true);
  view.setUint32(0x44, 0xfffffffe, true);
  for (let i = 0; i < 109; i++) view.setUint32(0x4c + i * 4, i === 0 ? 0 : none, true);
  // The FAT (sector 0): itself, then the directory's one-sector chain.
  for (let i = 0; i < 128; i++) view.setUint32(512 + i * 4, none, true);
  view.setUint32(512, 0xfffffffd, true);
  view.setUint32(516, 0xfffffffe, true);
  const entry = (id: number, name: string, type: number, right: number, child: number) => {
    const at = 1024 + id * 128;
    for (let i = 0; i < name.length; i++) view.setUint16(at + i * 2, name.charCodeAt(i), true);
    view.setUint16(at + 0x40, name ? (name.length + 1) * 2 : 0, true);
    bytes[at + 0x42] = type;
    view.setUint32(at + 0x44, none, true);
    view.setUint32(at + 0x48, right, true);
    view.setUint32(at + 0x4c, child, true);
    view.setUint32(at + 0x74, 0xfffffffe, true);
  };
  entry(0, "Root Entry", 5, none, entries.length > 0 ? 1 : none);
  entries.forEach(([name, type], i) => {
    entry(i + 1, name, type, i + 2 <= entries.length ? i + 2 : none, none);
  });
  for (let id = entries.length + 1; id < 4; id++) entry(id, "", 0, none, none);
  return bytes;
};

/** A legacy Word document (.doc): an OLE compound file with a WordDocument stream. */
export const docBytes = () =>
  oleBytes([
    ["WordDocument", 2],
    ["1Table", 2],
    ["\u0005SummaryInformation", 2],
  ]);

export const pngBytes = async (width = 8, height = 8) =>
  new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: "#ff5a1f" } })
      .png()
      .toBuffer(),
  );

export const textBytes = () => new TextEncoder().encode("Shot list\n- hero at golden hour\n");

/** A Windows executable's header ("MZ"): what a renamed .exe looks like. */
export const exeBytes = () => {
  const bytes = new Uint8Array(512);
  bytes.set([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0xff, 0xff]);
  return bytes;
};

/** A valid PDF padded past `size` bytes. */
export const largePdfBytes = (size: number) => {
  const head = pdfBytes();
  const bytes = new Uint8Array(size);
  bytes.set(head);
  bytes.fill(0x20, head.length);
  return bytes;
};

/**
 * A stored object's metadata, or null when it is missing; its stream is closed unread (one left
 * open holds a file handle until garbage collection).
 */
export async function storedObject(storage: StorageDriver, bucket: UploadBucket, key: string) {
  const object = await storage.get(bucket, key);
  object?.stream.destroy();
  return object && { size: object.size, contentType: object.contentType };
}
