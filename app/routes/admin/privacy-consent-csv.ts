import { getRuntimeFrom } from "@server/context";
import { csvResponse, recordCsvExport } from "@server/kit/csv";
import { CONSENT_CSV_HEADER, exportConsentRecords } from "@server/privacy/consent";
import { redirectWithFlash } from "@server/route-kit/flash";
import {
  ADMIN_RESPONSE_HEADERS,
  currentActor,
  requireResourceAccess,
} from "@server/security/admin-access";
import { failure } from "~/lib/admin-messages";
import { studioDay } from "~/lib/studio-time";
import type { Route } from "./+types/privacy-consent-csv";

/** GET /admin/privacy/consent.csv: every record of consent as CSV (admins, issue #32). */
export async function loader(args: Route.LoaderArgs) {
  await requireResourceAccess(args);
  const runtime = getRuntimeFrom(args.context);
  try {
    const response = await csvResponse(
      `consent-records-${studioDay()}.csv`,
      CONSENT_CSV_HEADER,
      exportConsentRecords(runtime.database.db),
      ADMIN_RESPONSE_HEADERS,
    );
    await recordCsvExport(runtime.database.db, currentActor(args.context), args.url);
    return response;
  } catch (error) {
    runtime.logger.error({ err: error }, "the consent records export failed");
    return redirectWithFlash(
      args.context,
      "/admin/privacy",
      failure("Failed to export the records of consent"),
    );
  }
}
