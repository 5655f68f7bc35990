import { passkey as passkeyPlugin } from "@better-auth/passkey";
import type { Database } from "@server/db/client";
import { account, passkey, session, twoFactor, user, verification } from "@server/db/schema";
import {
  assertPasswordAllowed,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
} from "@server/security/passwords";
import {
  generateRecoveryCodes,
  RECOVERY_CODE_COUNT,
  readRecoveryCodes,
  storeRecoveryCodes,
} from "@server/security/recovery-codes";
import { PASSWORD_LINKS } from "@server/security/single-use-links";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import { verifyPassword } from "better-auth/crypto";
import { admin, twoFactor as twoFactorPlugin } from "better-auth/plugins";
import { studio } from "~/copy/studio";
import type { StaffRole } from "~/lib/values";

const HOUR_SECONDS = 60 * 60;
/** The longest a session in use goes without its expiry being pushed back (one write at most). */
const SESSION_RENEWAL_SECONDS = 5 * 60;

export interface AuthOptions {
  db: Database;
  siteUrl: string;
  /** The sessions key derived from AUTH_SECRET (server/keys.ts), not the root secret. */
  secret: string;
  /**
   * A session unused this long ends (SESSION_IDLE_HOURS). The absolute lifetime,
   * SESSION_MAX_HOURS, is checked in admin-access.ts: better-auth has none (decision 0276).
   */
  sessionIdleHours: number;
  /** Checks a password against its hash; tests wrap it to count the hashes evaluated. */
  verifyPassword?: typeof verifyPassword;
}

export function createAuth(options: AuthOptions) {
  const idleSeconds = Math.round(options.sessionIdleHours * HOUR_SECONDS);
  return betterAuth({
    appName: "Studio back-office",
    baseURL: options.siteUrl,
    basePath: "/api/auth",
    secret: options.secret,
    trustedOrigins: [options.siteUrl],
    database: drizzleAdapter(options.db, {
      provider: "pg",
      schema: { user, session, account, verification, twoFactor, passkey },
    }),
    // Staff accounts are made by the CLI or ADMIN_EMAIL, never by sign-up.
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      password: { verify: options.verifyPassword ?? verifyPassword },
    },
    // Renewed while in use, at most every 5 minutes: an idle session ends within 5 minutes of
    // its idle limit, never later.
    session: {
      expiresIn: idleSeconds,
      updateAge: Math.min(SESSION_RENEWAL_SECONDS, Math.floor(idleSeconds / 2)),
      // No "fresh session" rule of better-auth's: our step-up (sessions.verified_at, decision 0302)
      // is the one clock of "recently verified", and adding a passkey goes through it.
      freshAge: 0,
    },
    // Roles are our policy table's (app/entities/staff/access.ts); the plugin's own endpoints are not
    // mounted (decision 0006). "user" is a signed-in account with no back-office role.
    // A deactivated account (the plugin's `banned`, set on /admin/staff) cannot start a session.
    plugins: [
      admin({
        adminRoles: ["admin"],
        defaultRole: "user",
        bannedUserMessage: "This account has been deactivated.",
      }),
      // TOTP and recovery codes (decision 0300), called from our route actions like the rest.
      // After the password, a sign-in holds only the plugin's short-lived challenge cookie, never
      // a session, until the code is verified. No "trust this device": every sign-in asks.
      twoFactorPlugin({
        issuer: studio.name,
        // Stored as salted hashes, not encrypted (issue #47, decision 0432).
        backupCodeOptions: {
          amount: RECOVERY_CODE_COUNT,
          customBackupCodesGenerate: generateRecoveryCodes,
          storeBackupCodes: {
            encrypt: storeRecoveryCodes,
            decrypt: (stored) => readRecoveryCodes(stored, options.secret),
          },
        },
      }),
      // Passkeys (decision 0304), called from our route actions too. A passkey signs in without
      // a password and counts as two factors, so the authenticator must verify the person (a PIN,
      // a fingerprint): registrations and sign-ins without user verification are refused.
      passkeyPlugin({
        rpName: studio.name,
        origin: options.siteUrl,
        authenticatorSelection: { residentKey: "required", userVerification: "required" },
        registration: {
          afterVerification: async ({ verification }) => {
            if (!verification.registrationInfo?.userVerified) throw userNotVerified();
          },
        },
        authentication: {
          afterVerification: async ({ verification }) => {
            if (!verification.authenticationInfo.userVerified) throw userNotVerified();
          },
        },
      }),
    ],
    // Sign-in is rate limited by our own limiter in the login action (per IP and per account).
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: options.siteUrl.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;

function userNotVerified(): APIError {
  return new APIError("UNAUTHORIZED", {
    message: "The passkey did not verify you (a PIN or a fingerprint).",
    code: "USER_NOT_VERIFIED",
  });
}

export interface EnsureUserInput {
  email: string;
  password: string;
  name?: string;
  /** The back-office role; null for an account without one. */
  role: StaffRole | null;
}

/**
 * Creates the user, or brings an existing one to the given password and role. A change of either
 * ends every session of the user (decision 0152); ADMIN_EMAIL at each start changes nothing.
 * A password it sets must pass the password rule (`server/security/passwords.ts`: it throws its
 * PasswordRefusedError); an existing password given again is kept. Returns whether it was created.
 */
export async function ensureUser(
  auth: Auth,
  input: EnsureUserInput,
): Promise<"created" | "updated"> {
  const email = input.email.trim().toLowerCase();
  const role = input.role ?? "user";
  const ctx = await auth.$context;
  const existing = await ctx.internalAdapter.findUserByEmail(email, { includeAccounts: true });
  if (!existing) {
    assertPasswordAllowed(input.password);
    const created = await auth.api.createUser({
      body: { email, password: input.password, name: input.name ?? email.split("@")[0] ?? email },
    });
    // The plugin's types know only its own roles; ours come from the policy table.
    await ctx.internalAdapter.updateUser(created.user.id, { role });
    return "created";
  }
  const { id } = existing.user;
  const credential = existing.accounts.find((a) => a.providerId === "credential");
  const samePassword = credential?.password
    ? await ctx.password.verify({ hash: credential.password, password: input.password })
    : false;
  if (!samePassword) {
    assertPasswordAllowed(input.password);
    const hash = await ctx.password.hash(input.password);
    if (credential) {
      await ctx.internalAdapter.updatePassword(id, hash);
    } else {
      await ctx.internalAdapter.linkAccount({
        userId: id,
        providerId: "credential",
        accountId: id,
        password: hash,
      });
    }
  }
  const sameRole = (existing.user as { role?: string | null }).role === role;
  await ctx.internalAdapter.updateUser(id, {
    role,
    ...(input.name ? { name: input.name } : {}),
  });
  if (!samePassword || !sameRole) await ctx.internalAdapter.deleteUserSessions(id);
  // A password set here (user:create, ADMIN_EMAIL) ends the person's open invitation and reset
  // links, as one chosen by link or changed on "Your account" does (decision 0436).
  if (!samePassword) {
    for (const purpose of PASSWORD_LINKS) {
      await ctx.adapter.deleteMany({
        model: "verification",
        where: [
          { field: "value", value: id },
          { field: "identifier", operator: "starts_with", value: `${purpose}:` },
        ],
      });
    }
  }
  return "updated";
}
