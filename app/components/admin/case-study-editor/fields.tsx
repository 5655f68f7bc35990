import type { ReactNode } from "react";
import type { FieldErrors } from "~/lib/forms/result";

/**
 * The editor's frame for fields: sections, the wrappers the error summary links to, and a list's
 * own error. The fields themselves are the form kit's (components/forms/fields.tsx), which passes
 * `autoFocus` (the focus back after a no-JavaScript row change), `data-control` (a row button's
 * target), `ref` and `onChange` (title → slug, a gallery item's type) through to the control.
 */

export const idOf = (name: string) => `cs-${name.replace(/[^a-zA-Z0-9]+/g, "-")}`;

export function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const id = idOf(`section-${title}`);
  return (
    <section
      aria-labelledby={id}
      className="rounded-xl border border-line bg-surface/40 p-5 sm:p-6"
    >
      <h2 id={id} className="font-display text-lg font-semibold">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-ink-muted">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** A field's wrapper: the error summary's links point at its id. */
export function Wrap({
  name,
  className,
  children,
}: {
  name: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div id={`${idOf(name)}-wrap`} className={className}>
      {children}
    </div>
  );
}

export function ErrorText({ name, errors }: { name: string; errors: FieldErrors }) {
  const messages = errors[name];
  if (!messages?.length) return null;
  return (
    <p id={`${idOf(name)}-error`} className="mt-2 text-sm text-danger">
      {messages.join(" ")}
    </p>
  );
}
