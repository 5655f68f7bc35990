import { getRuntimeFrom } from "@server/context";
import { serveReviewFile } from "@server/route-kit/review-files";
import type { Route } from "./+types/review-file";

/**
 * GET /review-files/:linkId/:versionId/:file?expires=&signature=: an approved version's master
 * for a reviewer whose link allows download (issue #45). The signed query is the authorisation.
 */
export function loader({ params, request, context }: Route.LoaderArgs) {
  return serveReviewFile(getRuntimeFrom(context), params, request);
}
