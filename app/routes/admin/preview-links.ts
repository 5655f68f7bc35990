import { PREVIEW_LINK_MESSAGES, revokePreviewLinks } from "@server/content/workflow/preview-links";
import { getRuntimeFrom } from "@server/context";
import { isUuid } from "@server/kit/list-params";
import { inTransaction } from "@server/kit/transaction";
import { redirectWithFlash } from "@server/route-kit/flash";
import { ADMIN_RESPONSE_HEADERS, currentActor, requireAccess } from "@server/security/admin-access";
import { redirect } from "react-router";
import { BAD_REQUEST, failure, success } from "~/lib/admin-messages";
import { HISTORY_SECTIONS, PREVIEW_SECTIONS, type PreviewSection } from "~/lib/publishing";
import type { Route } from "./+types/preview-links";

/**
 * /admin/preview-links/{section}/{id} (issue #47 item 14, decision 0462): the editors' "Revoke
 * preview links". Every link sent so far answers as an expired one; the editor it leads back to
 * shows a new link. In the writing area, as the editors are.
 */

function target(params: { section?: string; id?: string }) {
  const section = PREVIEW_SECTIONS.find((name) => name === params.section) as
    | PreviewSection
    | undefined;
  if (!section || !isUuid(params.id)) return null;
  const { entity, editor } = HISTORY_SECTIONS[section];
  return { entity: entity as "blog_post" | "case_study", id: params.id, editor: editor(params.id) };
}

export async function loader(args: Route.LoaderArgs) {
  await requireAccess(args);
  const found = target(args.params);
  return redirect(found?.editor ?? "/admin/blog", { headers: ADMIN_RESPONSE_HEADERS });
}

export async function action(args: Route.ActionArgs) {
  await requireAccess(args);
  const runtime = getRuntimeFrom(args.context);
  const found = target(args.params);
  if (!found) return redirectWithFlash(args.context, "/admin/blog", failure(BAD_REQUEST));
  try {
    const name = await inTransaction(runtime.database.db, (tx) =>
      revokePreviewLinks(tx, currentActor(args.context), found.entity, found.id),
    );
    return redirectWithFlash(
      args.context,
      found.editor,
      name === null
        ? failure(PREVIEW_LINK_MESSAGES.missing)
        : success(PREVIEW_LINK_MESSAGES.revoked(name)),
    );
  } catch (error) {
    runtime.logger.error({ err: error }, PREVIEW_LINK_MESSAGES.failed);
    return redirectWithFlash(args.context, found.editor, failure(PREVIEW_LINK_MESSAGES.failed));
  }
}
