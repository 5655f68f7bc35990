import { AlertDialog } from "radix-ui";
import { useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { FormFields, TextAreaField, TextField } from "~/components/forms/fields";
import { NO_TEMPLATE, untouchedReply } from "~/entities/pipeline/view";
import type { FieldErrors } from "~/lib/forms/result";
import { useHydrated } from "~/lib/use-hydrated";
import { buttonClass, DenseField, fieldClass } from "./ui";

/** A template filled in for the record: what choosing it puts in Subject and Message. */
export interface ReplyChoice {
  id: string;
  name: string;
  subject: string;
  message: string;
}

/**
 * The reply's form: choosing a template fills Subject and Message, asking first over typed text
 * (an alert dialog with JavaScript, the server's question without).
 */
export function ReplyForm({
  templates,
  start,
  blank,
  errors,
  replace,
}: {
  templates: readonly ReplyChoice[];
  start: Record<string, string | undefined>;
  blank: ReplyChoice;
  /** The server's answer to the last post of this form. */
  errors?: FieldErrors;
  /** Without JavaScript: the template chosen over typed text, to ask about first. */
  replace?: { name: string };
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
            aria-describedby={errors?.template ? "reply-template-error" : undefined}
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
      {errors?.template ? (
        <p id="reply-template-error" className="text-sm text-danger">
          {errors.template.join(" ")}
        </p>
      ) : null}
      {replace ? (
        // Without JavaScript: the question, answered by posting again (the typed text goes along).
        <section
          aria-labelledby="replace-title"
          className="rounded-md border border-accent/50 bg-surface-raised p-3"
        >
          <h3 id="replace-title" className="font-semibold">
            {REPLACE_QUESTION}
          </h3>
          <p className="mt-1 text-sm text-ink-muted">{replaceConsequence(replace.name)}</p>
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
      <FormFields look="admin" errors={errors} values={start as Record<string, string>}>
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
