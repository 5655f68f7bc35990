import { textResponse } from "@server/http/text-response";
import { csvExportLoader } from "@server/route-kit/csv-export";
import { ADMIN_RESPONSE_HEADERS } from "@server/security/admin-access";
import {
  ANALYTICS_CSV_HEADER,
  analyticsCsvRows,
  loadAnalytics,
  parseAnalyticsQuery,
} from "@server/visits/analytics";
import { studioDay } from "~/lib/studio-time";
import type { Route } from "./+types/analytics-csv";

/**
 * GET /admin/analytics.csv?period=&from=&to=: the analytics of a period as CSV (issue #33); a
 * custom range that is not one (an impossible date, the wrong order) answers 400 with why.
 */
export function loader(args: Route.LoaderArgs) {
  return csvExportLoader(args, (runtime) => {
    const query = parseAnalyticsQuery(args.url.searchParams, studioDay());
    // A refused range is not exported as the last 30 days: the file would be mistaken for it.
    if (query.error) return textResponse(400, query.error, ADMIN_RESPONSE_HEADERS);
    async function* rows() {
      yield analyticsCsvRows(await loadAnalytics(runtime.database.db, query));
    }
    return {
      filename: `analytics-${query.range.from}-to-${query.range.to}.csv`,
      header: ANALYTICS_CSV_HEADER,
      rows: rows(),
      failureLog: "the analytics export failed",
      failedMessage: "Failed to export the analytics",
      backTo: `/admin/analytics${args.url.search}`,
    };
  });
}
