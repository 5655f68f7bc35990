import { getRuntimeFrom } from "@server/context";
import { isUuid } from "@server/kit/list-params";
import { privateVideo } from "@server/media/playback";
import { reviewStateOf } from "@server/projects/approvals";
import {
  type ReviewScope,
  STAFF_MARK,
  versionComments,
  versionInScope,
} from "@server/projects/comments";
import { mediaClockOf, reviewRoom } from "@server/projects/review-room";
import { redirectWithFlash } from "@server/route-kit/flash";
import { FORM_LIMITS, readPost } from "@server/route-kit/forms";
import {
  COMMENT_POST_MESSAGES,
  commentWrite,
  isCommentIntent,
} from "@server/route-kit/review-comments";
import { currentActor } from "@server/security/admin-access";
import { data, type RouterContextProvider } from "react-router";
import { success } from "~/lib/admin-messages";
import type { FieldErrors } from "~/lib/forms/result";
import { formatStudioDateTime } from "~/lib/studio-time";

/**
 * A version's page in the back-office (issue #45 item 6, decision 0532): the review room's player
 * and comments for staff, within the whole project. Staff comment at a frame or over a range with
 * a drawing, reply, resolve and reopen, as themselves; an older version is read only (409), a
 * version of another project is not found (404).
 */

export const STAFF_REVIEW_MESSAGES = {
  comment: "The comment is added.",
  reply: "The reply is sent.",
  resolve: "The comment is resolved.",
  reopen: "The comment is reopened.",
} as const;

interface Args {
  request: Request;
  context: Readonly<RouterContextProvider>;
  params: { id?: string; versionId?: string };
}

/** The project's version the address names, or a 404. */
async function versionOfPage({ context, params }: Args) {
  const db = getRuntimeFrom(context).database.db;
  const { id, versionId } = params;
  const scope: ReviewScope | null = isUuid(id) ? { projectId: id, deliverableId: null } : null;
  const version = scope && isUuid(versionId) ? await versionInScope(db, scope, versionId) : null;
  if (!scope || !version) throw data("Not found", { status: 404 });
  return { scope, version };
}

export async function staffReviewLoader(args: Args, staff: { name: string }) {
  const runtime = getRuntimeFrom(args.context);
  const db = runtime.database.db;
  const { scope, version } = await versionOfPage(args);
  const [room, video, clock, comments, decision] = await Promise.all([
    reviewRoom(db, { ...scope, deliverableId: version.deliverableId }),
    privateVideo(db, runtime.keys.playbackLinks, version.mediaItemId),
    mediaClockOf(db, version.mediaItemId),
    versionComments(db, version.id),
    reviewStateOf(db, version.id),
  ]);
  return {
    projectId: scope.projectId,
    projectTitle: room?.title ?? "",
    deliverableTitle: version.deliverableTitle,
    version: { id: version.id, number: version.number, latest: version.latest },
    versions: (room?.deliverables[0]?.versions ?? []).map(({ id, number, latest }) => ({
      id,
      number,
      latest,
    })),
    video,
    clock,
    comments,
    decision: decision
      ? {
          decision: decision.decision,
          who: decision.reviewerName,
          at: formatStudioDateTime(decision.at),
        }
      : null,
    author: `${staff.name} ${STAFF_MARK}`,
  };
}

export type StaffReviewAnswer = {
  intent: string;
  message: string;
  fieldErrors?: FieldErrors;
  values?: Record<string, string>;
};

const refused = (answer: StaffReviewAnswer, status: number) =>
  data(answer satisfies StaffReviewAnswer, { status });

export async function staffReviewAction(args: Args) {
  const db = getRuntimeFrom(args.context).database.db;
  const { scope, version } = await versionOfPage(args);
  const read = await readPost(args.request, FORM_LIMITS.short, (refusal) =>
    refused({ intent: "form", message: refusal.message }, refusal.status),
  );
  if (read.refused) return read.refused;
  const intent = read.form.fields.get("intent");
  if (!isCommentIntent(intent)) {
    return refused({ intent: "form", message: COMMENT_POST_MESSAGES.badRequest }, 400);
  }
  const actor = currentActor(args.context);
  const outcome = await commentWrite(intent, {
    db,
    form: read.form,
    scope,
    author: { staffId: actor.id ?? "" },
    actor,
  });
  if (!outcome.ok) {
    const { status, ok: _ok, ...answer } = outcome;
    return refused({ intent, ...answer }, status);
  }
  return redirectWithFlash(
    args.context,
    `/admin/projects/${scope.projectId}/versions/${version.id}#comment-${outcome.commentId}`,
    success(STAFF_REVIEW_MESSAGES[intent]),
  );
}
