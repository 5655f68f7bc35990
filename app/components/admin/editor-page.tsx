import type { ComponentProps, ReactNode } from "react";
import { SelectField } from "~/components/forms/fields";
import { PageHeader } from "~/components/ui/page-header";
import { ToastMessageView } from "~/components/ui/toasts";
import type { EditorActionData, FieldErrors } from "~/lib/forms/result";
import { CONTENT_STATUS_OPTIONS } from "~/lib/status-options";
import { EditorForm } from "./editor-form";

/**
 * The page around the portfolio, testimonial and team editors: the form in two columns, each
 * field starting from what was sent after a refused post, otherwise from the stored row (or blank).
 */

export interface EditorBinding {
  /** name, errors and starting value for a text, select, textarea or image field. */
  field(
    name: string,
    stored: string | number | null | undefined,
  ): { name: string; errors: FieldErrors | undefined; defaultValue: string };
  /** name and starting state for a checkbox. */
  checkbox(name: string, stored: boolean): { name: string; defaultChecked: boolean };
}

function bind(values: Record<string, string> | undefined, errors: FieldErrors | undefined) {
  return {
    field: (name, stored) => ({
      name,
      errors,
      defaultValue: values ? (values[name] ?? "") : stored == null ? "" : String(stored),
    }),
    // An unchecked box is absent from a post.
    checkbox: (name, stored) => ({
      name,
      defaultChecked: values ? values[name] === "on" : stored,
    }),
  } satisfies EditorBinding;
}

type FormProps = Omit<ComponentProps<typeof EditorForm>, "serverErrors" | "children"> & {
  /** The action's answer after a refused save, else null. */
  answer: EditorActionData | null;
  /** Hidden inputs, before the fields. */
  hidden?: ReactNode;
  children: (binding: EditorBinding) => ReactNode;
};

export function EditorFields({ answer, hidden, children, ...form }: FormProps) {
  return (
    <EditorForm {...form} serverErrors={answer?.fieldErrors}>
      {(errors) => (
        <>
          {hidden}
          <div className="grid gap-5 md:grid-cols-2">{children(bind(answer?.values, errors))}</div>
        </>
      )}
    </EditorForm>
  );
}

/** An editor on a page of its own (/new, /{id}/edit). */
export function EditorPage({
  title,
  description,
  ...form
}: FormProps & { title: string; description: string }) {
  return (
    <>
      <PageHeader variant="admin" title={title} lead={description} />
      <ToastMessageView message={form.answer?.toast} />
      <div className="max-w-3xl rounded-xl border border-line bg-surface p-4 sm:p-6">
        <EditorFields {...form} />
      </div>
    </>
  );
}

/** The publishing status of an item (portfolio, testimonial); a new one starts published. */
export function StatusField({
  field,
  stored,
}: {
  field: EditorBinding["field"];
  stored: string | undefined;
}) {
  return (
    <SelectField
      {...field("status", stored ?? "published")}
      label="Status"
      options={CONTENT_STATUS_OPTIONS}
      placeholder="Select a status"
    />
  );
}
