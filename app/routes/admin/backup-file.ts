import { serveSignedArchive } from "@server/backup/screen";
import { getRuntimeFrom } from "@server/context";
import { adminHeadersMiddleware } from "@server/route-kit/admin-headers";
import type { Route } from "./+types/backup-file";

/**
 * GET /admin/backup-files/:name?expires=&signature=: an archive of BACKUP_DIR, for a link signed
 * by /admin/backups/:id/download in the last minute (HMAC with its own derived key). The link is
 * the authorisation (as a presigned S3 URL is), so it works in a download manager too.
 */
export function loader({ params, request, context }: Route.LoaderArgs) {
  return serveSignedArchive(getRuntimeFrom(context), params.name, request);
}

/** Whatever answers (a refused method, a data request), nothing here is stored by a cache. */
export const middleware: Route.MiddlewareFunction[] = [adminHeadersMiddleware];
