import { chmod, lstat, mkdir, readdir, realpath, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ConfigError } from "./config";

/**
 * DATA_DIR holds the database, visitors' files and mail, the auth secret and the backups: it is
 * the server's user's alone (decision 0260). Folders 0700, files 0600.
 */
const FOLDER_MODE = 0o700;
const FILE_MODE = 0o600;

/**
 * Called first by every entry point that uses DATA_DIR (the runtime, restore, user:create):
 * sets the process's umask so that whatever it creates is owner-only, creates DATA_DIR, refuses
 * a shared folder (/tmp) and one that another user owns, and makes everything already in it
 * owner-only. Returns how many
 * files and folders had other modes (the caller logs it).
 */
export async function claimDataDir(dataDir: string): Promise<number> {
  process.umask(0o077);
  await mkdir(dataDir, { recursive: true, mode: FOLDER_MODE });
  const { uid: owner, mode } = await stat(dataDir);
  // A folder every user may write to (like /tmp) holds others' files too: never walked.
  if (mode & 0o1000) {
    throw new ConfigError([
      `DATA_DIR ${dataDir} is a folder shared by all users (sticky bit, like /tmp). Give the ` +
        "server a folder of its own inside it.",
    ]);
  }
  const uid = process.getuid?.();
  if (uid !== undefined && owner !== uid) {
    throw new ConfigError([
      `DATA_DIR ${dataDir} belongs to uid ${owner}, not to ${processUser()}, who runs this ` +
        "server: the database and files in it are its owner's alone. Run the server as that " +
        "user, or give it a DATA_DIR of its own (or hand this one over with chown -R).",
    ]);
  }
  return makeOwnerOnly(dataDir);
}

/**
 * Folders 0700 and files 0600 under `directory` (itself included); symbolic links below it are
 * left alone, never followed. Returns how many had to change. Also used after PGlite opens: it sets
 * the modes of the files it creates itself (0666), whatever the umask.
 */
export async function makeOwnerOnly(directory: string): Promise<number> {
  let changed = 0;
  const visit = async (target: string) => {
    const stats = await lstat(target);
    if (stats.isSymbolicLink()) return;
    const wanted = stats.isDirectory() ? FOLDER_MODE : FILE_MODE;
    if ((stats.mode & 0o777) !== wanted) {
      try {
        await chmod(target, wanted);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EPERM") throw error;
        throw new ConfigError([
          `${target} in DATA_DIR belongs to uid ${stats.uid}, not to ${processUser()}: its ` +
            "modes cannot be made owner-only. Hand DATA_DIR and everything in it to the " +
            "server's user (chown -R).",
        ]);
      }
      changed++;
    }
    if (stats.isDirectory()) {
      for (const name of await readdir(target)) await visit(path.join(target, name));
    }
  };
  // DATA_DIR itself may be a link to the real folder: that folder is the one to protect.
  await visit(await realpath(directory));
  return changed;
}

/** "user studio (uid 1000)", for messages. */
function processUser(): string {
  const { username, uid } = os.userInfo();
  return `user ${username} (uid ${uid})`;
}
