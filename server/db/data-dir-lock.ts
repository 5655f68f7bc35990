import { mkdir } from "node:fs/promises";
import path from "node:path";
import lockfile from "proper-lockfile";

export class DataDirLockedError extends Error {
  constructor(readonly dataDir: string) {
    super(
      `Another server is already using DATA_DIR ${dataDir} (its embedded database allows one ` +
        "process). Stop that server first, or give this one its own DATA_DIR, or use DATABASE_URL.",
    );
    this.name = "DataDirLockedError";
  }
}

/**
 * Takes the one-process lock on DATA_DIR that guards the embedded database. The lock file is
 * refreshed while held; one left by a killed process goes stale after `staleMs`.
 * Returns the release function.
 */
export async function lockDataDir(dataDir: string, staleMs = 10_000): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: path.join(dataDir, "server.lock"),
      stale: staleMs,
      update: Math.max(1_000, Math.floor(staleMs / 2)),
      realpath: false,
      // A lost lock (the file removed or stolen) must stop writes, not crash silently later.
      onCompromised: (error) => {
        console.error(`DATA_DIR lock lost: ${error.message}`);
        process.exit(1);
      },
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ELOCKED") throw new DataDirLockedError(dataDir);
    throw error;
  }
}
