import type { AuditActor } from "@server/audit/log";
import type { Database } from "@server/db/client";
import {
  addComment,
  addReply,
  type ReviewAuthor,
  ReviewRefusal,
  type ReviewScope,
  setResolved,
} from "@server/projects/comments";
import { checkPost, type ReadForm } from "@server/route-kit/forms";
import { parseDrawing } from "~/entities/review/drawing";
import {
  reviewCommentSchema,
  reviewReplySchema,
  reviewResolveSchema,
} from "~/entities/review/forms";
import { textValuesOf } from "~/lib/forms/check";
import type { FieldErrors } from "~/lib/forms/result";

/**
 * The review room's comment posts (issue #45 items 4 and 6, decision 0532), one way for both
 * sides: the client's page (a reviewer, within their link, counted against limits) and the
 * back-office's version page (a member of staff, within the project). A comment at a frame or
 * over a range with a drawing, a reply, resolve and reopen; each write audited with its actor.
 */

export const COMMENT_INTENTS = ["comment", "reply", "resolve", "reopen"] as const;
export type CommentIntent = (typeof COMMENT_INTENTS)[number];

export const isCommentIntent = (intent: unknown): intent is CommentIntent =>
  COMMENT_INTENTS.includes(intent as CommentIntent);

export const COMMENT_POST_MESSAGES = {
  badRequest: "This form could not be read. Reload the page and try again.",
} as const;

export interface CommentPost {
  db: Database;
  form: ReadForm;
  scope: ReviewScope;
  author: ReviewAuthor;
  actor: AuditActor;
  /** Before a comment or reply is written: the message of a limit it is over, else null. */
  limit?: () => Promise<string | null>;
}

/** Done (the comment to go back to), or refused with the status and what to say. */
export type CommentOutcome =
  | { ok: true; commentId: string }
  | {
      ok: false;
      status: number;
      message: string;
      fieldErrors?: FieldErrors;
      values?: Record<string, string>;
    };

const refusal = (
  status: number,
  message: string,
  extra: { fieldErrors?: FieldErrors; values?: Record<string, string> } = {},
): CommentOutcome => ({ ok: false, status, message, ...extra });

async function comment(post: CommentPost): Promise<CommentOutcome> {
  const checked = checkPost(post.form, reviewCommentSchema);
  if (!checked.data) return refusal(400, "", checked);
  const drawing = parseDrawing(checked.data.drawing);
  if (!drawing.ok) {
    return refusal(400, drawing.message, {
      fieldErrors: { drawing: [drawing.message] },
      values: textValuesOf(post.form.fields),
    });
  }
  const limited = await post.limit?.();
  if (limited) return refusal(429, limited);
  const { versionId, atSeconds, endSeconds, body } = checked.data;
  const written = await addComment(post.db, post.scope, post.author, post.actor, {
    versionId,
    atSeconds,
    endSeconds,
    body,
    drawing: drawing.drawing,
  });
  return { ok: true, commentId: written.id };
}

async function reply(post: CommentPost): Promise<CommentOutcome> {
  const checked = checkPost(post.form, reviewReplySchema);
  if (!checked.data) return refusal(400, "", checked);
  const limited = await post.limit?.();
  if (limited) return refusal(429, limited);
  await addReply(post.db, post.scope, post.author, post.actor, checked.data);
  return { ok: true, commentId: checked.data.commentId };
}

const resolving =
  (resolved: boolean) =>
  async (post: CommentPost): Promise<CommentOutcome> => {
    const checked = checkPost(post.form, reviewResolveSchema);
    if (!checked.data) return refusal(400, COMMENT_POST_MESSAGES.badRequest);
    const { commentId } = checked.data;
    await setResolved(post.db, post.scope, post.actor, { commentId, resolved });
    return { ok: true, commentId };
  };

const WRITES: Record<CommentIntent, (post: CommentPost) => Promise<CommentOutcome>> = {
  comment,
  reply,
  resolve: resolving(true),
  reopen: resolving(false),
};

/** Runs one comment intent; a refusal of the scope (404) or of an older version (409) included. */
export async function commentWrite(
  intent: CommentIntent,
  post: CommentPost,
): Promise<CommentOutcome> {
  try {
    return await WRITES[intent](post);
  } catch (error) {
    if (error instanceof ReviewRefusal) return refusal(error.status, error.message);
    throw error;
  }
}
