import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

/** Real files of each accepted kind, and impostors, for upload tests. */

export const fixtures = path.resolve(import.meta.dirname, "../fixtures");

export const pdfBytes = () =>
  new TextEncoder().encode(
    "%PDF-1.4\n1 0 obj<< /Type /Catalog /Pages 2 0 R >>endobj\n2 0 obj<< /Type /Pages /Kids [] /Count 0 >>endobj\ntrailer<< /Root 1 0 R >>\n%%EOF\n",
  );

/** A real Word 2007+ document (zip with word/document.xml). */
export const docxBytes = () => new Uint8Array(readFileSync(path.join(fixtures, "resume.docx")));

/** The header of an OLE compound file (legacy .doc), padded to one sector. */
export const docBytes = () => {
  const bytes = new Uint8Array(1024);
  bytes.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  return bytes;
};

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
