import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from "~/lib/values";

/** What the staff screen (/admin/staff) shows. Browser-safe. */

export const STAFF_PATH = "/admin/staff";

/** An account's status on the staff screen. */
export const STAFF_STATUSES = ["active", "invited", "deactivated"] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];
export const STAFF_STATUS_LABELS: Record<StaffStatus, string> = {
  active: "Active",
  invited: "Invited",
  deactivated: "Deactivated",
};

/** One account as the staff screen lists it. */
export interface StaffRow {
  id: string;
  name: string;
  email: string;
  role: StaffRole | null;
  status: StaffStatus;
  lastSignInAt: Date | null;
  /** While invited: when the open invitation's link expires; null when none is open. */
  invitationExpiresAt: Date | null;
  /** The only active admin: the screen offers no demotion, deactivation or removal. */
  lastActiveAdmin: boolean;
}

/** The roles a person may be given, for the invitation's and each row's select. */
export const STAFF_ROLE_OPTIONS = STAFF_ROLES.map((value) => ({
  value,
  label: STAFF_ROLE_LABELS[value],
}));

/** What the removal's confirmation says follows the account's address. */
export const REMOVE_CONSEQUENCE =
  "will no longer be able to sign in, and the account is deleted. This cannot be undone.";

/** What the deactivation's confirmation says follows the account's address (issue #47). */
export const DEACTIVATE_CONSEQUENCE =
  "is signed out everywhere and can no longer sign in; open invitation and reset links end. You can reactivate the account later.";

/** The one answer to a password-reset request, whether the address has an account or not. */
export const RESET_ANSWER = "If an account exists for that address, we've sent a link.";

/**
 * A session's browser as "Firefox on macOS", from its user agent: enough to tell one's own
 * sessions apart on /admin/account.
 */
export function describeBrowser(userAgent: string | null): string {
  if (!userAgent) return "Unknown browser";
  const browser =
    [
      [/Edg\//, "Edge"],
      [/OPR\//, "Opera"],
      [/Firefox\//, "Firefox"],
      [/HeadlessChrome\//, "Headless Chrome"],
      [/Chrome\//, "Chrome"],
      [/Safari\//, "Safari"],
    ].find(([pattern]) => (pattern as RegExp).test(userAgent))?.[1] ?? "Unknown browser";
  const system =
    [
      [/iPhone|iPad/, "iOS"],
      [/Android/, "Android"],
      [/Windows/, "Windows"],
      [/Mac OS X|Macintosh/, "macOS"],
      [/CrOS/, "ChromeOS"],
      [/Linux/, "Linux"],
    ].find(([pattern]) => (pattern as RegExp).test(userAgent))?.[1] ?? null;
  return system ? `${browser} on ${system}` : String(browser);
}

/** What /admin/account says (issue #29 item 4). */
export const ACCOUNT_MESSAGES = {
  wrongPassword: "The current password is not correct.",
  passwordChanged: "Password changed. Your other sessions have ended.",
  sessionEnded: "Session ended.",
  othersEnded: "Every other session has ended.",
  sessionMissing: "That session has already ended.",
  badCode: "That code is not valid. Enter the current 6-digit code from your authenticator app.",
  /** A code of a time step already used (issue #47: a code works once). */
  codeUsed: "That code has already been used. Wait for the next one in your authenticator app.",
  /** Turning two-factor off asks for a code (or a recovery code) as well as the password. */
  offCode: "Enter the current code from your authenticator app, or one of your recovery codes.",
  tooMany: "Too many tries. Please wait a few minutes and try again.",
  twoFactorOn: "Two-factor authentication is on.",
  twoFactorOff: "Two-factor authentication is off.",
  twoFactorFailed: "Two-factor authentication could not be changed. Please try again.",
  required: "Two-factor authentication is required for all staff: turn it on to continue.",
  recoveryCodesRegenerated:
    "New recovery codes made. The old ones no longer work: keep these somewhere safe now.",
} as const;

/**
 * What the three passkey routes (add, sign in, confirm) answer the browser's script: the options of
 * step one, or where to go (`redirectTo`, or `confirm` for the step-up first), or `error`.
 */
export interface CeremonyReply {
  options?: unknown;
  redirectTo?: string;
  ok?: boolean;
  error?: string;
  /** Where to confirm the password first, when the step-up's 10 minutes have passed. */
  confirm?: string;
}

/** Passkeys on the account page and the sign-in page (decision 0304). */
export const PASSKEY_MESSAGES = {
  added: "Passkey added.",
  removed: "Passkey removed.",
  missing: "That passkey has already been removed.",
  addFailed: "The passkey could not be added. Please try again.",
  cancelled: "The passkey prompt was closed or timed out. Please try again.",
  confirmFirst: "Confirm it's you first: adding a passkey needs your password again.",
  signInFailed: "That passkey could not sign you in. Try again, or sign in with your password.",
  tooMany: "Too many sign-in attempts. Please wait a few minutes and try again.",
  confirmFailed: "That passkey could not confirm it's you. Try again, or use your password.",
  unsupported:
    "Passkeys need JavaScript and a browser that supports them (WebAuthn). Without them, use your password and two-factor code.",
} as const;
