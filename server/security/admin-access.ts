import { isAdmin } from "@server/auth";
import { getRuntimeFrom } from "@server/context";
import { PRIVATE_NO_STORE } from "@server/http/cache";
import { textResponse } from "@server/http/text-response";
import type { Runtime } from "@server/runtime";
import { createContext, type RouterContextProvider, redirect } from "react-router";

/**
 * Access control for the back-office (DESIGN.md security rules): every admin loader, action and
 * resource route calls one of the guards below, on top of the admin layout's middleware, and the
 * role is always read from the database-backed session, never from anything the browser sends.
 */

export const LOGIN_PATH = "/admin/login";
/** Where an admin lands after signing in (SPEC: signed-in admins go to /admin/portfolio). */
export const ADMIN_HOME_PATH = "/admin/portfolio";

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

export interface AdminUser {
  id: string;
  email: string;
  name: string;
}

export interface SessionUser extends AdminUser {
  isAdmin: boolean;
}

/**
 * The admin this request was verified for. Only requireAdmin/requireAdminResource set it, after
 * their own database lookup, and the context lives for one request: the layout's middleware looks
 * the session up once, and the loaders and actions below it re-check against it instead of
 * querying again. A route outside the guarded layout finds it empty and does the lookup itself.
 */
const verifiedAdminContext = createContext<AdminUser | null>(null);

interface GuardArgs {
  request: Request;
  url?: URL;
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
  const { id, email, name } = session.user;
  return { id, email, name, isAdmin: isAdmin(session.user) };
}

/**
 * Guard for pages and their actions: the signed-in admin, or a redirect to the sign-in page that
 * remembers where the visitor was going.
 */
export async function requireAdmin({ request, url, context }: GuardArgs): Promise<AdminUser> {
  const verified = context.get(verifiedAdminContext);
  if (verified) return verified;
  const user = await getSessionUser(request, getRuntimeFrom(context));
  if (user?.isAdmin) return remember(context, user);
  const target = url ?? new URL(request.url);
  const back = `${target.pathname}${request.method === "GET" ? target.search : ""}`;
  const login =
    back === "/admin" || back === "/admin/"
      ? LOGIN_PATH
      : `${LOGIN_PATH}?redirectTo=${encodeURIComponent(back)}`;
  throw redirect(login, { headers: ADMIN_RESPONSE_HEADERS });
}

/** Guard for resource routes (CSV, resume links): 401 when signed out, 403 when not an admin. */
export async function requireAdminResource({ request, context }: GuardArgs): Promise<AdminUser> {
  const verified = context.get(verifiedAdminContext);
  if (verified) return verified;
  const user = await getSessionUser(request, getRuntimeFrom(context));
  if (user?.isAdmin) return remember(context, user);
  throw user
    ? textResponse(403, "Forbidden: an admin account is required.", ADMIN_RESPONSE_HEADERS)
    : textResponse(401, "Sign in required.", ADMIN_RESPONSE_HEADERS);
}

function remember(context: Readonly<RouterContextProvider>, user: SessionUser): AdminUser {
  const admin = { id: user.id, email: user.email, name: user.name };
  // The provider is typed read-only for routes; setting is what middleware does with it.
  (context as RouterContextProvider).set(verifiedAdminContext, admin);
  return admin;
}

/**
 * A safe place to return to after signing in: a back-office path of ours, never another site
 * (`//evil.test`, `/\evil.test`) and never the sign-in page itself.
 */
export function safeRedirectTarget(value: unknown): string {
  if (typeof value !== "string") return ADMIN_HOME_PATH;
  if (!/^\/admin(\/[A-Za-z0-9._~\-/]*)?(\?[A-Za-z0-9._~\-=&%+]*)?$/.test(value)) {
    return ADMIN_HOME_PATH;
  }
  if (value.includes("//") || value.startsWith(LOGIN_PATH)) return ADMIN_HOME_PATH;
  return value;
}
