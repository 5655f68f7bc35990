/**
 * Word documents checked by their structure, not only their first bytes (decision 0142): file-type
 * calls any OLE compound file "cfb" (installers, Excel, Outlook items…) and any Office zip whose
 * manifest says Word "docx". A .doc must have a `WordDocument` stream at its root and no macros;
 * a .docx must hold `word/document.xml`. Reads only the directories, never the content.
 */

const CFB_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const END_OF_CHAIN = 0xfffffffe;
const NO_STREAM = 0xffffffff;
const DIRECTORY_ENTRY = 128;
/** Directory sectors read at most (4,096 entries): a real .doc has a few dozen. */
const MAX_DIRECTORY_SECTORS = 1024;

export type WordCheck = "word" | "macros" | "other";

/** The names of the root storage's children in an OLE compound file, or null if malformed. */
function cfbRootChildren(bytes: Uint8Array): Map<string, number> | null {
  if (bytes.byteLength < 512 || CFB_SIGNATURE.some((b, i) => bytes[i] !== b)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const shift = view.getUint16(0x1e, true);
  if (shift !== 9 && shift !== 12) return null;
  const sectorSize = 1 << shift;
  const sectorAt = (n: number) => (n + 1) * sectorSize;
  const u32 = (offset: number) =>
    offset + 4 <= bytes.byteLength ? view.getUint32(offset, true) : NO_STREAM;

  // The FAT's own sectors: the first 109 are listed in the header, the rest in DIFAT sectors.
  const fatSectors: number[] = [];
  const fatCount = u32(0x2c);
  for (let i = 0; i < Math.min(109, fatCount); i++) fatSectors.push(u32(0x4c + i * 4));
  let difat = u32(0x44);
  const perDifat = sectorSize / 4 - 1;
  for (let hops = 0; fatSectors.length < fatCount && difat < END_OF_CHAIN; hops++) {
    if (hops > 1024) return null;
    for (let i = 0; i < perDifat && fatSectors.length < fatCount; i++) {
      fatSectors.push(u32(sectorAt(difat) + i * 4));
    }
    difat = u32(sectorAt(difat) + perDifat * 4);
  }
  const next = (sector: number) => {
    const perFat = sectorSize / 4;
    const fat = fatSectors[Math.floor(sector / perFat)];
    return fat === undefined ? NO_STREAM : u32(sectorAt(fat) + (sector % perFat) * 4);
  };

  // The directory: a chain of sectors of 128-byte entries.
  const entries: number[] = [];
  let sector = u32(0x30);
  for (let hops = 0; sector < END_OF_CHAIN; hops++) {
    if (hops >= MAX_DIRECTORY_SECTORS || sectorAt(sector) + sectorSize > bytes.byteLength) {
      return null;
    }
    for (let i = 0; i < sectorSize / DIRECTORY_ENTRY; i++) {
      entries.push(sectorAt(sector) + i * DIRECTORY_ENTRY);
    }
    sector = next(sector);
  }
  const root = entries[0];
  if (root === undefined || bytes[root + 0x42] !== 5) return null;

  // The root's children form a tree through their left and right sibling ids.
  const children = new Map<string, number>();
  const pending = [u32(root + 0x4c)];
  while (pending.length > 0) {
    const id = pending.pop() ?? NO_STREAM;
    const entry = entries[id];
    if (id === NO_STREAM || entry === undefined) continue;
    const nameBytes = Math.min(64, view.getUint16(entry + 0x40, true));
    const name = new TextDecoder("utf-16le")
      .decode(bytes.subarray(entry, entry + Math.max(0, nameBytes - 2)))
      .toLowerCase();
    if (children.has(name)) continue;
    children.set(name, bytes[entry + 0x42] ?? 0);
    pending.push(u32(entry + 0x44), u32(entry + 0x48));
  }
  return children;
}

/** A legacy .doc: an OLE compound file with a `WordDocument` stream at its root, no macros. */
export function checkWordBinary(bytes: Uint8Array): WordCheck {
  const children = cfbRootChildren(bytes);
  if (children?.get("worddocument") !== 2) return "other";
  return children.has("macros") || children.has("_vba_project_cur") ? "macros" : "word";
}

/** The entry names of a zip's central directory (at most `limit`), or null if malformed. */
function zipEntryNames(bytes: Uint8Array, limit = 10_000): string[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end-of-central-directory record sits in the last 22 bytes plus a comment of up to 64 KB.
  let end = -1;
  for (let i = bytes.byteLength - 22; i >= Math.max(0, bytes.byteLength - 22 - 65_535); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end === -1) return null;
  const count = Math.min(view.getUint16(end + 10, true), limit);
  let offset = view.getUint32(end + 16, true);
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    if (offset + 46 > bytes.byteLength || view.getUint32(offset, true) !== 0x02014b50) return null;
    const nameLength = view.getUint16(offset + 28, true);
    const extra = view.getUint16(offset + 30, true);
    const comment = view.getUint16(offset + 32, true);
    names.push(new TextDecoder().decode(bytes.subarray(offset + 46, offset + 46 + nameLength)));
    offset += 46 + nameLength + extra + comment;
  }
  return names;
}

/** A .docx: a zip holding `word/document.xml` (and no VBA project). */
export function checkWordZip(bytes: Uint8Array): WordCheck {
  const names = zipEntryNames(bytes);
  if (!names?.includes("word/document.xml")) return "other";
  return names.some((name) => name.toLowerCase().endsWith("vbaproject.bin")) ? "macros" : "word";
}
