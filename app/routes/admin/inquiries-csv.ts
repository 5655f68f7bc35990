import { getRuntimeFrom } from "@server/context";
import {
  exportInquiries,
  INQUIRY_CSV_HEADER,
  inquiryCsvRow,
  parseInquiryQuery,
} from "@server/inquiries/back-office";
import { csvResponse, recordCsvExport } from "@server/kit/csv";
import { redirectWithFlash } from "@server/route-kit/flash";
import {
  ADMIN_RESPONSE_HEADERS,
  currentActor,
  requireResourceAccess,
} from "@server/security/admin-access";
import { failure, INQUIRY_MESSAGES } from "~/lib/admin-messages";
import { studioDay } from "~/lib/studio-time";
import type { Route } from "./+types/inquiries-csv";

/** GET /admin/inquiries.csv?q=&status=: the filtered inquiries (every page) as CSV. */
export async function loader(args: Route.LoaderArgs) {
  await requireResourceAccess(args);
  const runtime = getRuntimeFrom(args.context);
  const { page: _page, ...filters } = parseInquiryQuery(args.url.searchParams);
  const site = runtime.config.SITE_URL;
  const absolute = (path: string) => `${site}${path}`;
  async function* rows() {
    for await (const batch of exportInquiries(runtime.database.db, filters)) {
      yield batch.map((inquiry) => inquiryCsvRow(inquiry, absolute));
    }
  }
  try {
    const response = await csvResponse(
      `inquiries-${studioDay()}.csv`,
      INQUIRY_CSV_HEADER,
      rows(),
      ADMIN_RESPONSE_HEADERS,
    );
    await recordCsvExport(runtime.database.db, currentActor(args.context), args.url, "inquiry");
    return response;
  } catch (error) {
    runtime.logger.error({ err: error }, INQUIRY_MESSAGES.exportFailed);
    return redirectWithFlash(
      args.context,
      `/admin${args.url.search}`,
      failure(INQUIRY_MESSAGES.exportFailed),
    );
  }
}
