/**
 * The rule for every password the app sets (`user:create`, ADMIN_PASSWORD at start, better-auth's
 * own endpoints): 12 characters or more (issue #28, ASVS L2). Sign-in does not apply it, so an
 * older, shorter password keeps working until it is changed (decision 0276).
 */
export const MIN_PASSWORD_LENGTH = 12;

export const PASSWORD_TOO_SHORT_MESSAGE = `must be at least ${MIN_PASSWORD_LENGTH} characters`;

export class PasswordTooShortError extends Error {
  constructor() {
    super(`The password ${PASSWORD_TOO_SHORT_MESSAGE}.`);
    this.name = "PasswordTooShortError";
  }
}
