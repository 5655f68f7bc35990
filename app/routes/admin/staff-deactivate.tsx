import { getRuntimeFrom } from "@server/context";
import { redirectWithFlash } from "@server/route-kit/flash";
import { staffChangeAction } from "@server/route-kit/staff";
import { requireAccess } from "@server/security/admin-access";
import { requireRecentVerification } from "@server/security/step-up";
import { findStaffEmail, STAFF_MESSAGES } from "@server/staff/accounts";
import { ConfirmDeletePanel } from "~/components/admin/confirm-delete-panel";
import { DEACTIVATE_CONSEQUENCE, STAFF_PATH } from "~/entities/staff/view";
import { failure } from "~/lib/admin-messages";
import { adminMeta } from "~/lib/admin-meta";
import type { Route } from "./+types/staff-deactivate";

/**
 * /admin/staff/:id/deactivate (admins, issue #47): the confirmation of deactivating an account,
 * the pattern of the deletes (decision 0054). Without JavaScript the Deactivate button of
 * /admin/staff leads here; with it, its dialog posts to this action. Deactivating asks for the
 * password or a code again after 10 minutes (decision 0437), and comes back to this page.
 */

export const meta: Route.MetaFunction = () => adminMeta("Confirm deactivation");

export async function loader(args: Route.LoaderArgs) {
  await requireAccess(args);
  const email = await findStaffEmail(getRuntimeFrom(args.context).database.db, args.params.id);
  if (!email)
    throw await redirectWithFlash(args.context, STAFF_PATH, failure(STAFF_MESSAGES.notFound));
  return { email };
}

export async function action(args: Route.ActionArgs) {
  const staff = await requireAccess(args);
  const runtime = getRuntimeFrom(args.context);
  await requireRecentVerification(runtime, staff, new URL(args.request.url).pathname);
  return staffChangeAction(args.context, args.params.id, { kind: "deactivate" });
}

export default function StaffDeactivate({ loaderData }: Route.ComponentProps) {
  return (
    <ConfirmDeletePanel
      noun="staff account"
      name={loaderData.email}
      listPath={STAFF_PATH}
      verb="Deactivate"
      consequence={DEACTIVATE_CONSEQUENCE}
    />
  );
}
