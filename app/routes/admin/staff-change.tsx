import { getRuntimeFrom } from "@server/context";
import { redirectWithFlash } from "@server/route-kit/flash";
import { staffChangeAction } from "@server/route-kit/staff";
import { requireAccess } from "@server/security/admin-access";
import { requireRecentVerification } from "@server/security/step-up";
import { findStaffEmail, STAFF_MESSAGES } from "@server/staff/accounts";
import { useLocation } from "react-router";
import { ConfirmDeletePanel } from "~/components/admin/confirm-delete-panel";
import { DEACTIVATE_CONSEQUENCE, REMOVE_CONSEQUENCE, STAFF_PATH } from "~/entities/staff/view";
import { failure } from "~/lib/admin-messages";
import { adminMeta } from "~/lib/admin-meta";
import type { Route } from "./+types/staff-change";

/**
 * /admin/staff/:id/remove and /admin/staff/:id/deactivate (admins, issue #47): one module, two
 * routes: the confirmation of removing or deactivating an account, the pattern of the deletes
 * (decision 0054). Without JavaScript the Remove or Deactivate button of /admin/staff leads here;
 * with it, its dialog posts to this action. Either asks for the password or a code again after
 * 10 minutes (decision 0437), and comes back to this page.
 */

const CHANGES = {
  remove: { title: "Confirm removal", verb: "Remove", consequence: REMOVE_CONSEQUENCE },
  deactivate: {
    title: "Confirm deactivation",
    verb: "Deactivate",
    consequence: DEACTIVATE_CONSEQUENCE,
  },
} as const;

/** Which of the two routes: by its pattern, or the page's own path. */
function changeOf(path: string): keyof typeof CHANGES {
  return /\/deactivate\/?$/.test(path) ? "deactivate" : "remove";
}

export const meta: Route.MetaFunction = ({ location }) =>
  adminMeta(CHANGES[changeOf(location.pathname)].title);

export async function loader(args: Route.LoaderArgs) {
  await requireAccess(args);
  const email = await findStaffEmail(getRuntimeFrom(args.context).database.db, args.params.id);
  // Already gone (or never was): nothing to confirm.
  if (!email)
    throw await redirectWithFlash(args.context, STAFF_PATH, failure(STAFF_MESSAGES.notFound));
  return { email };
}

export async function action(args: Route.ActionArgs) {
  const staff = await requireAccess(args);
  const runtime = getRuntimeFrom(args.context);
  await requireRecentVerification(runtime, staff, new URL(args.request.url).pathname);
  // By the route matched (its pattern), not the request's URL (a script's post has a suffix).
  return staffChangeAction(args.context, args.params.id, { kind: changeOf(args.pattern) });
}

export default function StaffChange({ loaderData }: Route.ComponentProps) {
  const { verb, consequence } = CHANGES[changeOf(useLocation().pathname)];
  return (
    <ConfirmDeletePanel
      noun="staff account"
      name={loaderData.email}
      listPath={STAFF_PATH}
      verb={verb}
      consequence={consequence}
    />
  );
}
