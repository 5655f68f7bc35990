import { getRuntimeFrom } from "@server/context";
import { textResponse } from "@server/http/text-response";
import { isUuid } from "@server/kit/list-params";
import { versionMarkers } from "@server/projects/review-records";
import { csvExportLoader } from "@server/route-kit/csv-export";
import { ADMIN_RESPONSE_HEADERS, requireResourceAccess } from "@server/security/admin-access";
import type { RouterContextProvider } from "react-router";
import {
  MARKERS_CSV_HEADER,
  markersCsvRows,
  markersEdl,
  markersFcpxml,
} from "~/entities/review/markers-export";
import { slugify } from "~/lib/slug";

/**
 * A version's comments as markers for the editor (issue #45 item 7): CSV (the one CSV kit, on the
 * audit log as every CSV export is), a CMX 3600 EDL for DaVinci Resolve, FCPXML for Final Cut
 * Pro, at the media's rate and start timecode (decision 0520). Downloads, never shown inline.
 */

export const MARKER_FORMATS = ["csv", "edl", "fcpxml"] as const;
export type MarkerFormat = (typeof MARKER_FORMATS)[number];

const TYPES: Record<Exclude<MarkerFormat, "csv">, string> = {
  edl: "text/plain; charset=utf-8",
  fcpxml: "application/xml; charset=utf-8",
};

export const EXPORT_MESSAGES = {
  missing: "That version is not one of this project's videos.",
  failed: "The comments could not be exported. Try again.",
} as const;

export async function markersExportLoader(
  args: {
    request: Request;
    url: URL;
    pattern: string;
    context: Readonly<RouterContextProvider>;
    params: { id?: string; versionId?: string };
  },
  format: MarkerFormat,
): Promise<Response> {
  await requireResourceAccess(args);
  const { id, versionId } = args.params;
  const db = getRuntimeFrom(args.context).database.db;
  const found = isUuid(id) && isUuid(versionId) ? await versionMarkers(db, id, versionId) : null;
  if (!found) return textResponse(404, EXPORT_MESSAGES.missing, ADMIN_RESPONSE_HEADERS);
  const filename = `${slugify(found.name) || "version"}-comments.${format}`;
  if (format === "csv") {
    return csvExportLoader(args, () => ({
      filename,
      header: MARKERS_CSV_HEADER,
      rows: (async function* () {
        yield markersCsvRows(found.comments, found.media);
      })(),
      entity: "project_version",
      failureLog: EXPORT_MESSAGES.failed,
      failedMessage: EXPORT_MESSAGES.failed,
      backTo: `/admin/projects/${id}`,
    }));
  }
  const body =
    format === "edl"
      ? markersEdl(found.comments, found.media)
      : markersFcpxml(found.comments, found.media);
  return new Response(body, {
    headers: {
      ...ADMIN_RESPONSE_HEADERS,
      "Content-Type": TYPES[format],
      "Content-Disposition": `attachment; filename="${filename}"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
