import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { z } from "zod";
import { checkForm } from "~/lib/forms/check";
import type { FieldErrors } from "~/lib/forms/result";
import { CHECK_FIELDS } from "~/lib/forms/result";
import { buttonClass } from "./ui";

/**
 * The frame of a back-office editor (portfolio, testimonial, team member): a multipart post form
 * (an image chosen without JavaScript travels with it), an error summary, Save and Cancel. With
 * JavaScript the form's zod schema is checked before sending, for quick feedback; the server checks
 * again either way. After a failed check, focus goes to the first invalid field.
 */

export function EditorForm({
  schema,
  serverErrors,
  cancelHref,
  submitLabel,
  action,
  label,
  children,
  buttons,
}: {
  schema: z.ZodType;
  /** The errors the action answered with (useActionData). */
  serverErrors: FieldErrors | undefined;
  cancelHref: string;
  submitLabel: string;
  /** Where to post (defaults to the current URL). */
  action?: string;
  /** The form's accessible name. */
  label: string;
  children: (errors: FieldErrors | undefined) => ReactNode;
  /** Instead of the one submit button: an item with drafts posts the publishing buttons. */
  buttons?: (saving: boolean) => ReactNode;
}) {
  const navigation = useNavigation();
  const saving =
    navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const errors = clientErrors ?? serverErrors;
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const summaryId = useId();

  // A new answer from the server replaces the browser's own findings.
  useEffect(() => {
    if (serverErrors) setClientErrors(null);
  }, [serverErrors]);

  useEffect(() => {
    if (!errors || Object.keys(errors).length === 0) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (first ?? summaryRef.current)?.focus();
  }, [errors]);

  function check(event: FormEvent<HTMLFormElement>) {
    const checked = checkForm(schema, new FormData(event.currentTarget));
    setClientErrors(checked.fieldErrors ?? null);
    if (checked.fieldErrors) event.preventDefault();
  }

  const messages = errors ? Object.values(errors).flatMap((list) => list ?? []) : [];
  return (
    <Form
      ref={formRef}
      method="post"
      action={action}
      encType="multipart/form-data"
      noValidate
      onSubmit={check}
      aria-label={label}
      aria-describedby={messages.length ? summaryId : undefined}
      className="space-y-6"
    >
      {messages.length ? (
        <div
          ref={summaryRef}
          id={summaryId}
          role="alert"
          tabIndex={-1}
          className="rounded-lg border border-danger/40 bg-danger/10 px-4 py-3 text-sm focus:outline-none"
        >
          <p className="font-semibold">{CHECK_FIELDS}</p>
          <ul className="mt-1 list-inside list-disc text-ink-muted">
            {messages.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {children(errors)}
      <div className="flex flex-wrap justify-end gap-2 border-t border-line pt-4">
        <Link to={cancelHref} className={buttonClass.secondary}>
          Cancel
        </Link>
        {buttons ? (
          buttons(saving)
        ) : (
          <button type="submit" className={buttonClass.primary} disabled={saving}>
            {saving ? "Saving…" : submitLabel}
          </button>
        )}
      </div>
    </Form>
  );
}

/** The heading of an editor section, focused when the editor opens in place. */
export function EditorHeading({ id, children }: { id: string; children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <h2
      ref={ref}
      id={id}
      tabIndex={-1}
      className="font-display text-xl font-bold tracking-tight focus:outline-none"
    >
      {children}
    </h2>
  );
}
