import { findAttachmentKey } from "@server/inquiries/back-office";
import { isUuid } from "@server/kit/list-params";
import { storedFileLink } from "@server/route-kit/stored-file";
import { INQUIRY_MESSAGES } from "~/lib/admin-messages";
import type { Route } from "./+types/inquiry-attachment";

/**
 * GET /admin/inquiries/:id/attachments/:index: a fresh signed link to an inquiry's attachment,
 * valid 60 seconds, made at the moment of the click, as for resumes (decisions 0057, 0275).
 */
export async function loader(args: Route.LoaderArgs) {
  const { id, index } = args.params;
  return storedFileLink(args, {
    bucket: "contact-uploads",
    listPath: "/admin",
    failedMessage: INQUIRY_MESSAGES.attachmentFailed,
    logContext: { id, index },
    async find(db) {
      if (!(isUuid(id) && /^\d{1,2}$/.test(index))) {
        return { missing: INQUIRY_MESSAGES.attachmentFailed };
      }
      const found = await findAttachmentKey(db, id, Number(index));
      return found === "missing" ? { missing: INQUIRY_MESSAGES.attachmentFailed } : found;
    },
  });
}
