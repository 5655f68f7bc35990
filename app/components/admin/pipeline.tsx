import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { TextAreaField, TextField } from "~/components/forms/fields";
import { ACTIVITY_LABELS, NO_TEMPLATE, UNASSIGNED } from "~/entities/pipeline/view";
import type { FieldErrors } from "~/lib/forms/result";
import type { ActivityKind } from "~/lib/values";
import { formatDateTime } from "./format";
import { IntentForm } from "./intent-form";
import { type ReplyChoice, ReplyForm } from "./reply-form";
import { StatusForm } from "./status-form";
import { buttonClass } from "./ui";

/**
 * The pipeline of an inquiry's or an application's page (issue #30): Status, Owner, Follow-up,
 * Notes, Reply and Activity. Plain forms posted to the page (Status and Owner save as soon as they
 * change, with a Save button without JavaScript); the server answers a bad entry with a message.
 */

export interface PipelineAnswer {
  intent: "owner" | "follow_up" | "note" | "reply" | "rating";
  fieldErrors: FieldErrors;
  values: Record<string, string>;
  /** A template chosen over typed text without JavaScript: the question to answer first. */
  replace?: { template: string; name: string };
}

interface ActivityEntry {
  id: string;
  kind: string;
  summary: string | null;
  body: string | null;
  at: Date | string;
  who: string | null;
}

export function PipelineSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-line bg-surface p-4 sm:p-5">
      <h2 id={id} className="mb-3 font-display text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * Status and Owner, each saved at once. The owners offered are the staff who can open the record
 * (the server refuses anyone else); an owner who no longer can (a role changed) still shows, so
 * the select tells the truth, marked as such.
 */
export function StatusAndOwner({
  id,
  status,
  statuses,
  ownerId,
  ownerName,
  staff,
  answer,
}: {
  id: string;
  status: string;
  statuses: readonly { value: string; label: string }[];
  ownerId: string | null;
  ownerName: string | null;
  staff: readonly { id: string; name: string }[];
  answer?: PipelineAnswer;
}) {
  const owners = [
    { value: "", label: UNASSIGNED },
    ...staff.map((member) => ({ value: member.id, label: member.name })),
  ];
  if (ownerId && !staff.some((member) => member.id === ownerId)) {
    owners.push({ value: ownerId, label: `${ownerName ?? "Someone"} (cannot open it)` });
  }
  return (
    <div className="flex flex-wrap gap-6">
      <StatusForm id={id} status={status} options={statuses} label="Status" showLabel />
      <StatusForm
        id={id}
        name="owner"
        status={ownerId ?? ""}
        options={owners}
        label="Owner"
        showLabel
        error={answerFor(answer, "owner")?.fieldErrors.owner?.[0]}
      />
    </div>
  );
}

function answerFor(answer: PipelineAnswer | undefined, intent: PipelineAnswer["intent"]) {
  return answer?.intent === intent ? answer : undefined;
}

export function FollowUpForm({
  followUpOn,
  answer,
}: {
  followUpOn: string | null;
  answer?: PipelineAnswer;
}) {
  const own = answerFor(answer, "follow_up");
  return (
    <IntentForm
      intent="follow_up"
      errors={own?.fieldErrors}
      values={own?.values}
      className="flex flex-wrap items-end gap-2"
      fields={
        <TextField
          id="follow-up"
          name="followUp"
          label="Follow-up"
          type="date"
          defaultValue={own ? undefined : (followUpOn ?? "")}
        />
      }
    >
      <button type="submit" className={buttonClass.secondary}>
        Set follow-up
      </button>
    </IntentForm>
  );
}

export function NotesSection({
  notes,
  answer,
}: {
  notes: readonly ActivityEntry[];
  answer?: PipelineAnswer;
}) {
  const own = answerFor(answer, "note");
  const adding = useNavigation().formData?.get("intent") === "note";
  return (
    <PipelineSection id="notes-heading" title="Notes">
      {/* A new note empties the form (the key changes with the list). */}
      <IntentForm
        key={notes.length}
        intent="note"
        errors={own?.fieldErrors}
        values={own?.values}
        className="flex flex-col gap-2"
        fields={<TextAreaField id="note" name="note" label="Note" rows={3} />}
      >
        <div>
          <button type="submit" disabled={adding} className={buttonClass.primary}>
            Add note
          </button>
        </div>
      </IntentForm>
      {notes.length > 0 ? (
        <ol aria-label="Notes, newest first" className="mt-4 space-y-3">
          {notes.map((note) => (
            <li key={note.id} className="rounded-md border border-line p-3 text-sm">
              <p className="whitespace-pre-line">{note.body}</p>
              <p className="mt-1 text-xs text-ink-muted">
                {note.who ?? "Someone"} · <Time at={note.at} />
              </p>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-3 text-sm text-ink-muted">No notes yet.</p>
      )}
    </PipelineSection>
  );
}

/**
 * Reply (issue #30; issue #47 item 17). Choosing a template fills Subject and Message; over text
 * the person typed it asks first. With JavaScript the text is swapped in the page, the question is
 * an alert dialog; without it "Use template" posts the form, typed text included, and the server
 * answers with the template, or with the question and the typed text kept. Send reply posts it;
 * the list's Reply leads here (`#reply`).
 */
export function ReplySection({
  to,
  templates,
  reply,
  defaultSubject,
  sent,
  answer,
}: {
  to: string;
  templates: readonly ReplyChoice[];
  reply: { template: string; subject: string; message: string };
  /** The page's own subject, which "No template" puts back. */
  defaultSubject: string;
  /** How many replies were sent: a new one starts an empty form. */
  sent: number;
  answer?: PipelineAnswer;
}) {
  const own = answerFor(answer, "reply");
  // A fresh form after a reply is sent, another `?template=`, or the server's answer.
  const key = [sent, reply.template, own ? JSON.stringify([own.values, own.replace]) : ""].join(
    ":",
  );
  return (
    <PipelineSection id="reply-heading" title="Reply">
      <p className="mb-3 text-sm text-ink-muted">
        To <span className="break-all">{to}</span>; replies come back to the studio's address.{" "}
        <Link to="/admin/templates" className="underline underline-offset-4 hover:text-ink">
          Edit templates
        </Link>
      </p>
      <ReplyForm
        key={key}
        templates={templates}
        start={own?.values ?? reply}
        blank={{ id: "", name: NO_TEMPLATE, subject: defaultSubject, message: "" }}
        errors={own?.fieldErrors}
        replace={own?.replace}
      />
    </PipelineSection>
  );
}

export function ActivitySection({ activity }: { activity: readonly ActivityEntry[] }) {
  return (
    <PipelineSection id="activity-heading" title="Activity">
      {activity.length === 0 ? (
        <p className="text-sm text-ink-muted">Nothing yet.</p>
      ) : (
        <ol aria-labelledby="activity-heading" className="space-y-2 text-sm">
          {activity.map((entry) => (
            <li key={entry.id} className="border-l-2 border-line pl-3">
              <p>
                <span className="font-medium">
                  {ACTIVITY_LABELS[entry.kind as ActivityKind] ?? entry.kind}
                </span>
                {entry.summary && entry.kind !== "booked" && entry.kind !== "submitted" ? (
                  <>: {entry.summary}</>
                ) : null}
              </p>
              {entry.kind === "note" && entry.body ? (
                <p className="line-clamp-2 whitespace-pre-line text-ink-muted">{entry.body}</p>
              ) : null}
              <p className="text-xs text-ink-muted">
                {entry.who ?? "The visitor"} · <Time at={entry.at} />
              </p>
            </li>
          ))}
        </ol>
      )}
    </PipelineSection>
  );
}

function Time({ at }: { at: Date | string }) {
  return <time dateTime={new Date(at).toISOString()}>{formatDateTime(at)}</time>;
}

/** "Your rating", 1 to 5 (a radio group), and the average of every reviewer's. */
export function RatingSection({
  mine,
  average,
  count,
  answer,
}: {
  mine: number | null;
  average: number | null;
  count: number;
  answer?: PipelineAnswer;
}) {
  const own = answerFor(answer, "rating");
  const error = own?.fieldErrors.rating?.[0];
  return (
    <PipelineSection id="rating-heading" title="Rating">
      <p className="mb-3 text-sm">
        {average === null
          ? "Not rated yet."
          : `Average ${average} of 5 from ${count} reviewer${count === 1 ? "" : "s"}.`}
      </p>
      <Form method="post" key={mine ?? 0} className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="rating" />
        <fieldset aria-describedby={error ? "rating-error" : undefined}>
          <legend className="mb-1 text-sm font-medium text-ink-muted">Your rating</legend>
          <div className="flex gap-1">
            {[1, 2, 3, 4, 5].map((value) => (
              <label
                key={value}
                className="flex min-h-11 min-w-11 cursor-pointer items-center justify-center gap-1 rounded-md border border-line px-2 text-sm has-[:checked]:border-accent has-[:checked]:text-accent-strong"
              >
                <input
                  type="radio"
                  name="rating"
                  value={value}
                  defaultChecked={mine === value}
                  className="accent-current"
                />
                {value}
              </label>
            ))}
          </div>
          {error ? (
            <p id="rating-error" className="mt-1 text-sm text-danger">
              {error}
            </p>
          ) : null}
        </fieldset>
        <button type="submit" className={buttonClass.secondary}>
          Rate
        </button>
      </Form>
    </PipelineSection>
  );
}
