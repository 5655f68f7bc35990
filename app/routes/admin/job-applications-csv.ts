import {
  exportJobApplications,
  JOB_APPLICATION_CSV_HEADER,
  jobApplicationCsvRow,
  parseJobApplicationQuery,
} from "@server/job-applications/back-office";
import { csvExportLoader } from "@server/route-kit/csv-export";
import { JOB_APPLICATION_MESSAGES } from "~/lib/admin-messages";
import { studioDay } from "~/lib/studio-time";
import type { Route } from "./+types/job-applications-csv";

/** GET /admin/job-applications.csv?status=&position=: the filtered applications as CSV. */
export function loader(args: Route.LoaderArgs) {
  return csvExportLoader(args, (runtime) => {
    const { page: _page, ...filters } = parseJobApplicationQuery(args.url.searchParams);
    async function* rows() {
      for await (const batch of exportJobApplications(runtime.database.db, filters)) {
        yield batch.map(jobApplicationCsvRow);
      }
    }
    return {
      filename: `job-applications-${studioDay()}.csv`,
      header: JOB_APPLICATION_CSV_HEADER,
      rows: rows(),
      entity: "job_application",
      failureLog: JOB_APPLICATION_MESSAGES.exportFailed,
      failedMessage: JOB_APPLICATION_MESSAGES.exportFailed,
      backTo: `/admin/job-applications${args.url.search}`,
    };
  });
}
