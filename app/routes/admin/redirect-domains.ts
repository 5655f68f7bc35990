import { addRedirectDomain, removeRedirectDomain } from "@server/content/redirects/editor";
import { getRuntimeFrom } from "@server/context";
import { isUuid } from "@server/kit/list-params";
import { inTransaction } from "@server/kit/transaction";
import { redirectWithFlash } from "@server/route-kit/flash";
import { checkPost, FORM_LIMITS, readPost } from "@server/route-kit/forms";
import { ADMIN_RESPONSE_HEADERS, currentActor, requireAccess } from "@server/security/admin-access";
import { redirect } from "react-router";
import { REDIRECT_MESSAGES, redirectDomainSchema } from "~/entities/redirect/form";
import { BAD_REQUEST, failure, success } from "~/lib/admin-messages";
import type { Route } from "./+types/redirect-domains";

/**
 * /admin/redirects/domains (issue #47 item 11, decision 0461): an admin adds or removes one of
 * the other sites redirects may lead to; the forms are on the Redirects screen, and every answer
 * goes back there with its message. Admins only ("domains" in the policy table): editors pick
 * from the list, they do not change it.
 */

const BACK = "/admin/redirects";

export async function loader(args: Route.LoaderArgs) {
  await requireAccess(args);
  return redirect(BACK, { headers: ADMIN_RESPONSE_HEADERS });
}

export async function action(args: Route.ActionArgs) {
  await requireAccess(args);
  const runtime = getRuntimeFrom(args.context);
  const actor = currentActor(args.context);
  const back = (message: ReturnType<typeof success>) =>
    redirectWithFlash(args.context, BACK, message);
  const read = await readPost(args.request, FORM_LIMITS.short, (refusal) =>
    back(failure(refusal.message)),
  );
  if (read.refused) return read.refused;
  const intent = read.form.fields.get("intent");
  try {
    if (intent === "add-domain") {
      const checked = checkPost(read.form, redirectDomainSchema);
      if (checked.fieldErrors) {
        return back(failure(checked.fieldErrors.host?.[0] ?? REDIRECT_MESSAGES.domainInvalid));
      }
      const added = await inTransaction(runtime.database.db, (tx) =>
        addRedirectDomain(tx, actor, checked.data.host, runtime.config.SITE_URL),
      );
      return back(
        added.ok ? success(REDIRECT_MESSAGES.domainAdded(added.host)) : failure(added.message),
      );
    }
    if (intent === "remove-domain") {
      const id = read.form.fields.get("id");
      if (!isUuid(id)) return back(failure(BAD_REQUEST));
      const removed = await inTransaction(runtime.database.db, (tx) =>
        removeRedirectDomain(tx, actor, id),
      );
      return back(
        removed.ok
          ? success(REDIRECT_MESSAGES.domainRemoved(removed.host))
          : failure(removed.message),
      );
    }
  } catch (error) {
    runtime.logger.error({ err: error }, REDIRECT_MESSAGES.saveFailed);
    return back(failure(REDIRECT_MESSAGES.saveFailed));
  }
  return back(failure(BAD_REQUEST));
}
