import {
  exportInquiries,
  INQUIRY_CSV_HEADER,
  inquiryCsvRow,
  parseInquiryQuery,
} from "@server/inquiries/back-office";
import { csvExportLoader } from "@server/route-kit/csv-export";
import { INQUIRY_MESSAGES } from "~/lib/admin-messages";
import { studioDay } from "~/lib/studio-time";
import type { Route } from "./+types/inquiries-csv";

/** GET /admin/inquiries.csv?q=&status=: the filtered inquiries (every page) as CSV. */
export function loader(args: Route.LoaderArgs) {
  return csvExportLoader(args, (runtime) => {
    const { page: _page, ...filters } = parseInquiryQuery(args.url.searchParams);
    const site = runtime.config.SITE_URL;
    const absolute = (path: string) => `${site}${path}`;
    async function* rows() {
      for await (const batch of exportInquiries(runtime.database.db, filters)) {
        yield batch.map((inquiry) => inquiryCsvRow(inquiry, absolute));
      }
    }
    return {
      filename: `inquiries-${studioDay()}.csv`,
      header: INQUIRY_CSV_HEADER,
      rows: rows(),
      entity: "inquiry",
      failureLog: INQUIRY_MESSAGES.exportFailed,
      failedMessage: INQUIRY_MESSAGES.exportFailed,
      backTo: `/admin${args.url.search}`,
    };
  });
}
