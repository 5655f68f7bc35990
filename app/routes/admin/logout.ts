import { getRuntimeFrom } from "@server/context";
import { settingCookies } from "@server/http/cookies";
import { textResponse } from "@server/http/text-response";
import { commitFlash } from "@server/route-kit/flash";
import { ADMIN_RESPONSE_HEADERS } from "@server/security/admin-access";
import { isCrossSiteRequest } from "@server/security/origin";
import { signOut } from "@server/staff/sign-in";
import { redirect } from "react-router";
import { LOGIN_PATH } from "~/entities/staff/access";
import type { Route } from "./+types/logout";

/**
 * POST /admin/logout ends the caller's own session (admin or not: a signed-in non-admin must be able
 * to leave too), then goes to the sign-in page. A resource route, so it checks the origin itself.
 * GET only redirects: signing out never happens on a link or a prefetch.
 */
export function loader() {
  return redirect(LOGIN_PATH, { headers: ADMIN_RESPONSE_HEADERS });
}

export async function action({ request, context }: Route.ActionArgs) {
  const runtime = getRuntimeFrom(context);
  if (isCrossSiteRequest(request, runtime.config.SITE_URL)) {
    return textResponse(403, "Cross-site request refused.", ADMIN_RESPONSE_HEADERS);
  }
  const hadSession = request.headers.get("cookie")?.includes("session_token") ?? false;
  const headers = settingCookies(await signOut(runtime, request.headers), ADMIN_RESPONSE_HEADERS);
  if (hadSession) {
    headers.append(
      "Set-Cookie",
      await commitFlash(runtime, {
        kind: "info",
        title: "Signed out",
        description: "You have been signed out.",
      }),
    );
  }
  return redirect(LOGIN_PATH, { headers });
}
