import { type AuditActor, recordAudit } from "@server/audit/log";
import { getRuntimeFrom } from "@server/context";
import { session } from "@server/db/schema";
import { PRIVATE_NO_STORE } from "@server/http/cache";
import { textResponse } from "@server/http/text-response";
import type { Runtime } from "@server/runtime";
import { getClientIp } from "@server/security/client-ip";
import { twoFactorRequired } from "@server/staff/settings";
import { eq } from "drizzle-orm";
import { createContext, data, type RouterContextProvider, redirect } from "react-router";
import {
  areaOf,
  areaOfPath,
  HOME_PATHS,
  LOGIN_PATH,
  mayEnter,
  staffRoleOf,
} from "~/entities/staff/access";
import type { StaffRole } from "~/lib/values";

/**
 * Access control for the back-office (DESIGN.md security rules): every admin loader, action and
 * resource route calls one of the guards below, on top of the admin layout's middleware, and the
 * role is always read from the database-backed session, never from anything the browser sends.
 */

export const ACCOUNT_PATH = "/admin/account";
export const SET_UP_TWO_FACTOR = "Two-factor authentication is required: turn it on first.";

/** Headers of every back-office response: never stored by a cache, never indexed. */
export const ADMIN_RESPONSE_HEADERS = {
  "Cache-Control": PRIVATE_NO_STORE,
  "X-Robots-Tag": "noindex, nofollow",
} as const;

export function applyAdminHeaders(response: Response): Response {
  for (const [name, value] of Object.entries(ADMIN_RESPONSE_HEADERS)) {
    response.headers.set(name, value);
  }
  return response;
}

/** A signed-in member of staff: a user with a role of the policy table. */
export interface StaffUser {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  /** The session this request came with (ending the others, the step-up's clock). */
  sessionId: string;
  /** Whether the person has a second factor (TOTP). */
  twoFactor: boolean;
}

/** The signed-in user of a request; `role` is null for a user without a back-office role. */
export interface SessionUser extends Omit<StaffUser, "role"> {
  role: StaffRole | null;
}

/** What a refused page shows (the admin layout's error boundary): where the person may go instead. */
export interface NoAccess {
  home: string;
}
export const NO_ACCESS_MESSAGE = "You don't have access to this page.";

/**
 * The staff member this request was verified for. Only the guards set it, after their own
 * database lookup, and the context lives for one request: the layout's middleware looks the
 * session up once, and the loaders and actions below it re-check the route against the policy
 * with it instead of querying again. A route outside the guarded layout does the lookup itself.
 */
const verifiedStaffContext = createContext<StaffUser | null>(null);

interface GuardArgs {
  request: Request;
  url?: URL;
  /** The route pattern React Router matched (`/admin/blog/edit/:id`): what the policy is keyed by. */
  pattern: string;
  context: Readonly<RouterContextProvider>;
}

/**
 * The signed-in user of this request, or null. better-auth ends idle sessions; a session past the
 * absolute lifetime (SESSION_MAX_HOURS) is ended here, however recently it was used (decisions
 * 0152, 0276).
 */
export async function getSessionUser(
  request: Request,
  runtime: Runtime,
): Promise<SessionUser | null> {
  const session = await runtime.auth.api.getSession({ headers: request.headers });
  if (!session) return null;
  const maxAgeMs = runtime.config.SESSION_MAX_HOURS * 60 * 60 * 1000;
  if (Date.now() - new Date(session.session.createdAt).getTime() > maxAgeMs) {
    const ctx = await runtime.auth.$context;
    await ctx.internalAdapter.deleteSession(session.session.token);
    return null;
  }
  // A deactivated account's sessions are deleted at once; one created meanwhile counts for nothing.
  if ((session.user as { banned?: boolean | null }).banned) return null;
  const { id, email, name } = session.user;
  return {
    id,
    email,
    name,
    role: staffRoleOf(session.user),
    sessionId: session.session.id,
    twoFactor: Boolean((session.user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled),
  };
}

/**
 * Guard for pages and their actions: the signed-in staff member whose role may open this route.
 * Signed out or without a role: a redirect to the sign-in page that remembers where the person was
 * going. A role the policy does not allow here: 403 and the "no access" page.
 */
export async function requireAccess(args: GuardArgs): Promise<StaffUser> {
  const staff = await verifiedStaff(args);
  if (!staff) {
    const target = args.url ?? new URL(args.request.url);
    const back = `${target.pathname}${args.request.method === "GET" ? target.search : ""}`;
    const login =
      back === "/admin" || back === "/admin/"
        ? LOGIN_PATH
        : `${LOGIN_PATH}?redirectTo=${encodeURIComponent(back)}`;
    throw redirect(login, { headers: ADMIN_RESPONSE_HEADERS });
  }
  if (await mustSetUpTwoFactor(args, staff)) {
    throw redirect(ACCOUNT_PATH, { headers: ADMIN_RESPONSE_HEADERS });
  }
  if (!allowed(args, staff)) {
    await recordRefusal(args, staff);
    throw data({ home: HOME_PATHS[staff.role] } satisfies NoAccess, {
      status: 403,
      headers: ADMIN_RESPONSE_HEADERS,
    });
  }
  return staff;
}

/** Guard for resource routes (CSV, resume links, uploads): 401 signed out, 403 not allowed. */
export async function requireResourceAccess(args: GuardArgs): Promise<StaffUser> {
  const staff = await verifiedStaff(args);
  if (!staff) {
    // Signed in without a role is refused, not asked to sign in.
    const signedIn = await getSessionUser(args.request, getRuntimeFrom(args.context));
    if (!signedIn) throw textResponse(401, "Sign in required.", ADMIN_RESPONSE_HEADERS);
    await recordRefusal(args, signedIn);
    throw textResponse(403, "Forbidden: a back-office role is required.", ADMIN_RESPONSE_HEADERS);
  }
  if (await mustSetUpTwoFactor(args, staff)) {
    await recordRefusal(args, staff);
    throw textResponse(403, `Forbidden: ${SET_UP_TWO_FACTOR}`, ADMIN_RESPONSE_HEADERS);
  }
  if (!allowed(args, staff)) {
    await recordRefusal(args, staff);
    throw textResponse(403, `Forbidden: ${NO_ACCESS_MESSAGE}`, ADMIN_RESPONSE_HEADERS);
  }
  return staff;
}

/** Set once a request's refusal is on the audit log: the layout and the route check it twice. */
const refusalRecordedContext = createContext<boolean>(false);

/**
 * A refusal (403) on the audit log (issue #47 item 12): who, from where, the method and the route
 * pattern (never the URL: an id or a search in it could name a visitor). Once per request; a
 * failure to write it is logged and the refusal still answers.
 */
async function recordRefusal(args: GuardArgs, who: Pick<SessionUser, "id" | "email">) {
  if (args.context.get(refusalRecordedContext)) return;
  (args.context as RouterContextProvider).set(refusalRecordedContext, true);
  const runtime = getRuntimeFrom(args.context);
  try {
    await recordAudit(runtime.database.db, {
      action: "access_denied",
      actor: { id: who.id, email: who.email, ip: getClientIp(args.context) },
      entityName: `${args.request.method} /${args.pattern.replace(/^\/+/, "")}`.slice(0, 200),
    });
  } catch (error) {
    runtime.logger.error({ err: error }, "a refusal could not be written to the audit log");
  }
}

/**
 * Who is writing, for the audit log: the staff member a guard verified for this request, and the
 * client address. A write without a verified guard before it is a bug, so it throws.
 */
export function currentActor(context: Readonly<RouterContextProvider>): AuditActor {
  const staff = context.get(verifiedStaffContext);
  if (!staff) throw new Error("an audited write ran without an access check");
  return { id: staff.id, email: staff.email, ip: getClientIp(context) };
}

async function verifiedStaff(args: GuardArgs): Promise<StaffUser | null> {
  const verified = args.context.get(verifiedStaffContext);
  if (verified) return verified;
  const user = await getSessionUser(args.request, getRuntimeFrom(args.context));
  if (!user?.role) return null;
  const staff = { ...user, role: user.role };
  // The provider is typed read-only for routes; setting is what middleware does with it.
  (args.context as RouterContextProvider).set(verifiedStaffContext, staff);
  return staff;
}

/**
 * When an admin requires two-factor for all staff, someone without it may open their account page
 * (to set it up) and nothing else (decision 0303), unless this session was begun with a passkey.
 * Read once per request, only for such a person.
 */
async function mustSetUpTwoFactor(args: GuardArgs, staff: StaffUser): Promise<boolean> {
  if (staff.twoFactor || areaOf(args.pattern) === "account") return false;
  const db = getRuntimeFrom(args.context).database.db;
  if (!(await twoFactorRequired(db))) return false;
  // A session begun with a passkey counts as two factors (decision 0304).
  const [row] = await db
    .select({ passkey: session.passkey })
    .from(session)
    .where(eq(session.id, staff.sessionId))
    .limit(1);
  return row?.passkey !== true;
}

/** The policy's answer for this route; a route no rule covers is refused (and logged). */
function allowed(args: GuardArgs, staff: StaffUser): boolean {
  const area = areaOf(args.pattern, args.request.method);
  if (area === undefined) {
    getRuntimeFrom(args.context).logger.error(
      { pattern: args.pattern },
      "a back-office route has no access rule: refused",
    );
  }
  return mayEnter(staff.role, area);
}

/**
 * A safe place to return to after signing in: a back-office path of ours, never another site
 * (`//evil.test`, `/\evil.test`) and never the sign-in page itself.
 */
export function safeRedirectTarget(value: unknown, role: StaffRole): string {
  const home = HOME_PATHS[role];
  if (typeof value !== "string") return home;
  if (!/^\/admin(\/[A-Za-z0-9._~\-/]*)?(\?[A-Za-z0-9._~\-=&%+]*)?$/.test(value)) {
    return home;
  }
  if (value.includes("//") || value.startsWith(LOGIN_PATH)) return home;
  // Never back to a page this role may not open (an editor sent to /admin by a bookmark).
  if (!mayEnter(role, areaOfPath(value.split("?")[0] ?? value))) return home;
  return value;
}
