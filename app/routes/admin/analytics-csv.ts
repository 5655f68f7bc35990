import { getRuntimeFrom } from "@server/context";
import { textResponse } from "@server/http/text-response";
import { csvResponse, recordCsvExport } from "@server/kit/csv";
import { redirectWithFlash } from "@server/route-kit/flash";
import {
  ADMIN_RESPONSE_HEADERS,
  currentActor,
  requireResourceAccess,
} from "@server/security/admin-access";
import {
  ANALYTICS_CSV_HEADER,
  analyticsCsvRows,
  loadAnalytics,
  parseAnalyticsQuery,
} from "@server/visits/analytics";
import { failure } from "~/lib/admin-messages";
import { studioDay } from "~/lib/studio-time";
import type { Route } from "./+types/analytics-csv";

/**
 * GET /admin/analytics.csv?period=&from=&to=: the analytics of a period as CSV (issue #33); a
 * custom range that is not one (an impossible date, the wrong order) answers 400 with why.
 */
export async function loader(args: Route.LoaderArgs) {
  await requireResourceAccess(args);
  const runtime = getRuntimeFrom(args.context);
  const query = parseAnalyticsQuery(args.url.searchParams, studioDay());
  // A refused range is not exported as the last 30 days: the file would be mistaken for it.
  if (query.error) return textResponse(400, query.error, ADMIN_RESPONSE_HEADERS);
  try {
    const report = await loadAnalytics(runtime.database.db, query);
    async function* rows() {
      yield analyticsCsvRows(report);
    }
    const response = await csvResponse(
      `analytics-${query.range.from}-to-${query.range.to}.csv`,
      ANALYTICS_CSV_HEADER,
      rows(),
      ADMIN_RESPONSE_HEADERS,
    );
    await recordCsvExport(runtime.database.db, currentActor(args.context), args.url);
    return response;
  } catch (error) {
    runtime.logger.error({ err: error }, "the analytics export failed");
    return redirectWithFlash(
      args.context,
      `/admin/analytics${args.url.search}`,
      failure("Failed to export the analytics"),
    );
  }
}
