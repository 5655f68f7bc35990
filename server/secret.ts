import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * The secret that signs sessions and storage links: AUTH_SECRET when given, else one generated on
 * the first start and kept in DATA_DIR (mode 0600), so sessions survive restarts.
 */
export async function loadOrCreateSecret(dataDir: string): Promise<string> {
  const file = path.join(dataDir, "auth-secret");
  try {
    const existing = (await readFile(file, "utf8")).trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  // "wx" so two processes racing on a shared DATA_DIR cannot both write one.
  try {
    await writeFile(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return loadOrCreateSecret(dataDir);
    throw error;
  }
}
