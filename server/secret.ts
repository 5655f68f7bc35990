import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { ConfigError } from "./config";

const MIN_LENGTH = 32;

/**
 * The root secret the per-use keys are derived from (server/keys.ts): AUTH_SECRET when given, else
 * one generated on the first start and kept in DATA_DIR (mode 0600), so sessions survive restarts.
 * A file too short to be a secret is a configuration error, never silently replaced.
 */
export async function loadOrCreateSecret(dataDir: string): Promise<string> {
  const file = path.join(dataDir, "auth-secret");
  const existing = await readSecretFile(file);
  if (existing !== null) return existing;
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  // "wx" so two processes racing on a shared DATA_DIR cannot both write one: the loser reads it.
  try {
    await writeFile(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const written = await readSecretFile(file);
    if (written === null) throw tooShort(file);
    return written;
  }
}

/** The file's secret, or null when there is no file; a short one throws. */
async function readSecretFile(file: string): Promise<string | null> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  const secret = text.trim();
  if (secret.length < MIN_LENGTH) throw tooShort(file);
  return secret;
}

function tooShort(file: string): ConfigError {
  return new ConfigError([
    `${file}: the auth secret in this file is shorter than ${MIN_LENGTH} characters. ` +
      "Delete the file to have a new one generated at the next start (this signs everyone out " +
      `and expires signed links), or set AUTH_SECRET to a secret of ${MIN_LENGTH} characters or more.`,
  ]);
}
