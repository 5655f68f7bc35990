import { AlertDialog } from "radix-ui";
import { type ReactNode, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { FormFields, TextAreaField, TextField } from "~/components/forms/fields";
import { ACTIVITY_LABELS, NO_TEMPLATE, UNASSIGNED, untouchedReply } from "~/entities/pipeline/view";
import type { FieldErrors } from "~/lib/forms/result";
import { useHydrated } from "~/lib/use-hydrated";
import type { ActivityKind } from "~/lib/values";
import { formatDateTime } from "./format";
import { StatusForm } from "./status-form";
import { buttonClass, DenseField, fieldClass } from "./ui";

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
    <Form method="post" noValidate className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="follow_up" />
      <FormFields look="admin" errors={own?.fieldErrors} values={own?.values}>
        <TextField
          id="follow-up"
          name="followUp"
          label="Follow-up"
          type="date"
          defaultValue={own ? undefined : (followUpOn ?? "")}
        />
      </FormFields>
      <button type="submit" className={buttonClass.secondary}>
        Set follow-up
      </button>
    </Form>
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
      <Form key={notes.length} method="post" noValidate className="flex flex-col gap-2">
        <input type="hidden" name="intent" value="note" />
        <FormFields look="admin" errors={own?.fieldErrors} values={own?.values}>
          <TextAreaField id="note" name="note" label="Note" rows={3} />
        </FormFields>
        <div>
          <button type="submit" disabled={adding} className={buttonClass.primary}>
            Add note
          </button>
        </div>
      </Form>
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

/** A template filled in for the record: what choosing it puts in Subject and Message. */
export interface ReplyChoice {
  id: string;
  name: string;
  subject: string;
  message: string;
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
        own={own}
      />
    </PipelineSection>
  );
}

function ReplyForm({
  templates,
  start,
  blank,
  own,
}: {
  templates: readonly ReplyChoice[];
  start: Record<string, string | undefined>;
  blank: ReplyChoice;
  own?: PipelineAnswer;
}) {
  const hydrated = useHydrated();
  const sending = useNavigation().formData?.get("intent") === "reply";
  const formRef = useRef<HTMLFormElement>(null);
  // The template whose text is in the form (the select goes back to it on "Keep what I typed").
  const current = useRef(start.template ?? "");
  const [asking, setAsking] = useState<ReplyChoice | null>(null);
  const choiceOf = (id: string) => templates.find((template) => template.id === id) ?? blank;
  const control = (name: string) =>
    formRef.current?.elements.namedItem(name) as HTMLInputElement | HTMLTextAreaElement | null;

  function put(choice: ReplyChoice) {
    const subject = control("subject");
    const message = control("message");
    if (subject) subject.value = choice.subject;
    if (message) message.value = choice.message;
    current.current = choice.id;
  }
  function choose(id: string) {
    const choice = choiceOf(id);
    const typed = {
      subject: control("subject")?.value ?? "",
      message: control("message")?.value ?? "",
    };
    if (untouchedReply(typed, [blank, ...templates])) put(choice);
    else setAsking(choice);
  }
  function keep() {
    const select = control("template");
    if (select) select.value = current.current;
    setAsking(null);
  }

  return (
    <Form
      ref={formRef}
      id="reply"
      method="post"
      noValidate
      preventScrollReset
      aria-labelledby="reply-heading"
      className="flex scroll-mt-4 flex-col gap-3"
    >
      {/* Enter in Subject sends the reply: the form's first submit button is its default one. */}
      <button type="submit" name="intent" value="reply" hidden tabIndex={-1} />
      <div className="flex flex-wrap items-end gap-2">
        <DenseField id="reply-template" label="Template">
          <select
            id="reply-template"
            name="template"
            defaultValue={start.template ?? ""}
            aria-describedby={own?.fieldErrors.template ? "reply-template-error" : undefined}
            onChange={(event) => choose(event.currentTarget.value)}
            className={fieldClass}
          >
            <option value="">{NO_TEMPLATE}</option>
            {templates.map((template) => (
              <option key={template.id} value={template.id}>
                {template.name}
              </option>
            ))}
          </select>
        </DenseField>
        {hydrated ? null : (
          <button
            type="submit"
            name="intent"
            value="template"
            formNoValidate
            className={buttonClass.secondary}
          >
            Use template
          </button>
        )}
      </div>
      {own?.fieldErrors.template ? (
        <p id="reply-template-error" className="text-sm text-danger">
          {own.fieldErrors.template.join(" ")}
        </p>
      ) : null}
      {own?.replace ? (
        // Without JavaScript: the question, answered by posting again (the typed text goes along).
        <section
          aria-labelledby="replace-title"
          className="rounded-md border border-accent/50 bg-surface-raised p-3"
        >
          <h3 id="replace-title" className="font-semibold">
            {REPLACE_QUESTION}
          </h3>
          <p className="mt-1 text-sm text-ink-muted">{replaceConsequence(own.replace.name)}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              type="submit"
              name="intent"
              value="template-keep"
              formNoValidate
              className={buttonClass.secondary}
            >
              {KEEP_TYPED}
            </button>
            <button
              type="submit"
              name="intent"
              value="template-replace"
              formNoValidate
              className={buttonClass.primary}
            >
              Replace
            </button>
          </div>
        </section>
      ) : null}
      <FormFields look="admin" errors={own?.fieldErrors} values={start as Record<string, string>}>
        <TextField id="reply-subject" name="subject" label="Subject" />
        <TextAreaField id="reply-message" name="message" label="Message" rows={8} />
      </FormFields>
      <div>
        <button
          type="submit"
          name="intent"
          value="reply"
          disabled={sending}
          className={buttonClass.primary}
        >
          Send reply
        </button>
      </div>
      <AlertDialog.Root open={asking !== null} onOpenChange={(open) => (open ? null : keep())}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/70" />
          <AlertDialog.Content
            // Opened from the Template select's change (no trigger): focus goes back to it.
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              control("template")?.focus();
            }}
            className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-xl border border-line bg-surface p-6 shadow-2xl"
          >
            <AlertDialog.Title className="font-display text-lg font-bold">
              {REPLACE_QUESTION}
            </AlertDialog.Title>
            <AlertDialog.Description className="mt-2 text-sm text-ink-muted">
              {replaceConsequence(asking?.name ?? "")}
            </AlertDialog.Description>
            <div className="mt-6 flex flex-wrap justify-end gap-2">
              <AlertDialog.Cancel className={buttonClass.secondary}>
                {KEEP_TYPED}
              </AlertDialog.Cancel>
              <AlertDialog.Action
                className={buttonClass.primary}
                onClick={() => {
                  if (asking) put(asking);
                  setAsking(null);
                }}
              >
                Replace
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </Form>
  );
}

const REPLACE_QUESTION = "Replace what you typed?";
const KEEP_TYPED = "Keep what I typed";
const replaceConsequence = (name: string) =>
  name === NO_TEMPLATE
    ? "“No template” empties the message and puts back the page's subject. What you typed is lost."
    : `The template “${name}” replaces the subject and message you typed. What you typed is lost.`;

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
