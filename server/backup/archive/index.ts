export { BackupArchiveError } from "./errors";
export {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  type BackupManifest,
  backupManifestSchema,
} from "./manifest";
export type { ArchiveProgress } from "./progress";
export { type RestoreOptions, restoreBackupArchive } from "./restore";
export {
  type BackupSources,
  type WriteArchiveOptions,
  type WrittenArchive,
  writeBackupArchive,
} from "./write";
