import {
  AUDIT_CSV_HEADER,
  auditCsvRow,
  exportAuditEvents,
  parseAuditQuery,
} from "@server/audit/read";
import { csvExportLoader } from "@server/route-kit/csv-export";
import { studioDay } from "~/lib/studio-time";
import type { Route } from "./+types/audit-csv";

/** GET /admin/audit.csv?person=&entity=&from=&to=: the filtered audit log as CSV (admins). */
export function loader(args: Route.LoaderArgs) {
  return csvExportLoader(args, (runtime) => {
    const { page: _page, ...filters } = parseAuditQuery(args.url.searchParams);
    async function* rows() {
      for await (const batch of exportAuditEvents(runtime.database.db, filters)) {
        yield batch.map(auditCsvRow);
      }
    }
    return {
      filename: `audit-log-${studioDay()}.csv`,
      header: AUDIT_CSV_HEADER,
      rows: rows(),
      failureLog: "the audit log export failed",
      failedMessage: "Failed to export the audit log",
      backTo: `/admin/audit${args.url.search}`,
    };
  });
}
