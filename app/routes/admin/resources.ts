import { adminHeadersMiddleware } from "@server/route-kit/admin-headers";
import { requireResourceAccess } from "@server/security/admin-access";
import type { Route } from "./+types/resources";

/**
 * Pathless parent of the back-office's resource routes (CSV exports, resume links): they answer
 * 401 (signed out) or 403 (not an admin) instead of redirecting, since a download or an API call
 * cannot show a sign-in page. Each loader checks again itself.
 */
export const middleware: Route.MiddlewareFunction[] = [
  adminHeadersMiddleware,
  async (args) => {
    await requireResourceAccess(args);
  },
];
