import type { ReactNode } from "react";
import { PUBLISHING_LABELS, PUBLISHING_STATES, type PublishingState } from "~/lib/publishing";
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
}: {
  publishing: Publishing;
  saving: boolean;
}) {
  const button = (value: string, label: string, primary: boolean) => (
    <button
      type="submit"
      name="workflow"
      value={value}
      disabled={saving}
      className={primary ? buttonClass.primary : buttonClass.secondary}
    >
      {label}
    </button>
  );
  return (
    <>
      {button("save-draft", "Save draft", false)}
      {publishing.timeZone ? (
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
      {publishing.live ? (
        <>
          {button("update", "Update", true)}
          {button("unpublish", "Unpublish", false)}
        </>
      ) : (
        button("publish", "Publish", true)
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

/** The draft's signed preview (valid 24 hours): a page to check, or an address to send. */
export function PreviewLink({ href }: { href: string }) {
  return (
    <a href={href} target="_blank" rel="noopener" className={buttonClass.secondary}>
      Preview<span className="sr-only"> (opens in a new tab; the link works for 24 hours)</span>
    </a>
  );
}
