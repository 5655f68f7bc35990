import { z } from "zod";
import { UPLOAD_BUCKETS } from "~/lib/values";

/** Identifies our archives: anything else is "not a backup of this site". */
export const ARCHIVE_FORMAT = "studio-backup";
export const ARCHIVE_FORMAT_VERSION = 1;
export const MANIFEST_ENTRY = "manifest.json";

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
  formatVersion: z.literal(ARCHIVE_FORMAT_VERSION),
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
      key: z.string().min(1),
      size: count,
      sha256,
      contentType: z.string().min(1),
    }),
  ),
});

export type BackupManifest = z.infer<typeof backupManifestSchema>;

export const tableEntry = (table: string) => `db/${table}.jsonl`;
export const fileEntry = (bucket: string, key: string) => `files/${bucket}/${key}`;
