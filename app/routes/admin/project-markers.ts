import { MARKER_FORMATS, markersExportLoader } from "@server/route-kit/review-exports";
import type { Route } from "./+types/project-markers";

/**
 * GET /admin/projects/:id/versions/:versionId/markers.csv, .edl and .fcpxml (issue #45 item 7):
 * one module under three routes; the address's extension says which file.
 */
export function loader(args: Route.LoaderArgs) {
  const extension = args.url.pathname.slice(args.url.pathname.lastIndexOf(".") + 1);
  const format = MARKER_FORMATS.find((name) => name === extension) ?? "csv";
  return markersExportLoader(args, format);
}
