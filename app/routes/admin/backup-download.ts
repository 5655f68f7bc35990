import { backupDownloadLink } from "@server/backup/screen";
import { getRuntimeFrom } from "@server/context";
import { textResponse } from "@server/http/text-response";
import {
  ADMIN_RESPONSE_HEADERS,
  currentActor,
  requireResourceAccess,
} from "@server/security/admin-access";
import { requireRecentVerification } from "@server/security/step-up";
import { redirect } from "react-router";
import type { Route } from "./+types/backup-download";

/**
 * GET /admin/backups/:id/download: a fresh 60-second link to the run's archive, made at the
 * click (a signed /admin/backup-files link for BACKUP_DIR, a presigned URL for S3), as a 302.
 * An archive the store does not hold (rotated, or rows restored from elsewhere) is a 404 message.
 */
export async function loader(args: Route.LoaderArgs) {
  const staff = await requireResourceAccess(args);
  const runtime = getRuntimeFrom(args.context);
  // The whole database in one file: the password or a code again after 10 minutes (step-up).
  await requireRecentVerification(runtime, staff, new URL(args.request.url).pathname);
  try {
    const link = await backupDownloadLink(runtime, args.params.id, currentActor(args.context));
    if ("url" in link) return redirect(link.url, { headers: ADMIN_RESPONSE_HEADERS });
    return textResponse(link.status, link.message, ADMIN_RESPONSE_HEADERS);
  } catch (error) {
    runtime.logger.error({ err: error }, "backups: no download link");
    return textResponse(
      503,
      "The backup store could not be reached. Try again in a moment.",
      ADMIN_RESPONSE_HEADERS,
    );
  }
}
