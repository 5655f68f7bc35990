import { findResumeKey } from "@server/admin/job-applications";
import { isUuid } from "@server/admin/list-params";
import { failure, JOB_APPLICATION_MESSAGES } from "@server/admin/messages";
import { redirectWithFlash } from "@server/admin/moderation";
import { getRuntimeFrom } from "@server/context";
import { ADMIN_RESPONSE_HEADERS, requireResourceAccess } from "@server/security/admin-access";
import { redirect } from "react-router";
import type { Route } from "./+types/resume";

/**
 * GET /admin/job-applications/:id/resume: a fresh signed link to the resume, valid 60 seconds
 * (SPEC section 9), made at the moment of the click. Browsers get a 302 to it (the link opens in a
 * new tab); the page's script asks for JSON instead, so a failure becomes a toast.
 */
export const RESUME_LINK_SECONDS = 60;

export async function loader(args: Route.LoaderArgs) {
  await requireResourceAccess(args);
  const { params, request, context } = args;
  const runtime = getRuntimeFrom(context);
  const wantsJson = request.headers.get("accept")?.includes("application/json") ?? false;
  const fail = async (status: number, message: string) =>
    wantsJson
      ? Response.json({ error: message }, { status, headers: ADMIN_RESPONSE_HEADERS })
      : redirectWithFlash(context, "/admin/job-applications", failure(message));

  if (!isUuid(params.id)) return fail(404, JOB_APPLICATION_MESSAGES.resumeFailed);
  try {
    const found = await findResumeKey(runtime.database.db, params.id);
    if (found === "missing") return fail(404, JOB_APPLICATION_MESSAGES.resumeFailed);
    if (found === "none") return fail(404, JOB_APPLICATION_MESSAGES.noResume);
    // Make sure the file is really there, so a broken link is a message here, not an error page.
    const file = await runtime.storage.get("job-applications", found.key);
    if (!file) {
      runtime.logger.error(
        { id: params.id },
        `${JOB_APPLICATION_MESSAGES.resumeFailed}: file missing`,
      );
      return fail(404, JOB_APPLICATION_MESSAGES.resumeFailed);
    }
    file.stream.destroy();
    const url = await runtime.storage.signedUrl("job-applications", found.key, {
      expiresInSeconds: RESUME_LINK_SECONDS,
    });
    return wantsJson
      ? Response.json({ url }, { headers: ADMIN_RESPONSE_HEADERS })
      : redirect(url, { headers: ADMIN_RESPONSE_HEADERS });
  } catch (error) {
    runtime.logger.error({ err: error, id: params.id }, JOB_APPLICATION_MESSAGES.resumeFailed);
    return fail(503, JOB_APPLICATION_MESSAGES.resumeFailed);
  }
}
