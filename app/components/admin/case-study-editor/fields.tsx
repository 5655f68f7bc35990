import type { ChangeEvent, ReactNode } from "react";
import { fieldClass, RequiredMark } from "~/components/forms/fields";
import type { FieldErrors } from "~/lib/forms/result";

/**
 * The editor's frame for fields: sections, the wrappers the error summary links to, and the few
 * controls the form kit (components/forms/fields.tsx) does not draw: those that take the focus
 * back after a no-JavaScript row change (`autoFocus`), that a row button focuses
 * (`data-control="first"`), or that react as the user types (title → slug, a gallery item's type).
 */

export const idOf = (name: string) => `cs-${name.replace(/[^a-zA-Z0-9]+/g, "-")}`;

const labelClass = "text-sm font-medium text-ink";

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

export function Hint({ name, children }: { name: string; children: ReactNode }) {
  return (
    <p id={`${idOf(name)}-hint`} className="mt-2 text-xs text-ink-muted">
      {children}
    </p>
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

export function describedBy(name: string, errors: FieldErrors, hint: boolean): string | undefined {
  const ids = [
    hint ? `${idOf(name)}-hint` : null,
    errors[name]?.length ? `${idOf(name)}-error` : null,
  ];
  return ids.filter(Boolean).join(" ") || undefined;
}

interface ControlProps {
  name: string;
  label: string;
  errors: FieldErrors;
  defaultValue: string;
  required?: boolean;
  className?: string;
  autoFocus?: boolean;
  dataControl?: string;
  onChange?: (value: string) => void;
}

/**
 * What the editor's own controls share: the id the summary and label use, the value, the focus
 * after a no-JavaScript round trip (`autoFocus`), the row buttons' target, and the error tie.
 */
function controlAttributes(props: ControlProps) {
  const { name, errors, onChange } = props;
  return {
    id: idOf(name),
    name,
    defaultValue: props.defaultValue,
    autoFocus: props.autoFocus,
    "data-control": props.dataControl,
    onChange: onChange
      ? (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
          onChange(event.currentTarget.value)
      : undefined,
    "aria-invalid": errors[name]?.length ? true : undefined,
    "aria-describedby": describedBy(name, errors, false),
    className: fieldClass,
  };
}

function ControlFrame({ props, children }: { props: ControlProps; children: ReactNode }) {
  return (
    <Wrap name={props.name} className={props.className}>
      <label htmlFor={idOf(props.name)} className={labelClass}>
        {props.label}
        {props.required ? <RequiredMark /> : null}
      </label>
      {children}
      <ErrorText name={props.name} errors={props.errors} />
    </Wrap>
  );
}

/** A text input that can take the focus back and report typing (see the module comment). */
export function FocusInput(props: ControlProps) {
  return (
    <ControlFrame props={props}>
      <input type="text" required={props.required} {...controlAttributes(props)} />
    </ControlFrame>
  );
}

/** A select that can take the focus back and report a change (see the module comment). */
export function FocusSelect({
  options,
  ...props
}: ControlProps & { options: readonly { value: string; label: string }[] }) {
  const known = options.some((option) => option.value === props.defaultValue);
  return (
    <ControlFrame props={props}>
      <select {...controlAttributes(props)}>
        {known ? null : <option value={props.defaultValue}>Choose…</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </ControlFrame>
  );
}
