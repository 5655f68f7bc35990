import { findResumeKey } from "@server/job-applications/back-office";
import { isUuid } from "@server/kit/list-params";
import { storedFileLink } from "@server/route-kit/stored-file";
import { JOB_APPLICATION_MESSAGES } from "~/lib/admin-messages";
import type { Route } from "./+types/resume";

/**
 * GET /admin/job-applications/:id/resume: a fresh signed link to the resume, valid 60 seconds
 * (SPEC section 9), made at the moment of the click (decision 0057).
 */
export async function loader(args: Route.LoaderArgs) {
  const id = args.params.id;
  return storedFileLink(args, {
    bucket: "job-applications",
    listPath: "/admin/job-applications",
    failedMessage: JOB_APPLICATION_MESSAGES.resumeFailed,
    logContext: { id },
    async find(db) {
      if (!isUuid(id)) return { missing: JOB_APPLICATION_MESSAGES.resumeFailed };
      const found = await findResumeKey(db, id);
      if (found === "missing") return { missing: JOB_APPLICATION_MESSAGES.resumeFailed };
      if (found === "none") return { missing: JOB_APPLICATION_MESSAGES.noResume };
      return found;
    },
  });
}
