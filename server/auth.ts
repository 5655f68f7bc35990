import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin } from "better-auth/plugins";
import type { Database } from "./db/client";
import { account, session, user, verification } from "./db/schema";

export const ADMIN_ROLE = "admin";
const SESSION_DAYS = 7;

export function createAuth(options: { db: Database; siteUrl: string; secret: string }) {
  return betterAuth({
    appName: "Studio back-office",
    baseURL: options.siteUrl,
    basePath: "/api/auth",
    secret: options.secret,
    trustedOrigins: [options.siteUrl],
    database: drizzleAdapter(options.db, {
      provider: "pg",
      schema: { user, session, account, verification },
    }),
    // Staff accounts are made by the CLI or ADMIN_EMAIL, never by sign-up.
    emailAndPassword: { enabled: true, disableSignUp: true, minPasswordLength: 8 },
    session: { expiresIn: 60 * 60 * 24 * SESSION_DAYS, updateAge: 60 * 60 * 24 },
    plugins: [admin({ adminRoles: [ADMIN_ROLE], defaultRole: "user" })],
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

export interface EnsureUserInput {
  email: string;
  password: string;
  name?: string;
  admin: boolean;
}

/**
 * Creates the user, or brings an existing one to the given password and role.
 * Returns whether it was created.
 */
export async function ensureUser(
  auth: Auth,
  input: EnsureUserInput,
): Promise<"created" | "updated"> {
  const email = input.email.trim().toLowerCase();
  const role = input.admin ? ADMIN_ROLE : "user";
  const ctx = await auth.$context;
  const existing = await ctx.internalAdapter.findUserByEmail(email, { includeAccounts: true });
  if (!existing) {
    await auth.api.createUser({
      body: {
        email,
        password: input.password,
        name: input.name ?? email.split("@")[0] ?? email,
        role,
      },
    });
    return "created";
  }
  const hash = await ctx.password.hash(input.password);
  const credential = existing.accounts.find((a) => a.providerId === "credential");
  if (credential) {
    await ctx.internalAdapter.updatePassword(existing.user.id, hash);
  } else {
    await ctx.internalAdapter.linkAccount({
      userId: existing.user.id,
      providerId: "credential",
      accountId: existing.user.id,
      password: hash,
    });
  }
  await ctx.internalAdapter.updateUser(existing.user.id, {
    role,
    ...(input.name ? { name: input.name } : {}),
  });
  return "updated";
}

/** The server-side has_role check of SPEC section 6. */
export function isAdmin(sessionUser: { role?: string | null } | null | undefined): boolean {
  return (sessionUser?.role ?? "").split(",").includes(ADMIN_ROLE);
}
