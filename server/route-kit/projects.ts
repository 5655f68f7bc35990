import { getRuntimeFrom } from "@server/context";
import { isUuid } from "@server/kit/list-params";
import {
  addDeliverable,
  addVersion,
  deliverableOf,
  findProject,
  ProjectInputError,
  setProjectStatus,
} from "@server/projects/projects";
import { createShareLink, revokeShareLink } from "@server/projects/share-links";
import { redirectWithFlash } from "@server/route-kit/flash";
import { checkPost, FORM_LIMITS, readPost } from "@server/route-kit/forms";
import { currentActor } from "@server/security/admin-access";
import { data, type RouterContextProvider } from "react-router";
import {
  deliverableSchema,
  projectStatusSchema,
  shareLinkSchema,
  versionSchema,
} from "~/entities/project/form";
import { BAD_REQUEST, failure, success } from "~/lib/admin-messages";
import type { FieldErrors } from "~/lib/forms/result";
import { parseZonedDateTime } from "~/lib/studio-time";

/**
 * The posts of a project's page (issue #45): status, a deliverable, a version, a share link made
 * or revoked. Bad input answers 400 with the field's message; a made link's token is answered
 * once, in the page's data, never stored.
 */

export const PROJECT_MESSAGES = {
  status: "The project's status is saved.",
  deliverable: "The deliverable is added.",
  version: "The version is added.",
  revoked: "The link is revoked: it no longer opens.",
  notRevoked: "That link was already revoked.",
} as const;

export type ProjectPostAnswer =
  | { intent: string; fieldErrors: FieldErrors; values: Record<string, string> }
  | { intent: "link"; token: string };

const refused = (intent: string, fieldErrors: FieldErrors, status = 400) =>
  data({ intent, fieldErrors, values: {} } as ProjectPostAnswer, { status });

export async function projectPost(args: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  params: { id?: string };
}) {
  const runtime = getRuntimeFrom(args.context);
  const db = runtime.database.db;
  const id = args.params.id;
  const path = `/admin/projects/${id}`;
  if (!isUuid(id) || !(await findProject(db, id))) {
    throw data("Not found", { status: 404 });
  }
  const read = await readPost(args.request, FORM_LIMITS.short, (refusal) =>
    refused("form", { form: [refusal.message] }, refusal.status),
  );
  if (read.refused) return read.refused;
  const actor = currentActor(args.context);
  const intent = read.form.fields.get("intent") ?? "";
  if (intent === "status") {
    const checked = checkPost(read.form, projectStatusSchema);
    if (!checked.data) return refused(intent, checked.fieldErrors);
    await setProjectStatus(db, actor, id, checked.data.status);
    return redirectWithFlash(args.context, path, success(PROJECT_MESSAGES.status));
  }
  if (intent === "deliverable") {
    const checked = checkPost(read.form, deliverableSchema);
    if (!checked.data) return refused(intent, checked.fieldErrors);
    await addDeliverable(db, actor, id, checked.data.title);
    return redirectWithFlash(args.context, path, success(PROJECT_MESSAGES.deliverable));
  }
  if (intent === "version") {
    const checked = checkPost(read.form, versionSchema);
    if (!checked.data) return refused(intent, checked.fieldErrors);
    try {
      await addVersion(
        db,
        actor,
        { projectId: id, deliverableId: checked.data.deliverableId },
        checked.data.mediaItemId,
        runtime.jobs,
      );
    } catch (error) {
      if (error instanceof ProjectInputError) {
        return refused(intent, { mediaItemId: [error.message] });
      }
      throw error;
    }
    return redirectWithFlash(args.context, path, success(PROJECT_MESSAGES.version));
  }
  if (intent === "link") {
    const checked = checkPost(read.form, shareLinkSchema);
    if (!checked.data) return refused(intent, checked.fieldErrors);
    const { expiresOn, ...rest } = checked.data;
    // Until the end of that day in the studio's time zone.
    const expiresAt = expiresOn ? parseZonedDateTime(`${expiresOn}T23:59`) : null;
    if (expiresAt && expiresAt.getTime() <= Date.now()) {
      return refused(intent, { expiresOn: ["Choose a day that has not passed."] });
    }
    if (rest.deliverableId && !(await deliverableOf(db, id, rest.deliverableId))) {
      return refused(intent, { deliverableId: ["Choose a deliverable."] });
    }
    const { token } = await createShareLink(db, actor, { projectId: id, ...rest, expiresAt });
    return data({ intent: "link", token } as ProjectPostAnswer);
  }
  if (intent === "revoke") {
    const linkId = read.form.fields.get("linkId");
    if (!isUuid(linkId)) return redirectWithFlash(args.context, path, failure(BAD_REQUEST));
    const revoked = await revokeShareLink(db, actor, id, linkId);
    return redirectWithFlash(
      args.context,
      path,
      revoked ? success(PROJECT_MESSAGES.revoked) : failure(PROJECT_MESSAGES.notRevoked),
    );
  }
  return redirectWithFlash(args.context, path, failure(BAD_REQUEST));
}
