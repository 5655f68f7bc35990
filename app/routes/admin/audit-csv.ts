import {
  AUDIT_CSV_HEADER,
  auditCsvRow,
  exportAuditEvents,
  parseAuditQuery,
} from "@server/audit/read";
import { getRuntimeFrom } from "@server/context";
import { csvResponse, recordCsvExport } from "@server/kit/csv";
import { redirectWithFlash } from "@server/route-kit/flash";
import {
  ADMIN_RESPONSE_HEADERS,
  currentActor,
  requireResourceAccess,
} from "@server/security/admin-access";
import { failure } from "~/lib/admin-messages";
import { studioDay } from "~/lib/studio-time";
import type { Route } from "./+types/audit-csv";

/** GET /admin/audit.csv?person=&entity=&from=&to=: the filtered audit log as CSV (admins). */
export async function loader(args: Route.LoaderArgs) {
  await requireResourceAccess(args);
  const runtime = getRuntimeFrom(args.context);
  const { page: _page, ...filters } = parseAuditQuery(args.url.searchParams);
  async function* rows() {
    for await (const batch of exportAuditEvents(runtime.database.db, filters)) {
      yield batch.map(auditCsvRow);
    }
  }
  try {
    const response = await csvResponse(
      `audit-log-${studioDay()}.csv`,
      AUDIT_CSV_HEADER,
      rows(),
      ADMIN_RESPONSE_HEADERS,
    );
    await recordCsvExport(runtime.database.db, currentActor(args.context), args.url);
    return response;
  } catch (error) {
    runtime.logger.error({ err: error }, "the audit log export failed");
    return redirectWithFlash(
      args.context,
      `/admin/audit${args.url.search}`,
      failure("Failed to export the audit log"),
    );
  }
}
