import { statfs } from "node:fs/promises";
import type { Config } from "@server/config";

/**
 * Free space where local storage and the embedded database live (DATA_DIR). Visitors' uploads
 * must never fill that disk: when space is low, unclaimed uploads go early; when it is critical,
 * new uploads are refused (decision 0141). S3 storage does not share the disk: always "ok".
 */

export type DiskState = "ok" | "low" | "critical";

export const DISK_FULL_MESSAGE =
  "Uploads are paused for a while. Please try again later, or email us the files directly.";

const MB = 1024 * 1024;

export async function diskState(
  config: Pick<Config, "STORAGE_DRIVER" | "DATA_DIR" | "DISK_LOW_MB" | "DISK_CRITICAL_MB">,
): Promise<DiskState> {
  if (config.STORAGE_DRIVER !== "local") return "ok";
  let free: number;
  try {
    const stats = await statfs(config.DATA_DIR);
    free = stats.bavail * stats.bsize;
  } catch {
    return "ok";
  }
  if (free < config.DISK_CRITICAL_MB * MB) return "critical";
  if (free < config.DISK_LOW_MB * MB) return "low";
  return "ok";
}
