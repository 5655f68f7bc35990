import { CONSENT_CSV_HEADER, exportConsentRecords } from "@server/privacy/consent";
import { csvExportLoader } from "@server/route-kit/csv-export";
import { studioDay } from "~/lib/studio-time";
import type { Route } from "./+types/privacy-consent-csv";

/** GET /admin/privacy/consent.csv: every record of consent as CSV (admins, issue #32). */
export function loader(args: Route.LoaderArgs) {
  return csvExportLoader(args, (runtime) => ({
    filename: `consent-records-${studioDay()}.csv`,
    header: CONSENT_CSV_HEADER,
    rows: exportConsentRecords(runtime.database.db),
    failureLog: "the consent records export failed",
    failedMessage: "Failed to export the records of consent",
    backTo: "/admin/privacy",
  }));
}
