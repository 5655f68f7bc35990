import { createHmac, timingSafeEqual } from "node:crypto";
import { isValidKey } from "@server/storage";
import { z } from "zod";
import { UPLOAD_BUCKETS } from "~/lib/values";

/** Identifies our archives: anything else is "not a backup of this site". */
export const ARCHIVE_FORMAT = "studio-backup";
/**
 * Format 2 (issue 28): the manifest comes first and is signed. Format 1 (manifest last, no
 * signature) is still read, as an unsigned archive.
 */
export const ARCHIVE_FORMAT_VERSION = 2;
const READABLE_FORMAT_VERSIONS = [1, 2] as const;
export const MANIFEST_ENTRY = "manifest.json";
/** HMAC-SHA256 (hex) of manifest.json's exact bytes, with the key `backupArchives`. */
export const SIGNATURE_ENTRY = "manifest.hmac";

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const count = z.number().int().nonnegative();
/** Table names become file names and quoted identifiers: plain lowercase names only. */
export const TABLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** The format check alone, so a foreign JSON file is told apart from a damaged manifest. */
export const manifestFormatSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  formatVersion: z.number().int(),
});

export const backupManifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  formatVersion: z.union(READABLE_FORMAT_VERSIONS.map((version) => z.literal(version))),
  createdAt: z.iso.datetime(),
  app: z.object({ version: z.string().min(1) }),
  source: z.object({
    driver: z.enum(["pglite", "postgres"]),
    storage: z.enum(["local", "s3"]),
  }),
  /** How many drizzle migrations the database had, and the tag of the last one. */
  schema: z.object({ migrations: count, tag: z.string() }),
  tables: z.record(z.string().regex(TABLE_NAME), z.object({ rows: count, bytes: count, sha256 })),
  files: z.array(
    z.object({
      bucket: z.enum(UPLOAD_BUCKETS),
      // A key names a file of the unpacked archive: no "..", no absolute path.
      key: z.string().min(1).refine(isValidKey),
      size: count,
      sha256,
      contentType: z.string().min(1),
    }),
  ),
});

export type BackupManifest = z.infer<typeof backupManifestSchema>;

export const isReadableFormat = (version: number) =>
  (READABLE_FORMAT_VERSIONS as readonly number[]).includes(version);

/**
 * The manifest's signature. It lists the size and SHA-256 of every entry, so signing it signs the
 * whole archive; keyed with a key derived from AUTH_SECRET, so recomputed hashes do not pass.
 */
export const signManifest = (manifest: Buffer, key: string): string =>
  createHmac("sha256", key).update(manifest).digest("hex");

export function isSignedBy(manifest: Buffer, signature: string, key: string): boolean {
  const expected = Buffer.from(signManifest(manifest, key));
  const given = Buffer.from(signature.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export const tableEntry = (table: string) => `db/${table}.jsonl`;
export const fileEntry = (bucket: string, key: string) => `files/${bucket}/${key}`;
