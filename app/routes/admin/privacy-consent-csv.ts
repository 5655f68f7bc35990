import { csvResponse, recordCsvExport } from "@server/admin/csv";
import { failure } from "@server/admin/messages";
import { redirectWithFlash } from "@server/admin/moderation";
import { getRuntimeFrom } from "@server/context";
import { CONSENT_CSV_HEADER, exportConsentRecords } from "@server/privacy/consent";
import {
  ADMIN_RESPONSE_HEADERS,
  currentActor,
  requireResourceAccess,
} from "@server/security/admin-access";
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
