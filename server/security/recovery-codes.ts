import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import type { Database } from "@server/db/client";
import { twoFactor } from "@server/db/schema";
import { symmetricDecrypt } from "better-auth/crypto";
import { and, eq, like, not } from "drizzle-orm";

/**
 * Recovery codes stored as salted hashes (issue #47 item 7, decision 0432). better-auth's twoFactor
 * plugin keeps a person's codes as one value in `two_factors.backup_codes`; it used to encrypt the
 * JSON list of the codes with the auth secret (about 60 bits each, readable by anyone holding the
 * database and the key). Now the value is a JSON list of `sha256$salt$hash` entries, one 128-bit
 * random salt each, through the plugin's own `storeBackupCodes` hooks:
 * - `storeRecoveryCodes` (its `encrypt`) hashes every plain code of the list it is given;
 * - `readRecoveryCodes` (its `decrypt`) answers the stored entries as they are (a list still in the
 *   old encrypted form is decrypted: its plain codes keep working, and are hashed on the next write);
 * - `matchingRecoveryCode` finds the entry a typed code hashes to; that entry is what the plugin is
 *   given to check and remove (`verifyCodeOnce`), so the plugin still consumes a code atomically.
 * `upgradeRecoveryCodes` hashes every list still in the old form at start.
 */

const HASHED = /^sha256\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/;
const ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
/** The plugin's format: 10 letters and digits, shown as two groups of five. */
const CODE_LENGTH = 10;
export const RECOVERY_CODE_COUNT = 10;

/** 10 new codes in the plugin's format (`abcde-12345`), from the system's CSPRNG. */
export function generateRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    let code = "";
    for (let i = 0; i < CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

function hashWith(salt: Buffer, code: string): Buffer {
  return createHash("sha256").update(salt).update(code, "utf8").digest();
}

function hashEntry(code: string): string {
  const salt = randomBytes(16);
  return `sha256$${salt.toString("base64url")}$${hashWith(salt, code).toString("base64url")}`;
}

/** The plugin's `encrypt` hook: the JSON list it is given, every plain code hashed. */
export async function storeRecoveryCodes(json: string): Promise<string> {
  const entries = JSON.parse(json) as unknown;
  if (!Array.isArray(entries)) throw new Error("recovery codes: a list was expected");
  return JSON.stringify(
    entries.map((entry) => {
      const text = String(entry);
      return HASHED.test(text) ? text : hashEntry(text);
    }),
  );
}

/** The plugin's `decrypt` hook: the stored JSON list of entries (an old encrypted list decrypted). */
export async function readRecoveryCodes(stored: string, secret: string): Promise<string> {
  return stored.startsWith("[") ? stored : symmetricDecrypt({ key: secret, data: stored });
}

function entriesOf(json: string): string[] {
  const parsed = JSON.parse(json) as unknown;
  return Array.isArray(parsed) ? parsed.map(String) : [];
}

/** Where the codes are: the database and better-auth's secret (for a list in the old form). */
export interface CodeStore {
  db: Database;
  secret: string;
}

async function storedEntries(store: CodeStore, userId: string): Promise<string[] | null> {
  const [row] = await store.db
    .select({ codes: twoFactor.backupCodes })
    .from(twoFactor)
    .where(eq(twoFactor.userId, userId))
    .limit(1);
  if (!row) return null;
  return entriesOf(await readRecoveryCodes(row.codes, store.secret));
}

/** The stored entry `code` matches for the person (a hash, or an old plain code), or null. */
export async function matchingRecoveryCode(
  store: CodeStore,
  userId: string,
  code: string,
): Promise<string | null> {
  const entries = await storedEntries(store, userId);
  if (!entries || !code) return null;
  let found: string | null = null;
  for (const entry of entries) {
    const [kind, salt, hash] = entry.split("$");
    const expected = HASHED.test(entry) ? Buffer.from(hash ?? "", "base64url") : Buffer.from(entry);
    const given = HASHED.test(entry)
      ? hashWith(Buffer.from(salt ?? "", "base64url"), code)
      : Buffer.from(code);
    if (kind && given.length === expected.length && timingSafeEqual(given, expected)) {
      found = entry;
    }
  }
  return found;
}

/** How many recovery codes the person has left (null without two-factor). */
export async function recoveryCodesLeft(store: CodeStore, userId: string): Promise<number | null> {
  return (await storedEntries(store, userId))?.length ?? null;
}

/** New codes for the person, their hashes stored (the old ones void); the plain codes, once. */
export async function replaceRecoveryCodes(store: CodeStore, userId: string): Promise<string[]> {
  const codes = generateRecoveryCodes();
  await store.db
    .update(twoFactor)
    .set({ backupCodes: await storeRecoveryCodes(JSON.stringify(codes)) })
    .where(eq(twoFactor.userId, userId));
  return codes;
}

/**
 * Hashes every list still stored in the old encrypted form (at start; two instances starting
 * together write the same kind of value, each only over the value it read). Returns how many.
 */
export async function upgradeRecoveryCodes(db: Database, secret: string): Promise<number> {
  const rows = await db
    .select({ id: twoFactor.id, codes: twoFactor.backupCodes })
    .from(twoFactor)
    .where(not(like(twoFactor.backupCodes, "[%")));
  let upgraded = 0;
  for (const row of rows) {
    const plain = await readRecoveryCodes(row.codes, secret).catch(() => null);
    if (plain === null) continue;
    const done = await db
      .update(twoFactor)
      .set({ backupCodes: await storeRecoveryCodes(plain) })
      .where(and(eq(twoFactor.id, row.id), eq(twoFactor.backupCodes, row.codes)))
      .returning({ id: twoFactor.id });
    upgraded += done.length;
  }
  return upgraded;
}
