import { getRuntimeFrom } from "@server/context";
import {
  exportJobApplications,
  JOB_APPLICATION_CSV_HEADER,
  jobApplicationCsvRow,
  parseJobApplicationQuery,
} from "@server/job-applications/back-office";
import { csvResponse, recordCsvExport } from "@server/kit/csv";
import { redirectWithFlash } from "@server/route-kit/flash";
import {
  ADMIN_RESPONSE_HEADERS,
  currentActor,
  requireResourceAccess,
} from "@server/security/admin-access";
import { failure, JOB_APPLICATION_MESSAGES } from "~/lib/admin-messages";
import { studioDay } from "~/lib/studio-time";
import type { Route } from "./+types/job-applications-csv";

/** GET /admin/job-applications.csv?status=&position=: the filtered applications as CSV. */
export async function loader(args: Route.LoaderArgs) {
  await requireResourceAccess(args);
  const runtime = getRuntimeFrom(args.context);
  const { page: _page, ...filters } = parseJobApplicationQuery(args.url.searchParams);
  async function* rows() {
    for await (const batch of exportJobApplications(runtime.database.db, filters)) {
      yield batch.map(jobApplicationCsvRow);
    }
  }
  try {
    const response = await csvResponse(
      `job-applications-${studioDay()}.csv`,
      JOB_APPLICATION_CSV_HEADER,
      rows(),
      ADMIN_RESPONSE_HEADERS,
    );
    await recordCsvExport(
      runtime.database.db,
      currentActor(args.context),
      args.url,
      "job_application",
    );
    return response;
  } catch (error) {
    runtime.logger.error({ err: error }, JOB_APPLICATION_MESSAGES.exportFailed);
    return redirectWithFlash(
      args.context,
      `/admin/job-applications${args.url.search}`,
      failure(JOB_APPLICATION_MESSAGES.exportFailed),
    );
  }
}
