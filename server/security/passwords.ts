import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The rule for every password the app sets (`user:create`, ADMIN_PASSWORD at start, an invitation,
 * a reset): 12 characters or more (issue #28, ASVS L2), 128 at most, and not one of the common passwords listed
 * in `common-passwords.txt` (issue #29, decision 0293). Sign-in does not apply it, so an older,
 * shorter password keeps working until it is changed (decision 0276).
 */
export const MIN_PASSWORD_LENGTH = 12;
/**
 * The one longest password (issue #47 item 13, decision 0433), for every path: setting one (an
 * invitation, a reset, "Change password", `user:create`, ADMIN_PASSWORD), better-auth's own
 * `maxPasswordLength`, and sign-in, which refuses a longer one before hashing it. 128 is
 * better-auth's default and twice ASVS 2.1.2's 64: room for any passphrase or manager.
 */
export const MAX_PASSWORD_LENGTH = 128;

export const PASSWORD_TOO_SHORT_MESSAGE = `must be at least ${MIN_PASSWORD_LENGTH} characters`;
export const PASSWORD_TOO_LONG_MESSAGE = `must be at most ${MAX_PASSWORD_LENGTH} characters`;
export const PASSWORD_TOO_COMMON_MESSAGE =
  "is one of the most common passwords, the first ones attackers try: choose another";

/** A password the rule refuses; the message says why ("The password must be…"). */
export class PasswordRefusedError extends Error {
  /** The reason alone, to follow a name: "must be at least 12 characters". */
  readonly reason: string;
  constructor(reason: string) {
    super(`The password ${reason}.`);
    this.name = "PasswordRefusedError";
    this.reason = reason;
  }
}

export class PasswordTooShortError extends PasswordRefusedError {
  constructor() {
    super(PASSWORD_TOO_SHORT_MESSAGE);
    this.name = "PasswordTooShortError";
  }
}

export class PasswordTooLongError extends PasswordRefusedError {
  constructor() {
    super(PASSWORD_TOO_LONG_MESSAGE);
    this.name = "PasswordTooLongError";
  }
}

/** Whether a password is longer than any the app sets (sign-in refuses it unhashed). */
export function isPasswordTooLong(password: string): boolean {
  return password.length > MAX_PASSWORD_LENGTH;
}

export class CommonPasswordError extends PasswordRefusedError {
  constructor() {
    super(PASSWORD_TOO_COMMON_MESSAGE);
    this.name = "CommonPasswordError";
  }
}

/** Why a new password is refused (the error to throw or whose message to show), or null. */
export function passwordProblem(password: string): PasswordRefusedError | null {
  if (password.length < MIN_PASSWORD_LENGTH) return new PasswordTooShortError();
  if (isPasswordTooLong(password)) return new PasswordTooLongError();
  if (isCommonPassword(password)) return new CommonPasswordError();
  return null;
}

/** Throws the rule's refusal of `password`, if any. */
export function assertPasswordAllowed(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw problem;
}

/**
 * Whether the password is on the shipped list, ignoring case ("Qwerty123456" is as weak as
 * "qwerty123456"). The list holds only entries of 12 characters or more: shorter ones are refused
 * by length already. Loaded once, on first use.
 */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= loadCommonPasswords();
  return commonPasswords.has(password.toLowerCase());
}

let commonPasswords: Set<string> | undefined;

/** `common-passwords.txt`, found upwards from this module (the source tree or any bundle chunk). */
function loadCommonPasswords(): Set<string> {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    for (const candidate of [
      path.join(dir, "common-passwords.txt"),
      path.join(dir, "server", "security", "common-passwords.txt"),
    ]) {
      if (existsSync(candidate)) {
        const lines = readFileSync(candidate, "utf8").split("\n");
        return new Set(lines.map((line) => line.trim()).filter(Boolean));
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("server/security/common-passwords.txt was not found");
    dir = parent;
  }
}
