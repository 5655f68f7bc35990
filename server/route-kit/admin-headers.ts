import { applyAdminHeaders } from "@server/security/admin-access";
import type { MiddlewareFunction } from "react-router";

/**
 * The back office's headers (private, not indexed) on every answer of a route outside the
 * signed-in layout's checks: the sign-in pages, the resources, the layout itself.
 */
export const adminHeadersMiddleware: MiddlewareFunction<Response> = async (_args, next) =>
  applyAdminHeaders((await next()) as Response);
