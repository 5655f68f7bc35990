export interface ArchiveProgress {
  phase: "database" | "files" | "archive";
  done: number;
  total: number;
}
export type OnProgress = ((progress: ArchiveProgress) => void) | undefined;
