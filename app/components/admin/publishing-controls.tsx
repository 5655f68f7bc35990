import type { ReactNode } from "react";
import { Form } from "react-router";
import {
  PUBLISHING_LABELS,
  PUBLISHING_STATES,
  type PublishingState,
  type WorkflowIntent,
} from "~/lib/publishing";
import { FilterSelect } from "./list-filters";
import { buttonClass, fieldClass } from "./ui";

/**
 * The editors' publishing (issue #31): a status area and the button row of blog posts, case
 * studies and portfolio items. Every button is a plain submit (`workflow=…`), so each works
 * without JavaScript; "Save draft" comes first, so Enter in a field never publishes.
 */

export interface Publishing {
  state: PublishingState;
  /** The live row is on the site ("Update" and "Unpublish" instead of "Publish"). */
  live: boolean;
  /** When a scheduled draft goes live, as a `datetime-local` value in the studio's zone. */
  publishAt?: string;
  /** The studio's time zone (STUDIO_TIME_ZONE), in which "Publish at" is entered. */
  timeZone?: string;
  /** The buttons the person's role may use (`WORKFLOW_INTENTS_OF`; the server checks them too). */
  intents: readonly WorkflowIntent[];
}

export function PublishingBadge({ state }: { state: PublishingState }) {
  const published = state === "published";
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ${
        published
          ? "bg-success/15 text-success ring-1 ring-success/40"
          : state === "draft"
            ? "bg-surface-raised text-ink-muted ring-1 ring-line"
            : "bg-accent/15 text-accent-strong ring-1 ring-accent/40"
      }`}
    >
      {PUBLISHING_LABELS[state]}
    </span>
  );
}

/** "Status: Published" and the links beside it (preview, history). */
export function PublishingStatus({
  publishing,
  children,
}: {
  publishing: Publishing;
  children?: ReactNode;
}) {
  return (
    <section
      aria-label="Publishing status"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-line bg-surface px-4 py-3 text-sm"
    >
      <p className="flex items-center gap-2">
        <span className="text-ink-muted">Status:</span>
        <PublishingBadge state={publishing.state} />
      </p>
      {children}
    </section>
  );
}

export function PublishingButtons({
  publishing,
  saving,
  commentError,
  compact = false,
  form,
}: {
  publishing: Publishing;
  saving: boolean;
  /** The id of the form the buttons send, when they stand outside it. */
  form?: string;
  /** The reviewer's "Request changes" without a comment, or too long. */
  commentError?: string;
  /**
   * Buttons only: a form with two button rows shows the "Publish at" field and the reviewer's
   * answers once, in its full row (one field a name, one element an id).
   */
  compact?: boolean;
}) {
  const may = (intent: WorkflowIntent) => publishing.intents.includes(intent);
  const button = (value: WorkflowIntent, label: string, primary: boolean) =>
    may(value) ? (
      <button
        type="submit"
        form={form}
        name="workflow"
        value={value}
        disabled={saving}
        className={primary ? buttonClass.primary : buttonClass.secondary}
      >
        {label}
      </button>
    ) : null;
  const reviewing = !compact && publishing.state === "in_review" && may("approve");
  return (
    <>
      {button("save-draft", "Save draft", false)}
      {!compact && publishing.timeZone && may("schedule") ? (
        <span className="flex flex-wrap items-end gap-2">
          <span className="flex flex-col gap-1 text-sm">
            <label htmlFor="publish-at" className="font-medium">
              Publish at
            </label>
            <input
              id="publish-at"
              name="publishAt"
              type="datetime-local"
              defaultValue={publishing.publishAt ?? ""}
              aria-describedby="publish-at-zone"
              className={fieldClass}
            />
            <span id="publish-at-zone" className="text-xs text-ink-muted">
              Time zone: {publishing.timeZone}
            </span>
          </span>
          {button("schedule", "Schedule", false)}
        </span>
      ) : null}
      {/* A role that cannot publish sends its work to a reviewer instead. */}
      {may("publish") ? null : button("submit", "Submit for review", true)}
      {reviewing ? (
        <span className="flex w-full flex-wrap items-end gap-2 rounded-lg border border-line bg-surface p-3">
          <span className="flex min-w-64 flex-1 flex-col gap-1 text-sm">
            <label htmlFor="review-comment" className="font-medium">
              Comment
            </label>
            <textarea
              id="review-comment"
              name="reviewComment"
              rows={2}
              maxLength={2000}
              aria-describedby={`review-comment-hint${commentError ? " review-comment-error" : ""}`}
              aria-invalid={commentError ? true : undefined}
              className={fieldClass}
            />
            <span id="review-comment-hint" className="text-xs text-ink-muted">
              Needed for "Request changes": the author receives it by e-mail.
            </span>
            {commentError ? (
              <span id="review-comment-error" className="text-xs text-danger">
                {commentError}
              </span>
            ) : null}
          </span>
          {button("approve", "Approve and publish", true)}
          {button("request-changes", "Request changes", false)}
        </span>
      ) : null}
      {publishing.live ? (
        <>
          {button("update", "Update", !reviewing)}
          {button("unpublish", "Unpublish", false)}
        </>
      ) : (
        button("publish", "Publish", !reviewing)
      )}
    </>
  );
}

/** A list's filter by badge (`status=`). */
export function PublishingFilter({ id, value }: { id: string; value: string }) {
  return (
    <FilterSelect
      id={id}
      name="status"
      label="Status"
      value={value}
      allLabel="All statuses"
      options={PUBLISHING_STATES.map((state) => ({
        value: state,
        label: PUBLISHING_LABELS[state],
      }))}
    />
  );
}

/** The id of the (empty) form "Revoke preview links" posts: it stands outside the editor's form. */
export const REVOKE_PREVIEW_FORM = "revoke-preview-links";

/**
 * The draft's signed preview (valid 24 hours): a page to check, or an address to send; and
 * "Revoke preview links", which ends every link sent so far (issue #47, decision 0462). The
 * button posts `RevokePreviewForm`, which the page renders outside its editor's form (a form
 * cannot hold another).
 */
export function PreviewLink({ href }: { href: string }) {
  return (
    <>
      <a href={href} target="_blank" rel="noopener" className={buttonClass.secondary}>
        Preview<span className="sr-only"> (opens in a new tab; the link works for 24 hours)</span>
      </a>
      <button type="submit" form={REVOKE_PREVIEW_FORM} className={buttonClass.secondary}>
        Revoke preview links
      </button>
    </>
  );
}

/** The form of "Revoke preview links" (see PreviewLink): nothing but its address. */
export function RevokePreviewForm({ action }: { action: string }) {
  return <Form id={REVOKE_PREVIEW_FORM} method="post" action={action} />;
}
