import { TextAreaField } from "~/components/forms/fields";
import { Button } from "~/components/ui/form-button";
import { REVIEW_COPY } from "~/copy/review";
import type { ReviewCommentView } from "~/entities/review/view";

/**
 * A version's comments on the review page (issue #45): each with its time (pressed, the player
 * seeks there), author, text, drawing, replies; on the latest version a reply form and Resolve or
 * Reopen. Plain forms: they post without JavaScript, and the page comes back at the comment.
 */
export function CommentList({
  comments,
  versionId,
  writable,
  timeOf,
  onSeek,
  errors,
}: {
  comments: ReviewCommentView[];
  versionId: string;
  /** The latest version, and the reviewer is known: replies and resolving are offered. */
  writable: boolean;
  /** "00:00:01:05" or "00:00:01.200", as the page's toggle shows times. */
  timeOf: (seconds: number) => string;
  onSeek: (comment: ReviewCommentView) => void;
  /** A refused reply: the comment it was for, and why. */
  errors?: { commentId: string; message: string } | null;
}) {
  if (comments.length === 0) {
    return <p className="text-sm text-ink-muted">{REVIEW_COPY.noComments}</p>;
  }
  return (
    <ol aria-label={REVIEW_COPY.comments} className="flex flex-col gap-3">
      {comments.map((comment) => {
        const when =
          comment.endSeconds === null
            ? timeOf(comment.atSeconds)
            : `${timeOf(comment.atSeconds)} – ${timeOf(comment.endSeconds)}`;
        const refused = errors?.commentId === comment.id ? errors.message : null;
        return (
          <li
            key={comment.id}
            id={`comment-${comment.id}`}
            tabIndex={-1}
            aria-label={`Comment by ${comment.author} at ${when}`}
            className="rounded-md border border-white/15 p-3 focus:outline-2 focus:outline-accent"
          >
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <button
                type="button"
                onClick={() => onSeek(comment)}
                className="rounded font-mono text-accent underline underline-offset-4"
                aria-label={`Go to ${when}`}
              >
                {when}
              </button>
              <span className="font-semibold">{comment.author}</span>
              {comment.resolved ? (
                <span className="rounded bg-white/15 px-1.5 text-xs">{REVIEW_COPY.resolved}</span>
              ) : null}
              {comment.drawing ? (
                <span className="text-xs text-ink-muted">{REVIEW_COPY.withDrawing}</span>
              ) : null}
            </div>
            <p className="mt-2 text-sm whitespace-pre-wrap break-words">{comment.body}</p>
            {comment.replies.length > 0 ? (
              <ol
                aria-label={`Replies to ${comment.author}`}
                className="mt-3 flex flex-col gap-2 border-l border-white/15 pl-3"
              >
                {comment.replies.map((reply) => (
                  <li key={reply.id} className="text-sm">
                    <span className="font-semibold">{reply.author}</span>
                    <p className="whitespace-pre-wrap break-words">{reply.body}</p>
                  </li>
                ))}
              </ol>
            ) : null}
            {writable ? (
              <div className="mt-3 flex flex-col gap-2">
                <form method="post" className="flex flex-col gap-2">
                  <input type="hidden" name="intent" value="reply" />
                  <input type="hidden" name="versionId" value={versionId} />
                  <input type="hidden" name="commentId" value={comment.id} />
                  <TextAreaField
                    name="body"
                    id={`reply-${comment.id}`}
                    label={`${REVIEW_COPY.reply} to ${comment.author}`}
                    rows={2}
                    maxLength={5000}
                    required
                    errors={refused ? { body: [refused] } : undefined}
                  />
                  <div className="flex flex-wrap gap-2">
                    <Button type="submit" size="sm" variant="secondary">
                      {REVIEW_COPY.replySubmit}
                    </Button>
                  </div>
                </form>
                <form method="post">
                  <input
                    type="hidden"
                    name="intent"
                    value={comment.resolved ? "reopen" : "resolve"}
                  />
                  <input type="hidden" name="versionId" value={versionId} />
                  <input type="hidden" name="commentId" value={comment.id} />
                  <Button
                    type="submit"
                    size="sm"
                    variant="ghost"
                    aria-label={`${comment.resolved ? REVIEW_COPY.reopen : REVIEW_COPY.resolve} the comment by ${comment.author} at ${when}`}
                  >
                    {comment.resolved ? REVIEW_COPY.reopen : REVIEW_COPY.resolve}
                  </Button>
                </form>
              </div>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
