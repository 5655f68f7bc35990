import { mkdir, stat } from "node:fs/promises";
import { createServer } from "node:net";
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
 * Takes the one-process lock on DATA_DIR that guards the embedded database; returns the release
 * function. On Linux the lock is a listening socket in the abstract namespace, named after the
 * directory's device and inode: the kernel frees the name the moment the process dies, however it
 * dies, so a supervisor's immediate restart after `kill -9` gets it (decision 0004). Elsewhere
 * (a developer's macOS) a refreshed lock file that goes stale 10 s after its process died.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  return process.platform === "linux" ? lockWithSocket(dataDir) : lockWithFile(dataDir);
}

async function lockWithSocket(dataDir: string): Promise<() => Promise<void>> {
  const { dev, ino } = await stat(dataDir, { bigint: true });
  const server = createServer((connection) => connection.destroy());
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(`\0northlight-data-dir-${dev}-${ino}`, resolve);
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") {
      throw new DataDirLockedError(dataDir);
    }
    throw error;
  }
  // Held for the process's life, but never what keeps it alive.
  server.unref();
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

async function lockWithFile(dataDir: string): Promise<() => Promise<void>> {
  const staleMs = 10_000;
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: path.join(dataDir, "server.lock"),
      stale: staleMs,
      update: staleMs / 2,
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
