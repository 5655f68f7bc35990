import { getRuntimeFrom } from "@server/context";
import { isUuid, listReturnPath } from "@server/kit/list-params";
import { redirectWithFlash } from "@server/route-kit/flash";
import {
  isModeratedSection,
  MODERATED_SECTIONS,
  moderationDeleteAction,
} from "@server/route-kit/moderation";
import { requireAccess } from "@server/security/admin-access";
import { data } from "react-router";
import { ConfirmDeletePanel } from "~/components/admin/confirm-delete-panel";
import { failure } from "~/lib/admin-messages";
import { adminMeta } from "~/lib/admin-meta";
import type { Route } from "./+types/confirm-delete";

/**
 * /admin/{case-studies|testimonials|team|portfolio}/:id/delete: the confirmation step of a delete.
 * Without JavaScript the Delete button leads here; with it, the dialog on the list posts to this
 * action.
 */

export const meta: Route.MetaFunction = () => adminMeta("Confirm delete");

function sectionOf(params: { section?: string }) {
  if (!isModeratedSection(params.section)) {
    throw data("Not found", { status: 404 });
  }
  return { section: params.section, config: MODERATED_SECTIONS[params.section] };
}

export async function loader(args: Route.LoaderArgs) {
  await requireAccess(args);
  const { section, config } = sectionOf(args.params);
  const db = getRuntimeFrom(args.context).database.db;
  const name = isUuid(args.params.id) ? await config.describe(db, args.params.id) : null;
  const listPath = listReturnPath(config.listPath, args.url.searchParams);
  if (!name) {
    // Already gone (or never was): nothing to confirm.
    throw await redirectWithFlash(args.context, listPath, failure(config.messages.deleteFailed));
  }
  return { section, noun: config.noun, name, listPath };
}

export async function action(args: Route.ActionArgs) {
  const { section } = sectionOf(args.params);
  return moderationDeleteAction(section, args.params.id ?? "", args);
}

export default function ConfirmDelete({ loaderData }: Route.ComponentProps) {
  const { noun, name, listPath } = loaderData;
  return <ConfirmDeletePanel noun={noun} name={name} listPath={listPath} />;
}
